// The one state transition of an encounter: (state, event) → state. A new
// write and a replay of the log both go through it, so folding the events
// from the first reproduces the stored encounter exactly. Pure: the dice come
// from the seed the event carries, the time from the event's own timestamp.
import { Dice, type RollRecord as Roll } from '../rules/dice/roller.js'
import { getRuleset, type RulesetId } from '../rules/rulesets/index.js'
import { atPath } from '../rules/errors.js'
import { initiative, initiativeReport } from '../application/initiative.js'
import { frozenStatBlock, newCombatant, hitPointsInput, storedHitPoints, type CombatantEntry } from './combatants.js'
import { reportHitPoints, hitPointsOf } from '../rules/hit-points/index.js'
import { advanceFrom, combatantById, initiativeCombatants, setConditionNames, startCombat, type Applied, type Draft } from './flow.js'
import type { EncounterState } from './model.js'
import { conflict, unknownCombatant } from './problems.js'
import { resolveAction } from './dispatch.js'

export interface EventInput {
  type: string
  request: Record<string, unknown>
  /** ISO timestamp of the write; the transition has no clock of its own. */
  createdAt: string
}

export interface Transition {
  state: EncounterState
  /** The rules result, in the stateless endpoint's response shape (null for bookkeeping events). */
  result: unknown
  applied: Applied[]
  rolls: Roll[]
  actor: string | null
  /** Where in the fight the event happened: the round and count before it. */
  round: number
  initiativeCount: number | null
}

function diceFor (request: Record<string, unknown>, record: boolean): Dice {
  const dice = request.dice as { sequence?: number[] } | undefined
  return new Dice({ seed: (request.seed as string | number | undefined) ?? 0, sequence: dice?.sequence, record })
}

function created (event: EventInput): EncounterState {
  const r = event.request as { id: string, name: string, ruleset: RulesetId, combatants?: CombatantEntry[] }
  const ruleset = getRuleset(r.ruleset)
  return {
    id: r.id,
    name: r.name,
    ruleset: r.ruleset,
    status: 'preparing',
    round: 0,
    surpriseRound: false,
    turn: null,
    order: [],
    downAtCount: [],
    version: 0,
    createdAt: event.createdAt,
    updatedAt: event.createdAt,
    combatants: (r.combatants ?? []).map((entry, i) => atPath(`/combatants/${i}`, () => newCombatant(entry, ruleset)))
  }
}

function addCombatant (draft: Draft, entry: CombatantEntry): unknown {
  const { state, ruleset } = draft
  if (combatantById(state, entry.id)) throw conflict(`the encounter already has a combatant "${entry.id}"`, '/id')
  if (state.combatants.length >= 100) throw conflict('an encounter holds at most 100 combatants', '/id')
  const c = newCombatant(entry, ruleset)
  state.combatants.push(c)
  if (state.status !== 'active') return null
  // A combatant joining a running fight rolls initiative on entry and acts at its count from then on.
  const resolution = { ruleset, dice: draft.dice }
  const rolled = initiative(resolution, { combatants: initiativeCombatants(state, ruleset, [c.id]) })
  const report = initiativeReport(resolution, rolled)
  const count = rolled.order[0]?.total ?? 0
  c.initiative = count
  const at = state.order.findIndex((id) => (combatantById(state, id)?.initiative ?? 0) < count)
  state.order.splice(at === -1 ? state.order.length : at, 0, c.id)
  draft.applied.push({ kind: 'initiative', round: state.round, order: [{ id: c.id, initiative: count }] })
  return report
}

function updateCombatant (draft: Draft, id: string, patch: Record<string, unknown>): void {
  const c = combatantById(draft.state, id)
  if (!c) throw unknownCombatant(id, '/combatantId')
  // A stat block is replaced, never changed in place (combatants.ts › frozenStatBlock).
  const statBlock = { ...c.statBlock }
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'name' || key === 'side') c[key] = value as string | null
    // null removes the field: the default comes back (aware, no conditions).
    else if (key === 'aware') c.aware = value === null ? true : value as boolean
    else if (key === 'conditions') setConditionNames(draft, c, (value ?? []) as string[], 'roster update')
    else if (key === 'hitPoints') {
      c.hitPoints = value === null ? null : storedHitPoints(reportHitPoints(hitPointsOf({ ...statBlock, hitPoints: value as never }, draft.ruleset), draft.ruleset))
    } else if (value === null) delete statBlock[key]
    else statBlock[key] = value
  }
  c.statBlock = frozenStatBlock(statBlock)
  // A changed Constitution changes what the pf1e hit points mean: re-read them.
  if (c.hitPoints && 'abilities' in patch) c.hitPoints = storedHitPoints(reportHitPoints(hitPointsOf({ ...c.statBlock, hitPoints: hitPointsInput(c.hitPoints, draft.ruleset) }, draft.ruleset), draft.ruleset))
}

