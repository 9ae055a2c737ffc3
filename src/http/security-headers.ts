import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { HttpProblem, MAX_URL_LENGTH, URL_TOO_LONG } from './problem.js'

/**
 * The headers @fastify/helmet sends with its defaults and
 * `contentSecurityPolicy: false` (Swagger UI sets its own CSP), on every
 * response alike: computed once rather than by eleven middleware calls and
 * eleven raw setHeader calls per request.
 * test/http/security-headers.test.ts fails if helmet's set changes.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
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
  'x-xss-protection': '0'
})

/** The headers every response carries: the security set and the request id (also on the router's own refusals, framework-errors.ts). */
export function setStandardHeaders (request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS)
  reply.header('x-request-id', request.id)
}

/**
 * One onRequest hook for the headers every response carries and for the URL
 * limit, the first hook so that an over-long URL is refused before anything
 * reads it.
 */
export function responseHeaders (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  setStandardHeaders(request, reply)
  if (request.url.length > MAX_URL_LENGTH) {
    done(new HttpProblem('uri-too-long', URL_TOO_LONG))
    return
  }
  done()
}
