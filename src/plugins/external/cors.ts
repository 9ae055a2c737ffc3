import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'

/** What a browser app may read from a response: the contract's four, the rate-limit state and idempotent replays. */
export const EXPOSED_HEADERS = [
  'ETag', 'Location', 'Retry-After', 'x-request-id',
  'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'Idempotent-Replayed'
]
/** What a browser app may send: the key, JSON, the write preconditions and a stream's resume point. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Idempotency-Key', 'Last-Event-ID', 'x-request-id']

/**
 * CORS for browser apps, by CORS_ORIGINS (README › Access): preflights are
 * answered in @fastify/cors' onRequest hook, before the rate limiter and the
 * API-key check, since a browser sends no credentials with them. Unset: the
 * plugin is not registered and no response carries a CORS header.
 */
async function corsPolicy (fastify: FastifyInstance): Promise<void> {
  const origins = fastify.config.corsOrigins
  if (origins === null) return
  await fastify.register(cors, {
    origin: origins === '*' ? '*' : origins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    // Bearer keys, not cookies: a browser never needs to send credentials.
    credentials: false,
    maxAge: 600,
    // Strict, an OPTIONS without Origin and Access-Control-Request-Method is a
    // text/plain 400 sent from the plugin's hook, past the problem handler;
    // lenient, it gets the preflight answer (204), which tells such a caller
    // what it asked: the methods.
    strictPreflight: false
  })
}

export default fp(corsPolicy, { name: 'cors' })
