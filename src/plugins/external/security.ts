import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { rateLimitKey } from '../app/access.js'
import { sharedCounters } from './rate-limit-store.js'

/**
 * @fastify/rate-limit per API key (per client address when the service is
 * open, or the key is wrong): a well-kept Fastify plugin, cheaper to trust
 * than to hand-write. With REDIS_URL the counters live in Redis, one limit
 * for every instance; see rate-limit-store.ts for what happens while Redis is
 * down. The security headers are helmet's set, precomputed
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
    await fastify.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: rateLimitKey,
      // The store falls back to local counts by itself; should it still fail, serve rather than 500.
      skipOnError: true,
      ...(counters ? { store: counters.store } : {}),
      allowList: (request) => request.url === '/healthz' || request.url === '/readyz'
    })
  }
}

export default fp(security, { name: 'security' })
