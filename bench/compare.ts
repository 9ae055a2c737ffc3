// npm run bench:compare -- <rev>: the CPU per request of POST /v1/attacks and
// of an encounter action, an older build (<rev>) against this working tree's,
// in one run: both builds' buildApp in one child process
// (bench/compare-servers.ts), the load from this one in alternating slices
// (attacks: 2-s slices of the attack benchmark's body, bench/attack-body.ts;
// encounters: slices of 1,500 actions of bench/encounter-load.ts), the order
// of the builds swapped every round. <rev> is checked out in a temporary git
// worktree beside the repository's, with this tree's node_modules linked in
// (so both builds run on the same dependencies: the comparison is of the
// code), and built with its own scripts (`node scripts/build.mjs --force`:
// its Prisma client and tsc). Each build migrates its own schema of
// DATABASE_URL (required), dropped at the end; the worktree is removed too
// unless BENCH_KEEP=1. BENCH_SLICES (5) sets the rounds.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import autocannon, { type Result } from 'autocannon'
import pg from 'pg'
import { ATTACK_PAYLOAD } from './attack-body.js'
import { CONNECTIONS, EncounterLoad } from './encounter-load.js'
import { buildService } from './service.js'

const rev = process.argv[2]
if (!rev) throw new Error('usage: npm run bench:compare -- <rev> (a commit to compare this working tree with)')
const base = process.env.DATABASE_URL
if (!base) throw new Error('DATABASE_URL is required: each build migrates a schema of its own there')
const ROUNDS = Number(process.env.BENCH_SLICES ?? 5)
const ATTACK_SECONDS = 2
const ACTIONS_PER_SLICE = Number(process.env.BENCH_REQUESTS ?? 1500)

