// README › Access; OpenAPI › Errors: with API_KEYS set every /v1 route needs
// `Authorization: Bearer <secret>`; missing or wrong is a 401 problem with
// `WWW-Authenticate: Bearer`; health, readiness, docs and the OpenAPI
// document stay public; secrets are never logged.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { logCollector, startServer } from '../helpers/server.js'
import { keyOf } from '../../src/plugins/app/access.js'
import { loadConfig } from '../../src/config.js'

const ALICE = 'alice-secret-0123456789'
const BOB = 'bob-secret-9876543210ab'
const KEYS = `alice:${ALICE},bob:${BOB}`
const ROLL = { notation: '1d20', dice: { sequence: [17] } }

async function withKeys<T> (run: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await statelessApp({ API_KEYS: KEYS })
  try {
    return await run(app)
  } finally {
    await app.close()
  }
}

function assertUnauthorized (res: LightMyRequestResponse, message: string): void {
  assert.equal(res.statusCode, 401, res.body)
  assert.match(res.headers['content-type'] as string, /^application\/problem\+json/)
  assert.match(res.headers['www-authenticate'] as string, /^Bearer( |$)/)
  const problem = res.json<{ type: string, status: number, errors: Array<{ path: string, message: string }> }>()
  assert.equal(problem.type, '/problems/unauthorized')
  assert.equal(problem.status, 401)
  assert.deepEqual(problem.errors, [{ path: 'header:authorization', message }])
}

test('no key: every /v1 route is a 401 problem with WWW-Authenticate: Bearer', async () => {
  await withKeys(async (app) => {
    for (const [method, url] of [['POST', '/v1/dice'], ['GET', '/v1/rulesets'], ['POST', '/v1/attacks'], ['GET', '/v1/encounters'], ['GET', '/v1/encounters/00000000-0000-4000-8000-000000000000/stream']] as const) {
      const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })
      assertUnauthorized(res, 'missing')
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="d20"', url)
    }
  })
})

test('wrong key, another scheme, or a malformed header: 401, and the challenge says invalid_token', async () => {
  await withKeys(async (app) => {
    for (const authorization of [`Bearer ${ALICE}x`, `Bearer ${ALICE.slice(0, -1)}`, 'Bearer ', `Basic ${Buffer.from(`alice:${ALICE}`).toString('base64')}`, ALICE, `Bearer ${ALICE} ${BOB}`]) {
      const res = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { authorization } })
      assertUnauthorized(res, 'not a valid API key')
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="d20", error="invalid_token"')
    }
  })
})

test('right key: the request is served, for either key, the scheme in any case', async () => {
  await withKeys(async (app) => {
    for (const authorization of [`Bearer ${ALICE}`, `bearer ${BOB}`, `BEARER  ${ALICE}`]) {
      const res = await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { authorization } })
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.json<{ total: number }>().total, 17)
    }
  })
})

test('a key in the query string is not accepted, and the 401 says to use the header', async () => {
  await withKeys(async (app) => {
    for (const query of [`api_key=${ALICE}`, `access_token=${ALICE}`, `token=${ALICE}`, `key=${ALICE}`]) {
      const res = await app.inject({ method: 'POST', url: `/v1/dice?${query}`, payload: ROLL })
      assertUnauthorized(res, 'missing')
      assert.match(res.json<{ detail: string }>().detail, /only in the Authorization header/)
    }
  })
})

test('/healthz, /readyz, /docs, /openapi.json and the problem catalogue stay public', async () => {
  await withKeys(async (app) => {
    for (const url of ['/healthz', '/readyz', '/docs', '/docs/', '/openapi.json', '/problems/unauthorized']) {
      const res = await app.inject({ method: 'GET', url })
      assert.ok(res.statusCode === 200 || res.statusCode === 302, `${url}: ${res.statusCode}`)
    }
    assert.deepEqual((await app.inject({ method: 'GET', url: '/problems/unauthorized' })).json(), { type: '/problems/unauthorized', title: 'No API key, or not a valid one', status: 401 })
  })
})

test('open mode (API_KEYS unset): /v1 routes answer without a key, and a stray Authorization header is ignored', async () => {
  const app = await statelessApp()
  try {
    assert.equal((await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL })).statusCode, 200)
    assert.equal((await app.inject({ method: 'POST', url: '/v1/dice', payload: ROLL, headers: { authorization: 'Bearer whatever-it-is-0000' } })).statusCode, 200)
  } finally {
    await app.close()
  }
})

