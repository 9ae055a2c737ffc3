import type { FastifyInstance } from 'fastify'
import supertest from 'supertest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { testDatabase, type TestDatabase } from './database.js'

export interface EncounterHarness {
  app: FastifyInstance
  http: ReturnType<typeof supertest>
  db: TestDatabase
  close: () => Promise<void>
}

/** The whole app on its own database schema, for scripted fights through HTTP. */
export async function encounterApp (env: NodeJS.ProcessEnv = {}): Promise<EncounterHarness> {
  const db = await testDatabase()
  const app = await buildApp({ config: loadConfig({ DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '0', ...env }), logger: process.env.TEST_LOG_LEVEL ? { level: process.env.TEST_LOG_LEVEL } : false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    app,
    http: supertest(app.server),
    db,
    async close () {
      await app.close()
      await db.drop()
    }
  }
}
