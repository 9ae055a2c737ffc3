import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'

/**
 * A stateless app for HTTP tests: no database, no logs, no rate limit.
 * `supertest(app.server)` drives it over a real socket.
 */
export async function statelessApp (env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0', ...env }),
    logger: false
  })
  await app.ready()
  return app
}

/** A stateless app listening on a free loopback port, for tests that speak raw HTTP to it. */
export async function listeningStatelessApp (): Promise<{ app: FastifyInstance, port: number }> {
  const app = await statelessApp()
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as { port: number }).port }
}
