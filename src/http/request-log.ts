import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'

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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>
/** The service's own logger (pino), which can say whether a level is written. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled: (level: string) => boolean }
type Write = (...args: unknown[]) => void

/**
 * A request's logger (`request.log`, `reply.log`), whose pino child (the
 * logger that adds the request id to each line) is made only when something
 * logs through it: most requests log nothing but their one line
 * (RequestLog), which `line` writes through the service's logger with the
 * request id as its first field, the same bytes the child would write. So a
 * request at `warn` makes no child at all, and one at `info` none either.
 */
export class RequestLogger implements FastifyBaseLogger {
  private child_: FastifyBaseLogger | null = null
  /** Whether the child would add nothing but its bindings (no level or serializers of the route's own). */
  private readonly plain: boolean

  constructor (private readonly parent: ParentLogger, private readonly bindings: Bindings, private readonly options: ChildOptions) {
    this.plain = isEmpty(options)
  }

  /** The pino child, made on first use. */
  private get made (): FastifyBaseLogger {
    this.child_ ??= this.parent.child(this.bindings, this.options)
    return this.child_
  }

  get level (): string { return this.made.level }
  set level (level: string) { this.made.level = level }
  fatal (...args: unknown[]): void { (this.made.fatal as Write).apply(this.made, args) }
  error (...args: unknown[]): void { (this.made.error as Write).apply(this.made, args) }
  warn (...args: unknown[]): void { (this.made.warn as Write).apply(this.made, args) }
  info (...args: unknown[]): void { (this.made.info as Write).apply(this.made, args) }
  debug (...args: unknown[]): void { (this.made.debug as Write).apply(this.made, args) }
  trace (...args: unknown[]): void { (this.made.trace as Write).apply(this.made, args) }
  silent (...args: unknown[]): void { (this.made.silent as Write).apply(this.made, args) }
  child (bindings: Bindings, options?: ChildOptions): FastifyBaseLogger { return this.made.child(bindings, options) }

  /** Whether a line at this level would be written. */
  enabled (level: Level): boolean {
    return this.plain ? this.parent.isLevelEnabled(level) : (this.made as ParentLogger).isLevelEnabled(level)
  }

  /**
   * Whether `line` writes through the service's logger (no child was
   * needed), which does not add the bindings: the fields then carry the
   * request id themselves, first, where the child would put it.
   */
  get unbound (): boolean {
    return this.child_ === null && this.plain
  }

  /** One line at `level`: through the service's logger while unbound, else through the child. */
  line (level: Exclude<Level, 'silent'>, fields: Record<string, unknown>, msg: string): void {
    if (this.unbound) this.parent[level](fields, msg)
    else this.made[level](fields, msg)
  }
}

function isEmpty (object: object): boolean {
  for (const _ in object) return false
  return true
}

/** Fastify's `childLoggerFactory` for a pino logger: each request gets a RequestLogger. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new RequestLogger(logger as ParentLogger, bindings, options)

/**
 * One line per request, written when the response is done, in place of
 * Fastify's two ("incoming request", "request completed"): method, url,
 * route, status, duration and client address (the request id under the
 * logger's label, `requestId`). Never a body or a header. Nothing of it is
 * worked out when its level is not logged (a request at `warn` that went
 * well).
 */
export class RequestLog extends LogController {
  constructor () {
    super({ requestIdLogLabel: 'requestId' })
  }

  override incomingRequest (): void {}

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log
    // Below `info` only a probe's line (debug) could be written, and it is not either when info is not.
    if (!error && log instanceof RequestLogger && !log.enabled('info')) return
    const route = request.routeOptions.url
    const level = error ? 'error' : route !== undefined && PROBES.has(route) ? 'debug' : 'info'
    if (log instanceof RequestLogger && level === 'debug' && !log.enabled('debug')) return
    const url = withoutSecrets(request.url, request.server.config.apiKeys)
    // The request id is the child's binding; written through the service's
    // logger it is a field of its own, first, where the child puts it;
    // undefined otherwise, which pino leaves out. (One literal: merging the
    // id in with a spread or Object.assign took V8's slow path on Node 20,
    // 2-8 µs a line.)
    const line = {
      requestId: log instanceof RequestLogger && log.unbound ? request.id : undefined,
      method: request.method,
      url: url.length > MAX_URL ? `${url.slice(0, MAX_URL)}…` : url,
      route,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip
    }
    if (log instanceof RequestLogger) {
      if (error) log.line('error', Object.assign(line, { err: error }), 'request failed while responding')
      else log.line(level, line, 'request')
    } else if (error) reply.log.error({ ...line, err: error }, 'request failed while responding')
    else if (level === 'debug') reply.log.debug(line, 'request')
    else reply.log.info(line, 'request')
  }
}
