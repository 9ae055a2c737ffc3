import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

// Probes arrive every few seconds from every orchestrator and load balancer:
// logged only at debug, so `info` shows traffic, not heartbeats.
const PROBES = new Set(['/healthz', '/readyz'])
const MAX_URL = 300

type Secrets = ReadonlyArray<{ secret: string }> | null

/** A client that put an API key in the URL (refused: keys go in the header) must not have it logged. */
function withoutSecrets (url: string, keys: Secrets): string {
  if (keys === null) return url
  let clean = url
  for (const { secret } of keys) if (clean.includes(secret)) clean = clean.split(secret).join('[redacted]')
  return clean
}

/** Whether a client-chosen value that gets logged (an x-request-id) carries an API key's secret. */
export function holdsSecret (value: string, keys: Secrets): boolean {
  return keys !== null && keys.some(({ secret }) => value.includes(secret))
}

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
    const url = withoutSecrets(request.url, request.server.config.apiKeys)
    const line = {
      method: request.method,
      url: url.length > MAX_URL ? `${url.slice(0, MAX_URL)}…` : url,
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
