import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import Fastify from 'fastify'
// @fastify/rate-limit's own wording of a wait (its dependency), which the service's 429 keeps.
import { format } from '@lukeed/ms'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { rateLimitHook, retryIn } from '../../src/plugins/external/security.js'
import { statelessApp } from '../helpers/app.js'
import { cuttableProxy } from '../helpers/proxy.js'
import { redisAvailable, redisNamespace, TEST_REDIS_URL } from '../helpers/redis.js'

// OpenAPI › Errors: 429 rate limited, as problem+json; health checks are never limited.
test('past RATE_LIMIT_PER_MINUTE a client gets a 429 problem; /healthz is never limited', async () => {
  const app = await statelessApp({ RATE_LIMIT_PER_MINUTE: '2' })
  try {
    const roll = async () => await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' } })
    assert.equal((await roll()).statusCode, 200)
    assert.equal((await roll()).statusCode, 200)
    const limited = await roll()
    assert.equal(limited.statusCode, 429)
    assert.match(limited.headers['content-type'] as string, /^application\/problem\+json/)
    assert.equal(limited.json<{ type: string }>().type, '/problems/too-many-requests')
    for (let i = 0; i < 3; i++) assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200)
  } finally {
    await app.close()
  }
})

// README › Access: the X-RateLimit-* trio on every limited route, counting down; past the limit 429 with Retry-After.
test('each answer counts down X-RateLimit-Remaining; past the limit: remaining 0, Retry-After as the reset, a detail saying the wait', async () => {
  const app = await statelessApp({ RATE_LIMIT_PER_MINUTE: '2' })
  try {
    const roll = async () => await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' } })
    const [first, second, third] = [await roll(), await roll(), await roll()]
    assert.deepEqual([first, second, third].map((r) => [r.statusCode, r.headers['x-ratelimit-limit'], r.headers['x-ratelimit-remaining']]), [[200, '2', '1'], [200, '2', '0'], [429, '2', '0']])
    for (const r of [first, second, third]) {
      const reset = Number(r.headers['x-ratelimit-reset'])
      assert.ok(reset > 0 && reset <= 60, `reset ${reset}`)
    }
    assert.equal(third.headers['retry-after'], third.headers['x-ratelimit-reset'])
    assert.equal(first.headers['retry-after'], undefined)
    assert.equal(third.json<{ detail: string }>().detail, `Rate limit exceeded, retry in ${format(Number(third.headers['retry-after']) * 1000, true)}`)
    // The health checks are not limited, and carry no count.
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).headers['x-ratelimit-limit'], undefined)
  } finally {
    await app.close()
  }
})

test('the wait in a 429 is worded as @fastify/rate-limit words it', () => {
  for (const ms of [0, 1_000, 2_000, 59_000, 60_000, 90_000, 3_599_000, 3_600_000, 86_400_000, 40_000_000_000]) {
    assert.equal(retryIn(ms), format(ms, true), String(ms))
  }
})

test('a counting store that fails lets the request through, its count read as 0 (the plugin\'s skipOnError)', async () => {
  const app = Fastify()
  app.decorate('config', loadConfig({ ENCOUNTERS: 'off' }))
  app.decorateRequest('tenant', 'public')
  app.addHook('onRequest', rateLimitHook({ incr: (_key, callback) => { callback(new Error('store down')) } }, 5))
  app.get('/v1/thing', async () => ({ ok: true }))
  try {
    const res = await app.inject({ method: 'GET', url: '/v1/thing' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual([res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining'], res.headers['x-ratelimit-reset']], ['5', '5', '0'])
  } finally {
    await app.close()
  }
})

const ALICE = 'alice-secret-0123456789'
const BOB = 'bob-secret-9876543210ab'
const KEYS = `alice:${ALICE},bob:${BOB}`

// README › Access: rate limits per key (per client address when open).
test('with API keys the limit is per key: Alice spending hers leaves Bob\'s whole, and requests without a valid key count per address', async () => {
  const app = await statelessApp({ RATE_LIMIT_PER_MINUTE: '2', API_KEYS: KEYS })
  try {
    const roll = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') => (await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' }, headers, remoteAddress })).statusCode
    const alice = { authorization: `Bearer ${ALICE}` }
    // Alice from two addresses: one budget, hers.
    assert.deepEqual([await roll(alice, '10.0.0.1'), await roll(alice, '10.0.0.2'), await roll(alice, '10.0.0.3')], [200, 200, 429])
    assert.deepEqual([await roll({ authorization: `Bearer ${BOB}` }), await roll({ authorization: `Bearer ${BOB}` })], [200, 200])
    // No key and a wrong key are refused with 401, and counted against the address, not against Alice.
    assert.deepEqual([await roll({}, '10.0.0.9'), await roll({ authorization: 'Bearer not-a-key-at-all-0000' }, '10.0.0.9'), await roll({}, '10.0.0.9')], [401, 401, 429])
  } finally {
    await app.close()
  }
})

