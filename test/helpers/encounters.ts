import type { FastifyInstance } from 'fastify'
import supertest from 'supertest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { testDatabase, type TestDatabase } from './database.js'

/** A response body, read field by field by the tests (supertest's bodies are untyped JSON). */
export type Json = ReturnType<typeof JSON.parse>

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

/** POST an action and check the status; returns the body. On an unexpected status the problem is in the message. */
export async function act (h: EncounterHarness, id: string, body: Record<string, unknown>, status = 200): Promise<Json> {
  const res = await h.http.post(`/v1/encounters/${id}/actions`).send(body)
  if (res.status !== status) throw new Error(`${String(body.type)}: expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body
}

export async function createEncounter (h: EncounterHarness, body: Record<string, unknown>): Promise<Json> {
  const res = await h.http.post('/v1/encounters').send(body)
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** JSON with sorted keys: PostgreSQL's jsonb keeps values, not key order. */
export function canonical (value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0))
    : v)
}

/**
 * Fold the whole log with the one transition and compare with what is
 * stored, byte for byte (the JSON text of the domain state), and with the
 * Encounter the API serves.
 */
export async function assertReplayMatches (h: EncounterHarness, id: string): Promise<void> {
  const { applyEvent } = await import('../../src/encounters/transition.js')
  const { encounterView } = await import('../../src/encounters/service.js')
  const events: Json[] = []
  for (;;) {
    const page = await h.http.get(`/v1/encounters/${id}/events`).query({ after: events.length, limit: 1000 })
    if (page.status !== 200) throw new Error(`events: ${page.status}`)
    if (page.body.items.length === 0) break
    events.push(...page.body.items)
  }
  events.forEach((e, i) => { if (e.seq !== i + 1) throw new Error(`event ${i} has seq ${e.seq}`) })
  let folded: Json = null
  for (const e of events) {
    const t = applyEvent(folded, { type: e.type, request: e.request, createdAt: e.createdAt })
    // The same event gives the same rules result, rolls and changes again.
    for (const key of ['result', 'rolls', 'applied'] as const) {
      if (canonical(t[key]) !== canonical(e[key])) throw new Error(`event ${e.seq} (${e.type}) replays with another ${key}`)
    }
    folded = t.state
  }
  const stored = await h.app.db!.encounters.get('public', id)
  if (JSON.stringify(folded) !== JSON.stringify(stored)) {
    throw new Error(`replay differs from the stored encounter:\nfolded ${JSON.stringify(folded)}\nstored ${JSON.stringify(stored)}`)
  }
  const served = (await h.http.get(`/v1/encounters/${id}`)).body
  if (canonical(encounterView(folded)) !== canonical(served)) throw new Error('the served encounter differs from the replayed one')
}
