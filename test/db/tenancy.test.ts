// Tenant isolation through HTTP (README › Access; issue: every encounter
// belongs to the key that created it, another key gets 404, not 403, on every
// encounter route, the event list and the stream).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'
import { openStream } from '../helpers/sse.js'

const ALICE = 'alice-secret-0123456789'
const BOB = 'bob-secret-9876543210ab'
const asAlice = { authorization: `Bearer ${ALICE}` }
const asBob = { authorization: `Bearer ${BOB}` }

let h: EncounterHarness
let base: string
before(async () => {
  h = await encounterApp({ API_KEYS: `alice:${ALICE},bob:${BOB}` })
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`
})
after(async () => { await h.close() })

const fighter = (id: string): Record<string, unknown> => ({ id, name: id, hitPoints: { max: 20, current: 20 }, abilities: { con: 12 } })

async function alicesFight (): Promise<Json> {
  const created = await h.http.post('/v1/encounters').set(asAlice).send({ name: 'Alice\'s ambush', ruleset: 'dnd35', combatants: [fighter('hero'), fighter('orc')] }).expect(201)
  await h.http.post(`/v1/encounters/${String(created.body.id)}/start`).set(asAlice).send({ dice: { sequence: [15, 5] } }).expect(200)
  return created.body
}

test('key B gets 404 on every route of key A\'s encounter, the same 404 as for an encounter that does not exist, and changes nothing', async () => {
  const { id } = await alicesFight()
  const before = await h.http.get(`/v1/encounters/${String(id)}`).set(asAlice).expect(200)
  const missing = '9b2f4a4e-0000-4000-8000-000000000000'
  const routes = (target: string): Array<[string, string, unknown]> => [
    ['get', `/v1/encounters/${target}`, undefined],
    ['get', `/v1/encounters/${target}/events`, undefined],
    ['post', `/v1/encounters/${target}/actions`, { type: 'damage', target: 'orc', damage: { amount: 5 } }],
    ['post', `/v1/encounters/${target}/start`, {}],
    ['post', `/v1/encounters/${target}/combatants`, fighter('spy')],
    ['patch', `/v1/encounters/${target}/combatants/orc`, { name: 'renamed' }],
    ['delete', `/v1/encounters/${target}/combatants/orc`, undefined],
    ['delete', `/v1/encounters/${target}`, undefined]
  ]
  const theirs = routes(String(id))
  const none = routes(missing)
  const call = (method: string, url: string, body: unknown) => {
    const req = method === 'get' ? h.http.get(url) : method === 'post' ? h.http.post(url) : method === 'patch' ? h.http.patch(url) : h.http.delete(url)
    return body === undefined ? req.set(asBob) : req.set(asBob).send(body as object)
  }
  for (const [i, [method, url, body]] of theirs.entries()) {
    const res = await call(method, url, body)
    assertProblem(res, { type: '/problems/not-found', path: [] })
    const nothing = await call(method, none[i]?.[1] ?? '', body)
    // Nothing tells an existing encounter of another key from one that never existed.
    assert.equal(res.body.detail, nothing.body.detail, `${method} ${url}`)
    assert.equal(res.headers.etag, undefined, `${method} ${url} leaks no version`)
  }
  const after = await h.http.get(`/v1/encounters/${String(id)}`).set(asAlice).expect(200)
  assert.deepEqual(after.body, before.body)
  assert.equal((await h.http.get(`/v1/encounters/${String(id)}/events`).set(asAlice).expect(200)).body.items.length, 2)
})

test('key B\'s stream of key A\'s encounter is a 404 problem before any event; key A\'s own stream opens', { timeout: 20_000 }, async () => {
  const { id } = await alicesFight()
  const theirs = await openStream(`${base}/v1/encounters/${String(id)}/stream`, asBob)
  assert.equal(theirs.status, 404)
  assertProblem(theirs.problem, { type: '/problems/not-found', path: [] })
  const none = await openStream(`${base}/v1/encounters/${String(id)}/stream`)
  assert.equal(none.status, 401)
  const own = await openStream(`${base}/v1/encounters/${String(id)}/stream`, asAlice)
  try {
    assert.equal(own.status, 200)
    assert.deepEqual((await own.waitForMessages(2)).map((m) => m.event), ['created', 'started'])
  } finally {
    own.close()
  }
})

test('each key lists only its own encounters, and an Idempotency-Key is per key', async () => {
  const { id } = await alicesFight()
  const bobs = await h.http.post('/v1/encounters').set(asBob).set('idempotency-key', 'table-7').send({ name: 'Bob\'s brawl', ruleset: 'pf1e' }).expect(201)
  // The same Idempotency-Key from Alice with another body is her own first use, not a replay of Bob's.
  const alices = await h.http.post('/v1/encounters').set(asAlice).set('idempotency-key', 'table-7').send({ name: 'Alice\'s second', ruleset: 'dnd35' }).expect(201)
  assert.notEqual(alices.body.id, bobs.body.id)
  assert.equal(alices.headers['idempotent-replayed'], undefined)
  const bobList = (await h.http.get('/v1/encounters').set(asBob).query({ limit: 100 }).expect(200)).body.items as Json[]
  const aliceList = (await h.http.get('/v1/encounters').set(asAlice).query({ limit: 100 }).expect(200)).body.items as Json[]
  assert.deepEqual(bobList.map((e) => e.name), ['Bob\'s brawl'])
  assert.ok(aliceList.some((e) => e.id === id) && aliceList.some((e) => e.id === alices.body.id))
  assert.ok(!aliceList.some((e) => e.id === bobs.body.id))
})