test('open mode: the limit is per client address', async () => {
  const app = await statelessApp({ RATE_LIMIT_PER_MINUTE: '1' })
  try {
    const roll = async (remoteAddress: string) => (await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' }, remoteAddress })).statusCode
    assert.deepEqual([await roll('10.0.0.1'), await roll('10.0.0.1'), await roll('10.0.0.2')], [200, 429, 200])
  } finally {
    await app.close()
  }
})

/** An app whose log lines the test reads. */
async function loggedApp (env: NodeJS.ProcessEnv): Promise<{ app: FastifyInstance, lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write (chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text.trim() !== '') lines.push(JSON.parse(text) as Record<string, unknown>)
      done()
    }
  })
  const app = await buildApp({ config: loadConfig({ ENCOUNTERS: 'off', ...env }), logger: { level: 'info', stream } })
  await app.ready()
  return { app, lines }
}

async function until (what: string, ready: () => boolean | Promise<boolean>, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const redisUrl = await redisAvailable()
const skipRedis = redisUrl === false ? `Redis does not answer at ${TEST_REDIS_URL}` : false

test('REDIS_URL: two instances on one Redis enforce one limit per key', { skip: skipRedis }, async () => {
  const ns = redisNamespace()
  const env = { RATE_LIMIT_PER_MINUTE: '5', API_KEYS: KEYS, REDIS_URL: String(redisUrl), REDIS_KEY_PREFIX: ns.prefix }
  const one = await loggedApp(env)
  const two = await loggedApp(env)
  try {
    await until('both are connected', async () => (await Promise.all([one, two].map(async ({ app }) => (await app.inject({ url: '/readyz' })).json<{ checks: Array<{ ok: boolean }> }>().checks[0]?.ok))).every(Boolean))
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const { app } = i % 2 === 0 ? one : two
      statuses.push((await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' }, headers: { authorization: `Bearer ${ALICE}` } })).statusCode)
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429])
    const limited = await two.app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' }, headers: { authorization: `Bearer ${ALICE}` } })
    assert.equal(limited.json<{ type: string }>().type, '/problems/too-many-requests')
    assert.equal(limited.headers['x-ratelimit-limit'], '5')
    assert.ok(Number(limited.headers['retry-after']) > 0 && Number(limited.headers['retry-after']) <= 60)
    // The counters are Redis keys under the prefix, one per key name.
    const { Redis } = await import('ioredis')
    const client = new Redis(String(redisUrl))
    try {
      assert.deepEqual(await client.keys(`${ns.prefix}*`), [`${ns.prefix}rate-limit:key:alice`])
    } finally {
      client.disconnect()
    }
  } finally {
    await one.app.close()
    await two.app.close()
    await ns.clear()
  }
})

test('Redis lost: the API keeps answering under this instance\'s own limit and says so in the log; back when Redis returns', { skip: skipRedis, timeout: 30_000 }, async () => {
  const ns = redisNamespace()
  const proxy = await cuttableProxy(new URL(String(redisUrl)), 6379)
  const { app, lines } = await loggedApp({ RATE_LIMIT_PER_MINUTE: '3', API_KEYS: KEYS, REDIS_URL: proxy.url, REDIS_KEY_PREFIX: ns.prefix })
  const roll = async () => (await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' }, headers: { authorization: `Bearer ${ALICE}` } })).statusCode
  const redisCheck = async () => (await app.inject({ url: '/readyz' })).json<{ checks: Array<{ name: string, ok: boolean, detail?: string }> }>().checks.find((c) => c.name === 'redis')
  try {
    await until('Redis is connected', async () => (await redisCheck())?.ok === true)
    assert.equal(await roll(), 200) // counted in Redis: 1 of 3
    // Lines from here on belong to this outage: on a loaded machine a Redis
    // call slower than REDIS_COMMAND_TIMEOUT_MS before the cut is an outage of
    // its own, with its own line and its own "back" line.
    const outage = lines.length
    await proxy.cut()
    await until('the loss is logged', () => lines.slice(outage).some((l) => l.level === 40 && String(l.msg).startsWith('Redis unavailable')))
    // No 5xx, no waving through: a fresh local count of 3, then 429.
    assert.deepEqual([await roll(), await roll(), await roll(), await roll()], [200, 200, 200, 429])
    const check = await redisCheck()
    assert.deepEqual(check, { name: 'redis', ok: false, detail: 'not reachable: rate limits count per instance' })
    assert.equal((await app.inject({ url: '/readyz' })).statusCode, 200, 'Redis down does not take the instance out of rotation')
    assert.equal(lines.slice(outage).filter((l) => String(l.msg).startsWith('Redis unavailable')).length, 1, 'one line per outage, not one per request')

    await proxy.restore()
    await until('the return is logged', () => lines.slice(outage).some((l) => l.msg === 'Redis is back: rate limits are shared across instances again'), 15_000)
    assert.equal((await redisCheck())?.ok, true)
    // Shared again: Redis still holds the 1 from before the cut.
    assert.deepEqual([await roll(), await roll(), await roll()], [200, 200, 429])
  } finally {
    await app.close()
    await proxy.cut()
    await ns.clear()
  }
})
