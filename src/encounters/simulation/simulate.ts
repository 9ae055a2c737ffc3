// Many simulated fights (docs/rules.md §83, §84, §131–§134): run i fights
// from the same starting state with the seed `<seed>:<i>`, and the runs add up
// to each side's chance of winning, the rounds fought and each combatant's
// survival and damage, every probability with its 95% Wilson interval.
import type { Seed } from '../../rules/dice/prng.js'
import { DomainError } from '../../rules/errors.js'
import { getRuleset, type RulesetId } from '../../rules/rulesets/index.js'
import { frozenStatBlock, type CombatantEntry } from '../combatants.js'
import type { Draft } from '../flow.js'
import type { CombatantState, EncounterState } from '../model.js'
import { applyEvent } from '../transition.js'
import { fight, newTally, ROUND_CAP, zeros } from './fight.js'
import { PlanCache } from './plans.js'
import { wilson, type Estimate } from './statistics.js'
import type { Tactic } from './tactic.js'

/** Most runs one request may ask for. */
export const MAX_RUNS = 100_000

/**
 * Most work one simulation may take, counted before it runs as combatants ×
 * runs × the round cap (docs/rules.md §134): a fight that lasts every round
 * gives every combatant a turn in each.
 */
export const SIMULATION_WORK_LIMIT = 10_000_000

/** The work a simulation is counted as before it runs. */
export function simulationWork (combatants: number, runs: number): number {
  return combatants * runs * ROUND_CAP
}

/** A fight to simulate: a fresh roster (each with its side) or an encounter's state. */
export type SimulationStart =
  | { kind: 'roster', ruleset: RulesetId, combatants: CombatantEntry[] }
  | { kind: 'encounter', state: EncounterState }

export interface SimulationInput {
  start: SimulationStart
  runs: number
  seed: Seed
  tactic: Tactic
  /** The sides in the order the response lists them. */
  sides: string[]
}

export interface SimulationResult {
  runs: number
  winners: Record<string, Estimate>
  rounds: { mean: number, histogram: Array<{ rounds: number, runs: number, probability: number }> }
  combatants: Array<{ id: string, side: string | null, survival: Estimate, meanDamageDealt: number, meanDamageTaken: number }>
  sampleSeeds: Record<string, string | null>
}

/** Hooks for the caller: a run finished (a counter), and whether to stop (cancellation); the attack plans (the tests count and check them). */
export interface SimulationHooks {
  onRun?: () => void
  shouldStop?: () => boolean
  plans?: PlanCache
}

const CREATED_AT = '1970-01-01T00:00:00.000Z'

/** The state every run starts from, and whether each run begins with the encounter's start (initiative). */
function baseState (start: SimulationStart): { state: EncounterState, started: boolean } {
  if (start.kind === 'encounter') return { state: withFrozenStatBlocks(start.state), started: start.state.status === 'active' }
  const created = applyEvent(null, { type: 'created', request: { id: 'simulation', name: 'simulation', ruleset: start.ruleset, combatants: start.combatants }, createdAt: CREATED_AT })
  return { state: created.state, started: false }
}

/**
 * The encounter's state with each stat block a frozen copy (as a roster's
 * are from the start), which the runs share and creatureOf reads fastest
 * (src/encounters/combatants.ts › frozenStatBlock). The encounter's own state is left as it is.
 */
function withFrozenStatBlocks (state: EncounterState): EncounterState {
  const combatants = state.combatants.map((c) => ({ ...c, statBlock: frozenStatBlock({ ...c.statBlock }) }))
  return { ...state, combatants }
}

/**
 * The state a run fights in, sharing with `state` what a fight never changes
 * in place (docs/rules.md §140): the transition and the fight replace a
 * combatant's hit points, conditions list, pending list, readied action and
 * stat block (its lasting effects end by a new stat block:
 * src/encounters/stored-effects.ts) rather than change what they hold. What
 * they do change in place is copied: the state and each combatant, the turn
 * order, the turn's spent slots, and each condition record (a behaviour roll
 * is kept on it). The runs then also share the objects the rules memoize
 * (src/rules/effects.ts), such as a stat block's abilities.
 */
