// npm run bench (second part): the CPU time of the most expensive body each
// stateless endpoint accepts (test/helpers/worst-bodies.ts, whose counted work
// test/http/worst-case.test.ts checks), in this process: process.cpuUsage()
// around N requests to the compiled build, after a warm-up, with the
// service's default configuration (logs at warn here, to keep the output
// readable). Two columns:
// - over HTTP (the target's measure): the service listening on loopback, the
//   requests sent one at a time by node:http from this process, whose side
//   (sending the body, counting the answer's bytes) is counted too;
// - through app.inject, for comparison with earlier runs: light-my-request's
//   stand-in response turns a string answer into a Buffer and back, work a
//   real socket does not do, which for an answer of 1.6 MB is most of the
//   time measured.
// Target: under 50 ms each. CPU time counts every thread of the process (the
// garbage collector's too), so a loaded machine inflates it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { WORST_BODIES } from '../test/helpers/worst-bodies.js'
import { buildService, loadService } from './service.js'

const N = Number(process.env.BENCH_WORST_REPEAT ?? 20)
const TARGET_MS = 50

buildService()
const { buildApp, loadConfig } = await loadService()
const app = await buildApp({ config: loadConfig({ ...process.env, ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production' }) })
await app.listen({ host: '127.0.0.1', port: 0 })
const { port } = app.server.address() as AddressInfo
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/** One request over loopback; the answer's bytes are counted, not kept. */
async function post (path: string, payload: string): Promise<{ status: number, bytes: number }> {
  return await new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => { bytes += chunk.length })
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, bytes }) })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** CPU milliseconds per request of `send`, the mean of N after a warm-up of 3. */
async function cpuPerRequest (send: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await send()
  const started = process.cpuUsage()
  for (let i = 0; i < N; i++) await send()
  const used = process.cpuUsage(started)
  return (used.user + used.system) / 1000 / N
}

try {
  console.log(`\nworst accepted bodies: CPU per request, mean of ${N} after a warm-up, over HTTP (target < ${TARGET_MS} ms) and through inject`)
  let over = 0
  for (const w of WORST_BODIES) {
    const payload = JSON.stringify(w.body)
    const first = await post(w.url, payload)
    if (first.status !== 200) throw new Error(`${w.name}: ${first.status}`)
    const overHttp = await cpuPerRequest(async () => await post(w.url, payload))
    const throughInject = await cpuPerRequest(async () => await app.inject({ method: 'POST', url: w.url, headers: { 'content-type': 'application/json' }, payload }))
    if (overHttp >= TARGET_MS) over++
    console.log(`${w.name.padEnd(54)} ${(payload.length / 1024).toFixed(1).padStart(6)} KiB in ${(first.bytes / 1024).toFixed(1).padStart(6)} KiB out ${overHttp.toFixed(1).padStart(6)} ms${overHttp >= TARGET_MS ? '  OVER' : '      '} (inject ${throughInject.toFixed(1)} ms)`)
  }
  console.log(over === 0 ? `every one under ${TARGET_MS} ms over HTTP` : `${over} over ${TARGET_MS} ms over HTTP`)
} finally {
  agent.destroy()
  await app.close()
}
