// `npm run db:migrate`: apply pending migrations (the service also does this
// at start-up). DATABASE_URL unset: the embedded PostgreSQL's data directory.
import { loadConfig } from '../src/config.js'
import { migrateDatabase } from '../src/db/connection.js'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js'

const config = loadConfig()
const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres({ dataDir: config.embeddedDataDir, relocateIfUnreachable: !config.embeddedDataDirSet }) : undefined
if (embedded) console.log(`embedded PostgreSQL, data in ${embedded.dataDir}`)
try {
  const result = await migrateDatabase(config.databaseUrl ?? embedded!.url, { log: (m) => console.log(m) })
  console.log(`${result.applied.length} applied, ${result.alreadyApplied.length} already applied`)
  if (result.unknown.length > 0) console.log(`in the database but not here: ${result.unknown.join(', ')}`)
} catch (error) {
  console.error(`migration failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await embedded?.stop()
}
