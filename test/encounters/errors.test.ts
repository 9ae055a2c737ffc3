// Bad input to the encounter routes is a problem naming its field, and nothing changes.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem as assertProblemAt } from '../helpers/problems.js'
import { MAX_DICE_PER_ROLL } from '../../src/rules/dice/notation.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const two = [
  { id: 'a', baseAttackBonus: 2, abilities: { dex: 14 }, hitPoints: { max: 10 } },
  { id: 'b', baseAttackBonus: 1, hitPoints: { max: 8 } }
]

function assertProblem (res: Json, status: number, type: string, path?: string): void {
  assert.equal(res.status, status, JSON.stringify(res.body))
  assert.match(res.headers['content-type'] ?? '', /application\/problem\+json/)
  assert.equal(res.body.type, `/problems/${type}`)
  if (path !== undefined) assert.ok(res.body.errors.some((e: Json) => e.path === path), `no error at ${path}: ${JSON.stringify(res.body.errors)}`)
}

const versionOf = async (id: string): Promise<number> => (await h.http.get(`/v1/encounters/${id}`).expect(200)).body.version

test('actions on a preparing or finished encounter are 409; nothing is written', async () => {
  const { id } = await createEncounter(h, { name: 'not yet', ruleset: 'dnd35', combatants: two })
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'damage', target: 'a', damage: { amount: 1 } }), 409, 'conflict')
  assert.equal(await versionOf(id), 1)
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  assertProblem(await h.http.post(`/v1/encounters/${id}/start`).send({}), 409, 'conflict')
  await act(h, id, { type: 'end' })
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'end-turn', actor: 'a' }), 409, 'conflict')
  assert.equal(await versionOf(id), 3)
})

test('unknown combatant ids are 422 naming the field; out of turn and spent budgets are 409', async () => {
  const { id } = await createEncounter(h, { name: 'refusals', ruleset: 'pf1e', combatants: two.map((c) => ({ ...c, abilities: { ...c.abilities, con: 10 } })) })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  const before = await versionOf(id)
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'a', target: 'ghost', weapon: { damage: '1d6' } }), 422, 'unknown-combatant', '/target')
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'nobody' }), 422, 'unknown-combatant', '/actor')
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'save', save: 'will', dc: 10, targets: ['a', 'ghost'] }), 422, 'unknown-combatant', '/targets/1')
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'b' }), 409, 'conflict', '/actor')
  // docs/rules.md §70: a standard and a move, then nothing but free actions (a second move replaces only an unused standard).
  await act(h, id, { type: 'act', actor: 'a', actionType: 'standard', description: 'cast a spell' })
  await act(h, id, { type: 'move', actor: 'a' })
  const spent = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'a' })
  assertProblem(spent, 409, 'conflict', '/type')
  assert.match(spent.body.detail, /spent this turn: standard, move/)
  await act(h, id, { type: 'act', actor: 'a', actionType: 'free', description: 'drop the torch' })
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'act', actor: 'a', actionType: 'major', description: 'x' }), 422, 'not-possible', '/actionType')
  assert.equal(await versionOf(id), before + 3)
})

test('schema limits: 101 combatants, a malformed cursor, an unknown field, a bad limit are 400 with their paths', async () => {
  const many = Array.from({ length: 101 }, (_, i) => ({ id: `c${i}` }))
  assertProblem(await h.http.post('/v1/encounters').send({ name: 'crowd', ruleset: 'dnd35', combatants: many }), 400, 'validation-failed', '/combatants')
  assertProblem(await h.http.get('/v1/encounters').query({ cursor: 'not-a-cursor' }), 400, 'validation-failed', '?cursor')
  assertProblem(await h.http.get('/v1/encounters').query({ limit: 0 }), 400, 'validation-failed')
  assertProblem(await h.http.post('/v1/encounters').send({ name: 'typo', ruleset: 'dnd35', combatnts: [] }), 400, 'validation-failed', '/combatnts')
  // Each id fits the schema; two equal ones do not fit together (OpenAPI › Errors: never a 400).
  assertProblem(await h.http.post('/v1/encounters').send({ name: 'dup', ruleset: 'dnd35', combatants: [{ id: 'x' }, { id: 'x' }] }), 422, 'inconsistent-fields', '/combatants/1/id')
  const { id } = await createEncounter(h, { name: 'opts', ruleset: 'dnd35', combatants: two })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'a', target: 'b', weapon: { damage: '1d6' }, options: { flankng: true } }), 400, 'validation-failed', '/options/flankng')
})

