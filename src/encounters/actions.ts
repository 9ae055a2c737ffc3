// The actions of POST /v1/encounters/{id}/actions: who may act (the turn, the
// action budget of D70, reactions off-turn), the stateless resolution with the
// stored creatures, and what its result changes in the encounter.
import type { Ruleset } from '../rules/rulesets/types.js'
import { budgetRefusal, slotOf, type Slot } from '../rules/turn-flow.js'
import type { AttackRequest } from '../rules/attacks/request.js'
import type { Blow, Healing } from '../rules/hit-points/index.js'
import type { ManeuverRequest } from '../rules/maneuvers/index.js'
import type { TurningRequestBody } from '../schemas/turning.js'
import { attackResponse } from '../resolution/attacks.js'
import { damageResponse, healingResponse } from '../resolution/hit-points.js'
import { grappleResponse, maneuverResponse } from '../resolution/maneuvers.js'
import { savesResponse } from '../resolution/saves.js'
import { turningResponse } from '../resolution/turning.js'
import { turningEffectRounds } from '../rules/turning/policy.js'
import { creatureOf, isDown } from './combatants.js'
import { addCondition, advanceFrom, combatantById, endsAt, isRestricted, moveInOrder, removeCondition, setConditionNames, turnIndex, type Draft } from './flow.js'
import type { CombatantState } from './model.js'
import { conflict, fieldProblems, missing, notPossible, unknownCombatant } from './problems.js'
import { actionFieldProblems } from './action-fields.js'
import { applyBlow, applyHit, applyHitPoints } from './harm.js'

type Body = Record<string, unknown>

/** Off-turn actions a GM applies at any time (CONTRACT › Encounters). */
const GM_ACTIONS = new Set(['damage', 'heal', 'save', 'condition', 'end'])

/** The slot each resolving action spends (D70); `act` names its own, delay and end-turn spend none. */
const COST: Record<string, Slot | null> = {
  attack: 'primary',
  'full-attack': 'fullRound',
  'coup-de-grace': 'fullRound',
  grapple: 'primary',
  maneuver: 'primary',
  turn: 'primary',
  move: 'secondary',
  ready: 'primary',
  delay: null,
  'end-turn': null
}

function combatant (draft: Draft, id: unknown, path: string): CombatantState {
  if (typeof id !== 'string') throw missing(path, `${path.slice(1)} is required for this action`)
  const c = combatantById(draft.state, id)
  if (!c) throw unknownCombatant(id, path)
  return c
}

function slotLabel (ruleset: Ruleset, slot: Slot): string {
  const s = ruleset.turnFlow.slots
  return { primary: s.primary, secondary: s.secondary, fullRound: s.fullRound, swift: s.swift ?? 'swift', free: s.free }[slot]
}

/** The slot this action spends, or null; throws 409 when the turn or the budget does not allow it. */
function authorize (draft: Draft, type: string, body: Body, actor: CombatantState | null): 'turn' | 'reaction' | 'readied' | 'gm' {
  const { state, ruleset } = draft
  if (state.status !== 'active') throw conflict(`the encounter is ${state.status}: actions need an active encounter (POST …/start first)`)
  if (GM_ACTIONS.has(type)) return 'gm'
  if (type === 'end-turn' && state.turn === null) return 'gm'
  if (!actor) throw missing('/actor', 'actor is required for this action')
  if (body.readied === true) {
    if (!actor.readied) throw conflict(`${actor.id} has no readied action to fire`, '/readied')
    if (state.turn?.combatantId === actor.id) throw conflict(`${actor.id} fires a readied action on another's turn, not its own`, '/readied')
    return 'readied'
  }
  if (body.offTurn === true) {
    if (type !== 'attack' && !(type === 'act' && body.actionType === ruleset.turnFlow.slots.reaction)) {
      throw conflict(`only an attack (an attack of opportunity or reaction attack) can be made off-turn, not ${type}`, '/offTurn')
    }
    if (state.turn?.combatantId === actor.id) throw conflict(`it is ${actor.id}'s own turn: an off-turn attack is made on another's turn`, '/offTurn')
    if (isDown(actor, ruleset)) throw conflict(`${actor.id} is ${actor.hitPoints?.status ?? 'down'} and cannot react`, '/actor')
    const view = creatureOf(actor, ruleset)
    if (actor.conditions.some((c) => c.name === ruleset.turnFlow.flatFootedCondition) && !ruleset.turnFlow.reactsWhileFlatFooted(view)) {
      throw conflict(`${actor.id} is ${ruleset.turnFlow.flatFootedCondition} and cannot make ${ruleset.turnFlow.slots.reaction}s yet`, '/offTurn')
    }
    const allowed = ruleset.turnFlow.reactionsPerRound(view as never)
    if (actor.reactionsUsed >= allowed) throw conflict(`${actor.id} has used its ${allowed} ${ruleset.turnFlow.slots.reaction}${allowed === 1 ? '' : 's'} this round`, '/offTurn')
    actor.reactionsUsed += 1
    return 'reaction'
  }
  if (state.turn?.combatantId !== actor.id) {
    throw conflict(state.turn ? `it is ${state.turn.combatantId}'s turn, not ${actor.id}'s` : 'it is nobody\'s turn', '/actor')
  }
  const slot = type === 'act' ? slotOf(ruleset.turnFlow, String(body.actionType)) : COST[type] ?? null
  if (type === 'act' && slot === null) throw notPossible(`${ruleset.name} has no action type "${String(body.actionType)}" usable on one's own turn (it has: ${ruleset.actionTypes.join(', ')})`, '/actionType')
  if (type === 'delay' && state.turn.spent.length > 0) throw conflict(`${actor.id} has acted this turn (${state.turn.spent.map((s) => slotLabel(ruleset, s)).join(', ')}) and can no longer delay`, '/actor')
  if (slot !== null) {
    const refusal = budgetRefusal(state.turn.spent, slot, isRestricted(state, actor))
    if (refusal) {
      const spent = state.turn.spent.map((s) => slotLabel(ruleset, s))
      throw conflict(`${actor.id} cannot take a ${slotLabel(ruleset, slot)} action: ${refusal} (spent this turn: ${spent.length > 0 ? spent.join(', ') : 'nothing'})`, '/type')
    }
    state.turn.spent.push(slot)
  }
  return 'turn'
}