function removeCombatant (draft: Draft, id: string): void {
  const { state } = draft
  if (!combatantById(state, id)) throw unknownCombatant(id, '/combatantId')
  const index = state.order.indexOf(id)
  const wasTurn = state.turn?.combatantId === id
  state.combatants = state.combatants.filter((c) => c.id !== id)
  if (index !== -1) state.order.splice(index, 1)
  // Removing the combatant whose turn it is passes the turn on to the next in order.
  if (wasTurn) advanceFrom(draft, index)
}

function start (draft: Draft): unknown {
  const { state, ruleset } = draft
  if (state.status !== 'preparing') throw conflict(`the encounter is ${state.status}; only a preparing encounter can start`)
  if (state.combatants.length === 0) throw conflict('the encounter has no combatants to start with')
  const resolution = { ruleset, dice: draft.dice }
  const rolled = initiative(resolution, { combatants: initiativeCombatants(state, ruleset) })
  // A quiet draft reports nothing (a simulated run): the state is the same without the report.
  const report = draft.quiet === true ? null : initiativeReport(resolution, rolled)
  startCombat(draft, rolled)
  return report
}

/**
 * How a caller that keeps no event log applies one (a simulated run, docs/rules.md
 * §140): `copy` makes the state the event changes (by default a structured
 * clone), `quiet` builds no `applied` entries and records no rolls (the
 * transition's `rolls` is empty). The state reached and the dice drawn are the same.
 */
export interface ApplyOptions {
  copy?: (state: EncounterState) => EncounterState
  quiet?: boolean
}

/** Apply one event. Throws a problem (and changes nothing) when the event is not allowed in this state. */
export function applyEvent (previous: EncounterState | null, event: EventInput, options: ApplyOptions = {}): Transition {
  if (event.type === 'created') {
    if (previous !== null) throw conflict('the encounter exists already')
    const state = created(event)
    state.version = 1
    return { state, result: null, applied: [], rolls: [], actor: null, round: 0, initiativeCount: null }
  }
  if (previous === null) throw conflict('no encounter to apply the event to')
  const state = options.copy ? options.copy(previous) : structuredClone(previous)
  const ruleset = getRuleset(state.ruleset)
  const draft: Draft = { state, ruleset, dice: diceFor(event.request, options.quiet !== true), applied: [], ...(options.quiet === true ? { quiet: true } : {}) }
  const round = state.round
  const initiativeCount = state.turn?.initiativeCount ?? null
  const request = event.request
  let result: unknown = null
  let actor: string | null = null
  switch (event.type) {
    case 'combatant-added':
      result = addCombatant(draft, request.combatant as CombatantEntry)
      actor = (request.combatant as CombatantEntry).id
      break
    case 'combatant-updated':
      updateCombatant(draft, request.combatantId as string, request.patch as Record<string, unknown>)
      actor = request.combatantId as string
      break
    case 'combatant-removed':
      removeCombatant(draft, request.combatantId as string)
      actor = request.combatantId as string
      break
    case 'started':
      result = start(draft)
      break
    default: {
      const outcome = resolveAction(draft, event.type, request)
      result = outcome.result
      actor = outcome.actor
    }
  }
  state.version = previous.version + 1
  state.updatedAt = event.createdAt
  return { state, result, applied: draft.applied, rolls: [...draft.dice.rolls], actor, round, initiativeCount }
}

/** Replay: fold the log from the first event. */
export function fold (events: ReadonlyArray<EventInput>): EncounterState | null {
  let state: EncounterState | null = null
  for (const event of events) state = applyEvent(state, event).state
  return state
}

