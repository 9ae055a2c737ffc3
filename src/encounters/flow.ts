// Turn order (docs/rules.md §P7, §68, §69): who acts next, what a new turn and a
// new round bring, when conditions end. Pure: it changes the draft state the
// transition hands it, rolls with the dice it is given.
import type { Dice } from '../rules/dice/roller.js'
import { type CombatantInput, hasFeat } from '../rules/combatant.js'
import type { Ruleset } from '../rules/rulesets/types.js'
import { receiveHealing, reportHitPoints } from '../rules/hit-points/index.js'
import { rollInitiative, type InitiativeOutcome } from '../rules/initiative/initiative.js'
import { restrictsActivity } from '../rules/effects.js'
import { getRuleset } from '../rules/rulesets/index.js'
import { awareCreatureOf, creatureOf, isDown, isDying, storedHitPoints } from './combatants.js'
import { OWN_TURN_STANCES, keptAtTurnStart, pendingLabel } from './stances.js'
import type { CombatantState, ConditionRecord, EncounterState } from './model.js'
import { expireEffects, storedEffects } from './stored-effects.js'
import { rollBehaviours } from './behaviour.js'

/** One change the transition made to the encounter beyond the rules result itself, reported to the client. */
export type Applied =
  | { kind: 'hit-points', combatantId: string, cause: string, before: unknown, after: unknown, check?: unknown, massiveDamage?: unknown, deathSave?: unknown }
  | { kind: 'conditions', combatantId: string, added: string[], removed: string[], cause: string }
  | { kind: 'effects', combatantId: string, added: string[], removed: string[], cause: string }
  | { kind: 'initiative', round: number, order: Array<{ id: string, initiative: number }>, outcome?: unknown }
  | { kind: 'turn', round: number, combatantId: string | null, initiativeCount: number | null }
  | { kind: 'skipped', combatantId: string, reason: string }
  | { kind: 'pending', combatantId: string, added: string[], removed: string[], cause: string }
  | { kind: 'behaviour', combatantId: string, condition: string, roll?: number, behaviour: string, allows: string, targets?: string[] }

export interface Draft {
  state: EncounterState
  ruleset: Ruleset
  dice: Dice
  applied: Applied[]
  /**
   * Build no `applied` entries: a simulated fight reports none (docs/rules.md
   * §140). The state changes and the dice drawn are the same either way.
   */
  quiet?: boolean
}

export function combatantById (state: EncounterState, id: string): CombatantState | undefined {
  // A counted loop, not `find` with a closure nor `for…of` (V8 optimises either less well here): every
  // turn of a simulated fight looks combatants up many times. So for the other checks made every turn.
  const roster = state.combatants
  for (let i = 0; i < roster.length; i++) if ((roster[i] as CombatantState).id === id) return roster[i]
  return undefined
}

function setConditions (draft: Draft, c: CombatantState, next: ConditionRecord[], cause: string): void {
  if (draft.quiet === true) {
    c.conditions = next
    return
  }
  const before = new Set(c.conditions.map((x) => x.name))
  const after = new Set(next.map((x) => x.name))
  const added = [...after].filter((n) => !before.has(n))
  const removed = [...before].filter((n) => !after.has(n))
  c.conditions = next
  if (added.length + removed.length > 0) draft.applied.push({ kind: 'conditions', combatantId: c.id, added, removed, cause })
}

export function addCondition (draft: Draft, c: CombatantState, name: string, endsAt: ConditionRecord['endsAt'], cause: string): void {
  setConditions(draft, c, [...c.conditions.filter((x) => x.name !== name), { name, endsAt }], cause)
}

export function removeCondition (draft: Draft, c: CombatantState, name: string, cause: string): void {
  // Nothing to remove: the same list, nothing to report (every turn's start asks for flat-footed).
  if (!hasCondition(c, name)) return
  setConditions(draft, c, c.conditions.filter((x) => x.name !== name), cause)
}

/** Replace a combatant's condition names by `names`, keeping the durations of those that stay. */
export function setConditionNames (draft: Draft, c: CombatantState, names: readonly string[], cause: string): void {
  const kept = c.conditions.filter((x) => names.includes(x.name))
  const added = names.filter((n) => !kept.some((x) => x.name === n)).map((name): ConditionRecord => ({ name, endsAt: null }))
  setConditions(draft, c, [...kept, ...added], cause)
}

