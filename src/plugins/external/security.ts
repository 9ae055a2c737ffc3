import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'

/**
 * helmet for the usual security headers (Swagger UI brings its own CSP via
 * `staticCSP`, so helmet's global CSP stays off) and @fastify/rate-limit per
 * client address. Both are well-kept Fastify plugins: cheaper to trust than to
 * hand-write.
 */
async function security (fastify: FastifyInstance, options: { rateLimitPerMinute: number }): Promise<void> {
  await fastify.register(helmet, { contentSecurityPolicy: false, global: true })
  if (options.rateLimitPerMinute > 0) {
    await fastify.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => request.url === '/healthz' || request.url === '/readyz'
    })
  }
}

export default fp(security, { name: 'security' })
