import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.js'
import { clientErrorHandler } from './http/client-errors.js'
import { frameworkErrors } from './http/framework-errors.js'
import { MAX_URL_LENGTH } from './http/problem.js'
import { holdsSecret, RequestLog, requestLoggerFactory } from './http/request-log.js'
import { responseHeaders } from './http/security-headers.js'
import { validatorCompiler } from './http/validation.js'
import access from './plugins/app/access.js'
import problems from './plugins/app/problems.js'
import readiness from './plugins/app/readiness.js'
import simulationPool from './plugins/app/simulations.js'
import compression from './plugins/external/compression.js'
import corsPolicy from './plugins/external/cors.js'
import docs from './plugins/external/swagger.js'
import security from './plugins/external/security.js'
import routes from './routes/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export const BODY_LIMIT = 256 * 1024

const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,200}$/

export interface BuildOptions {
  config: Config
  /** Logger settings; tests pass `false`. */
  logger?: FastifyServerOptions['logger']
  /** Plugins to register before the routes (the database, in the server). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>
}

export function loggerOptions (config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Nothing logs request headers today; should anything start to, the credential stays out.
    redact: { paths: ['req.headers.authorization', 'request.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    // Bodies are never logged: one line per request (request-log.ts).
    ...(config.prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {})
  }
}

/**
 * Fastify reads a bare hop count as "trust nothing" (it cannot check the
 * immediate peer); as a function it means what TRUST_PROXY=2 says: the
 * socket's peer and the next hop are proxies, the address before them is
 * the client. Safe only when clients cannot reach the service directly.
 */
function trustProxyOption (trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}

/** The application without a listening socket: the server, the tests and the OpenAPI writer all build it. */
export async function buildApp (options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options
  const logger = options.logger ?? loggerOptions(config)
  const app = Fastify({
    logger,
    // Each request's logger makes its pino child only if something logs through it (request-log.ts).
    ...(logger === false ? {} : { childLoggerFactory: requestLoggerFactory }),
    bodyLimit: BODY_LIMIT,
    // Headers and body within requestTimeout, else 408 and closed; Node checks
    // its timeouts every connectionsCheckingInterval (30 s by default, which
    // would let a 30 s timeout run to 60), so check at a quarter of the shortest.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4)))
    },
    clientErrorHandler,
    frameworkErrors,
    // While closing, a request on a kept-alive connection is served (with
    // `connection: close`, see readiness.ts) rather than answered a bare 503.
    return503OnClosing: false,
    trustProxy: trustProxyOption(config.trustProxy),
    // Honour a sane incoming x-request-id; anything else (a secret included: it would be logged) gets a fresh one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) && !holdsSecret(incoming, config.apiKeys) ? incoming : randomUUID()
    },
    logController: new RequestLog(),
    // A path parameter is as long as the URL allows: its schema (200
    // characters) decides, with a 400 naming it; a longer URL is a 414 (security-headers.ts).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_URL_LENGTH },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    // The response serializer (fast-json-stringify) picks a union's branch with an Ajv of its own, which did not
    // know the dice-notation format and warned about it for every schema holding one; any string is a notation
    // to it (what it writes was checked on the way in), as the format was read while it warned.
    serializerOpts: { ajv: { formats: { 'dice-notation': true } } },
    // The database plugin may initialise the embedded cluster or wait for another instance's migrations.
    pluginTimeout: 120_000
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.decorate('config', options.config)
  // JSON only: Fastify's default text/plain parser would let a form-ish body through.
  app.removeContentTypeParser('text/plain')
  app.setValidatorCompiler(validatorCompiler)
  // The security headers and the request id, in one hook (security-headers.ts).
  app.addHook('onRequest', responseHeaders)

  await app.register(problems)
  // Before any route: it adds its hooks to each route as the route is declared.
  await app.register(compression)
  await app.register(corsPolicy)
  await app.register(security, { rateLimitPerMinute: options.config.rateLimitPerMinute })
  // After the rate limiter: its per-route hook runs first, so refused keys are counted too.
  await app.register(access)
  await app.register(docs)
  await app.register(readiness)
  await app.register(simulationPool)
  // Stateless endpoints never touch the database; with encounters off there is none.
  // (Loaded only when on, so the stateless service does not even load Prisma.)
  if (options.config.encounters) {
    const { default: database } = await import('./plugins/app/database.js')
    await app.register(database, { config: options.config })
  } else {
    app.decorate('db', null)
  }
  if (options.beforeRoutes) await options.beforeRoutes(app)
  await app.register(routes)
  return app
}
