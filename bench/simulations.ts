// npm run bench (simulations): (1) simulated fights per CPU second for 4
// versus 4 level-5 dnd35 fighters with full attacks, through the compiled
// build's simulation engine in this process (target: 10,000 fights in under
// 1 s of CPU); (2) the p99 latency of POST /v1/dice at 50 connections while
// simulations keep the worker pool busy (target < 50 ms). The simulation
// engine of (1) runs in this process (the compiled build); the server of (2)
// in a child process of its own, autocannon here.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { combatants, measureSimulationCpu } from './simulation-cpu.js'

const RUNS = Number(process.env.BENCH_SIM_RUNS ?? 10_000)
const DURATION = Number(process.env.BENCH_SIM_SECONDS ?? 10)

// (1), also alone: npx tsx bench/simulation-cpu.ts
await measureSimulationCpu(RUNS)

// The service runs in a child process (bench/simulation-server.ts): here autocannon and the two simulating clients.
const server = spawn(process.execPath, ['--import', 'tsx', 'bench/simulation-server.ts'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
const [url] = await once(server, 'message') as [string]
try {
  let simulating = true
  let simulations = 0
  const sides = { a: combatants.slice(0, 4).map(({ side: _side, ...c }) => c), b: combatants.slice(4).map(({ side: _side, ...c }) => c) }
  // Two clients keep simulations going the whole time (each a few seconds of worker time).
  const load = [0, 1].map(async (n) => {
    while (simulating) {
      const res = await fetch(`${url}/v1/simulations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ruleset: 'dnd35', runs: 100, seed: `load-${n}-${simulations}`, sides }) })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`simulation: ${res.status}`)
      simulations++
    }
  })
  const dice = await autocannon({ url: `${url}/v1/dice`, connections: 50, duration: DURATION, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notation: '4d6+2' }) })
  simulating = false
  await Promise.all(load)
  console.log(`POST /v1/dice at 50 connections while simulations run (${simulations} simulations of 100 runs finished): ${Math.round(dice.requests.average)} requests/s, p99 ${dice.latency.p99} ms (target < 50 ms: ${dice.latency.p99 < 50 ? 'met' : 'not met'}), errors ${dice.errors}, non-2xx ${dice.non2xx}`)
} finally {
  server.kill('SIGTERM')
  await once(server, 'exit')
}
