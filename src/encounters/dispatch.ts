// POST /v1/encounters/{id}/actions inside the transition: who may act (the
// turn, the action budget, reactions off-turn, readied actions), then the
// action's own module (src/encounters/actions/) carries it out.
import { budgetRefusal, type Slot } from '../rules/turn-flow.js'
import { actionRefusal } from '../rules/can-act.js'
import { creatureOf, isDown } from './combatants.js'
import { isRestricted, moveInOrder, turnIndex, type Draft } from './flow.js'
import type { CombatantState } from './model.js'
import { conflict, fieldProblems, missing, notPossible } from './problems.js'
import { actionCost, actionFieldProblems, actionOf, isGmAction, type ActionBody, type EncounterAction } from './actions/index.js'
import { combatant, slotLabel } from './actions/types.js'
import { refuseByBehaviour } from './behaviour.js'

/**
 * docs/rules.md §73: the actor's conditions, listed or implied by its hit
 * points, forbid the action: a 409 whose path is `/actor` and whose message
 * starts with the condition's name. An action that spends nothing and attacks
 * nothing (end-turn, delay) is always allowed.
 */
function assertConditionsAllow (draft: Draft, action: EncounterAction, body: ActionBody, actor: CombatantState, slot: Slot | null, reaction: boolean): void {
  const attack = action.attack === true
  const spell = action.spell === true
  if (slot === null && !attack && !spell) return
  const charge = action.type === 'charge' || (body.options as { charging?: unknown } | undefined)?.charging === true
  // docs/rules.md §68: a variant creature dropped by its own tie group acts this count all the same.
  const { state, ruleset } = draft
  const ignoreHitPoints = !reaction && ruleset.initiative.ties === 'simultaneous' && state.turn?.combatantId === actor.id && !state.downAtCount.includes(actor.id)
  const refusal = actionRefusal(ruleset, creatureOf(actor, ruleset), { attack, slot, charge, spell, reaction, ignoreHitPoints })
  if (refusal !== null) throw conflict(`${refusal.condition}: ${actor.id} cannot take ${action.type} (${refusal.message})`, '/actor')
}

/** How the actor may take this action now; throws a 409 when the turn or the budget does not allow it. */
function authorize (draft: Draft, action: EncounterAction, body: ActionBody, actor: CombatantState | null): 'turn' | 'reaction' | 'readied' | 'gm' {
  const { state, ruleset } = draft
  const type = action.type
  if (state.status !== 'active') throw conflict(`the encounter is ${state.status}: actions need an active encounter (POST …/start first)`)
  if (isGmAction(action, state)) return 'gm'
  if (!actor) throw missing('/actor', 'actor is required for this action')
  if (body.readied === true) {
    if (!actor.readied) throw conflict(`${actor.id} has no readied action to fire`, '/readied')
    if (state.turn?.combatantId === actor.id) throw conflict(`${actor.id} fires a readied action on another's turn, not its own`, '/readied')
    assertConditionsAllow(draft, action, body, actor, null, false)
    return 'readied'
  }
  if (body.offTurn === true) {
    if (!action.offTurn?.(ruleset, body)) {
      throw conflict(`only an attack (an attack of opportunity or reaction attack) can be made off-turn, not ${type}`, '/offTurn')
    }
    if (state.turn?.combatantId === actor.id) throw conflict(`it is ${actor.id}'s own turn: an off-turn attack is made on another's turn`, '/offTurn')
    if (isDown(actor, ruleset)) throw conflict(`${actor.id} is ${actor.hitPoints?.status ?? 'down'} and cannot react`, '/actor')
    const view = creatureOf(actor, ruleset)
    if (actor.conditions.some((c) => c.name === ruleset.turnFlow.flatFootedCondition) && !ruleset.turnFlow.reactsWhileFlatFooted(view)) {
      throw conflict(`${actor.id} is ${ruleset.turnFlow.flatFootedCondition} and cannot make ${ruleset.turnFlow.slots.reaction}s yet`, '/offTurn')
    }
    assertConditionsAllow(draft, action, body, actor, null, true)
    const allowed = ruleset.turnFlow.reactionsPerRound(view as never)
    if (actor.reactionsUsed >= allowed) throw conflict(`${actor.id} has used its ${allowed} ${ruleset.turnFlow.slots.reaction}${allowed === 1 ? '' : 's'} this round`, '/offTurn')
    actor.reactionsUsed += 1
    return 'reaction'
  }
  if (state.turn?.combatantId !== actor.id) {
    throw conflict(state.turn ? `it is ${state.turn.combatantId}'s turn, not ${actor.id}'s` : 'it is nobody\'s turn', '/actor',
      { expected: state.turn?.combatantId ?? null, actual: actor.id })
  }
  refuseByBehaviour(state, actor, type, body.target)
  const restricted = isRestricted(state, actor)
  const slot = actionCost(action, ruleset, body, restricted)
  assertConditionsAllow(draft, action, body, actor, slot, false)
  if (slot !== null) {
    const refusal = budgetRefusal(state.turn.spent, slot, restricted)
    if (refusal) {
      const spent = state.turn.spent.map((s) => slotLabel(ruleset, s))
      throw conflict(`${actor.id} cannot take a ${slotLabel(ruleset, slot)} action: ${refusal} (spent this turn: ${spent.length > 0 ? spent.join(', ') : 'nothing'})`, '/type', { spent })
    }
    state.turn.spent.push(slot)
  }
  return 'turn'
}

/** A readied action fired (SRD 3.5 › Ready): it acts at once, and takes the count just ahead of the trigger's. */
function fireReadied (draft: Draft, actor: CombatantState): void {
  actor.readied = null
  const { state, ruleset } = draft
  if (!ruleset.turnFlow.countChangesArePermanent || !state.turn) return
  moveInOrder(state, actor.id, turnIndex(state))
  actor.initiative = state.turn.initiativeCount
}

export function resolveAction (draft: Draft, type: string, body: ActionBody): { result: unknown, actor: string | null } {
  const problems = actionFieldProblems(type, body)
  if (problems.length > 0) {
    const missingOnly = problems.every((p) => p.message.startsWith('is required'))
    throw fieldProblems(missingOnly ? 'missing-field' : 'not-possible', problems)
  }
  const action = actionOf(type)
  if (!action) throw notPossible(`unknown action type "${type}"`, '/type')
  const actor = body.actor === undefined ? null : combatant(draft, body.actor, '/actor')
  const mode = authorize(draft, action, body, actor)
  const result = action.handle({ draft, body, actor }) ?? null
  if (mode === 'readied') fireReadied(draft, actor as CombatantState)
  return { result, actor: actor?.id ?? null }
}
