// npm run bench (first part): POST /v1/attacks, a dnd35 full attack
// (bench/attack-body.ts), on the service with its real default configuration
// (logs at info, security headers, rate limiting paid but never refusing) and
// again with logs at warn, against a bare Fastify route that parses the same
// body and answers the same bytes. All live in one child process
// (bench/servers.ts); the load comes from this one, in alternating 2-s
// slices of one run, so that the machine's load weighs on all alike: compare
// the ratios, not the absolute figures. Targets: ≥ 0.75 of the bare route at
// info, ≥ 0.85 at warn, p99 < 10 ms.
//
// Where the gap comes from: the servers' CPU time per request in each slice
// (user + system, every thread of their process), and a fourth target, the
// service's own hooks and plugins answering the bare route's canned bytes
// (STACK_ROUTE): bare → stack is the cost of the stack (headers, request id,
// rate limit, access, compression check), stack → warn the cost of the work
// asked for (validation, rules, serialization), warn → info the log line.
// And the same-work floor (bench/servers.ts): a bare Fastify route doing the
// route's work (the same validator, application functions and serializer)
// with no hooks; the service's ratio to it is what its stack, headers and log
// line cost. Targets: ≥ 0.85 of the floor at warn, ≥ 0.75 at info.
// BENCH_PROFILE=dir writes a CPU profile of the servers' process there.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import autocannon from 'autocannon'
import { ATTACK_PAYLOAD, STACK_ROUTE } from './attack-body.js'
import { buildService } from './service.js'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const SLICE = 2
const CONNECTIONS = 50

interface Target { name: string, url: string, requests: number, seconds: number, p99: number[], bad: number, cpuMicros: number }

async function run (url: string, seconds: number, connections = CONNECTIONS) {
  return autocannon({ url, method: 'POST', connections, duration: seconds, headers: { 'content-type': 'application/json' }, body: ATTACK_PAYLOAD })
}

async function serversCpu (child: ChildProcess): Promise<number> {
  child.send('cpu')
  const [usage] = await once(child, 'message') as [NodeJS.CpuUsage]
  return usage.user + usage.system
}

async function slice (target: Target, child: ChildProcess): Promise<void> {
  const cpuBefore = await serversCpu(child)
  const result = await run(target.url, SLICE)
  target.cpuMicros += await serversCpu(child) - cpuBefore
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
const cpuPerRequest = (t: Target): number => t.cpuMicros / t.requests

function line (t: Target): string {
  return `${t.name.padEnd(44)} ${rps(t).toFixed(0).padStart(7)} req/s   p99 ${String(median(t.p99)).padStart(3)} ms (median of slices)   CPU ${cpuPerRequest(t).toFixed(0).padStart(4)} µs/request   errors/non-2xx ${t.bad}`
}

// The servers run in a child process: autocannon in the same event loop would
// steal their time. Their logs go to /dev/null (a write per line is still paid).
buildService()
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []
const servers = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/servers.ts'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
const [urls] = await once(servers, 'message') as [{ info: string, warn: string, bare: string, floor: string, responseBytes: number }]

try {
  const target = (name: string, url: string): Target => ({ name, url, requests: 0, seconds: 0, p99: [], bad: 0, cpuMicros: 0 })
  const targets: Target[] = [
    target('POST /v1/attacks, defaults (info)', `${urls.info}/v1/attacks`),
    target('POST /v1/attacks, logs at warn', `${urls.warn}/v1/attacks`),
    target('the service\'s stack alone, same bytes (warn)', `${urls.warn}${STACK_ROUTE}`),
    target('bare Fastify, same bytes', `${urls.bare}/v1/attacks`),
    target('same-work floor: bare Fastify, same work', `${urls.floor}/v1/attacks`)
  ]
  // Warm up (JIT; the schemas are compiled at ready()).
  for (const t of targets) await run(t.url, 2, 10)
  console.log(`POST /v1/attacks: body ${ATTACK_PAYLOAD.length} bytes, bare response ${urls.responseBytes} bytes; ${CONNECTIONS} connections, ${DURATION} s each in ${SLICE}-s alternating slices`)
  for (let done = 0; done < DURATION; done += SLICE) {
    for (const t of targets) await slice(t, servers)
  }
  for (const t of targets) console.log(line(t))
  const [info, warn, stack, bare, floor] = targets as [Target, Target, Target, Target, Target]
  console.log(`ratio at info ${(rps(info) / rps(bare)).toFixed(2)} (target ≥ 0.75), at warn ${(rps(warn) / rps(bare)).toFixed(2)} (target ≥ 0.85); p99 at info ${median(info.p99)} ms, at warn ${median(warn.p99)} ms (target < 10 ms)`)
  // Against the same work: by rate, and by CPU per request (which depends less on the machine's load).
  const ofFloor = (t: Target) => `${(rps(t) / rps(floor)).toFixed(2)} by rate, ${(cpuPerRequest(floor) / cpuPerRequest(t)).toFixed(2)} by CPU per request`
  console.log(`same-work floor: at warn ${ofFloor(warn)} (target ≥ 0.85); at info ${ofFloor(info)} (target ≥ 0.75)`)
  const µs = (n: number) => `${n.toFixed(0)} µs`
  console.log(`CPU per request over the bare route's ${µs(cpuPerRequest(bare))}: the stack ${µs(cpuPerRequest(stack) - cpuPerRequest(bare))}, validation + rules + serialization ${µs(cpuPerRequest(warn) - cpuPerRequest(stack))}, the info log line ${µs(cpuPerRequest(info) - cpuPerRequest(warn))}`)
  const failed = targets.filter((t) => t.bad > 0)
  if (failed.length > 0) throw new Error(`failed requests: ${failed.map((t) => `${t.name} ${t.bad}`).join(', ')}`)
} finally {
  servers.kill('SIGTERM')
  await once(servers, 'exit')
}