/**
 * docs/rules.md §69: a duration of N rounds begun on count C of round R ends just before
 * count C of round R + N; the variant's (docs/rules.md §55) at the end of round R + N.
 */
export function endsAt (draft: Draft, rounds: number): ConditionRecord['endsAt'] {
  const { state, ruleset } = draft
  if (ruleset.turnFlow.durationsEnd === 'end-of-round') return { round: state.round + rounds, initiativeCount: null }
  return { round: state.round + rounds, initiativeCount: state.turn?.initiativeCount ?? null }
}

/** Remove the conditions whose time is up when the count `count` of round `round` is about to act. */
function expireConditions (draft: Draft, round: number, count: number | null): void {
  for (const c of draft.state.combatants) {
    if (!hasTimedCondition(c)) continue
    const next = c.conditions.filter((x) => {
      if (x.endsAt === null) return true
      if (x.endsAt.round < round) return false
      if (x.endsAt.round > round || x.endsAt.initiativeCount === null || count === null) return true
      return x.endsAt.initiativeCount < count
    })
    if (next.length !== c.conditions.length) setConditions(draft, c, next, 'duration ended')
  }
  // Effects end the same way (docs/rules.md §96).
  expireEffects(draft, round, count)
}

function hasCondition (c: CombatantState, name: string): boolean {
  const conditions = c.conditions
  for (let i = 0; i < conditions.length; i++) if ((conditions[i] as ConditionRecord).name === name) return true
  return false
}

function hasTimedCondition (c: CombatantState): boolean {
  const conditions = c.conditions
  for (let i = 0; i < conditions.length; i++) if ((conditions[i] as ConditionRecord).endsAt !== null) return true
  return false
}

/** Anyone with a condition with an end, or lasting effects (each may have one): what expireConditions has to look at. */
function anythingTimed (state: EncounterState): boolean {
  // Every turn of a simulated fight asks.
  const roster = state.combatants
  for (let i = 0; i < roster.length; i++) {
    const c = roster[i] as CombatantState
    if (storedEffects(c).length > 0 || hasTimedCondition(c)) return true
  }
  return false
}

/** Everyone's count, in acting order, from an initiative roll. */
export function applyInitiative (draft: Draft, outcome: InitiativeOutcome): void {
  for (const entry of outcome.order) {
    const c = combatantById(draft.state, entry.id)
    if (c) c.initiative = entry.total
  }
  // Pushed, not `map`ped: V8's `map` makes a list of one kind when the caller runs optimised and of
  // another when it does not, and code optimised for one kind is thrown away when it meets the other.
  const order: string[] = []
  for (const entry of outcome.order) order.push(entry.id)
  draft.state.order = order
  if (draft.quiet !== true) draft.applied.push({ kind: 'initiative', round: draft.state.round, order: outcome.order.map((e) => ({ id: e.id, initiative: e.total })) })
}

export function initiativeCombatants (state: EncounterState, ruleset: Ruleset, ids?: readonly string[]): Array<ReturnType<typeof awareCreatureOf>> {
  // Pushed, as the turn order is (applyInitiative).
  const creatures: Array<ReturnType<typeof awareCreatureOf>> = []
  for (const c of state.combatants) if (ids === undefined || ids.includes(c.id)) creatures.push(awareCreatureOf(c, ruleset))
  return creatures
}

/** Restricted activity (SRD 3.5 › Restricted Activity; variant › Staggered): the surprise round, staggered or disabled. */
export function isRestricted (state: EncounterState, c: CombatantState): boolean {
  if (state.round === 0) return true
  const status = c.hitPoints?.status
  if (status === 'staggered' || status === 'disabled') return true
  if (c.conditions.length === 0) return false
  const ruleset = getRuleset(state.ruleset)
  const conditions = c.conditions
  for (let i = 0; i < conditions.length; i++) if (restrictsActivity(ruleset, (conditions[i] as ConditionRecord).name)) return true
  return false
}

/**
 * docs/rules.md §106: a charge's −2 AC, a defensive stance and the aid a
 * combatant gave last until the start of its next turn; an aim lasts for the
 * round after it was taken. (dnd35/pf1e stances expire by their count first.)
 */
