// npm run bench (second part): the CPU time of the most expensive body each
// stateless endpoint accepts (test/helpers/worst-bodies.ts, whose counted work
// test/http/worst-case.test.ts checks), in this process: process.cpuUsage()
// around N requests through app.inject to the compiled build, after a
// warm-up, with the service's default configuration (logs at warn here, to
// keep the output readable).
// Target: under 50 ms each. CPU time counts every thread of the process (the
// garbage collector's too), so a loaded machine inflates it.
import { WORST_BODIES } from '../test/helpers/worst-bodies.js'
import { buildService, loadService } from './service.js'

const N = Number(process.env.BENCH_WORST_REPEAT ?? 20)
const TARGET_MS = 50

buildService()
const { buildApp, loadConfig } = await loadService()
const app = await buildApp({ config: loadConfig({ ...process.env, ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production' }) })
await app.ready()
try {
  console.log(`\nworst accepted bodies: CPU per request, mean of ${N} after a warm-up (target < ${TARGET_MS} ms)`)
  let over = 0
  for (const w of WORST_BODIES) {
    const payload = JSON.stringify(w.body)
    const inject = async () => app.inject({ method: 'POST', url: w.url, headers: { 'content-type': 'application/json' }, payload })
    const first = await inject()
    if (first.statusCode !== 200) throw new Error(`${w.name}: ${first.statusCode} ${first.payload.slice(0, 300)}`)
    for (let i = 0; i < 3; i++) await inject()
    const started = process.cpuUsage()
    for (let i = 0; i < N; i++) await inject()
    const used = process.cpuUsage(started)
    const ms = (used.user + used.system) / 1000 / N
    if (ms >= TARGET_MS) over++
    console.log(`${w.name.padEnd(54)} ${(payload.length / 1024).toFixed(1).padStart(6)} KiB in ${(first.rawPayload.length / 1024).toFixed(1).padStart(6)} KiB out ${ms.toFixed(1).padStart(6)} ms${ms >= TARGET_MS ? '  OVER' : ''}`)
  }
  console.log(over === 0 ? `every one under ${TARGET_MS} ms` : `${over} over ${TARGET_MS} ms`)
} finally {
  await app.close()
}
