import { createRequire } from 'node:module'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { HttpProblem, MAX_URL_LENGTH, URL_TOO_LONG } from './problem.js'

/**
 * The headers every response carries: the ones @fastify/helmet sends with
 * its defaults and `contentSecurityPolicy: false` (Swagger UI sets its own
 * CSP), then the request id. Written out as one object literal, so that each
 * request's set is a single allocation of one fixed shape, rather than
 * twelve `reply.header` calls that each add a property to Fastify's header
 * object (about 3 µs a request under load).
 * test/http/security-headers.test.ts fails if helmet's set changes.
 */
function standardHeaders (requestId: string): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'x-request-id': requestId
  }
}

/** helmet's set alone (without the request id). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(standardHeaders('')).filter(([name]) => name !== 'x-request-id'))
)

// Where Fastify keeps the headers a reply will send (`reply.header` writes
// there; they are handed to Node's writeHead as they stand). Not public API:
// should a Fastify upgrade move it, the hook finds nothing there and falls
// back to `reply.headers`.
const { kReplyHeaders } = createRequire(import.meta.url)('fastify/lib/symbols.js') as { kReplyHeaders?: symbol }
type HeldHeaders = Record<PropertyKey, Record<string, unknown> | undefined>

/**
 * The reply's own header object, for a hook that sets fixed lower-case
 * names (not set-cookie) on every request: the same as `reply.header` for
 * those, without its per-call lower-casing and keyed store. Undefined if a
 * Fastify upgrade moves it; the caller then uses `reply.header`.
 */
export function heldHeaders (reply: FastifyReply): Record<string, unknown> | undefined {
  return kReplyHeaders === undefined ? undefined : (reply as unknown as HeldHeaders)[kReplyHeaders]
}

/** The headers every response carries: the security set and the request id (also on the router's own refusals, framework-errors.ts). */
export function setStandardHeaders (request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(standardHeaders(request.id))
}

/** Whether an object has no own enumerable property, without allocating. */
function isEmpty (object: Record<string, unknown>): boolean {
  for (const _ in object) return false
  return true
}

/**
 * One onRequest hook for the headers every response carries and for the URL
 * limit, the first hook so that an over-long URL is refused before anything
 * reads it. Being first, it finds the reply's header object empty and puts
 * the whole set in its place (the same headers in the same order as
 * `reply.headers` would give).
 */
export function responseHeaders (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const held = kReplyHeaders === undefined ? undefined : (reply as unknown as HeldHeaders)[kReplyHeaders]
  if (held !== undefined && isEmpty(held)) (reply as unknown as HeldHeaders)[kReplyHeaders!] = standardHeaders(request.id)
  else setStandardHeaders(request, reply)
  if (request.url.length > MAX_URL_LENGTH) {
    done(new HttpProblem('uri-too-long', URL_TOO_LONG))
    return
  }
  done()
}
