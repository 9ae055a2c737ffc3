import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { makeProblem, URL_TOO_LONG, type ProblemKind } from './problem.js'
import { setStandardHeaders } from './security-headers.js'

/**
 * The router's errors, raised before a route (and so before any hook or the
 * error handler) is chosen; Fastify's default answers them with plain JSON.
 */
const KINDS: Record<string, { kind: ProblemKind, detail: string }> = {
  FST_ERR_BAD_URL: { kind: 'malformed-url', detail: 'The URL has a percent-escape that is not valid UTF-8 (for example %E0%A4%A)' },
  // maxParamLength is the URL limit itself, so only an over-long URL gets here.
  FST_ERR_MAX_PARAM_LENGTH: { kind: 'uri-too-long', detail: URL_TOO_LONG }
}

/** Fastify's `frameworkErrors`: the router's refusals as problem+json, with the headers every response carries. */
export function frameworkErrors (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { kind, detail } = KINDS[error.code] ?? { kind: 'validation-failed' as const, detail: 'The request cannot be routed' }
  // The URL may be the offence (4 KiB of it, or bytes that are not UTF-8): neither echoed nor logged whole.
  const problem = makeProblem(kind, detail, '')
  setStandardHeaders(request, reply)
  void reply.code(problem.status).type('application/problem+json').send(problem)
}