function endOwnTurnStances (draft: Draft, c: CombatantState): void {
  const round = draft.state.round
  if (hasTimedCondition(c)) {
    const ended = c.conditions.filter((x) => OWN_TURN_STANCES.has(x.name) && x.endsAt !== null && x.endsAt.round <= round)
    if (ended.length > 0) setConditions(draft, c, c.conditions.filter((x) => !ended.includes(x)), 'its next turn began')
  }
  if (c.pending.length === 0) return
  const kept = keptAtTurnStart(c.pending, round)
  if (kept.length !== c.pending.length) {
    draft.applied.push({ kind: 'pending', combatantId: c.id, added: [], removed: c.pending.filter((p) => !kept.includes(p)).map(pendingLabel), cause: 'its next turn began' })
    c.pending = kept
  }
}

function beginTurn (draft: Draft, c: CombatantState): void {
  const { state, ruleset } = draft
  state.turn = { combatantId: c.id, initiativeCount: c.initiative ?? 0, spent: [] }
  c.reactionsUsed = 0
  c.readied = null
  removeCondition(draft, c, ruleset.turnFlow.flatFootedCondition, 'first turn')
  endOwnTurnStances(draft, c)
  if (draft.quiet !== true) draft.applied.push({ kind: 'turn', round: state.round, combatantId: c.id, initiativeCount: state.turn.initiativeCount })
  // docs/rules.md §117: a confused creature's behaviour, rolled as its turn begins.
  rollBehaviours(draft, c)
}

/** dnd35/pf1e (docs/rules.md §68, §62): a dying creature's stabilization roll comes on its turn, which then ends. */
function stabilizationCheck (draft: Draft, c: CombatantState, cause: string): void {
  const outcome = receiveHealing(draft.ruleset, creatureOf(c, draft.ruleset), { kind: 'stabilize' }, draft.dice)
  const after = reportHitPoints(outcome.after, draft.ruleset)
  c.hitPoints = storedHitPoints(after)
  if (draft.quiet === true) return
  const before = reportHitPoints(outcome.before, draft.ruleset)
  draft.applied.push({ kind: 'hit-points', combatantId: c.id, cause, before, after, check: outcome.check })
}

/** The end of a round: the variant's Death saves (docs/rules.md §P6.3), its re-rolled initiative (§P7), then the new round. */
function nextRound (draft: Draft, timed: boolean): void {
  const { state, ruleset } = draft
  if (ruleset.turnFlow.dyingRolls === 'end-of-round') {
    for (const id of state.order) {
      const c = combatantById(state, id)
      if (c && isDying(c)) stabilizationCheck(draft, c, 'death save at the end of the round')
    }
  }
  state.round += 1
  if (timed) expireConditions(draft, state.round, null)
  if (ruleset.capabilities.initiative.rerolledEachRound) {
    const outcome = rollInitiative(ruleset, initiativeCombatants(state, ruleset), draft.dice)
    applyInitiative(draft, outcome)
  }
}

/** One list for every count with nobody down (most of them): the state's list is replaced, never changed in place. */
const NOBODY_DOWN: string[] = Object.freeze([]) as unknown as string[]

/** The combatants on count `count` that are down, in acting order (docs/rules.md §68); `visiting`, in the order, is on that count. */
function downAt (state: EncounterState, ruleset: Ruleset, count: number, visiting: string): string[] {
  // Those on the count that are down, found in one pass (mostly none, else mostly one): a list only for a second one.
  let first: string | null = null
  let several: string[] | null = null
  const roster = state.combatants
  for (let i = 0; i < roster.length; i++) {
    const x = roster[i] as CombatantState
    if (x.initiative !== count || !isDown(x, ruleset)) continue
    if (first === null) first = x.id
    else (several ??= [first]).push(x.id)
  }
  if (first === null) return NOBODY_DOWN
  if (several !== null) {
    const down = several
    return state.order.filter((id) => down.includes(id))
  }
  if (first !== visiting && !state.order.includes(first)) return NOBODY_DOWN
  // The same one as last time (a fallen creature's count comes round every round): the list kept, not a new one.
  const kept = state.downAtCount
  return kept.length === 1 && kept[0] === first ? kept : [first]
}

/**
 * Give the turn to the first combatant at or after position `from` of the
 * order that may act, skipping the dead and unconscious (a dying dnd35/pf1e
 * combatant rolls its stabilization check instead), the unaware in the
 * surprise round; past the end, a new round begins.
 */
