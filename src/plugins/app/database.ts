import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import { listenerClient, migrateDatabase, openDatabase, type Database } from '../../db/connection.js'
import { restartOrExit, startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded-postgres.js'
import { MigrationError } from '../../db/migrator.js'
import { DatabaseUnavailableError } from '../../encounters/errors.js'
import { EncounterRepository } from '../../encounters/repository.js'
import { EncounterStreamHub } from '../../encounters/stream-hub.js'

export interface DatabaseHandle {
  /** True once the schema is up to date; until then the store answers 503. */
  readonly migrated: boolean
  /** The encounter store; throws DatabaseUnavailableError while the schema is not migrated. */
  readonly encounters: EncounterRepository
  /** This instance's LISTEN session for new events; connects on the first subscriber. */
  readonly streams: EncounterStreamHub
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when encounters are off (`ENCOUNTERS=off`): no database at all. */
    db: DatabaseHandle | null
  }
}

const PURGE_EVERY_MS = 60 * 60 * 1000
const RETRY_MIN_MS = 1_000
const RETRY_MAX_MS = 30_000

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL when it is
 * unset, and applies the migrations. A server that cannot be reached at
 * start-up does not stop the service: stateless endpoints serve, /readyz says
 * 503, and the migrations are retried in the background. A migration that is
 * refused (edited after it was applied, failing SQL) does stop it.
 */
async function database (fastify: FastifyInstance, options: { config: Config }): Promise<void> {
  const log = fastify.log.child({ component: 'database' })
  let embedded: EmbeddedPostgres | undefined
  let url = options.config.databaseUrl
  if (url === undefined) {
    embedded = await startEmbeddedPostgres({
      dataDir: options.config.embeddedDataDir,
      relocateIfUnreachable: !options.config.embeddedDataDirSet,
      onLog: (line) => log.debug(line),
      onUnexpectedExit: (exit) => { restartOrExit(embedded!, exit, log) }
    })
    const where = embedded.relocatedFrom ? `${embedded.dataDir} (PostgreSQL's user cannot reach ${embedded.relocatedFrom})` : embedded.dataDir
    const leftover = embedded.stoppedLeftover ? `; stopped the server (pid ${embedded.stoppedLeftover}) a killed run had left on it` : ''
    log.info(`embedded PostgreSQL on 127.0.0.1:${embedded.port} keeps its data in ${where}${leftover} (set DATABASE_URL to use your own server)`)
    url = embedded.url
  }
  const target = url
  const db: Database = openDatabase(target, { onError: (err) => log.warn({ err }, 'an idle database connection failed') })
  const repository = EncounterRepository.of(db)
  const streams = new EncounterStreamHub({ connect: () => listenerClient(db.target), log: log.child({ component: 'encounter-streams' }) })

  let migrated = false
  let refused: string | undefined
  let retryTimer: NodeJS.Timeout | undefined
  let retryDelay = RETRY_MIN_MS
  let closing = false

  const applyMigrations = async (): Promise<void> => {
    const result = await migrateDatabase(target, { log: (message) => log.info(message) })
    if (result.unknown.length > 0) log.warn({ migrations: result.unknown }, 'the database has migrations this release does not know (a newer release ran against it)')
    migrated = true
  }
  const retry = (): void => {
    retryTimer = setTimeout(() => {
      applyMigrations().then(() => log.info('database reachable again; migrations are up to date'), (err: unknown) => {
        if (closing) return
        if (err instanceof MigrationError) {
          refused = err.message
          log.error({ err }, 'migrations refused')
          return
        }
        log.warn({ err, retryInMs: retryDelay }, 'database still unreachable')
        retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
        retry()
      })
    }, retryDelay)
    retryTimer.unref()
  }

  try {
    await applyMigrations()
  } catch (err) {
    if (err instanceof MigrationError || embedded) {
      await db.close()
      await embedded?.stop()
      throw err
    }
    log.error({ err }, 'database unreachable at start-up: serving stateless endpoints, retrying in the background')
    retry()
  }

  fastify.decorate('db', {
    get migrated () { return migrated },
    get encounters () {
      if (!migrated) throw new DatabaseUnavailableError(new Error(refused ?? 'migrations not applied yet'))
      return repository
    },
    streams
  } satisfies DatabaseHandle)

  fastify.readinessChecks.push(async () => {
    if (refused) return { name: 'database', ok: false, detail: 'migrations refused (see the log)' }
    if (!migrated) return { name: 'database', ok: false, detail: 'not reachable yet; migrations pending' }
    try {
      await db.ping(1_000)
      return { name: 'database', ok: true }
    } catch (err) {
      log.warn({ err }, 'readiness: the database does not answer')
      return { name: 'database', ok: false, detail: 'does not answer' }
    }
  })

  // Idempotency keys live 24 hours; an hourly sweep keeps the table to the live ones.
  const purge = setInterval(() => {
    if (!migrated) return
    repository.deleteExpiredIdempotencyRecords().then((n) => { if (n > 0) log.debug({ purged: n }, 'expired idempotency keys removed') }, (err: unknown) => log.warn({ err }, 'could not purge expired idempotency keys'))
  }, PURGE_EVERY_MS)
  purge.unref()

  fastify.addHook('onClose', async () => {
    closing = true
    clearInterval(purge)
    clearTimeout(retryTimer)
    await streams.close()
    await db.close()
    await embedded?.stop()
  })
}

export default fp(database, { name: 'database', dependencies: ['readiness'] })
