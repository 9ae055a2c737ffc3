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
import pg from 'pg'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js'

const SLICES = Number(process.env.BENCH_SLICES ?? 5)
/** Requests per slice: a fixed count, every response awaited, so no action is cut off mid-turn between slices. */
const PER_SLICE = Number(process.env.BENCH_REQUESTS ?? 1500)
const CONNECTIONS = 50
const ENCOUNTERS = 100

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

const weapon = { name: 'longsword', damage: '1d8', critRange: 19 }
const combatant = (id: string) => ({ id, baseAttackBonus: 6, abilities: { str: 16, dex: 12, con: 14 }, armorClass: { armor: 5, shield: 1 }, baseSaves: { fortitude: 30 }, hitPoints: { max: 100_000 } })

async function post (url: string, body: unknown): Promise<{ status: number, body: { id?: string, turn?: { combatantId: string } } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json() as { id?: string, turn?: { combatantId: string } } }
}

interface Slot { id: string, turn: string, other: string, attacked: boolean }
const slots: Slot[] = []
const floorIds = Array.from({ length: ENCOUNTERS }, () => randomUUID())

async function setUp (): Promise<void> {
  for (let i = 0; i < ENCOUNTERS; i++) {
    const created = await post(`${serviceUrl}/v1/encounters`, { name: `bench ${i}`, ruleset: 'dnd35', combatants: [combatant('a'), combatant('b')] })
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`)
    const started = await post(`${serviceUrl}/v1/encounters/${created.body.id as string}/start`, {})
    const turn = started.body.turn?.combatantId as string
    slots.push({ id: created.body.id as string, turn, other: turn === 'a' ? 'b' : 'a', attacked: false })
  }
  await post(`${bareUrl}/floor-setup`, { ids: floorIds })
}

/** Read every encounter's turn before a slice, so that the connections start from the stored state whatever the last slice did. */
async function resync (): Promise<void> {
  await Promise.all(slots.map(async (slot) => {
    const turn = (await (await fetch(`${serviceUrl}/v1/encounters/${slot.id}`)).json() as { turn: { combatantId: string, spent: string[] } }).turn
    slot.turn = turn.combatantId
    slot.other = turn.combatantId === 'a' ? 'b' : 'a'
    slot.attacked = turn.spent.length > 0
  }))
}

const refusals: string[] = []
let nextConnection = 0
/**
 * Each connection owns two encounters and walks their turns: attack, end the
 * turn, attack with the other, … The list holds one entry per request a
 * connection sends in a slice because autocannon resets a connection's
 * context each time it wraps around its list: with a one-entry list every
 * request forgot which encounters it owned, two connections could act on one
 * encounter at once, and a 409 now and then was the result.
 */
function actionRequests (perConnection: number): BenchRequest[] {
  const request: BenchRequest = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req: BenchRequest, context: Record<string, unknown>) => {
      if (context.mine === undefined) {
        const c = nextConnection++ % CONNECTIONS
        context.mine = [slots[2 * c], slots[2 * c + 1]]
        context.n = 0
      }
      const mine = context.mine as Slot[]
      const n = context.n as number
      context.n = n + 1
      const slot = mine[n % 2] as Slot
      const body = slot.attacked ? { type: 'end-turn', actor: slot.turn } : { type: 'attack', actor: slot.turn, target: slot.other, weapon }
      // Requests on one connection go one after another, so the turn can be followed here.
      if (slot.attacked) [slot.turn, slot.other] = [slot.other, slot.turn]
      slot.attacked = !slot.attacked
      context.sent = `${slot.id} ${JSON.stringify(body)}`
      return { ...req, path: `/v1/encounters/${slot.id}/actions`, body: JSON.stringify(body) }
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>) => {
      if (status >= 300 && refusals.length < 5) refusals.push(`${status} for ${context.sent as string}: ${body.slice(0, 300)}`)
    }
  }
  return Array.from({ length: perConnection }, () => request)
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
  if (url === serviceUrl) await resync()
  const result = await autocannon({ url, connections: CONNECTIONS, amount, requests })
  totals.requests += result.requests.total
  totals.seconds += result.duration
  totals.p99.push(result.latency.p99)
  totals.bad += result.errors + result.non2xx + result.timeouts
  if (result.errors + result.non2xx + result.timeouts > 0) {
    console.error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`)
    for (const refusal of refusals.splice(0)) console.error(`  ${refusal}`)
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

try {
  await setUp()
  // Autocannon reuses one request list for every connection; a fresh one per slice keeps connections on their encounters.
  const actions: Totals = { requests: 0, seconds: 0, p99: [], bad: 0 }
  const floor: Totals = { requests: 0, seconds: 0, p99: [], bad: 0 }
  await slice(serviceUrl, actionRequests(Math.ceil(500 / CONNECTIONS)), 500, { requests: 0, seconds: 0, p99: [], bad: 0 })
  await slice(bareUrl, floorRequests(), 500, { requests: 0, seconds: 0, p99: [], bad: 0 })
  console.log(`\nencounter actions: ${ENCOUNTERS} encounters, ${CONNECTIONS} connections, ${SLICES} alternating slices of ${PER_SLICE} requests each`)
  for (let done = 0; done < SLICES; done++) {
    await slice(serviceUrl, actionRequests(Math.ceil(PER_SLICE / CONNECTIONS)), PER_SLICE, actions)
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