export function advanceFrom (draft: Draft, from: number): void {
  const { state, ruleset } = draft
  const previous = state.turn
  const previousRound = state.round
  const simultaneous = ruleset.initiative.ties === 'simultaneous'
  let index = from
  // Nothing passing the counts adds a condition or an effect with an end, so with none at the start, none can end on the way.
  const timed = anythingTimed(state)
  // dnd35/pf1e never read the down list while passing the counts, only in the state the advance
  // leaves: it is worked out for the last count visited, as that count found it, just before
  // anything changes (settleDownAtCount), not again at every count passed.
  let unsettled: CombatantState | null = null
  // Two full passes without anyone able to act: nobody can, the turn stays empty.
  for (let visited = 0; visited <= 2 * state.order.length + 1; visited++) {
    if (index >= state.order.length) {
      unsettled = settleDownAtCount(state, ruleset, unsettled)
      nextRound(draft, timed)
      index = 0
      continue
    }
    const c = combatantById(state, state.order[index] as string)
    index++
    if (!c) continue
    const count = c.initiative ?? 0
    if (timed) {
      unsettled = settleDownAtCount(state, ruleset, unsettled)
      expireConditions(draft, state.round, count)
    }
    if (state.round === 0 && !c.aware) continue
    // docs/rules.md §68: in the variant, a tie-group member dropped by its own group still acts this count.
    const sameGroup = simultaneous && previous !== null && previousRound === state.round && previous.initiativeCount === count
    if (!simultaneous) unsettled = c
    else if (!sameGroup) state.downAtCount = downAt(state, ruleset, count, c.id)
    const down = sameGroup ? state.downAtCount.includes(c.id) : isDown(c, ruleset)
    if (down) {
      if (isDying(c) && ruleset.turnFlow.dyingRolls === 'on-own-turn') {
        unsettled = settleDownAtCount(state, ruleset, unsettled)
        stabilizationCheck(draft, c, 'stabilization check on its turn')
      } else if (draft.quiet !== true) {
        draft.applied.push({ kind: 'skipped', combatantId: c.id, reason: c.hitPoints?.status ?? c.conditions.map((x) => x.name).join(', ') })
      }
      continue
    }
    settleDownAtCount(state, ruleset, unsettled)
    beginTurn(draft, c)
    return
  }
  settleDownAtCount(state, ruleset, unsettled)
  state.turn = null
  draft.applied.push({ kind: 'turn', round: state.round, combatantId: null, initiativeCount: null })
}

/** The down list of the count `visited` is on (downAt), kept in the state; returns null (nothing left to work out). */
function settleDownAtCount (state: EncounterState, ruleset: Ruleset, visited: CombatantState | null): null {
  if (visited !== null) state.downAtCount = downAt(state, ruleset, visited.initiative ?? 0, visited.id)
  return null
}

/** The start (docs/rules.md §68): initiative, the surprise round when some but not all are aware, everyone flat-footed until its first turn. */
export function startCombat (draft: Draft, outcome: InitiativeOutcome): void {
  const { state, ruleset } = draft
  state.status = 'active'
  state.surpriseRound = outcome.surpriseRound
  state.round = outcome.surpriseRound ? 0 : 1
  applyInitiative(draft, outcome)
  for (const c of state.combatants) {
    // The stat block's feats are the creature's (creatureOf copies them).
    if (!hasFeat(c.statBlock as CombatantInput, 'uncanny-dodge')) addCondition(draft, c, ruleset.turnFlow.flatFootedCondition, null, 'start of combat')
  }
  advanceFrom(draft, 0)
}

/** Position of the combatant whose turn it is. */
export function turnIndex (state: EncounterState): number {
  if (!state.turn) return -1
  // A counted loop, not `indexOf`: the ids are compared by reference (interned), and the builtin's call
  // cost more than the search itself at every end of a simulated turn.
  const order = state.order
  const id = state.turn.combatantId
  for (let i = 0; i < order.length; i++) if (order[i] === id) return i
  return -1
}

/** Move a combatant to position `to` of the order (counted before its removal). */
export function moveInOrder (state: EncounterState, id: string, to: number): void {
  const from = state.order.indexOf(id)
  state.order.splice(from, 1)
  state.order.splice(from < to ? to - 1 : to, 0, id)
}
