import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { makeProblem, type ProblemKind } from './problem.js'

// Node's own codes for a request that never became one: no route, no reply
// object, only the socket. Fastify's default answer here is plain JSON.
const KINDS: Record<string, { kind: ProblemKind, detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { kind: 'request-timeout', detail: 'The request headers and body did not arrive within the server\'s request timeout' },
  HPE_HEADER_OVERFLOW: { kind: 'headers-too-large', detail: 'The request headers exceed the server\'s limit' }
}

/**
 * Fastify's `clientErrorHandler`: a malformed, oversized or stalled request
 * is answered with problem+json (when nothing was sent on the socket yet) and
 * the connection is closed, so a client that trickles its body cannot hold it.
 */
export function clientErrorHandler (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const { kind, detail } = (error.code ? KINDS[error.code] : undefined) ?? { kind: 'validation-failed' as const, detail: 'The request is not valid HTTP' }
  this.log.info({ code: error.code, remoteAddress: socket.remoteAddress }, `client error: ${kind}`)
  // A response already under way (a stalled upload to a route that answered early) cannot take a second head.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const problem = makeProblem(kind, detail, '')
    const body = JSON.stringify(problem)
    socket.write(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
  }
  socket.destroy(error)
}
