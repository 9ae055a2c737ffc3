import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

// Probes arrive every few seconds from every orchestrator and load balancer:
// logged only at debug, so `info` shows traffic, not heartbeats.
const PROBES = new Set(['/healthz', '/readyz'])
const MAX_URL = 300

/**
 * One line per request, written when the response is done, in place of
 * Fastify's two ("incoming request", "request completed"): method, url,
 * route, status, duration and client address (the request id is the
 * logger's label). Never a body or a header.
 */
export class RequestLog extends LogController {
  override incomingRequest (): void {}

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url
    const line = {
      method: request.method,
      url: request.url.length > MAX_URL ? `${request.url.slice(0, MAX_URL)}…` : request.url,
      route,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip
    }
    if (error) reply.log.error({ ...line, err: error }, 'request failed while responding')
    else if (route !== undefined && PROBES.has(route)) reply.log.debug(line, 'request')
    else reply.log.info(line, 'request')
  }
}