function resolution (draft: Draft) {
  return { ruleset: draft.ruleset, dice: draft.dice }
}

function attack (draft: Draft, type: string, body: Body, actor: CombatantState): unknown {
  const target = combatant(draft, body.target, '/target')
  const mode = type === 'full-attack' ? 'full' : type === 'coup-de-grace' ? 'coup-de-grace' : 'single'
  const request = {
    attacker: creatureOf(actor, draft.ruleset),
    target: creatureOf(target, draft.ruleset),
    weapon: body.weapon,
    ...(body.offHand !== undefined ? { offHand: body.offHand } : {}),
    mode,
    ...(body.options !== undefined ? { options: body.options } : {})
  } as AttackRequest
  const result = attackResponse(resolution(draft), request)
  for (const a of result.attacks) {
    if (!a.damage) continue
    applyHit(draft, target, a.damage, `${type} ${a.label}`, a.critical)
  }
  if (result.coupDeGrace && !result.coupDeGrace.survived) {
    if (target.hitPoints) applyHitPoints(draft, target, { ...target.hitPoints, status: 'dead' }, 'coup de grace: the save against death failed')
    else addCondition(draft, target, 'dead', null, 'coup de grace')
  }
  return result
}

function saves (draft: Draft, body: Body): unknown {
  const entries = (body.targets as Array<string | Body>).map((t, i) => {
    const entry = typeof t === 'string' ? { id: t } : t
    return { entry, c: combatant(draft, entry.id, typeof t === 'string' ? `/targets/${i}` : `/targets/${i}/id`) }
  })
  const request = {
    save: body.save as string,
    dc: body.dc as number,
    ...(body.effect !== undefined ? { effect: body.effect } : {}),
    targets: entries.map(({ entry, c }) => ({ ...creatureOf(c, draft.ruleset), ...(entry.modifiers !== undefined ? { modifiers: entry.modifiers } : {}), ...(entry.cover !== undefined ? { cover: entry.cover } : {}) }))
  }
  const result = savesResponse(resolution(draft), request as never)
  const effect = body.effect as { nonlethal?: boolean } | undefined
  result.results.forEach((r, i) => {
    const c = entries[i]?.c
    if (c && r.damage !== null && r.damage > 0) applyBlow(draft, c, { amount: r.damage, nonlethal: effect?.nonlethal ?? false }, `${String(body.save)} save`)
  })
  return result
}

