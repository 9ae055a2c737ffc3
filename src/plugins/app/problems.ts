import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError, type ProblemMembers } from '../../rules/errors.js'
import { HttpProblem, instanceOf, makeProblem, type ProblemField, type ProblemKind } from '../../http/problem.js'
import { fieldErrors } from '../../http/validation.js'
import { AllowedMethods } from '../../http/allowed-methods.js'

const FASTIFY_CODES: Record<string, ProblemKind> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation-failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid-json',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'too-many-requests'
}

// Statuses plugins raise on their own (the docs' static files: a path
// outside their folder is 403 there, answered here as the 404 it is to a
// client; a stale If-Match 412, a bad Range 416).
const STATUS_KINDS: Record<number, ProblemKind> = {
  403: 'not-found',
  404: 'not-found',
  405: 'method-not-allowed',
  412: 'precondition-failed',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  416: 'range-not-satisfiable',
  429: 'too-many-requests'
}

/**
 * The first content coding other than identity in a Content-Encoding value
 * (RFC 9110 § 8.4), or null when the body is as sent.
 */
function unsupportedCoding (value: string): string | null {
  for (const part of value.split(',')) {
    const coding = part.trim().toLowerCase()
    if (coding !== '' && coding !== 'identity') return coding
  }
  return null
}

/** Whether the request carries content (RFC 9112 § 6.3): Fastify reads a body only then, and never for GET or HEAD. */
function hasContent (request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

function send (reply: FastifyReply, request: FastifyRequest, kind: ProblemKind, detail: string, errors: ProblemField[] = [], members: ProblemMembers = {}): FastifyReply {
  const problem = makeProblem(kind, detail, instanceOf(request.url), errors, members)
  return reply.code(problem.status).type('application/problem+json').send(problem)
}

/**
 * Every error leaves as RFC 9457 problem+json. Client mistakes keep their own
 * status; anything unexpected is logged with its stack and answered with a
 * generic 500 that leaks nothing.
 */
async function problems (fastify: FastifyInstance): Promise<void> {
  fastify.setErrorHandler((error: FastifyError | DomainError | HttpProblem, request, reply) => {
    // The one mapping of the domain's errors: the kind is the problem type and chooses the status.
    if (error instanceof DomainError) {
      if (error.kind === 'database-unavailable') request.log.warn({ err: error.cause }, 'database unavailable')
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return send(reply, request, error.kind, error.message, error.errors, error.members)
    }
    // Raised by the HTTP layer itself (access, limits, content coding), with its headers.
    if (error instanceof HttpProblem) {
      reply.headers(error.headers)
      return send(reply, request, error.kind, error.message, error.errors)
    }
    const fastifyError = error as FastifyError
    if (fastifyError.validation) {
      const errors = fieldErrors(fastifyError.validation as never, fastifyError.validationContext)
      const detail = `${errors.length} field${errors.length === 1 ? '' : 's'} failed validation: ${errors.slice(0, 3).map((e) => `${e.path || '(body)'} ${e.message}`).join('; ')}`
      return send(reply, request, 'validation-failed', detail, errors)
    }
    const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined
    if (known) {
      return send(reply, request, known, fastifyError.message)
    }
    const status = fastifyError.statusCode ?? 500
    if (status >= 400 && status < 500) {
      request.log.debug({ err: error }, 'client error') // the request line says the status
      const kind = STATUS_KINDS[status]
      // A known kind is sent with its own status, so that `type` and `status` always agree.
      if (kind !== undefined) return send(reply, request, kind, status === 403 ? `No such resource ${instanceOf(request.url)}` : fastifyError.message)
      const problem = makeProblem('validation-failed', fastifyError.message, instanceOf(request.url))
      problem.status = status
      return reply.code(status).type('application/problem+json').send(problem)
    }
    request.log.error({ err: error }, 'unhandled error')
    return send(reply, request, 'internal-error', 'An unexpected error occurred; the request id identifies it in the logs.')
  })

  // Request bodies are never inflated (compression.ts): a coded body is a 415
  // naming the coding, before a byte is read, not an invalid-json 400 (RFC
  // 9110 § 15.5.16, with Accept-Encoding saying what is taken). An onRequest
  // hook, since that runner runs anyway (app.ts's own hook); a preParsing hook
  // would start a second runner, with its closures, on every request. So a
  // coded body is refused before the API key and rate limit are looked at.
  // Without the header, the one lookup is all it costs.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['content-encoding']
    if (header === undefined) { done(); return }
    const coding = unsupportedCoding(header)
    if (coding === null || !hasContent(request)) { done(); return }
    done(new HttpProblem('unsupported-media-type', `Content-Encoding ${coding} is not supported: send the body as is (identity)`,
      [{ path: 'header:content-encoding', message: `${coding} is not supported; only identity` }], { 'accept-encoding': 'identity' }))
  })

  // Registered first (app.ts), so every route after it is seen here.
  const allowedMethods = new AllowedMethods()
  fastify.addHook('onRoute', (route) => { allowedMethods.add(route.method, route.url) })

  fastify.setNotFoundHandler((request, reply) => {
    const path = instanceOf(request.url)
    const allow = allowedMethods.allowed(path)
    if (allow !== null && !allow.includes(request.method)) {
      reply.header('allow', allow.join(', '))
      return send(reply, request, 'method-not-allowed', `${path} answers ${allow.join(', ')}, not ${request.method}`)
    }
    return send(reply, request, 'not-found', `No route ${request.method} ${path}`)
  })
}

export default fp(problems, { name: 'problems' })
