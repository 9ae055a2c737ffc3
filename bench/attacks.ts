// npm run bench (first part): POST /v1/attacks, a dnd35 full attack
// (bench/attack-body.ts), on the service with its real default configuration
// (logs at info, security headers, rate limiting paid but never refusing) and
// again with logs at warn, against a bare Fastify route that parses the same
// body and answers the same bytes. All three live in one child process
// (bench/servers.ts); the load comes from this one, in alternating 2-s
// slices of one run, so that the machine's load weighs on all alike: compare
// the ratios, not the absolute figures. Targets: ≥ 0.75 of the bare route at
// info, ≥ 0.85 at warn, p99 < 10 ms. BENCH_PROFILE=dir writes a CPU profile
// of the servers' process there.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import autocannon from 'autocannon'
import { ATTACK_PAYLOAD } from './attack-body.js'
import { buildService } from './service.js'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const SLICE = 2
const CONNECTIONS = 50

interface Target { name: string, url: string, requests: number, seconds: number, p99: number[], bad: number }

async function run (url: string, seconds: number, connections = CONNECTIONS) {
  return autocannon({ url, method: 'POST', connections, duration: seconds, headers: { 'content-type': 'application/json' }, body: ATTACK_PAYLOAD })
}

async function slice (target: Target): Promise<void> {
  const result = await run(target.url, SLICE)
  target.requests += result.requests.total
  target.seconds += SLICE
  target.p99.push(result.latency.p99)
  target.bad += result.errors + result.non2xx + result.timeouts
}

function median (values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

const rps = (t: Target): number => t.requests / t.seconds

function line (t: Target): string {
  return `${t.name.padEnd(34)} ${rps(t).toFixed(0).padStart(7)} req/s   p99 ${String(median(t.p99)).padStart(3)} ms (median of slices)   errors/non-2xx ${t.bad}`
}

// The servers run in a child process: autocannon in the same event loop would
// steal their time. Their logs go to /dev/null (a write per line is still paid).
buildService()
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []
const servers = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/servers.ts'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
const [urls] = await once(servers, 'message') as [{ info: string, warn: string, bare: string, responseBytes: number }]

try {
  const targets: Target[] = [
    { name: 'POST /v1/attacks, defaults (info)', url: `${urls.info}/v1/attacks`, requests: 0, seconds: 0, p99: [], bad: 0 },
    { name: 'POST /v1/attacks, logs at warn', url: `${urls.warn}/v1/attacks`, requests: 0, seconds: 0, p99: [], bad: 0 },
    { name: 'bare Fastify, same bytes', url: `${urls.bare}/v1/attacks`, requests: 0, seconds: 0, p99: [], bad: 0 }
  ]
  // Warm up (JIT; the schemas are compiled at ready()).
  for (const t of targets) await run(t.url, 2, 10)
  console.log(`POST /v1/attacks: body ${ATTACK_PAYLOAD.length} bytes, bare response ${urls.responseBytes} bytes; ${CONNECTIONS} connections, ${DURATION} s each in ${SLICE}-s alternating slices`)
  for (let done = 0; done < DURATION; done += SLICE) {
    for (const t of targets) await slice(t)
  }
  for (const t of targets) console.log(line(t))
  const [info, warn, bare] = targets as [Target, Target, Target]
  console.log(`ratio at info ${(rps(info) / rps(bare)).toFixed(2)} (target ≥ 0.75), at warn ${(rps(warn) / rps(bare)).toFixed(2)} (target ≥ 0.85); p99 at info ${median(info.p99)} ms, at warn ${median(warn.p99)} ms (target < 10 ms)`)
  const failed = targets.filter((t) => t.bad > 0)
  if (failed.length > 0) throw new Error(`failed requests: ${failed.map((t) => `${t.name} ${t.bad}`).join(', ')}`)
} finally {
  servers.kill('SIGTERM')
  await once(servers, 'exit')
}