test('unknown encounters are 404 problems; a pf1e creature with hit points but no Con is a 422 naming the field', async () => {
  assertProblem(await h.http.get('/v1/encounters/00000000-0000-4000-8000-000000000000'), 404, 'not-found')
  assertProblem(await h.http.get('/v1/encounters/not-a-uuid'), 404, 'not-found')
  assertProblem(await h.http.post('/v1/encounters/00000000-0000-4000-8000-000000000000/actions').send({ type: 'end' }), 404, 'not-found')
  assertProblem(await h.http.delete('/v1/encounters/00000000-0000-4000-8000-000000000000'), 404, 'not-found')
  assertProblem(await h.http.post('/v1/encounters').send({ name: 'no con', ruleset: 'pf1e', combatants: [{ id: 'x', hitPoints: { max: 5 } }] }), 422, 'missing-field', '/combatants/0/abilities/con')
})

test('listing: newest first with a keyset cursor; delete removes the encounter and its log', async () => {
  const ids: string[] = []
  for (let i = 0; i < 5; i++) ids.push((await createEncounter(h, { name: `page ${i}`, ruleset: 'variant' })).id)
  const seen: string[] = []
  let cursor: string | null = null
  do {
    const page: Json = (await h.http.get('/v1/encounters').query({ limit: 2, ...(cursor ? { cursor } : {}) }).expect(200)).body
    assert.ok(page.items.length <= 2)
    seen.push(...page.items.map((e: Json) => e.id))
    cursor = page.nextCursor
  } while (cursor)
  const mine = seen.filter((s) => ids.includes(s))
  assert.deepEqual(mine, [...ids].reverse())
  assert.equal(new Set(seen).size, seen.length, 'no encounter twice across pages')
  await h.http.delete(`/v1/encounters/${ids[0]}`).set('if-match', '"9"').expect(412)
  await h.http.delete(`/v1/encounters/${ids[0]}`).expect(204)
  assertProblem(await h.http.get(`/v1/encounters/${ids[0]}/events`), 404, 'not-found')
})

test('ENCOUNTERS=off: the encounter routes answer 404 problems and no database is touched', async () => {
  const { statelessApp } = await import('../helpers/app.js')
  const supertest = (await import('supertest')).default
  const app = await statelessApp()
  try {
    const res = await supertest(app.server).post('/v1/encounters').send({ name: 'off', ruleset: 'dnd35' })
    assertProblem(res, 404, 'not-found')
    assert.match(res.body.detail, /ENCOUNTERS=off/)
    assertProblem(await supertest(app.server).get('/v1/encounters'), 404, 'not-found')
  } finally {
    await app.close()
  }
})

test('an action without a field it needs is a 422 missing-field; a field it does not use is a 422 naming it', async () => {
  const { id } = await createEncounter(h, { name: 'fields', ruleset: 'dnd35', combatants: two })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'a', target: 'b' }), 422, 'missing-field', '/weapon')
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'a', weapon: { damage: '1d6' } }), 422, 'not-possible', '/weapon')
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'condition', target: 'a', add: 'prone', remove: 'prone' }), 422, 'not-possible', '/remove')
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'delay', actor: 'a' }), 422, 'not-possible', '/count')
  assert.equal(await versionOf(id), 2)
})