function git (...args: string[]): string {
  const r = spawnSync('git', args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`)
  return r.stdout.trim()
}

/** <rev> built in a worktree of its own (reused when a kept one is there). */
function buildOld (sha: string): string {
  const dir = join(tmpdir(), `d20-bench-${sha.slice(0, 12)}`)
  if (!existsSync(dir)) {
    git('worktree', 'add', '--detach', dir, sha)
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
  }
  if (!existsSync(join(dir, 'dist/.build-stamp'))) {
    console.log(`building ${sha.slice(0, 12)} in ${dir}`)
    // The Prisma CLI stub already made for this tree: the old build's generate need not write into the shared node_modules.
    const stub = resolve('node_modules/.cache/prisma-offline/schema-engine')
    const env = existsSync(stub) ? { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub } : process.env
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--force'], { cwd: dir, stdio: 'inherit', env })
    if (built.status !== 0) throw new Error(`the build of ${rev} failed`)
  }
  return dir
}

/** `perSlice`: CPU per request of each slice, so that each round's new/old ratio can be taken (rounds drift with the machine's load). */
interface Measure { requests: number, seconds: number, cpuMicros: number, p99: number[], bad: number, perSlice: number[] }
const measure = (): Measure => ({ requests: 0, seconds: 0, cpuMicros: 0, p99: [], bad: 0, perSlice: [] })

async function serversCpu (child: ChildProcess): Promise<number> {
  child.send('cpu')
  const [usage] = await once(child, 'message') as [NodeJS.CpuUsage]
  return usage.user + usage.system
}

async function timed (child: ChildProcess, m: Measure, run: () => Promise<Result>): Promise<void> {
  const before = await serversCpu(child)
  const result = await run()
  const spent = await serversCpu(child) - before
  m.cpuMicros += spent
  m.perSlice.push(spent / result.requests.total)
  m.requests += result.requests.total
  m.seconds += result.duration
  m.p99.push(result.latency.p99)
  m.bad += result.errors + result.non2xx + result.timeouts
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const cpu = (m: Measure): number => m.cpuMicros / m.requests
const line = (name: string, m: Measure): string =>
  `${name.padEnd(34)} ${(m.requests / m.seconds).toFixed(0).padStart(7)} req/s   p99 ${String(median(m.p99)).padStart(4)} ms   CPU ${cpu(m).toFixed(0).padStart(4)} µs/request   errors/non-2xx ${m.bad}`

const sha = git('rev-parse', '--verify', `${rev}^{commit}`)
const oldDir = buildOld(sha)
buildService()
const tag = randomBytes(3).toString('hex')
const schemas = { old: `bench_cmp_old_${tag}`, new: `bench_cmp_new_${tag}` }
const admin = new pg.Client({ connectionString: base })
await admin.connect()
const urlFor = (schema: string): string => {
  const url = new URL(base)
  url.searchParams.set('schema', schema)
  return url.toString()
}
const builds = [
  { name: 'old', dir: oldDir, databaseUrl: urlFor(schemas.old) },
  { name: 'new', dir: resolve('.'), databaseUrl: urlFor(schemas.new) }
]
for (const b of Object.values(schemas)) await admin.query(`CREATE SCHEMA "${b}"`)
const servers = spawn(process.execPath, ['--import', 'tsx', 'bench/compare-servers.ts', JSON.stringify(builds)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })

try {
  const [urls] = await once(servers, 'message') as [Record<'old' | 'new', string>]
  const sides = (['old', 'new'] as const).map((name) => ({
    name,
    url: urls[name],
    load: new EncounterLoad(urls[name]),
    attacks: measure(),
    actions: measure()
  }))
  const attackSlice = (url: string, seconds: number) => autocannon({ url: `${url}/v1/attacks`, method: 'POST', connections: CONNECTIONS, duration: seconds, headers: { 'content-type': 'application/json' }, body: ATTACK_PAYLOAD })
  const actionSlice = (side: typeof sides[number], amount: number) => autocannon({ url: side.url, connections: CONNECTIONS, amount, requests: side.load.requests(Math.ceil(amount / CONNECTIONS)) })
  for (const side of sides) {
    await side.load.setUp()
    // Warm up (JIT, the database's caches).
    await attackSlice(side.url, 2)
    await side.load.resync()
    await actionSlice(side, 500)
  }
  console.log(`old ${rev} (${sha.slice(0, 12)}) against new (this working tree, ${git('rev-parse', '--short=12', 'HEAD')}): ${ROUNDS} rounds, each build in turn (order swapped every round): POST /v1/attacks for ${ATTACK_SECONDS} s, then ${ACTIONS_PER_SLICE} encounter actions; ${CONNECTIONS} connections`)
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse()
    for (const side of order) {
      await timed(servers, side.attacks, () => attackSlice(side.url, ATTACK_SECONDS))
      await side.load.resync()
      await timed(servers, side.actions, () => actionSlice(side, ACTIONS_PER_SLICE))
      for (const refusal of side.load.refusals.splice(0)) console.error(`  ${side.name}: ${refusal}`)
    }
  }
  for (const side of sides) console.log(line(`POST /v1/attacks, ${side.name}`, side.attacks))
  for (const side of sides) console.log(line(`encounter actions, ${side.name}`, side.actions))
  const [old, now] = sides as [typeof sides[number], typeof sides[number]]
  const rounds = (a: Measure, b: Measure): string => {
    const ratios = a.perSlice.map((x, i) => x / (b.perSlice[i] as number))
    return `${(cpu(a) / cpu(b)).toFixed(2)} overall, median of rounds ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})`
  }
  console.log(`CPU per request, new / old (≤ 1: no worse): POST /v1/attacks ${rounds(now.attacks, old.attacks)}; encounter actions ${rounds(now.actions, old.actions)}`)
  if (sides.some((s) => s.attacks.bad + s.actions.bad > 0)) throw new Error('failed requests during the benchmark')
} finally {
  servers.kill('SIGTERM')
  await once(servers, 'exit')
  for (const b of Object.values(schemas)) await admin.query(`DROP SCHEMA IF EXISTS "${b}" CASCADE`)
  await admin.end()
  if (process.env.BENCH_KEEP !== '1') git('worktree', 'remove', '--force', oldDir)
}
