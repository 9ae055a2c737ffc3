// Simulated fights per CPU second (npm run bench's simulation lines, the first
// part of bench/simulations.ts): 4 versus 4 level-5 dnd35 fighters with full
// attacks, through the compiled build's simulation engine in this process
// (target: 10,000 fights in under 1 s of CPU). Two readings, one after the other:
// - a worker's first big simulation: 10,000 runs after four simulations of
//   250 runs. V8 is still optimising the engine as it runs (the start of each
//   run is met only once a run, and V8 throws an optimisation away the first
//   time a new simulation takes a path it has not seen), and that compiling
//   is CPU time of this process too;
// - a warm worker: the next simulation of 10,000 runs, in the same process,
//   as a worker is once it has served one such simulation (a worker lives
//   until 30 s without a simulation: README › Operations).
// Alone: `npx tsx bench/simulation-cpu.ts` (BENCH_SIM_RUNS runs, default 10,000).
import { pathToFileURL } from 'node:url'
import { buildService } from './service.js'
import type * as Simulate from '../src/encounters/simulation/simulate.js'

// A specifier in a variable: the type checker must not look for dist/ (it may not exist yet).
const SIMULATE = '../dist/src/encounters/simulation/simulate.js'

// A level-5 dnd35 fighter: BAB 5, Str 16, chain shirt and heavy shield, 5d10 + Con hit points, a longsword.
const fighter = (id: string, side: string) => ({
  id, side, level: 5, baseAttackBonus: 5, abilities: { str: 16, dex: 13, con: 14 }, armorClass: { armor: 4, shield: 2 },
  hitPoints: { max: 42 }, feats: ['weapon-focus'], weapons: [{ name: 'longsword', damage: '1d8', critRange: 19, enhancement: 1 }]
})
export const combatants = [1, 2, 3, 4].map((i) => fighter(`a${i}`, 'a')).concat([1, 2, 3, 4].map((i) => fighter(`b${i}`, 'b')))
const input = (runs: number, seed: string) => ({ start: { kind: 'roster' as const, ruleset: 'dnd35' as const, combatants }, runs, seed, tactic: { target: 'lowest-hit-points' as const, fullAttack: true }, sides: ['a', 'b'] })

/** The CPU seconds one simulation of `runs` runs takes in this process. */
function cpuSecondsOf (simulate: typeof Simulate.simulate, runs: number, seed: string): { seconds: number, meanRounds: number } {
  const started = process.cpuUsage()
  const result = simulate(input(runs, seed))
  const used = process.cpuUsage(started)
  return { seconds: (used.user + used.system) / 1e6, meanRounds: result.rounds.mean }
}

/** Run the measurement on the compiled build (built first when stale) and print its lines. */
export async function measureSimulationCpu (runs: number): Promise<void> {
  buildService()
  const { simulate } = await import(SIMULATE) as typeof Simulate
  for (let i = 0; i < 4; i++) simulate(input(250, `warm-up-${i}`))
  const readings: Array<[string, string]> = [['a worker\'s first big simulation (after 4 × 250 runs)', 'bench'], ['a warm worker (the next simulation)', 'bench-warm']]
  for (const [label, seed] of readings) {
    const { seconds, meanRounds } = cpuSecondsOf(simulate, runs, seed)
    const perSecond = runs / seconds
    console.log(`${label === readings[0]?.[0] ? '\n' : ''}simulation, ${label}: ${runs} fights of 4 v 4 level-5 dnd35 fighters (full attacks, mean ${meanRounds.toFixed(1)} rounds) in ${seconds.toFixed(2)} s CPU: ${Math.round(perSecond)} fights per CPU second; 10,000 fights ≈ ${(10_000 / perSecond).toFixed(2)} s CPU (target < 1 s: ${10_000 / perSecond < 1 ? 'met' : 'not met'})`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await measureSimulationCpu(Number(process.env.BENCH_SIM_RUNS ?? 10_000))