test('a grapple whose unarmed strike rolls more than 1,000 dice is a 422 naming /options/unarmedDamage, before any die, and writes nothing', async () => {
  const { id } = await createEncounter(h, { name: 'big fists', ruleset: 'dnd35', combatants: two })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  const grapple = (unarmedDamage: string, sequence: number[]) => ({ type: 'grapple', actor: 'a', target: 'b', action: 'start', options: { attackOfOpportunityDamage: 0, unarmedDamage }, dice: { sequence } })
  // As on POST /v1/grapples: refused whether the grab would hit (20) or miss (1).
  for (const sequence of [[20, 20, 1], [1]]) {
    const res = await h.http.post(`/v1/encounters/${id}/actions`).send(grapple(`${MAX_DICE_PER_ROLL}d6+1d6`, sequence))
    assertProblemAt(res, { type: '/problems/out-of-range', path: '/options/unarmedDamage' })
  }
  assert.equal(await versionOf(id), 2, 'a refused action writes nothing')
  // At the bound the grab, the hold and 1,000 damage dice are rolled (SRD 3.5 › Starting a Grapple).
  const done = await act(h, id, grapple(`${MAX_DICE_PER_ROLL}d1`, [20, 20, 1]))
  assert.equal(done.result.success, true)
  assert.equal(done.result.damage.rolls.length, MAX_DICE_PER_ROLL)
})

test('random action bodies never get a 5xx, and a refused one writes nothing', async () => {
  const fc = (await import('fast-check')).default
  const { id } = await createEncounter(h, { name: 'fuzz', ruleset: 'pf1e', combatants: two.map((c) => ({ ...c, abilities: { ...c.abilities, con: 10 } })) })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  const ids = fc.constantFrom('a', 'b', 'nobody')
  const body = fc.record({
    type: fc.constantFrom('attack', 'full-attack', 'coup-de-grace', 'save', 'grapple', 'maneuver', 'turn', 'damage', 'heal', 'condition', 'move', 'act', 'delay', 'ready', 'end-turn'),
    actor: ids,
    target: ids,
    weapon: fc.constantFrom({ damage: '1d6' }, { damage: '1d8', critRange: 19 }),
    action: fc.constantFrom('start', 'pin', 'turn', 'channel-positive'),
    maneuver: fc.constantFrom('trip', 'disarm', 'steal'),
    targets: fc.constantFrom(['a'], ['a', 'b'], [{ id: 'b', kind: 'living' }]),
    damage: fc.constantFrom({ amount: 3 }, { dice: '1d4' }, {}),
    healing: fc.constantFrom({ kind: 'magical', amount: 2 }, { kind: 'stabilize' }, { kind: 'natural' }),
    add: fc.constantFrom('prone', 'shaken'),
    count: fc.integer({ min: -5, max: 30 }),
    after: ids,
    actionType: fc.constantFrom('standard', 'move', 'major', 'swift', 'free'),
    trigger: fc.constant('go'),
    save: fc.constantFrom('will', 'death'),
    dc: fc.integer({ min: 0, max: 30 }),
    offTurn: fc.boolean(),
    readied: fc.boolean(),
    durationRounds: fc.integer({ min: 1, max: 3 })
  }, { requiredKeys: ['type'] })
  await fc.assert(fc.asyncProperty(body, async (b) => {
    const before = await versionOf(id)
    const res = await h.http.post(`/v1/encounters/${id}/actions`).send(b)
    assert.ok(res.status < 500, `${res.status} for ${JSON.stringify(b)}: ${JSON.stringify(res.body)}`)
    if (res.status !== 200) {
      assert.match(res.headers['content-type'] ?? '', /application\/problem\+json/)
      assert.equal(await versionOf(id), before, 'a refused action writes nothing')
    }
  }), { numRuns: 150, seed: 20261130 })
})