function maneuver (draft: Draft, type: 'grapple' | 'maneuver', body: Body, actor: CombatantState): unknown {
  const defender = combatant(draft, body.target, '/target')
  const others = ((body.others as string[] | undefined) ?? []).map((id, i) => combatant(draft, id, `/others/${i}`))
  const request = {
    attacker: creatureOf(actor, draft.ruleset),
    defender: creatureOf(defender, draft.ruleset),
    ...(others.length > 0 ? { others: others.map((c) => creatureOf(c, draft.ruleset)) } : {}),
    ...(body.options !== undefined ? { options: body.options } : {})
  } as ManeuverRequest
  const result = type === 'grapple'
    ? grappleResponse(resolution(draft), { ...request, action: body.action as string })
    : maneuverResponse(resolution(draft), { ...request, maneuver: body.maneuver as string })
  const cause = `${type} ${String(body.action ?? body.maneuver)}`
  setConditionNames(draft, actor, result.state.attacker, cause)
  setConditionNames(draft, defender, result.state.defender, cause)
  result.state.others.forEach((names, i) => { const c = others[i]; if (c) setConditionNames(draft, c, names, cause) })
  // Damage of a grapple goes to the defender; a sunder's is the item's, not the creature's.
  if (type === 'grapple' && result.damage) {
    applyHit(draft, defender, result.damage, cause)
  }
  return result
}

/** Turning (dnd35) and channel energy (pf1e); outcomes land on the undead and targets of the roster. */
function turn (draft: Draft, body: Body, actor: CombatantState): unknown {
  const undead = ((body.undead as Body[] | undefined) ?? []).map((u, i) => {
    const c = combatant(draft, u.id, `/undead/${i}/id`)
    const hitDice = c.statBlock.hitDice
    if (typeof hitDice !== 'number') throw missing(`/undead/${i}/id`, `combatant ${c.id} needs hitDice in its stat block to be turned`)
    return { c, input: { ...u, id: c.id, hitDice } }
  })
  const targets = ((body.targets as Body[] | undefined) ?? []).map((t, i) => {
    const c = combatant(draft, t.id, `/targets/${i}/id`)
    return { c, input: { ...creatureOf(c, draft.ruleset), ...t, id: c.id } }
  })
  const request = {
    action: body.action,
    turner: creatureOf(actor, draft.ruleset),
    ...(body.undead !== undefined ? { undead: undead.map((u) => u.input) } : {}),
    ...(body.targets !== undefined ? { targets: targets.map((t) => t.input) } : {}),
    ...(body.previousTurningCheck !== undefined ? { previousTurningCheck: body.previousTurningCheck } : {}),
    ...(body.commandedHitDice !== undefined ? { commandedHitDice: body.commandedHitDice } : {}),
    ...(body.checkModifiers !== undefined ? { checkModifiers: body.checkModifiers } : {})
  } as TurningRequestBody
  const result = turningResponse(resolution(draft), request) as Record<string, unknown>
  const byId = new Map([...undead, ...targets].map((x) => [x.c.id, x.c]))
  for (const r of (result.results as Array<{ id: string, outcome: string, healed?: number | null, damage?: number | null }>)) {
    const c = byId.get(r.id)
    if (!c) continue
    const cause = `${String(body.action)}: ${r.outcome}`
    // 000 › Turn or Rebuke Undead: turned undead flee for 10 rounds; destroyed ones are gone.
    if (r.outcome === 'destroyed') {
      if (c.hitPoints) applyHitPoints(draft, c, { ...c.hitPoints, status: 'dead' }, cause)
      else addCondition(draft, c, 'dead', null, cause)
    } else if (r.outcome === 'turned' || r.outcome === 'rebuked' || r.outcome === 'bolstered') {
      addCondition(draft, c, r.outcome === 'bolstered' ? 'bolstered' : r.outcome, endsAt(draft, turningEffectRounds(draft.ruleset.turning)), cause)
    } else if (r.outcome === 'commanded') {
      addCondition(draft, c, 'commanded', null, cause)
    } else if (r.outcome === 'freed') {
      for (const name of ['turned', 'rebuked', 'commanded']) removeCondition(draft, c, name, cause)
    }
    if (r.damage !== undefined && r.damage !== null && r.damage > 0) applyBlow(draft, c, { amount: r.damage, singleAttack: true }, cause)
    if (r.healed !== undefined && r.healed !== null && r.healed > 0 && c.hitPoints) {
      const healed = healingResponse(resolution(draft), { creature: creatureOf(c, draft.ruleset) as never, healing: { kind: 'magical', amount: r.healed } as Healing & Body })
      applyHitPoints(draft, c, healed.after, cause, { before: healed.before })
    }
  }
  return result
}

