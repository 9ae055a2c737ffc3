// README › Access: CORS_ORIGINS enables CORS for browser apps, preflight
// included, exposing ETag, Location, Retry-After and x-request-id; unset: no
// CORS headers.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'

const APP = 'https://app.example.com'
const ALICE = 'alice-secret-0123456789'
const ROLL = { notation: '1d20', dice: { sequence: [12] } }

async function using (env: NodeJS.ProcessEnv, run: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const app = await statelessApp(env)
  try {
    await run(app)
  } finally {
    await app.close()
  }
}

const preflight = (app: FastifyInstance, origin: string) => app.inject({
  method: 'OPTIONS',
  url: '/v1/dice',
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' }
})

function exposed (headers: Record<string, unknown>): string[] {
  return String(headers['access-control-expose-headers'] ?? '').split(',').map((h) => h.trim().toLowerCase())
}

test('CORS_ORIGINS unset: no CORS header on any response, and a preflight is not answered as one', async () => {
  await using({}, async (app) => {
    const res = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { origin: APP } })
    assert.equal(res.statusCode, 200)
    const pre = await preflight(app, APP)
    for (const r of [res, pre]) {
      assert.deepEqual(Object.keys(r.headers).filter((h) => h.startsWith('access-control-')), [], JSON.stringify(r.headers))
    }
    assert.notEqual(pre.statusCode, 204)
  })
})

test('a listed origin: the preflight allows the methods and the headers a client sends (the key among them), without a key', async () => {
  await using({ CORS_ORIGINS: `${APP},http://localhost:5173`, API_KEYS: `alice:${ALICE}` }, async (app) => {
    const pre = await preflight(app, APP)
    assert.equal(pre.statusCode, 204)
    assert.equal(pre.headers['access-control-allow-origin'], APP)
    assert.match(String(pre.headers['access-control-allow-methods']), /POST/)
    assert.match(String(pre.headers['access-control-allow-methods']), /PATCH/)
    for (const h of ['authorization', 'content-type', 'idempotency-key', 'if-match', 'last-event-id']) {
      assert.ok(String(pre.headers['access-control-allow-headers']).toLowerCase().includes(h), h)
    }
    assert.equal(pre.headers['access-control-allow-credentials'], undefined)
    assert.match(String(pre.headers.vary), /Origin/)
  })
})

test('a listed origin: responses, a 401 included, carry the origin and expose ETag, Location, Retry-After and x-request-id', async () => {
  await using({ CORS_ORIGINS: APP, API_KEYS: `alice:${ALICE}`, RATE_LIMIT_PER_MINUTE: '1' }, async (app) => {
    const ok = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { origin: APP, authorization: `Bearer ${ALICE}` } })
    const limited = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { origin: APP, authorization: `Bearer ${ALICE}` } })
    const refused = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { origin: APP } })
    assert.deepEqual([ok.statusCode, limited.statusCode, refused.statusCode], [200, 429, 401])
    assert.ok(limited.headers['retry-after'])
    for (const res of [ok, limited, refused]) {
      assert.equal(res.headers['access-control-allow-origin'], APP)
      for (const h of ['etag', 'location', 'retry-after', 'x-request-id']) assert.ok(exposed(res.headers).includes(h), `${h} in ${String(res.headers['access-control-expose-headers'])}`)
    }
  })
})

test('an origin not in the list gets no Access-Control-Allow-Origin; * allows any', async () => {
  await using({ CORS_ORIGINS: APP }, async (app) => {
    const other = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { origin: 'https://evil.example.com' } })
    assert.equal(other.headers['access-control-allow-origin'], undefined)
    assert.equal((await preflight(app, 'https://app.example.com.evil.example.com')).headers['access-control-allow-origin'], undefined)
  })
  await using({ CORS_ORIGINS: '*' }, async (app) => {
    const res = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { origin: 'https://anyone.example.org' } })
    assert.equal(res.headers['access-control-allow-origin'], '*')
    assert.equal((await preflight(app, 'https://anyone.example.org')).statusCode, 204)
  })
})
