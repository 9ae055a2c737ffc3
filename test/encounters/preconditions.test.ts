// Conditional requests on encounters, as RFC 9110, section Conditional Requests
// defines them. If-Match (every write): a list matches when any member is the
// current ETag, `*` matches any existing encounter, a weak tag never matches
// (strong comparison) and the 412 says so; a value outside the header's
// grammar is a 400 naming `header:if-match`. If-None-Match (GET): the same
// lists and `*`, compared weakly, so `W/"1"` matches version 1.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { Test } from 'supertest'
import { createEncounter, encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const ROSTER = [{ id: 'fighter', baseAttackBonus: 2, hitPoints: { max: 20 } }, { id: 'golem', hitPoints: { max: 50 } }]

/** A new encounter: created (version 1), or started too (version 2). */
async function encounter (started: boolean): Promise<{ id: string, version: number }> {
  const { id } = await createEncounter(h, { name: 'Vault', ruleset: 'dnd35', combatants: ROSTER }) as { id: string }
  if (!started) return { id, version: 1 }
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 5] } }).expect(200)
  return { id, version: 2 }
}

interface Route { name: string, started: boolean, ok: number, send: (id: string) => Test }

/** Every route that honours If-Match, with a write each accepts. */
const ROUTES: Route[] = [
  { name: 'POST /v1/encounters/{id}/actions', started: true, ok: 200, send: (id) => h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'damage', target: 'golem', damage: { amount: 3 } }) },
  { name: 'POST /v1/encounters/{id}/start', started: false, ok: 200, send: (id) => h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 5] } }) },
  { name: 'POST /v1/encounters/{id}/combatants', started: false, ok: 201, send: (id) => h.http.post(`/v1/encounters/${id}/combatants`).send({ id: 'ogre', hitPoints: { max: 30 } }) },
  { name: 'PATCH /v1/encounters/{id}/combatants/{combatantId}', started: true, ok: 200, send: (id) => h.http.patch(`/v1/encounters/${id}/combatants/golem`).send({ name: 'Iron golem' }) },
  { name: 'DELETE /v1/encounters/{id}/combatants/{combatantId}', started: true, ok: 200, send: (id) => h.http.delete(`/v1/encounters/${id}/combatants/golem`) },
  { name: 'DELETE /v1/encounters/{id}', started: true, ok: 204, send: (id) => h.http.delete(`/v1/encounters/${id}`) }
]

async function versionOf (id: string): Promise<number> {
  const res = await h.http.get(`/v1/encounters/${id}`).expect(200)
  return res.body.version as number
}

/** `If-Match` values that allow the write at version v. */
const MATCHING = (v: number): string[] => [`"${v}"`, `"${v - 1}", "${v}"`, `"${v + 1}","${v}"`, `W/"${v}", "${v}"`, '*', ' * ', `, ,"${v}",`, `"not-ours", "${v}"`]
/** Well-formed values that never match at version v. */
const STALE = (v: number): string[] => [`"${v - 1}"`, `"${v - 1}", "${v + 1}"`, `"0${v}"`, '"abc"', '""', '', ' , ']
/** Outside the header's grammar. */
const MALFORMED = (v: number): string[] => [`"a b", "${v}"`, `${v}`, `"${v}`, `'${v}'`, `*, "${v}"`, `"${v}" "${v}"`, `w/"${v}"`, `W/ "${v}"`, `"${v}";`, `W/${v}`]

