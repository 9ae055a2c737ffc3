// The servers of the encounter benchmark, in their own process: the service
// (encounters on, real default logging at warn, no rate limit) and a bare
// Fastify route doing only the transaction an action needs — lock the row,
// update it, insert the event — through pg with the same pool size.
// Prints one JSON line with both URLs, then serves until SIGTERM.
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { parseDatabaseUrl } from '../src/db/connection.js'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is required')
const target = parseDatabaseUrl(url)

const config = loadConfig({ ...process.env, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' })
// Logs to stderr: stdout's first line is the URLs the parent reads (the open-mode
// warning at start-up would come first).
const service = await buildApp({ config, logger: { level: 'warn', stream: process.stderr } })

// The floor: the same pool size as the service's (src/db/connection.ts).
const pool = new pg.Pool({ connectionString: target.connectionString, options: `-c search_path=${target.schema}`, max: 10 })
await pool.query('CREATE TABLE IF NOT EXISTS bench_floor (id uuid PRIMARY KEY, version int NOT NULL, state jsonb NOT NULL)')
await pool.query('CREATE TABLE IF NOT EXISTS bench_floor_event (id uuid NOT NULL, seq int NOT NULL, request jsonb NOT NULL, PRIMARY KEY (id, seq))')
const bare = Fastify({ logger: { level: 'warn', stream: process.stderr }, bodyLimit: 256 * 1024 })
bare.post<{ Params: { id: string }, Body: unknown }>('/floor/:id', async (request) => {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT version FROM bench_floor WHERE id = $1 FOR UPDATE', [request.params.id])
    const { rows } = await client.query<{ version: number }>('UPDATE bench_floor SET version = version + 1 WHERE id = $1 RETURNING version', [request.params.id])
    await client.query('INSERT INTO bench_floor_event (id, seq, request) VALUES ($1, $2, $3)', [request.params.id, rows[0]?.version, JSON.stringify(request.body)])
    await client.query('COMMIT')
    return { version: rows[0]?.version }
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    client.release()
  }
})
bare.post<{ Body: { ids: string[] } }>('/floor-setup', async (request) => {
  for (const id of request.body.ids) await pool.query('INSERT INTO bench_floor (id, version, state) VALUES ($1, 1, $2) ON CONFLICT DO NOTHING', [id, '{}'])
  return { ok: true }
})

const serviceUrl = await service.listen({ host: '127.0.0.1', port: 0 })
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })
console.log(JSON.stringify({ serviceUrl, bareUrl }))

process.once('SIGTERM', () => {
  void Promise.all([service.close(), bare.close(), pool.end()]).then(() => process.exit(0))
})
