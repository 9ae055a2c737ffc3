// The precomputed security headers (src/http/security-headers.ts) are the
// set @fastify/helmet sends with the service's options, on every kind of
// response: a result, a 404, a 400 and a 422 problem.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import Fastify, { type FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'
import { statelessApp } from '../helpers/app.js'
import { SECURITY_HEADERS } from '../../src/http/security-headers.js'

let app: FastifyInstance
before(async () => { app = await statelessApp({ RATE_LIMIT_PER_MINUTE: '1000' }) })
after(async () => { await app.close() })

/** Every header helmet adds to an empty response. */
async function helmetHeaders (): Promise<Record<string, string>> {
  const bare = Fastify()
  await bare.register(helmet, { contentSecurityPolicy: false, global: true })
  bare.get('/', async () => 'x')
  const res = await bare.inject('/')
  await bare.close()
  const added: Record<string, string> = {}
  for (const [name, value] of Object.entries(res.headers)) {
    if (!['content-type', 'content-length', 'date', 'connection'].includes(name)) added[name] = String(value)
  }
  return added
}

test('the precomputed set is exactly what @fastify/helmet sends (contentSecurityPolicy off)', async () => {
  assert.deepEqual({ ...SECURITY_HEADERS }, await helmetHeaders())
})

test('every response carries the security headers and its request id: a result, a 404, a 400 and a 422', async () => {
  const responses = [
    await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d20' } }),
    await app.inject({ method: 'GET', url: '/v1/nowhere' }),
    await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: 7 } }),
    await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1000d6+1d6' } }),
    await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d20' }, headers: { 'x-request-id': 'table-7' } })
  ]
  assert.deepEqual(responses.map((r) => r.statusCode), [200, 404, 400, 422, 200])
  for (const res of responses) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(res.headers[name], value, name)
    assert.match(String(res.headers['x-request-id']), /^[A-Za-z0-9._:@/+=-]+$/)
    if (res.statusCode !== 404) assert.ok(res.headers['x-ratelimit-limit'], 'rate limiting still counts a routed request')
  }
  assert.equal(responses[4]!.headers['x-request-id'], 'table-7')
})
