// What a program reads without parsing prose: a 409's `expected`, `actual`
// and `spent` (OpenAPI › Problem), and the log paged like the encounter list,
// `cursor` in and `nextCursor` out, with `after` kept as an alias.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const two = [
  { id: 'a', baseAttackBonus: 2, abilities: { dex: 14 }, hitPoints: { max: 10 } },
  { id: 'b', baseAttackBonus: 1, hitPoints: { max: 8 } }
]

/** A started dnd35 fight where `a` acts first (initiative d20s 20 and 1). */
async function started (): Promise<string> {
  const { id } = await createEncounter(h, { name: 'fields', ruleset: 'dnd35', combatants: two })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  return id
}

test('a turn conflict names whose turn it is and who tried: expected and actual', async () => {
  const id = await started()
  const res = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'b' })
  assertProblem(res, { type: '/problems/conflict', path: '/actor' })
  assert.equal(res.body.expected, 'a')
  assert.equal(res.body.actual, 'b')
  assert.equal(res.body.spent, undefined)
})

// SRD 3.5 › Action Types: a standard and a move action, or one full-round action; the move may replace the standard.
test('a budget conflict lists what the turn has spent: spent, in the ruleset\'s names', async () => {
  const id = await started()
  await act(h, id, { type: 'act', actor: 'a', actionType: 'standard', description: 'drinks a potion' })
  const res = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'act', actor: 'a', actionType: 'full-round', description: 'runs' })
  assertProblem(res, { type: '/problems/conflict', path: '/type' })
  assert.deepEqual(res.body.spent, ['standard'])
  assert.equal(res.body.expected, undefined)
  assert.equal(res.body.actual, undefined)
})

test('other conflicts carry none of the members', async () => {
  const { id } = await createEncounter(h, { name: 'unstarted', ruleset: 'dnd35', combatants: two })
  const res = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'a' })
  assertProblem(res, { type: '/problems/conflict', path: [] })
  assert.deepEqual(['expected', 'actual', 'spent'].filter((k) => k in res.body), [])
})

/** A log of 2 + 5 events: created, started, then five moves and end-turns. */
async function logOfSeven (): Promise<string> {
  const id = await started()
  for (const [i, type] of ['move', 'end-turn', 'move', 'end-turn', 'move'].entries()) await act(h, id, { type, actor: i % 4 < 2 ? 'a' : 'b' })
  return id
}

test('the log pages with cursor and nextCursor: every event once, in order, and the last page says so', async () => {
  const id = await logOfSeven()
  const seen: number[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const query: Record<string, string | number> = cursor === null ? { limit: 3 } : { limit: 3, cursor }
    const page: Json = (await h.http.get(`/v1/encounters/${id}/events`).query(query).expect(200)).body
    seen.push(...page.items.map((e: Json) => e.seq))
    cursor = page.nextCursor
    pages++
  } while (cursor !== null && pages < 10)
  // 7 events in pages of 3: 3, 3, 1 — and no empty fourth page.
  assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7])
  assert.equal(pages, 3)
  const exact: Json = (await h.http.get(`/v1/encounters/${id}/events`).query({ limit: 7 }).expect(200)).body
  assert.equal(exact.items.length, 7)
  assert.equal(exact.nextCursor, null, 'a page that ends the log has no next cursor')
})

test('after is an alias of cursor; given both, the later position counts', async () => {
  const id = await logOfSeven()
  const seqs = async (query: Record<string, string | number>): Promise<number[]> =>
    (await h.http.get(`/v1/encounters/${id}/events`).query(query).expect(200)).body.items.map((e: Json) => e.seq)
  assert.deepEqual(await seqs({ after: 4 }), [5, 6, 7])
  assert.deepEqual(await seqs({ cursor: '4' }), [5, 6, 7])
  assert.deepEqual(await seqs({ after: 2, cursor: '5' }), [6, 7])
  assert.deepEqual(await seqs({ after: 5, cursor: '2' }), [6, 7])
  assert.deepEqual(await seqs({ after: Number.MAX_SAFE_INTEGER }), [])
  assert.deepEqual(await seqs({ cursor: '9999999999999999' }), [])
})

test('a cursor the service never returns is a 400 naming ?cursor', async () => {
  const id = await logOfSeven()
  for (const cursor of ['abc', '-1', '1.5', '12345678901234567']) {
    assertProblem(await h.http.get(`/v1/encounters/${id}/events`).query({ cursor }), { type: '/problems/validation-failed', path: '?cursor' })
  }
})
