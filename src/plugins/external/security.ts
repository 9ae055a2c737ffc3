import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'

/**
 * @fastify/rate-limit per client address. The security headers are helmet's
 * set, precomputed (src/http/security-headers.ts) and sent by app.ts's one
 * onRequest hook with the request id.
 */
async function security (fastify: FastifyInstance, options: { rateLimitPerMinute: number }): Promise<void> {
  if (options.rateLimitPerMinute > 0) {
    await fastify.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => request.url === '/healthz' || request.url === '/readyz'
    })
  }
}

export default fp(security, { name: 'security' })
