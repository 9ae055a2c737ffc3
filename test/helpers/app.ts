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
