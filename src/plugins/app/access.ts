// Access (CONTRACT › Access): API keys as Bearer tokens on every /v1 route,
// and the tenant each request acts for. Health, readiness, docs and the
// OpenAPI document stay public.
import { createHash, timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ApiKey } from '../../config.js'
import { HttpProblem } from '../../http/problem.js'
import { problemResponse } from '../../schemas/common.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts for: the API key's name, or `public` when the service runs open. Every encounter belongs to one. */
    tenant: string
  }
}

/** The open mode's one tenant: every caller shares it. */
export const OPEN_TENANT = 'public'

export const SECURITY_SCHEME = 'bearerAuth'

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i
// Query parameters a client might try a key in; named in the 401 so the mistake is plain.
const KEY_PARAMS = /[?&](api[_-]?key|apikey|key|token|access[_-]?token|secret|authorization)=/i

const REALM = 'Bearer realm="d20"'

/** Whether a route is behind the keys: the /v1 API, not health, docs or the problem catalogue. */
export function isProtected (url: string): boolean {
  return url.startsWith('/v1/')
}

/**
 * The key whose secret the Authorization header carries, or null. Every key
 * is compared (no early exit), each as SHA-256 digests with timingSafeEqual,
 * so neither a secret's content nor its length shows in the time taken.
 */
export function keyOf (keys: readonly ApiKey[], authorization: string | undefined): string | null {
  if (authorization === undefined) return null
  const m = BEARER.exec(authorization)
  if (!m) return null
  const presented = createHash('sha256').update(m[1] ?? '').digest()
  let found: string | null = null
  for (const key of keys) {
    if (timingSafeEqual(presented, key.secretHash) && found === null) found = key.name
  }
  return found
}

/**
 * The identity the rate limiter counts a request under: its key, else its
 * address. It runs before the access check and leaves the tenant set, so a
 * valid key is hashed once per request.
 */
export function rateLimitKey (request: FastifyRequest): string {
  const keys = request.server.config.apiKeys
  const name = keys === null ? null : keyOf(keys, request.headers.authorization)
  if (name === null) return `ip:${request.ip}`
  request.tenant = name
  return `key:${name}`
}

function unauthorized (request: FastifyRequest): HttpProblem {
  const header = request.headers.authorization
  if (header === undefined) {
    const detail = KEY_PARAMS.test(request.url)
      ? 'API keys are accepted only in the Authorization header (Bearer), never in the URL'
      : 'this route needs an API key: Authorization: Bearer <secret>'
    return new HttpProblem('unauthorized', detail, [{ path: 'header:authorization', message: 'missing' }], { 'www-authenticate': REALM })
  }
  const detail = BEARER.test(header) ? 'the API key is not valid' : 'the Authorization header must be "Bearer <secret>"'
  return new HttpProblem('unauthorized', detail, [{ path: 'header:authorization', message: 'not a valid API key' }], { 'www-authenticate': `${REALM}, error="invalid_token"` })
}

/**
 * Decorates every request with its tenant. With API_KEYS set, each /v1 route
 * gets an onRequest check that answers 401 unless the Bearer secret is one
 * of the keys; it is added per route after the rate limiter's, so refused
 * requests are counted (by address) too. The routes' OpenAPI operations
 * declare the bearer scheme and the 401.
 */
async function access (fastify: FastifyInstance): Promise<void> {
  const keys = fastify.config.apiKeys
  fastify.decorateRequest('tenant', OPEN_TENANT)
  if (keys === null) {
    fastify.log.warn('API_KEYS is unset: the service is open, every /v1 route answers anyone who can reach it and all callers share one tenant')
  } else {
    fastify.log.info({ keys: keys.map((k) => k.name) }, 'API keys loaded: /v1 routes need Authorization: Bearer')
  }

  const check = async (request: FastifyRequest): Promise<void> => {
    // Set already by the rate limiter (unless the key is itself named `public`).
    if (request.tenant !== OPEN_TENANT) return
    const name = keyOf(keys ?? [], request.headers.authorization)
    if (name === null) throw unauthorized(request)
    request.tenant = name
  }

  fastify.addHook('onRoute', (route) => {
    if (!isProtected(route.url)) return
    const schema = route.schema as { hide?: boolean, security?: unknown, response?: Record<string, unknown> } | undefined
    if (schema && !schema.hide) {
      // Documented whether or not this instance runs with keys: the contract is the keyed service.
      schema.security = [{ [SECURITY_SCHEME]: [] }]
      schema.response = { 401: problemResponse('No API key, or not one of this service\'s (`WWW-Authenticate: Bearer`). Sent only when the service runs with API keys.'), ...schema.response }
    }
    if (keys === null) return
    const existing = route.onRequest
    route.onRequest = existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check]
  })
}

export default fp(access, { name: 'access' })
