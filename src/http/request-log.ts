import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

// Probes arrive every few seconds from every orchestrator and load balancer:
// logged only at debug, so `info` shows traffic, not heartbeats.
const PROBES = new Set(['/healthz', '/readyz'])
const MAX_URL = 300

type Secrets = ReadonlyArray<{ secret: string }> | null

// Query parameters that carry a credential: a stream token (`token`, the one
// place a credential belongs in a URL) and the names a key is refused under.
const CREDENTIAL_PARAM = /^(api[_-]?key|apikey|key|token|access[_-]?token|secret|authorization)$/i

function decodedName (name: string): string {
  try { return decodeURIComponent(name.replace(/\+/g, ' ')) } catch { return name }
}

/**
 * A URL fit for a log line: the value of every credential-like query
 * parameter replaced (its name read as the query parser reads it, escapes
 * decoded), whether the credential is valid or not and with or without
 * keys set; and a client that put an API key's secret anywhere in the URL
 * (refused: keys go in the header) does not have it logged either.
 */
export function withoutSecrets (url: string, keys: Secrets): string {
  const q = url.indexOf('?')
  let clean = q < 0
    ? url
    : `${url.slice(0, q)}?${url.slice(q + 1).split('&').map((pair) => {
      const eq = pair.indexOf('=')
      return eq >= 0 && CREDENTIAL_PARAM.test(decodedName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=[redacted]` : pair
    }).join('&')}`
  if (keys === null) return clean
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
