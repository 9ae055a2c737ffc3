// Applies prisma/migrations/*/migration.sql the way `prisma migrate deploy`
// does, without Prisma's schema engine binary: in name order, each inside its
// own transaction, recorded in `_prisma_migrations` with Prisma's columns and
// checksum, so `prisma migrate status`/`deploy` on a machine with the engine
// see the same history. Prisma's own advisory lock key serialises this with
// other instances of the service and with Prisma's CLI.
import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'

/** The key `prisma migrate` takes with pg_advisory_lock (schema-engine, postgres flavour). */
export const PRISMA_MIGRATE_LOCK_KEY = 72707369

// Verbatim from Prisma's schema engine (postgres flavour, create_migrations_table).
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`

export class MigrationError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'MigrationError'
  }
}

export interface Migration {
  /** The directory name, e.g. `20261130090000_encounters`. */
  name: string
  sql: string
  /** sha256 hex of migration.sql, as Prisma computes it. */
  checksum: string
}

export interface MigrateResult {
  applied: string[]
  alreadyApplied: string[]
  /** Recorded in the database but absent here (a newer release ran against it). */
  unknown: string[]
}

export interface MigrateOptions {
  dir?: string
  /** How long to wait for another migrator's lock. */
  lockTimeoutMs?: number
  log?: (message: string) => void
}

export function checksum (sql: string): string {
  return createHash('sha256').update(sql).digest('hex')
}

// Prisma accepts a checksum computed with either line ending, because git
// may rewrite them on checkout (schema-engine checksum.rs).
function matchesChecksum (sql: string, recorded: string): boolean {
  return [sql, sql.replaceAll('\r\n', '\n'), sql.replaceAll('\n', '\r\n')].some((variant) => checksum(variant) === recorded)
}

/** `prisma/migrations`, found upwards from this module (src/db or dist/src/db). */
export function defaultMigrationsDir (): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'prisma', 'migrations')
    if (existsSync(candidate)) return candidate
    dir = dirname(dir)
  }
  return resolve('prisma', 'migrations')
}

export async function readMigrations (dir: string = defaultMigrationsDir()): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const names = entries.filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'migration.sql'))).map((e) => e.name).sort()
  return Promise.all(names.map(async (name) => {
    const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8')
    return { name, sql, checksum: checksum(sql) }
  }))
}

async function acquireLock (client: pg.ClientBase, timeoutMs: number, log: (m: string) => void): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let announced = false
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PRISMA_MIGRATE_LOCK_KEY])
    if (rows[0]?.locked) return
    if (!announced) {
      log('waiting for another migrator to finish')
      announced = true
    }
    if (Date.now() > deadline) throw new MigrationError(`another migrator held the migration lock for over ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

interface Row { migration_name: string, checksum: string, finished_at: Date | null, rolled_back_at: Date | null }

/**
 * Bring the database (the connection's search_path schema) up to date.
 * `client` must be a dedicated connection: the lock is held by its session.
 * Refuses, changing nothing, when an applied migration's file was edited or a
 * previous attempt by Prisma's CLI failed half-way.
 */
export async function migrate (client: pg.ClientBase, options: MigrateOptions = {}): Promise<MigrateResult> {
  const log = options.log ?? (() => undefined)
  const migrations = await readMigrations(options.dir)
  await acquireLock(client, options.lockTimeoutMs ?? 60_000, log)
  try {
    await client.query(CREATE_MIGRATIONS_TABLE)
    const { rows } = await client.query<Row>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at')
    const live = rows.filter((r) => r.rolled_back_at === null)

    const failed = live.find((r) => r.finished_at === null)
    if (failed) {
      throw new MigrationError(`migration ${failed.migration_name} failed earlier and is recorded as unfinished; repair the database, then run \`prisma migrate resolve\``)
    }
    const done = new Map(live.map((r) => [r.migration_name, r.checksum]))
    for (const m of migrations) {
      const recorded = done.get(m.name)
      if (recorded !== undefined && !matchesChecksum(m.sql, recorded)) {
        throw new MigrationError(`migration ${m.name} was changed after it was applied (checksum ${m.checksum}, database has ${recorded}); add a new migration instead of editing an applied one`)
      }
    }

    const result: MigrateResult = {
      applied: [],
      alreadyApplied: migrations.filter((m) => done.has(m.name)).map((m) => m.name),
      unknown: [...done.keys()].filter((name) => !migrations.some((m) => m.name === name))
    }
    for (const m of migrations) {
      if (done.has(m.name)) continue
      await client.query('BEGIN')
      try {
        const id = randomUUID()
        await client.query('INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, clock_timestamp(), 0)', [id, m.checksum, m.name])
        await client.query(m.sql)
        await client.query('UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1', [id])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw new MigrationError(`migration ${m.name} failed and was rolled back: ${(error as Error).message}`)
      }
      result.applied.push(m.name)
      log(`applied migration ${m.name}`)
    }
    return result
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined)
  }
}
