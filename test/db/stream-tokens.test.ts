// Stream tokens (README › Access): with API_KEYS set, POST
// /v1/encounters/{id}/stream-tokens gives a token that opens that encounter's
// event stream as ?token= for 5 minutes, for the key that asked, and nothing
// else; a wrong one is a 401 as for keys. Over real HTTP with a database.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { testDatabase, type TestDatabase } from '../helpers/database.js'
import { openStream, type SseClient } from '../helpers/sse.js'
import { assertProblem } from '../helpers/problems.js'
import { buildApp, loggerOptions } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { StreamTokens, STREAM_TOKEN_TTL_SECONDS } from '../../src/http/stream-tokens.js'

const ALICE = 'alice-secret-0123456789'
const BOB = 'bob-secret-9876543210ab'
const KEYS = `alice:${ALICE},bob:${BOB}`
const keys = loadConfig({ API_KEYS: KEYS }).apiKeys

let h: EncounterHarness
let base: string

before(async () => {
  h = await encounterApp({ API_KEYS: KEYS, STREAM_HEARTBEAT_MS: '200' })
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`
})
after(async () => { await h.close() })

const fighter = (id: string, hp: number): Record<string, unknown> => ({ id, name: id, hitPoints: { max: hp, current: hp }, abilities: { con: 12 } })

async function create (secret: string): Promise<string> {
  const res = await h.http.post('/v1/encounters').set('authorization', `Bearer ${secret}`)
    .send({ name: 'Bridge ambush', ruleset: 'dnd35', combatants: [fighter('hero', 30), fighter('orc', 20)] })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return (res.body as { id: string }).id
}

interface TokenBody { token: string, expiresAt: string, expiresIn: number, url: string }

async function tokenFor (id: string, secret: string): Promise<TokenBody> {
  const res = await h.http.post(`/v1/encounters/${id}/stream-tokens`).set('authorization', `Bearer ${secret}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body as TokenBody
}

/** The 401 a refused token gets: the problem, the challenge, `?token` named with the reason. */
function assertTokenRefused (stream: SseClient, message: RegExp): void {
  assert.equal(stream.status, 401, JSON.stringify(stream.problem))
  assertProblem(stream.problem, { type: '/problems/unauthorized', path: '?token' })
  assert.match(String((stream.problem?.errors as Array<{ message: string }>)[0]?.message), message)
  assert.equal(stream.headers['www-authenticate'], 'Bearer realm="d20", error="invalid_token"')
  assert.match(String(stream.headers['content-type']), /^application\/problem\+json/)
}

test('a stream token: 200 with no-store, expiring in 5 minutes, and its url opens the stream, which carries the writes', { timeout: 30_000 }, async () => {
  const id = await create(ALICE)
  const before = Date.now()
  const res = await h.http.post(`/v1/encounters/${id}/stream-tokens`).set('authorization', `Bearer ${ALICE}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.headers['cache-control'], 'no-store')
  const body = res.body as TokenBody
  assert.deepEqual(Object.keys(body).sort(), ['expiresAt', 'expiresIn', 'token', 'url'])
  assert.equal(body.expiresIn, STREAM_TOKEN_TTL_SECONDS)
  const expires = Date.parse(body.expiresAt)
  assert.ok(expires >= before + 300_000 && expires <= Date.now() + 300_000, body.expiresAt)
  assert.equal(body.url, `/v1/encounters/${id}/stream?token=${body.token}`)
  assert.match(body.token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'URL-safe as it is')

  const stream = await openStream(`${base}${body.url}`)
  try {
    assert.equal(stream.status, 200, JSON.stringify(stream.problem))
    assert.equal(stream.headers['content-type'], 'text/event-stream')
    assert.equal((await stream.waitForMessages(1))[0]?.event, 'created')
    const started = await h.http.post(`/v1/encounters/${id}/start`).set('authorization', `Bearer ${ALICE}`).send({ dice: { sequence: [15, 5] } })
    assert.equal(started.status, 200, JSON.stringify(started.body))
    const messages = await stream.waitForMessages(2)
    assert.deepEqual(messages.map((m) => [m.id, m.event]), [['1', 'created'], ['2', 'started']])
  } finally {
    stream.close()
  }
  // With `after`, as a client resumes once its token is spent on a dropped connection.
  const resumed = await openStream(`${base}${(await tokenFor(id, ALICE)).url}&after=1`)
  try {
    assert.deepEqual((await resumed.waitForMessages(1)).map((m) => m.event), ['started'])
  } finally {
    resumed.close()
  }
})

test('asking for a token: another key\'s encounter is the same 404 as a missing one; no key is a 401', async () => {
  const alices = await create(ALICE)
  const theirs = await h.http.post(`/v1/encounters/${alices}/stream-tokens`).set('authorization', `Bearer ${BOB}`)
  assertProblem(theirs, { type: '/problems/not-found', path: [] })
  const missing = await h.http.post('/v1/encounters/9b2f4a4e-0000-4000-8000-000000000000/stream-tokens').set('authorization', `Bearer ${BOB}`)
  assertProblem(missing, { type: '/problems/not-found', path: [] })
  assert.equal((theirs.body as { detail: string }).detail, (missing.body as { detail: string }).detail)
  const malformed = await h.http.post('/v1/encounters/not-a-uuid/stream-tokens').set('authorization', `Bearer ${ALICE}`)
  assertProblem(malformed, { type: '/problems/not-found', path: [] })
  const anonymous = await h.http.post(`/v1/encounters/${alices}/stream-tokens`)
  assertProblem(anonymous, { type: '/problems/unauthorized', path: 'header:authorization' })
  assert.equal(anonymous.headers['www-authenticate'], 'Bearer realm="d20"')
})

test('a token for another encounter, another key\'s, a tampered or forged one, and a malformed one are each a 401 naming ?token', { timeout: 30_000 }, async () => {
  const first = await create(ALICE)
  const second = await create(ALICE)
  const bobs = await create(BOB)
  const token = (await tokenFor(first, ALICE)).token
  const [payload = '', signature = ''] = token.split('.')

  // Another encounter of the same key: the token does not open it, whether it exists or not (a 401, so it tells nothing about it).
  assertTokenRefused(await openStream(`${base}/v1/encounters/${second}/stream?token=${token}`), /another encounter/)
  assertTokenRefused(await openStream(`${base}/v1/encounters/9b2f4a4e-0000-4000-8000-000000000000/stream?token=${token}`), /another encounter/)
  // Another key's encounter.
  assertTokenRefused(await openStream(`${base}/v1/encounters/${bobs}/stream?token=${token}`), /another encounter/)
  // Bob's token on Bob's encounter, but payload rewritten to claim Alice's: the signature no longer holds.
  const bobsToken = (await tokenFor(bobs, BOB)).token
  const claims = JSON.parse(Buffer.from(bobsToken.split('.')[0] ?? '', 'base64url').toString()) as Record<string, unknown>
  const forged = `${Buffer.from(JSON.stringify({ ...claims, t: 'alice' })).toString('base64url')}.${bobsToken.split('.')[1] ?? ''}`
  assertTokenRefused(await openStream(`${base}/v1/encounters/${bobs}/stream?token=${forged}`), /not a stream token this service issued/)
  // Claims for the second encounter under the first's signature; one character of the signature changed.
  const moved = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()) as object, e: second })).toString('base64url')}.${signature}`
  assertTokenRefused(await openStream(`${base}/v1/encounters/${second}/stream?token=${moved}`), /not a stream token this service issued/)
  const flipped = `${payload}.${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`
  assertTokenRefused(await openStream(`${base}/v1/encounters/${first}/stream?token=${flipped}`), /not a stream token this service issued/)
  // Signed under other keys (a service with another API_KEYS).
  const elsewhere = new StreamTokens(loadConfig({ API_KEYS: `alice:${'z'.repeat(20)}` }).apiKeys).issue(first, 'alice').token
  assertTokenRefused(await openStream(`${base}/v1/encounters/${first}/stream?token=${elsewhere}`), /not a stream token this service issued/)
  // Not a token at all, empty, given twice, or the API key itself.
  for (const query of ['token=abc', 'token=', `token=${token}&token=${token}`, `token=${ALICE}`, `token=${'a'.repeat(600)}.${signature}`]) {
    assertTokenRefused(await openStream(`${base}/v1/encounters/${first}/stream?${query}`), /not a stream token/)
  }
  // The right token still works after all that.
  const ok = await openStream(`${base}/v1/encounters/${first}/stream?token=${token}`)
  ok.close()
  assert.equal(ok.status, 200)
})

test('an expired token is a 401 naming ?token; one issued just under 5 minutes ago still opens the stream', { timeout: 30_000 }, async () => {
  const id = await create(ALICE)
  // Signed with this service's keys, at a time in the past: what a token issued then would be.
  const issuedAgo = (ms: number): string => new StreamTokens(keys, () => Date.now() - ms).issue(id, 'alice').token
  assertTokenRefused(await openStream(`${base}/v1/encounters/${id}/stream?token=${issuedAgo(300_000)}`), /expired/)
  assertTokenRefused(await openStream(`${base}/v1/encounters/${id}/stream?token=${issuedAgo(3_600_000)}`), /expired/)
  const fresh = await openStream(`${base}/v1/encounters/${id}/stream?token=${issuedAgo(290_000)}`)
  fresh.close()
  assert.equal(fresh.status, 200, JSON.stringify(fresh.problem))
})

test('a token opens nothing but its stream: on the encounter, its events or a write it is refused as a key in the URL is', async () => {
  const id = await create(ALICE)
  const { token } = await tokenFor(id, ALICE)
  for (const [method, url] of [
    ['GET', `/v1/encounters/${id}?token=${token}`],
    ['GET', `/v1/encounters/${id}/events?token=${token}`],
    ['POST', `/v1/encounters/${id}/stream-tokens?token=${token}`],
    ['POST', `/v1/encounters/${id}/actions?token=${token}`],
    ['GET', `/v1/encounters?token=${token}`]
  ] as const) {
    const res = method === 'GET' ? await h.http.get(url) : await h.http.post(url).send({ type: 'end-turn', actor: 'hero' })
    assertProblem(res, { type: '/problems/unauthorized', path: 'header:authorization' })
    assert.match((res.body as { detail: string }).detail, /never in the URL/, url)
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="d20"')
    assert.ok(!JSON.stringify(res.body).includes(token), `${url}: the answer echoes the token`)
    assert.equal((res.body as { instance: string }).instance, url.slice(0, url.indexOf('?')))
  }
})

test('with an Authorization header the key alone counts: a valid key with a bad token opens, another key with a good token is a 404', { timeout: 30_000 }, async () => {
  const id = await create(ALICE)
  const { token } = await tokenFor(id, ALICE)
  const withKey = await openStream(`${base}/v1/encounters/${id}/stream?token=garbage`, { authorization: `Bearer ${ALICE}` })
  withKey.close()
  assert.equal(withKey.status, 200)
  const otherKey = await openStream(`${base}/v1/encounters/${id}/stream?token=${token}`, { authorization: `Bearer ${BOB}` })
  assert.equal(otherKey.status, 404)
  assertProblem(otherKey.problem, { type: '/problems/not-found', path: [] })
  const wrongKey = await openStream(`${base}/v1/encounters/${id}/stream?token=${token}`, { authorization: `Bearer ${BOB}x` })
  assert.equal(wrongKey.status, 401)
  assertProblem(wrongKey.problem, { type: '/problems/unauthorized', path: 'header:authorization' })
})

test('the token works on another instance with the same API_KEYS (listed in another order), and not on one with other keys', { timeout: 30_000 }, async () => {
  const id = await create(ALICE)
  const { url } = await tokenFor(id, ALICE)
  // More instances on the same database, as behind a load balancer.
  const instance = async (apiKeys: string): Promise<{ app: FastifyInstance, base: string }> => {
    const app = await buildApp({ config: loadConfig({ DATABASE_URL: h.db.url, API_KEYS: apiKeys, RATE_LIMIT_PER_MINUTE: '0' }), logger: false })
    await app.listen({ port: 0, host: '127.0.0.1' })
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` }
  }
  const same = await instance(`bob:${BOB},alice:${ALICE}`)
  const rotated = await instance(`alice:${ALICE}x,bob:${BOB}`)
  try {
    const there = await openStream(`${same.base}${url}`)
    there.close()
    assert.equal(there.status, 200, JSON.stringify(there.problem))
    assertTokenRefused(await openStream(`${rotated.base}${url}`), /not a stream token this service issued/)
  } finally {
    await same.app.close()
    await rotated.app.close()
  }
})

test('open mode: the endpoint answers, and the stream needs no token and ignores one', { timeout: 30_000 }, async () => {
  const open = await encounterApp()
  try {
    const created = await open.http.post('/v1/encounters').send({ name: 'open', ruleset: 'dnd35' })
    const id = (created.body as { id: string }).id
    const res = await open.http.post(`/v1/encounters/${id}/stream-tokens`)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.headers['cache-control'], 'no-store')
    const port = (open.app.server.address() as AddressInfo).port
    for (const query of [`?token=${(res.body as TokenBody).token}`, '?token=not-a-token', '']) {
      const stream = await openStream(`http://127.0.0.1:${port}/v1/encounters/${id}/stream${query}`)
      stream.close()
      assert.equal(stream.status, 200, `${query}: ${JSON.stringify(stream.problem)}`)
    }
    const missing = await open.http.post('/v1/encounters/9b2f4a4e-0000-4000-8000-000000000000/stream-tokens')
    assertProblem(missing, { type: '/problems/not-found', path: [] })
  } finally {
    await open.close()
  }
})

// README › Logs: a token is a credential; no log line holds it, at any level, whatever the request did with it.
test('no log line holds a token: issued, used, refused, on another route, percent-escaped', { timeout: 30_000 }, async () => {
  const lines: string[] = []
  const sink = new Writable({ write (chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done() } })
  const db: TestDatabase = await testDatabase()
  const config = loadConfig({ DATABASE_URL: db.url, API_KEYS: KEYS, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'trace' })
  const app = await buildApp({ config, logger: { ...(loggerOptions(config) as object), stream: sink } })
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const server = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const created = await fetch(`${server}/v1/encounters`, { method: 'POST', headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'logged', ruleset: 'dnd35' }) })
    const id = ((await created.json()) as { id: string }).id
    const issued = await (await fetch(`${server}/v1/encounters/${id}/stream-tokens`, { method: 'POST', headers: { authorization: `Bearer ${ALICE}` } })).json() as TokenBody
    const { token } = issued
    const stream = await openStream(`${server}${issued.url}`)
    assert.equal(stream.status, 200)
    await stream.waitForMessages(1)
    stream.close()
    const expired = new StreamTokens(keys, () => Date.now() - 600_000).issue(id, 'alice').token
    assert.equal((await openStream(`${server}/v1/encounters/${id}/stream?after=0&token=${expired}`)).status, 401)
    assert.equal((await openStream(`${server}/v1/encounters/${id}/stream?%74oken=${token}x`)).status, 401)
    assert.equal((await fetch(`${server}/v1/encounters/${id}/events?token=${token}`)).status, 401)
    assert.equal((await fetch(`${server}/v1/encounters/${id}?access_token=${token}&limit=1`)).status, 401)
    await app.close() // flushes the last lines
    const text = lines.join('')
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request')
    // The opened stream is hijacked: it logs "event stream opened"/"ended" lines, not a request line.
    assert.ok(lines.some((l) => l.includes('"event stream opened"')), text)
    assert.equal(requests.length, 6, text)
    for (const secret of [token, token.split('.')[1] ?? '', expired, ALICE, BOB]) assert.ok(!text.includes(secret), `a log line holds ${secret}`)
    const urls = requests.map((l) => String(l.url))
    assert.ok(urls.includes(`/v1/encounters/${id}/stream?after=0&token=[redacted]`), urls.join('\n'))
    assert.ok(urls.includes(`/v1/encounters/${id}/stream?%74oken=[redacted]`), urls.join('\n'))
    assert.ok(urls.includes(`/v1/encounters/${id}?access_token=[redacted]&limit=1`), urls.join('\n'))
  } finally {
    if (app.server.listening) await app.close()
    await db.drop()
  }
})
