// Writes to one encounter are serialized in the database: concurrent actions
// without If-Match all land, a stale If-Match writes nothing, and concurrent
// retries with one Idempotency-Key execute once.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

async function startedFight (): Promise<string> {
  const { id } = await createEncounter(h, {
    name: 'Tank',
    ruleset: 'dnd35',
    combatants: [{ id: 'golem', abilities: { con: 10 }, baseSaves: { fortitude: 30 }, hitPoints: { max: 5000 } }, { id: 'gm-pet', hitPoints: { max: 10 } }]
  })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [10, 5] } }).expect(200)
  return id
}

const events = async (id: string): Promise<Json[]> => (await h.http.get(`/v1/encounters/${id}/events`).query({ limit: 1000 }).expect(200)).body.items

test('50 concurrent damage actions without If-Match: none is lost, 50 events, the log replays', async () => {
  const id = await startedFight()
  const amounts = Array.from({ length: 50 }, (_, i) => 1 + (i % 7))
  const responses = await Promise.all(amounts.map((amount) => h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'damage', target: 'golem', damage: { amount, singleAttack: false } })))
  assert.deepEqual(responses.map((r) => r.status), amounts.map(() => 200))
  const encounter = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  const golem = encounter.combatants.find((c: Json) => c.id === 'golem')
  assert.equal(golem.hitPoints.current, 5000 - amounts.reduce((a, b) => a + b, 0))
  const log = await events(id)
  assert.equal(log.filter((e) => e.type === 'damage').length, 50)
  // Each response saw its own version; together they are every version from 3 to 52, once each.
  assert.deepEqual(responses.map((r) => r.body.encounter.version).sort((a: number, b: number) => a - b), Array.from({ length: 50 }, (_, i) => i + 3))
  assert.equal(encounter.version, 52)
  await assertReplayMatches(h, id)
})

test('a stale If-Match is a 412 and writes nothing; the current ETag is accepted; If-None-Match gives 304', async () => {
  const id = await startedFight()
  const got = await h.http.get(`/v1/encounters/${id}`).expect(200)
  const etag = got.headers.etag
  assert.equal(etag, '"2"')
  await h.http.get(`/v1/encounters/${id}`).set('if-none-match', etag).expect(304)
  const ok = await h.http.post(`/v1/encounters/${id}/actions`).set('if-match', etag).send({ type: 'damage', target: 'golem', damage: { amount: 3 } }).expect(200)
  assert.equal(ok.headers.etag, '"3"')
  const stale = await h.http.post(`/v1/encounters/${id}/actions`).set('if-match', etag).send({ type: 'damage', target: 'golem', damage: { amount: 4 } }).expect(412)
  assert.equal(stale.body.type, '/problems/precondition-failed')
  assert.match(stale.headers['content-type'] ?? '', /application\/problem\+json/)
  const log = await events(id)
  assert.equal(log.length, 3, 'created, started, one damage: the refused write left no event')
  assert.equal((await h.http.get(`/v1/encounters/${id}`)).body.combatants[0].hitPoints.current, 4997)
  // Roster writes honour If-Match too.
  await h.http.patch(`/v1/encounters/${id}/combatants/golem`).set('if-match', '"2"').send({ name: 'Golem' }).expect(412)
})

test('20 concurrent requests with one Idempotency-Key: one execution, every response identical', async () => {
  const id = await startedFight()
  const body = { type: 'damage', target: 'golem', damage: { dice: '2d6' } }
  const responses = await Promise.all(Array.from({ length: 20 }, () => h.http.post(`/v1/encounters/${id}/actions`).set('idempotency-key', 'retry-me-1').send(body)))
  assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([200]))
  const first = JSON.stringify(responses[0]?.body)
  for (const r of responses) assert.equal(JSON.stringify(r.body), first)
  assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === 'true').length, 19)
  assert.equal((await events(id)).filter((e) => e.type === 'damage').length, 1)
  // The same key with another body is a 422 naming the header; nothing is written.
  const reused = await h.http.post(`/v1/encounters/${id}/actions`).set('idempotency-key', 'retry-me-1').send({ ...body, damage: { amount: 1 } }).expect(422)
  assert.equal(reused.body.type, '/problems/idempotency-key-reused')
  assert.equal(reused.body.errors[0].path, 'header:idempotency-key')
  assert.equal((await events(id)).filter((e) => e.type === 'damage').length, 1)
})

test('Idempotency-Key on create: a retry returns the same encounter, not a second one', async () => {
  const body = { name: 'Once only', ruleset: 'pf1e' }
  const [a, b] = await Promise.all([1, 2].map(() => h.http.post('/v1/encounters').set('idempotency-key', 'create-once').send(body)))
  assert.equal(a?.status, 201)
  assert.equal(b?.status, 201)
  assert.equal(a?.body.id, b?.body.id)
  const page = (await h.http.get('/v1/encounters').query({ limit: 100 }).expect(200)).body
  assert.equal(page.items.filter((e: Json) => e.name === 'Once only').length, 1)
})

test('concurrent actions on one encounter through two app instances on one database are serialized', async () => {
  const id = await startedFight()
  const { buildApp } = await import('../../src/app.js')
  const { loadConfig } = await import('../../src/config.js')
  const supertest = (await import('supertest')).default
  const other = await buildApp({ config: loadConfig({ DATABASE_URL: h.db.url, RATE_LIMIT_PER_MINUTE: '0' }), logger: false })
  await other.ready()
  try {
    const writes = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? h.http : supertest(other.server))
      .post(`/v1/encounters/${id}/actions`).send({ type: 'damage', target: 'golem', damage: { amount: 10 } }))
    const res = await Promise.all(writes)
    assert.deepEqual(new Set(res.map((r) => r.status)), new Set([200]))
    assert.equal((await h.http.get(`/v1/encounters/${id}`)).body.combatants[0].hitPoints.current, 4800)
    await assertReplayMatches(h, id)
  } finally {
    await other.close()
  }
  await act(h, id, { type: 'end' })
})