export function copyForRun (state: EncounterState): EncounterState {
  const turn = state.turn === null ? null : { combatantId: state.turn.combatantId, initiativeCount: state.turn.initiativeCount, spent: state.turn.spent.slice() }
  // Pushed, not `new Array(n)` filled in: a list made with holes is a different kind of array to V8
  // from the lists the transition makes, and code optimised for one is thrown away for the other.
  const combatants: CombatantState[] = []
  for (const c of state.combatants) combatants.push({ ...c, conditions: c.conditions.length === 0 ? [] : c.conditions.map((x) => ({ ...x })), pending: c.pending.slice() })
  return { ...state, turn, order: state.order.slice(), downAtCount: state.downAtCount.slice(), combatants }
}

function isDead (c: CombatantState): boolean {
  if (c.hitPoints?.status === 'dead') return true
  for (const x of c.conditions) if (x.name === 'dead') return true
  return false
}

/** Run the simulation; throws the DomainError of a combatant the rules cannot resolve. */
export function simulate (input: SimulationInput, hooks: SimulationHooks = {}): SimulationResult {
  const { state: base, started } = baseState(input.start)
  const ruleset = getRuleset(base.ruleset)
  const wins = new Map<string, number>(input.sides.map((s) => [s, 0]))
  let draws = 0
  const sampleSeeds: Record<string, string | null> = Object.fromEntries(input.sides.map((s) => [s, null]))
  const roundCounts = new Array<number>(ROUND_CAP + 1).fill(0)
  // By place in the roster, which every run keeps (copyForRun, the start event).
  const size = base.combatants.length
  const survived = zeros(size)
  const { dealt, taken } = newTally(size)
  let runs = 0
  // One cache for every run: they all start from the same combatants (docs/rules.md §140).
  const plans = hooks.plans ?? new PlanCache()
  for (let i = 0; i < input.runs; i++) {
    if (hooks.shouldStop?.() === true) throw new DomainError('conflict', 'the simulation was cancelled')
    const runSeed = `${String(input.seed)}:${i}`
    // The start is the encounter's own event, with the run's seed: initiative, surprise, flat-footed.
    const state = started ? copyForRun(base) : applyEvent(base, { type: 'started', request: { seed: runSeed }, createdAt: CREATED_AT }, { copy: copyForRun, quiet: true }).state
    const draft: Draft = { state, ruleset, dice: null as unknown as Draft['dice'], applied: [], quiet: true }
    const tally = newTally(size)
    const outcome = fight(draft, runSeed, input.tactic, tally, 1, plans)
    runs++
    if (outcome.winner === null) draws++
    else {
      wins.set(outcome.winner, (wins.get(outcome.winner) ?? 0) + 1)
      if (sampleSeeds[outcome.winner] === null) sampleSeeds[outcome.winner] = runSeed
    }
    roundCounts[outcome.rounds] = (roundCounts[outcome.rounds] ?? 0) + 1
    for (let c = 0; c < size; c++) {
      if (!isDead(state.combatants[c] as CombatantState)) survived[c] = (survived[c] as number) + 1
      dealt[c] = (dealt[c] as number) + (tally.dealt[c] as number)
      taken[c] = (taken[c] as number) + (tally.taken[c] as number)
    }
    hooks.onRun?.()
  }
  const winners: Record<string, Estimate> = {}
  for (const side of input.sides) winners[side] = wilson(wins.get(side) ?? 0, runs)
  winners.draw = wilson(draws, runs)
  let roundSum = 0
  const histogram: SimulationResult['rounds']['histogram'] = []
  roundCounts.forEach((count, rounds) => {
    if (count === 0) return
    roundSum += rounds * count
    histogram.push({ rounds, runs: count, probability: count / runs })
  })
  return {
    runs,
    winners,
    rounds: { mean: roundSum / runs, histogram },
    combatants: base.combatants.map((c, i) => ({
      id: c.id,
      side: c.side,
      survival: wilson(survived[i] as number, runs),
      meanDamageDealt: (dealt[i] as number) / runs,
      meanDamageTaken: (taken[i] as number) / runs
    })),
    sampleSeeds
  }
}
