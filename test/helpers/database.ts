import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { migrateDatabase, openDatabase, type Database } from '../../src/db/connection.js'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres.js'
import { EncounterRepository } from '../../src/encounters/repository.js'

export interface TestDatabase {
  /** The server URL with `?schema=` naming this file's own schema. */
  url: string
  schema: string
  /** An admin connection to the same database (no schema on its search path). */
  admin: pg.Client
  /** Opened (and migrated) lazily by `open()`. */
  open: () => Promise<{ db: Database, repo: EncounterRepository }>
  /** Close what was opened, drop the schema, stop a private embedded server. */
  drop: () => Promise<void>
}

let ownServer: { server: EmbeddedPostgres, dir: string } | undefined

/**
 * The server tests run against: DATABASE_URL when set; else the embedded one
 * `npm test` started (TEST_EMBEDDED_DATABASE_URL); else, when a file is run
 * on its own, a private embedded server in a temporary directory.
 */
async function serverUrl (): Promise<string> {
  const given = process.env.DATABASE_URL || process.env.TEST_EMBEDDED_DATABASE_URL
  if (given) return given
  if (!ownServer) {
    const dir = mkdtempSync(join(tmpdir(), 'd20-test-pg-'))
    chmodSync(dir, 0o755) // as root, the server's own user must reach its data directory inside
    ownServer = { server: await startEmbeddedPostgres({ dataDir: join(dir, 'data') }), dir }
  }
  return ownServer.server.url
}

export function withSchema (url: string, schema: string): string {
  const u = new URL(url)
  u.searchParams.set('schema', schema)
  return u.toString()
}

/**
 * A fresh schema of its own for one test file (test files run in parallel
 * processes), created empty; `open()` migrates it and returns a repository.
 */
export async function testDatabase (): Promise<TestDatabase> {
  const base = await serverUrl()
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`
  const baseUrl = new URL(base)
  baseUrl.searchParams.delete('schema')
  const admin = new pg.Client({ connectionString: baseUrl.toString() })
  admin.on('error', () => undefined)
  await admin.connect()
  await admin.query(`CREATE SCHEMA "${schema}"`)
  const url = withSchema(base, schema)
  const opened: Database[] = []
  return {
    url,
    schema,
    admin,
    async open () {
      await migrateDatabase(url)
      const db = openDatabase(url)
      opened.push(db)
      return { db, repo: EncounterRepository.of(db) }
    },
    async drop () {
      for (const db of opened) await db.close()
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`)
      await admin.end()
      if (ownServer) {
        await ownServer.server.stop()
        rmSync(ownServer.dir, { recursive: true, force: true })
        ownServer = undefined
      }
    }
  }
}