test('the OpenAPI document declares the bearer scheme, on every /v1 operation and on no public one, with its 401', async () => {
  await withKeys(async (app) => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      components: { securitySchemes: Record<string, { type: string, scheme?: string, in?: string, name?: string }> }
      paths: Record<string, Record<string, { security?: unknown, responses: Record<string, unknown> }>>
    }>()
    assert.deepEqual({ type: doc.components.securitySchemes.bearerAuth?.type, scheme: doc.components.securitySchemes.bearerAuth?.scheme }, { type: 'http', scheme: 'bearer' })
    assert.deepEqual(doc.components.securitySchemes.streamToken, { ...doc.components.securitySchemes.streamToken, type: 'apiKey', in: 'query', name: 'token' })
    let v1 = 0
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (path.startsWith('/v1/')) {
          v1++
          // The event stream also takes a stream token (?token=), for browsers' EventSource.
          const schemes = path === '/v1/encounters/{id}/stream' ? [{ bearerAuth: [] }, { streamToken: [] }] : [{ bearerAuth: [] }]
          assert.deepEqual(operation.security, schemes, `${method} ${path}`)
          assert.ok(operation.responses['401'], `${method} ${path} documents its 401`)
        } else {
          assert.equal(operation.security, undefined, `${method} ${path}`)
        }
      }
    }
    assert.ok(v1 > 20, `only ${v1} /v1 operations`)
  })
})

test('keyOf compares every key through SHA-256 digests: the same answer for any length, prefix or case of the secret', () => {
  const keys = loadConfig({ API_KEYS: KEYS }).apiKeys ?? []
  assert.equal(keyOf(keys, `Bearer ${ALICE}`), 'alice')
  assert.equal(keyOf(keys, `Bearer ${BOB}`), 'bob')
  for (const wrong of [ALICE.toUpperCase(), `${ALICE}${ALICE}`, ALICE.slice(0, 16), 'x'.repeat(200), BOB.slice(1)]) {
    assert.equal(keyOf(keys, `Bearer ${wrong}`), null, wrong)
  }
  assert.equal(keyOf(keys, undefined), null)
  // timingSafeEqual throws on a length mismatch: comparing digests is what lets any length through.
  assert.throws(() => timingSafeEqual(Buffer.from(ALICE), Buffer.from('short')))
})

// README › Access: secrets are never logged. The real server process, its real logger, every level.
test('the secret is absent from every log line: right key, wrong key, key in the URL, key in the path, key as a request id', async () => {
  const child = startServer({ API_KEYS: KEYS, LOG_LEVEL: 'trace', RATE_LIMIT_PER_MINUTE: '1000', SHUTDOWN_DELAY_MS: '0' })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString() })
  const { lines, waitFor } = logCollector(child)
  const listening = await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'))
  const url = String(listening.msg).replace('Server listening at ', '')
  const post = async (path: string, headers: Record<string, string>): Promise<number> => (await fetch(`${url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(ROLL)
  })).status
  assert.equal(await post('/v1/dice', { authorization: `Bearer ${ALICE}` }), 200)
  assert.equal(await post('/v1/dice', { authorization: `Bearer ${BOB}x` }), 401)
  assert.equal(await post(`/v1/dice?api_key=${ALICE}`, {}), 401)
  assert.equal(await post(`/v1/${BOB}`, { authorization: `Bearer ${ALICE}` }), 404)
  assert.equal(await post('/v1/dice', { authorization: `Bearer ${ALICE}`, 'x-request-id': ALICE }), 200)
  await waitFor(() => lines.filter((l) => l.msg === 'request').length >= 5)
  child.kill('SIGTERM')
  await once(child, 'exit')
  const everything = JSON.stringify(lines) + stderr
  assert.ok(lines.some((l) => typeof l.url === 'string' && l.url.includes('[redacted]')), 'the URL is logged with the secret cut out')
  assert.ok(lines.some((l) => l.msg === 'API keys loaded: /v1 routes need Authorization: Bearer' && JSON.stringify(l.keys) === '["alice","bob"]'))
  for (const secret of [ALICE, BOB]) assert.ok(!everything.includes(secret), `a log line holds ${secret}`)
})

test('open mode says so in exactly one warning line at start-up', async () => {
  const child = startServer({ SHUTDOWN_DELAY_MS: '0' })
  const { lines, waitFor } = logCollector(child)
  await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'))
  child.kill('SIGTERM')
  await once(child, 'exit')
  const warnings = lines.filter((l) => l.level === 40)
  assert.equal(warnings.length, 1, JSON.stringify(warnings))
  assert.match(String(warnings[0]?.msg), /API_KEYS is unset: the service is open/)
})
