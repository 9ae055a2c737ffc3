// Many simulated fights (docs/rules.md §83, §84, §131–§134): run i fights
// from the same starting state with the seed `<seed>:<i>`, and the runs add up
// to each side's chance of winning, the rounds fought and each combatant's
// survival and damage, every probability with its 95% Wilson interval.
import type { Seed } from '../../rules/dice/prng.js'
import { DomainError } from '../../rules/errors.js'
import { getRuleset, type RulesetId } from '../../rules/rulesets/index.js'
import type { CombatantEntry } from '../combatants.js'
import type { Draft } from '../flow.js'
import type { CombatantState, EncounterState } from '../model.js'
import { applyEvent } from '../transition.js'
import { fight, ROUND_CAP, type FightTally } from './fight.js'
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
  if (start.kind === 'encounter') return { state: start.state, started: start.state.status === 'active' }
  const created = applyEvent(null, { type: 'created', request: { id: 'simulation', name: 'simulation', ruleset: start.ruleset, combatants: start.combatants }, createdAt: CREATED_AT })
  return { state: created.state, started: false }
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
  const combatants = new Array<CombatantState>(state.combatants.length)
  for (let i = 0; i < combatants.length; i++) {
    const c = state.combatants[i] as CombatantState
    combatants[i] = { ...c, conditions: c.conditions.length === 0 ? [] : c.conditions.map((x) => ({ ...x })), pending: c.pending.slice() }
  }
  return { ...state, turn, order: state.order.slice(), downAtCount: state.downAtCount.slice(), combatants }
}

function isDead (state: EncounterState, id: string): boolean {
  const c = state.combatants.find((x) => x.id === id)
  return c === undefined || c.hitPoints?.status === 'dead' || c.conditions.some((x) => x.name === 'dead')
}

/** Run the simulation; throws the DomainError of a combatant the rules cannot resolve. */
export function simulate (input: SimulationInput, hooks: SimulationHooks = {}): SimulationResult {
  const { state: base, started } = baseState(input.start)
  const ruleset = getRuleset(base.ruleset)
  const wins = new Map<string, number>(input.sides.map((s) => [s, 0]))
  let draws = 0
  const sampleSeeds: Record<string, string | null> = Object.fromEntries(input.sides.map((s) => [s, null]))
  const roundCounts = new Array<number>(ROUND_CAP + 1).fill(0)
  const survived = new Map<string, number>(base.combatants.map((c) => [c.id, 0]))
  const dealt = new Map<string, number>(base.combatants.map((c) => [c.id, 0]))
  const taken = new Map<string, number>(base.combatants.map((c) => [c.id, 0]))
  let runs = 0
  // One cache for every run: they all start from the same combatants (docs/rules.md §140).
  const plans = hooks.plans ?? new PlanCache()
  for (let i = 0; i < input.runs; i++) {
    if (hooks.shouldStop?.() === true) throw new DomainError('conflict', 'the simulation was cancelled')
    const runSeed = `${String(input.seed)}:${i}`
    // The start is the encounter's own event, with the run's seed: initiative, surprise, flat-footed.
    const state = started ? copyForRun(base) : applyEvent(base, { type: 'started', request: { seed: runSeed }, createdAt: CREATED_AT }, { copy: copyForRun, quiet: true }).state
    const draft: Draft = { state, ruleset, dice: null as unknown as Draft['dice'], applied: [], quiet: true }
    const tally: FightTally = { dealt: new Map(), taken: new Map() }
    const outcome = fight(draft, runSeed, input.tactic, tally, 1, plans)
    runs++
    if (outcome.winner === null) draws++
    else {
      wins.set(outcome.winner, (wins.get(outcome.winner) ?? 0) + 1)
      if (sampleSeeds[outcome.winner] === null) sampleSeeds[outcome.winner] = runSeed
    }
    roundCounts[outcome.rounds] = (roundCounts[outcome.rounds] ?? 0) + 1
    for (const c of base.combatants) {
      if (!isDead(state, c.id)) survived.set(c.id, (survived.get(c.id) ?? 0) + 1)
      dealt.set(c.id, (dealt.get(c.id) ?? 0) + (tally.dealt.get(c.id) ?? 0))
      taken.set(c.id, (taken.get(c.id) ?? 0) + (tally.taken.get(c.id) ?? 0))
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
    combatants: base.combatants.map((c) => ({
      id: c.id,
      side: c.side,
      survival: wilson(survived.get(c.id) ?? 0, runs),
      meanDamageDealt: (dealt.get(c.id) ?? 0) / runs,
      meanDamageTaken: (taken.get(c.id) ?? 0) / runs
    })),
    sampleSeeds
  }
}
