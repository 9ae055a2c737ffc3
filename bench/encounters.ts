// npm run bench (second part): encounter actions — an attack, then the end of
// the turn, by whoever holds it — spread over 100 encounters at 50
// connections, against the floor: a bare route doing only the transaction an
// action needs (lock, update, insert the event) through pg with the same pool
// size, measured in the same run in alternating slices. Targets: ≥ 70% of the
// floor's rate, p99 < 150 ms. Uses DATABASE_URL, else an embedded PostgreSQL.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, chmodSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { createInterface } from 'node:readline'
import autocannon, { type Request as BenchRequest } from 'autocannon'
import { CONNECTIONS, ENCOUNTERS, EncounterLoad, post, weapon } from './encounter-load.js'
import pg from 'pg'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js'

const SLICES = Number(process.env.BENCH_SLICES ?? 5)
/** Requests per slice: a fixed count, every response awaited, so no action is cut off mid-turn between slices. */
const PER_SLICE = Number(process.env.BENCH_REQUESTS ?? 1500)

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined
let dir: string | undefined
let base = process.env.DATABASE_URL
if (!base) {
  dir = mkdtempSync(join(tmpdir(), 'd20-bench-pg-'))
  chmodSync(dir, 0o755)
  embedded = await startEmbeddedPostgres({ dataDir: join(dir, 'data') })
  base = embedded.url
}
const schema = `bench_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: base })
await admin.connect()
await admin.query(`CREATE SCHEMA "${schema}"`)
const url = new URL(base)
url.searchParams.set('schema', schema)

const servers = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []), '--import', 'tsx', 'bench/encounter-servers.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: url.toString() } })
const [line] = await once(createInterface({ input: servers.stdout }), 'line') as [string]
const { serviceUrl, bareUrl } = JSON.parse(line) as { serviceUrl: string, bareUrl: string }

const load = new EncounterLoad(serviceUrl)
const floorIds = Array.from({ length: ENCOUNTERS }, () => randomUUID())

async function setUp (): Promise<void> {
  await load.setUp()
  await post(`${bareUrl}/floor-setup`, { ids: floorIds })
}

let floorNext = 0
function floorRequests (): BenchRequest[] {
  const sample = JSON.stringify({ type: 'attack', actor: 'a', target: 'b', weapon })
  return [{
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req: BenchRequest) => ({ ...req, path: `/floor/${floorIds[floorNext++ % ENCOUNTERS] as string}`, body: sample })
  }]
}

interface Totals { requests: number, seconds: number, p99: number[], bad: number }
async function slice (url: string, requests: BenchRequest[], amount: number, totals: Totals): Promise<void> {
  if (url === serviceUrl) await load.resync()
  const result = await autocannon({ url, connections: CONNECTIONS, amount, requests })
  totals.requests += result.requests.total
  totals.seconds += result.duration
  totals.p99.push(result.latency.p99)
  totals.bad += result.errors + result.non2xx + result.timeouts
  if (result.errors + result.non2xx + result.timeouts > 0) {
    console.error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`)
    for (const refusal of load.refusals.splice(0)) console.error(`  ${refusal}`)
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

try {
  await setUp()
  // Autocannon reuses one request list for every connection; a fresh one per slice keeps connections on their encounters.
  const actions: Totals = { requests: 0, seconds: 0, p99: [], bad: 0 }
  const floor: Totals = { requests: 0, seconds: 0, p99: [], bad: 0 }
  await slice(serviceUrl, load.requests(Math.ceil(500 / CONNECTIONS)), 500, { requests: 0, seconds: 0, p99: [], bad: 0 })
  await slice(bareUrl, floorRequests(), 500, { requests: 0, seconds: 0, p99: [], bad: 0 })
  console.log(`\nencounter actions: ${ENCOUNTERS} encounters, ${CONNECTIONS} connections, ${SLICES} alternating slices of ${PER_SLICE} requests each`)
  for (let done = 0; done < SLICES; done++) {
    await slice(serviceUrl, load.requests(Math.ceil(PER_SLICE / CONNECTIONS)), PER_SLICE, actions)
    await slice(bareUrl, floorRequests(), PER_SLICE, floor)
  }
  const a = actions.requests / actions.seconds
  const f = floor.requests / floor.seconds
  console.log(`encounter actions ${a.toFixed(0).padStart(7)} req/s   p99 ${median(actions.p99)} ms   errors/non-2xx ${actions.bad}`)
  console.log(`bare transaction  ${f.toFixed(0).padStart(7)} req/s   p99 ${median(floor.p99)} ms   errors/non-2xx ${floor.bad}`)
  console.log(`ratio ${(a / f).toFixed(2)} of the floor (target ≥ 0.70); actions p99 ${median(actions.p99)} ms (target < 150 ms)`)
  if (actions.bad > 0 || floor.bad > 0) throw new Error('failed requests during the benchmark')
} finally {
  servers.kill('SIGTERM')
  await once(servers, 'exit')
  await admin.query(`DROP SCHEMA "${schema}" CASCADE`)
  await admin.end()
  await embedded?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
}
