import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify'
import { rateLimitKey } from '../app/access.js'
import { heldHeaders } from '../../http/security-headers.js'
import { localCounters, sharedCounters, type Counted, type CountingStore } from './rate-limit-store.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: the route is never rate limited (the health checks). */
    rateLimit?: false
  }
}

const MINUTE_MS = 60_000

/**
 * How @fastify/rate-limit words a wait in its 429 (@lukeed/ms `format(ms,
 * true)`): under a second in ms, then seconds, minutes, hours, days, years,
 * rounded half up.
 */
export function retryIn (ms: number): string {
  const units: Array<[string, number]> = [['year', 31_557_600_000], ['day', 86_400_000], ['hour', 3_600_000], ['minute', MINUTE_MS], ['second', 1_000]]
  const abs = Math.abs(ms)
  if (abs < 1_000) return `${ms} ms`
  const [unit, size] = units.find(([, size]) => abs >= size)!
  const value = abs / size
  const count = (value | 0) === value ? value : Math.floor(value + 0.5)
  return `${ms < 0 ? '-' : ''}${count} ${unit}${count !== 1 ? 's' : ''}`
}

/**
 * The per-request half of @fastify/rate-limit, as one callback hook: the
 * request's key (rateLimitKey) is counted in the plugin's own stores, and
 * the answer carries the same headers and, past the limit, the same 429
 * error as the plugin's hook gives. The plugin's hook is an async function
 * awaiting its key, its allow-list, its store and itself in turn, and reads
 * `request.routeOptions` (an object built per call) for a group id this
 * service never sets: about 10% of the CPU of a full attack under load.
 * With the local store this hook calls back at once and costs no promise.
 * A store error lets the request through, as the plugin's `skipOnError`
 * does (the count then reads 0).
 */
export function rateLimitHook (store: CountingStore, max: number): onRequestHookHandler {
  return function rateLimit (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    store.incr(rateLimitKey(request), (error: Error | null, counted?: Counted) => {
      const current = error || counted === undefined ? 0 : counted.current
      const reset = error || counted === undefined ? 0 : Math.ceil(counted.ttl / 1000)
      if (current <= max) {
        const held = heldHeaders(reply)
        if (held === undefined) {
          reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', Math.max(0, max - current)).header('x-ratelimit-reset', reset)
        } else {
          held['x-ratelimit-limit'] = max
          held['x-ratelimit-remaining'] = Math.max(0, max - current)
          held['x-ratelimit-reset'] = reset
        }
        done()
        return
      }
      reply.header('x-ratelimit-limit', max)
      reply.header('x-ratelimit-remaining', 0)
      reply.header('x-ratelimit-reset', reset)
      reply.header('retry-after', reset)
      done(Object.assign(new Error(`Rate limit exceeded, retry in ${retryIn(reset * 1000)}`), { statusCode: 429 }))
    }, MINUTE_MS, max)
  }
}

/**
 * Rate limiting per API key (per client address when the service is open,
 * or the key is wrong), counted by @fastify/rate-limit's stores: a limit a
 * minute on every route but those that opt out (`config: { rateLimit:
 * false }`: the health checks). With REDIS_URL the counters live in Redis,
 * one limit for every instance; see rate-limit-store.ts for what happens
 * while Redis is down. The security headers are helmet's set, precomputed
 * (src/http/security-headers.ts) and sent by app.ts's one onRequest hook with
 * the request id.
 */
async function security (fastify: FastifyInstance, options: { rateLimitPerMinute: number }): Promise<void> {
  if (options.rateLimitPerMinute > 0) {
    const { redisUrl, redisKeyPrefix } = fastify.config
    const counters = redisUrl === undefined ? undefined : sharedCounters(redisUrl, redisKeyPrefix, fastify.log)
    if (counters) {
      fastify.addHook('onClose', async () => counters.close())
      // /readyz reports it, without failing on it: the limit still holds per instance.
      fastify.addHook('onReady', async () => {
        fastify.readinessChecks.push(async () => counters.shared()
          ? { name: 'redis', ok: true }
          : { name: 'redis', ok: false, detail: 'not reachable: rate limits count per instance' })
      })
      fastify.log.info('rate limits shared through Redis (REDIS_URL)')
    }
    const hook = rateLimitHook(counters ? counters.store : localCounters(), options.rateLimitPerMinute)
    // Per route, as the plugin adds its hook: after the route's earlier
    // onRequest hooks (compression's), before later plugins' (the API-key check).
    fastify.addHook('onRoute', (route) => {
      if (route.config?.rateLimit === false) return
      const existing = route.onRequest
      route.onRequest = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook]
    })
  }
}

export default fp(security, { name: 'security' })