// OpenAPI › Errors: a schema-valid body is never a 400 and nothing a client sends is a 500.
test('roster hit points that do not fit together are 422 inconsistent-fields; conditions: null clears them; options of another action are a 422; seed 1e400 a 400', async () => {
  assertProblem(await h.http.post('/v1/encounters').send({ name: 'hp', ruleset: 'dnd35', combatants: [two[0], { id: 'c', hitPoints: { max: 5, current: 9 } }] }), 422, 'inconsistent-fields', '/combatants/1/hitPoints/current')
  const { id } = await createEncounter(h, { name: 'roster', ruleset: 'variant', combatants: two })
  assertProblem(await h.http.post(`/v1/encounters/${id}/combatants`).send({ id: 'c', hitPoints: { max: 5, current: 9 } }), 422, 'inconsistent-fields', '/hitPoints/current')
  assertProblem(await h.http.patch(`/v1/encounters/${id}/combatants/a`).send({ hitPoints: { max: 10, current: 4, nonlethal: 7 } }), 422, 'inconsistent-fields', '/hitPoints/nonlethal')
  assert.equal(await versionOf(id), 1)
  await h.http.patch(`/v1/encounters/${id}/combatants/a`).send({ conditions: ['prone'] }).expect(200)
  const cleared = await h.http.patch(`/v1/encounters/${id}/combatants/a`).send({ conditions: null, aware: null }).expect(200)
  const a = cleared.body.combatants.find((c: Json) => c.id === 'a')
  assert.deepEqual([a.conditions, a.aware], [[], true])
  const started = await createEncounter(h, { name: 'opts', ruleset: 'dnd35', combatants: two })
  assertProblem(await h.http.post(`/v1/encounters/${started.id}/start`).set('content-type', 'application/json').send('{"seed":1e400}'), 400, 'validation-failed', '/seed')
  await h.http.post(`/v1/encounters/${started.id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  const grappleOption = await h.http.post(`/v1/encounters/${started.id}/actions`).send({ type: 'attack', actor: 'a', target: 'b', weapon: { damage: '1d6' }, options: { lethal: true } })
  assertProblem(grappleOption, 422, 'inconsistent-fields', '/options/lethal')
  // A field no action's options know is a 400 naming it alone, not the attack options the other branches lack.
  const typo = await h.http.post(`/v1/encounters/${started.id}/actions`).send({ type: 'attack', actor: 'a', target: 'b', weapon: { damage: '1d6' }, options: { flanking: true, flankng: true } })
  assertProblem(typo, 400, 'validation-failed')
  assert.deepEqual(typo.body.errors.map((e: Json) => e.path), ['/options/flankng'])
})

test('a non-finite or oversized number in a query string is a 400 naming the parameter, never a 500', async () => {
  const { id } = await createEncounter(h, { name: 'query', ruleset: 'dnd35', combatants: two })
  for (const limit of ['1e400', 'Infinity', '-1e400']) assertProblem(await h.http.get(`/v1/encounters?limit=${limit}`), 400, 'validation-failed', '?limit')
  for (const after of ['1e400', '9007199254740993']) assertProblem(await h.http.get(`/v1/encounters/${id}/events?after=${after}`), 400, 'validation-failed', '?after')
})

// An action names its combatants by id: an error about a stored stat block names the body field that
// referenced the combatant, never a path inside an object the client did not send (SRD 3.5 › Coup de Grace: a helpless target).
test('errors from an action name the fields of its body: a coup de grace on a target that is not helpless names /target', async () => {
  const { id } = await createEncounter(h, { name: 'paths', ruleset: 'dnd35', combatants: two })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  const res = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'coup-de-grace', actor: 'a', target: 'b', weapon: { damage: '1d6' } })
  assertProblem(res, 422, 'not-possible')
  assert.deepEqual(res.body.errors.map((e: Json) => e.path), ['/target'])
  assert.match(res.body.errors[0].message, /combatant "b": conditions/)
  // A trip needs the defender's touch AC: a printed total alone is a 422 naming /target, the id that chose it.
  await h.http.patch(`/v1/encounters/${id}/combatants/b`).send({ armorClass: { total: 15 } }).expect(200)
  const trip = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'maneuver', actor: 'a', target: 'b', maneuver: 'trip', dice: { sequence: [15] } })
  assertProblem(trip, 422, 'missing-field')
  assert.deepEqual(trip.body.errors.map((e: Json) => e.path), ['/target'])
  assert.match(trip.body.errors[0].message, /combatant "b": armorClass\/touch/)
  assert.equal(await versionOf(id), 3, 'refused actions write nothing')
})