for (const route of ROUTES) {
  test(`${route.name}: If-Match lists and * write, stale tags are a 412 that writes nothing`, async () => {
    for (const value of MATCHING(route.started ? 2 : 1)) {
      const { id, version } = await encounter(route.started)
      const res = await route.send(id).set('if-match', value)
      assert.equal(res.status, route.ok, `${JSON.stringify(value)} at version ${version}: ${JSON.stringify(res.body)}`)
    }
    for (const value of STALE(route.started ? 2 : 1)) {
      const { id, version } = await encounter(route.started)
      const res = await route.send(id).set('if-match', value)
      assertProblem(res, { type: '/problems/precondition-failed', path: [] })
      assert.match(res.body.detail, new RegExp(`the encounter is at version ${version}$`), JSON.stringify(value))
      assert.equal(await versionOf(id), version, `${JSON.stringify(value)} wrote nothing`)
    }
  })

  test(`${route.name}: a weak tag never matches If-Match, even the current version's, and the 412 says why`, async () => {
    const { id, version } = await encounter(route.started)
    for (const value of [`W/"${version}"`, `W/"${version}", W/"${version + 1}"`]) {
      const res = await route.send(id).set('if-match', value)
      assertProblem(res, { type: '/problems/precondition-failed', path: [] })
      assert.match(res.body.detail, new RegExp(`^W/"${version}"(, W/"${version + 1}")? (is a weak tag|are weak tags), which If-Match never matches: it compares entity tags strongly`), res.body.detail)
      assert.equal(await versionOf(id), version)
    }
    // A stale strong tag beside it: both are named.
    const both = await route.send(id).set('if-match', `"${version + 5}", W/"${version}"`)
    assertProblem(both, { type: '/problems/precondition-failed', path: [] })
    assert.equal(both.body.detail, `If-Match "${version + 5}" is not the encounter's current ETag; W/"${version}" is a weak tag, which If-Match never matches: it compares entity tags strongly (RFC 9110, section If-Match); send the ETag as received; the encounter is at version ${version}`)
  })

  test(`${route.name}: a malformed If-Match is a 400 naming header:if-match and writes nothing`, async () => {
    const { id, version } = await encounter(route.started)
    for (const value of MALFORMED(version)) {
      const res = await route.send(id).set('if-match', value)
      assertProblem(res, { type: '/problems/validation-failed', path: 'header:if-match' })
      assert.match(res.body.errors[0].message, /must be \* or a comma-separated list of entity tags/)
    }
    assert.equal(await versionOf(id), version)
  })
}

test('If-Match * on an encounter that does not exist, or is another key\'s, is the 404 the write would get anyway', async () => {
  const missing = '00000000-0000-4000-8000-000000000000'
  assertProblem(await h.http.delete(`/v1/encounters/${missing}`).set('if-match', '*'), { type: '/problems/not-found', path: [] })
  assertProblem(await h.http.post(`/v1/encounters/${missing}/actions`).set('if-match', '"1"').send({ type: 'end', actor: 'fighter' }), { type: '/problems/not-found', path: [] })
})

test('If-None-Match on GET: lists, *, weak comparison; a miss is the 200 with the ETag; malformed is a 400 naming the header', async () => {
  const { id } = await encounter(false)
  for (const value of ['"1"', 'W/"1"', '"7", "1"', '"7", W/"1"', '*', ', "1" ,']) {
    const res = await h.http.get(`/v1/encounters/${id}`).set('if-none-match', value)
    assert.equal(res.status, 304, JSON.stringify(value))
    assert.equal(res.headers.etag, '"1"')
    assert.equal(res.text, '')
  }
  for (const value of ['"2"', 'W/"2", "3"', '"01"', '"abc"', '']) {
    const res = await h.http.get(`/v1/encounters/${id}`).set('if-none-match', value)
    assert.equal(res.status, 200, JSON.stringify(value))
    assert.equal(res.headers.etag, '"1"')
    assert.equal(res.body.id, id)
  }
  for (const value of ['1', '"1', 'W/1', '*, "1"', '"1" "2"']) {
    assertProblem(await h.http.get(`/v1/encounters/${id}`).set('if-none-match', value), { type: '/problems/validation-failed', path: 'header:if-none-match' })
  }
  // After a write the old tag no longer matches.
  await h.http.post(`/v1/encounters/${id}/combatants`).send({ id: 'ogre' }).expect(201)
  const changed = await h.http.get(`/v1/encounters/${id}`).set('if-none-match', '"1"').expect(200)
  assert.equal(changed.headers.etag, '"2"')
})
