// One place that turns a DATABASE_URL into connections: a pg pool for the
// Prisma client (through @prisma/adapter-pg, no engine binary) and a single
// client for the migrator. Prisma's `?schema=` URL parameter is honoured, so
// an operator's URL means the same to the service as to Prisma's CLI.
import pg from 'pg'
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '../generated/prisma/client.js'
import { migrate, type MigrateOptions, type MigrateResult } from './migrator.js'

export interface DatabaseTarget {
  /** The URL without Prisma's `schema` parameter (node-postgres does not know it). */
  connectionString: string
  schema: string
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

export function parseDatabaseUrl (url: string): DatabaseTarget {
  const parsed = new URL(url)
  const schema = parsed.searchParams.get('schema') ?? 'public'
  if (!SCHEMA_NAME.test(schema)) throw new Error(`DATABASE_URL schema "${schema}" must be a plain identifier`)
  parsed.searchParams.delete('schema')
  return { connectionString: parsed.toString(), schema }
}

function connectionConfig (target: DatabaseTarget): pg.ClientConfig {
  return {
    connectionString: target.connectionString,
    // Unqualified names (raw SQL, the migrations) resolve in the target schema.
    options: `-c search_path=${target.schema}`,
    connectionTimeoutMillis: 3000,
    application_name: 'd20-combat-service'
  }
}

export interface Database {
  readonly prisma: PrismaClient
  readonly pool: pg.Pool
  readonly target: DatabaseTarget
  /** `SELECT 1`, failing after `timeoutMs`. */
  ping: (timeoutMs?: number) => Promise<void>
  close: () => Promise<void>
}

/**
 * Open a pool and a Prisma client on it. Connections are made lazily, so this
 * succeeds while the server is down; queries then fail until it is back.
 */
export function openDatabase (url: string, options: { poolSize?: number, onError?: (error: Error) => void } = {}): Database {
  const target = parseDatabaseUrl(url)
  const pool = new pg.Pool({ ...connectionConfig(target), max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 })
  // An idle connection that dies (server restart, network) emits 'error' on
  // the pool; unhandled, that would crash the process.
  pool.on('error', (error) => options.onError?.(error))
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { schema: target.schema }) })
  let closed = false
  return {
    prisma,
    pool,
    target,
    async ping (timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
      })
      const query = pool.query('SELECT 1')
      query.catch(() => undefined) // a late failure after the timeout is not unhandled
      try {
        await Promise.race([query, timeout])
      } finally {
        clearTimeout(timer)
      }
    },
    async close () {
      if (closed) return
      closed = true
      await prisma.$disconnect()
      await pool.end()
    }
  }
}

/**
 * A client of its own for `LISTEN`: a session-level subscription cannot live
 * on a pooled connection, which would carry it to the next borrower. TCP
 * keep-alive lets a silently dropped connection surface as an error.
 */
export function listenerClient (target: DatabaseTarget): pg.Client {
  return new pg.Client({ ...connectionConfig(target), application_name: 'd20-combat-service:listen', keepAlive: true, keepAliveInitialDelayMillis: 10_000 })
}

/** Apply pending migrations over a dedicated connection (the advisory lock is per session). */
export async function migrateDatabase (url: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const target = parseDatabaseUrl(url)
  const client = new pg.Client(connectionConfig(target))
  client.on('error', () => undefined) // surfaced by the failing query instead
  await client.connect()
  try {
    if (target.schema !== 'public') await client.query(`CREATE SCHEMA IF NOT EXISTS "${target.schema}"`)
    return await migrate(client, options)
  } finally {
    await client.end().catch(() => undefined)
  }
}