function condition (draft: Draft, body: Body): unknown {
  const target = combatant(draft, body.target, '/target')
  if ((body.add === undefined) === (body.remove === undefined)) throw missing(body.add === undefined ? '/add' : '/remove', 'exactly one of add and remove is required')
  if (body.remove !== undefined) {
    if (body.durationRounds !== undefined) throw notPossible('durationRounds goes with add', '/durationRounds')
    removeCondition(draft, target, body.remove as string, 'condition action')
  } else {
    const rounds = body.durationRounds as number | undefined
    addCondition(draft, target, body.add as string, rounds === undefined ? null : endsAt(draft, rounds), 'condition action')
  }
  return null
}

/** D68, 000 › Delay: act later this round at a lower count (for good in dnd35/pf1e) or right after another combatant. */
function delay (draft: Draft, body: Body, actor: CombatantState): unknown {
  const { state } = draft
  const here = turnIndex(state)
  const current = state.turn?.initiativeCount ?? 0
  if ((body.count === undefined) === (body.after === undefined)) throw missing(body.count === undefined ? '/count' : '/after', 'delay takes exactly one of count and after')
  let to: number
  let count: number
  if (body.after !== undefined) {
    const other = combatant(draft, body.after, '/after')
    const at = state.order.indexOf(other.id)
    if (other.id === actor.id || at <= here) throw notPossible(`${other.id} does not act later this round, so ${actor.id} cannot delay until after it`, '/after')
    to = at + 1
    count = other.initiative ?? current
  } else {
    count = body.count as number
    if (count >= current) throw notPossible(`a delay moves to a lower count than the current ${current}`, '/count')
    const at = state.order.findIndex((id, i) => i > here && (combatantById(state, id)?.initiative ?? 0) < count)
    to = at === -1 ? state.order.length : at
  }
  moveInOrder(state, actor.id, to)
  actor.initiative = count
  advanceFrom(draft, here)
  return null
}

/** A readied action fired (000 › Ready): it acts at once, and takes the count just ahead of the trigger's. */
function fireReadied (draft: Draft, actor: CombatantState): void {
  actor.readied = null
  const { state, ruleset } = draft
  if (!ruleset.turnFlow.countChangesArePermanent || !state.turn) return
  moveInOrder(state, actor.id, turnIndex(state))
  actor.initiative = state.turn.initiativeCount
}

export function resolveAction (draft: Draft, type: string, body: Body): { result: unknown, actor: string | null } {
  const problems = actionFieldProblems({ ...body, type })
  if (problems.length > 0) {
    const missingOnly = problems.every((p) => p.message.startsWith('is required'))
    throw fieldProblems(missingOnly ? 'missing-field' : 'not-possible', problems)
  }
  const actor = body.actor === undefined ? null : combatant(draft, body.actor, '/actor')
  const mode = authorize(draft, type, body, actor)
  let result: unknown = null
  switch (type) {
    case 'attack': case 'full-attack': case 'coup-de-grace':
      result = attack(draft, type, body, actor as CombatantState)
      break
    case 'save':
      result = saves(draft, body)
      break
    case 'grapple': case 'maneuver':
      result = maneuver(draft, type, body, actor as CombatantState)
      break
    case 'turn':
      result = turn(draft, body, actor as CombatantState)
      break
    case 'damage': {
      const target = combatant(draft, body.target, '/target')
      const response = damageResponse(resolution(draft), { creature: creatureOf(target, draft.ruleset) as never, damage: body.damage as Blow })
      applyHitPoints(draft, target, response.after, 'damage action', { before: response.before, massiveDamage: response.massiveDamage, deathSave: response.deathSave })
      result = response
      break
    }
    case 'heal': {
      const target = combatant(draft, body.target, '/target')
      const response = healingResponse(resolution(draft), { creature: creatureOf(target, draft.ruleset) as never, healing: body.healing as Healing & Body })
      applyHitPoints(draft, target, response.after, 'heal action', { before: response.before, check: response.check })
      result = response
      break
    }
    case 'condition':
      result = condition(draft, body)
      break
    case 'delay':
      result = delay(draft, body, actor as CombatantState)
      break
    case 'ready': {
      const a = actor as CombatantState
      a.readied = { trigger: body.trigger as string, actionType: (body.actionType as string | undefined) ?? draft.ruleset.turnFlow.slots.primary }
      break
    }
    case 'move': case 'act':
      break
    case 'end-turn':
      advanceFrom(draft, turnIndex(draft.state) + 1)
      break
    case 'end':
      draft.state.status = 'finished'
      draft.state.turn = null
      break
    default:
      throw notPossible(`unknown action type "${type}"`, '/type')
  }
  if (mode === 'readied') fireReadied(draft, actor as CombatantState)
  return { result, actor: actor?.id ?? null }
}
