// Access (README › Access): API keys as Bearer tokens on every /v1 route,
// and the tenant each request acts for. Health, readiness, docs and the
// OpenAPI document stay public.
import { createHash, timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ApiKey } from '../../config.js'
import { HttpProblem } from '../../http/problem.js'
import { STREAM_ROUTE, StreamTokens, TOKEN_PARAM, TOKEN_REFUSALS } from '../../http/stream-tokens.js'
import { problemResponse } from '../../schemas/common.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts for: the API key's name, or `public` when the service runs open. Every encounter belongs to one. */
    tenant: string
  }
  interface FastifyInstance {
    /** Issues and checks the tokens that open one encounter's event stream (src/http/stream-tokens.ts). */
    streamTokens: StreamTokens
  }
}

/** The open mode's one tenant: every caller shares it. */
export const OPEN_TENANT = 'public'

export const SECURITY_SCHEME = 'bearerAuth'
/** The stream route's second way in: a stream token as `?token=`. */
export const STREAM_TOKEN_SCHEME = 'streamToken'

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
      ? 'API keys are accepted only in the Authorization header (Bearer), never in the URL; a stream token (?token=) opens only GET /v1/encounters/{id}/stream'
      : 'this route needs an API key: Authorization: Bearer <secret>'
    return new HttpProblem('unauthorized', detail, [{ path: 'header:authorization', message: 'missing' }], { 'www-authenticate': REALM })
  }
  const detail = BEARER.test(header) ? 'the API key is not valid' : 'the Authorization header must be "Bearer <secret>"'
  return new HttpProblem('unauthorized', detail, [{ path: 'header:authorization', message: 'not a valid API key' }], { 'www-authenticate': `${REALM}, error="invalid_token"` })
}

/** The `?token=` of a request, or undefined without one; given twice it is no token (empty, refused as malformed). */
function tokenOf (request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[TOKEN_PARAM]
  if (value === undefined) return undefined
  return typeof value === 'string' ? value : ''
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
  fastify.decorate('streamTokens', new StreamTokens(keys))
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

  // The event stream: an API key as everywhere, or, without an Authorization
  // header, a stream token for this very encounter (a browser's EventSource
  // cannot send the header). The token gives the tenant; the route's own
  // ownership check then applies as for a key.
  const checkStream = async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request)
    if (token === undefined || request.headers.authorization !== undefined) return check(request)
    const result = fastify.streamTokens.verify(token, (request.params as { id?: string }).id ?? '')
    if (!result.ok) {
      throw new HttpProblem('unauthorized', `${TOKEN_REFUSALS[result.reason]} (POST /v1/encounters/{id}/stream-tokens issues one)`,
        [{ path: `?${TOKEN_PARAM}`, message: TOKEN_REFUSALS[result.reason] }], { 'www-authenticate': `${REALM}, error="invalid_token"` })
    }
    request.tenant = result.tenant
  }

  fastify.addHook('onRoute', (route) => {
    if (!isProtected(route.url)) return
    const stream = route.url === STREAM_ROUTE && route.method === 'GET'
    const schema = route.schema as { hide?: boolean, security?: unknown, response?: Record<string, unknown> } | undefined
    if (schema && !schema.hide) {
      // Documented whether or not this instance runs with keys: the contract is the keyed service.
      schema.security = stream ? [{ [SECURITY_SCHEME]: [] }, { [STREAM_TOKEN_SCHEME]: [] }] : [{ [SECURITY_SCHEME]: [] }]
      schema.response = {
        401: problemResponse(stream
          ? 'No API key and no stream token, or not a valid one: a wrong or expired token, or one issued for another encounter, is a 401 naming `?token` (`WWW-Authenticate: Bearer`). Sent only when the service runs with API keys.'
          : 'No API key, or not one of this service\'s (`WWW-Authenticate: Bearer`). Sent only when the service runs with API keys.'),
        ...schema.response
      }
    }
    if (keys === null) return
    const hook = stream ? checkStream : check
    const existing = route.onRequest
    route.onRequest = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook]
  })
}

export default fp(access, { name: 'access' })
