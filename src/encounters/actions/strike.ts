// The attack actions (attack, full-attack, coup-de-grace, charge and the
// variant's attack options) share this: POST /v1/attacks with the stored
// attacker and target, its hits landing on the target's hit points; the aid
// another waiting for this attack is used up, and fighting defensively is
// stored as a stance (docs/rules.md §105, §107).
import { attackReport, resolveAttack } from '../../application/attacks.js'
import type { Modifier } from '../../rules/modifiers.js'
import type { AttackOptions, AttackRequest } from '../../rules/attacks/request.js'
import { AttackOptionsSchema } from '../../schemas/attacks.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { DomainError } from '../../rules/errors.js'
import { noteAttacked } from '../behaviour.js'
import { creatureOf } from '../combatants.js'
import { addCondition, type Draft } from '../flow.js'
import { applyHit, applyHitPoints } from '../harm.js'
import type { CombatantState } from '../model.js'
import { conflict, missing, notPossible } from '../problems.js'
import { NO_REACTION_STANCES, endOfThisRound, pendingLabel, untilNextTurn } from '../stances.js'
import { combatant, inBody, type ActionContext } from './types.js'

export const STRIKE_REQUIRED = { actor: F.actor, target: F.target, weapon: F.weapon }
/** attack and full-attack: the weapon sent, or named from the actor's `weapons` (docs/rules.md §130). */
export const NAMED_STRIKE_REQUIRED = { actor: F.actor, target: F.target }
export const NAMED_STRIKE_WEAPON = { weapon: F.weapon, weaponName: F.weaponName }
export const STRIKE_OPTIONS = AttackOptionsSchema

/** What an action adds to the stateless attack: options it sets itself and modifiers of its own, each with its source. */
export interface StrikeExtras {
  options?: AttackOptions
  attackModifiers?: readonly Modifier[]
  damageModifiers?: readonly Modifier[]
}

interface CarriedWeapon extends Record<string, unknown> { name?: string, offHand?: Record<string, unknown> }

/**
 * The weapon (and off-hand weapon) of the action: `weapon` as sent, or the
 * first of the actor's `weapons` with the name `weaponName`, its `offHand`
 * pairing used in a full attack unless the body sends its own.
 */
function weaponsOf (attacker: CombatantState, body: ActionContext['body'], type: string, mode: string): { weapon: unknown, offHand: unknown } {
  if (body.weaponName === undefined) {
    if (body.weapon === undefined) throw missing('/weapon', `is required for ${type} (or weaponName, one of the actor's weapons)`)
    return { weapon: body.weapon, offHand: body.offHand }
  }
  if (body.weapon !== undefined) {
    const message = 'give either weapon or weaponName, not both'
    throw new DomainError('inconsistent-fields', message, [{ path: '/weaponName', message }])
  }
  const carried = Array.isArray(attacker.statBlock.weapons) ? attacker.statBlock.weapons as CarriedWeapon[] : []
  const found = carried.find((w) => w.name === body.weaponName)
  if (!found) {
    const names = carried.map((w) => `"${w.name ?? ''}"`).join(', ')
    const message = `${attacker.id} carries no weapon named "${String(body.weaponName)}" (its weapons: ${names === '' ? 'none' : names})`
    throw new DomainError('not-possible', message, [{ path: '/weaponName', message }])
  }
  const { offHand, ...weapon } = found
  return { weapon, offHand: body.offHand ?? (mode === 'full' ? offHand : undefined) }
}

export function strike ({ draft, body, actor }: ActionContext, type: string, mode: 'single' | 'full' | 'coup-de-grace', extras: StrikeExtras = {}): unknown {
  const attacker = actor as CombatantState
  const target = combatant(draft, body.target, '/target')
  const { weapon, offHand } = weaponsOf(attacker, body, type, mode)
  const sent = (body.options ?? {}) as AttackOptions
  const stance = body.offTurn === true ? attacker.conditions.find((c) => NO_REACTION_STANCES.has(c.name)) : undefined
  if (stance) throw conflict(`${attacker.id} is in ${stance.name} and makes no ${draft.ruleset.turnFlow.slots.reaction}s until its next turn`, '/offTurn')
  // docs/rules.md §106: in an encounter a charge is its own action, which costs the full round and stores the −2 AC.
  if (sent.charging === true && extras.options?.charging !== true) {
    throw notPossible('in an encounter a charge is the `charge` action: a full-round action whose −2 AC lasts until the charger\'s next turn', '/options/charging')
  }
  const aid = mode === 'coup-de-grace' ? { attack: [], armorClass: [] } : aidFor(draft, attacker, target)
  const options: AttackOptions = {
    ...sent,
    ...extras.options,
    ...(extras.attackModifiers ? { attackModifiers: [...(sent.attackModifiers ?? []), ...extras.attackModifiers] } : {}),
    ...(extras.damageModifiers ? { damageModifiers: [...(sent.damageModifiers ?? []), ...extras.damageModifiers] } : {}),
    ...(aid.attack.length + aid.armorClass.length > 0 ? { firstAttack: { attackModifiers: aid.attack, armorClassModifiers: aid.armorClass } } : {})
  }
  const request = {
    attacker: creatureOf(attacker, draft.ruleset),
    target: creatureOf(target, draft.ruleset),
    weapon,
    ...(offHand !== undefined ? { offHand } : {}),
    mode,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    // Who may act was decided by the encounter (src/encounters/dispatch.ts), a 409 there.
    actorMayAct: true
  } as AttackRequest
  const result = inBody([{ from: '/attacker', to: '/actor', id: attacker.id }, { from: '/target', to: '/target', id: target.id }],
    () => resolveAttack(draft, request))
  const report = attackReport(draft, result)
  // docs/rules.md §147: a confused target attacks its attackers on its next turn.
  noteAttacked(draft, attacker, target)
  if (aid.attack.length + aid.armorClass.length > 0) useAid(draft, attacker, target, `${type} by ${attacker.id} against ${target.id}`)
  if (sent.fightingDefensively === true) fightDefensively(draft, attacker)
  for (const a of result.attacks) {
    if (!a.damage) continue
    applyHit(draft, target, a.damage, `${type} ${a.label}`, a.critical)
    // variant › Sneak Attacks: bloodied whatever the damage, until healing restores a point (the heal action clears it; docs/rules.md §74).
    const bloodied = draft.ruleset.attacks.precision.bloodies
    if (a.damage.bloodies === true && bloodied !== null) addCondition(draft, target, bloodied, null, `${type} ${a.label}: sneak attack`)
  }
  if (result.coupDeGrace && !result.coupDeGrace.survived) {
    if (target.hitPoints) applyHitPoints(draft, target, { ...target.hitPoints, status: 'dead' }, 'coup de grace: the save against death failed')
    else addCondition(draft, target, 'dead', null, 'coup de grace')
  }
  return report
}

/**
 * The aid another waiting for an attack by `attacker` on `target` (SRD 3.5 ›
 * Aid Another; docs/rules.md §105): every helper's +2 on the attacker's next
 * attack against this target, and every helper's +2 to the target's AC
 * against this attacker's next attack. Helpers stack; each is a breakdown line.
 */
function aidFor (draft: Draft, attacker: CombatantState, target: CombatantState): { attack: Modifier[], armorClass: Modifier[] } {
  const attack: Modifier[] = []
  const armorClass: Modifier[] = []
  for (const helper of draft.state.combatants) {
    for (const p of helper.pending) {
      if (p.kind !== 'aid') continue
      if (p.choice === 'attack' && p.ally === attacker.id && p.opponent === target.id) attack.push({ source: `aid another by ${helper.id}`, value: p.value, type: 'untyped' })
      if (p.choice === 'ac' && p.ally === target.id && p.opponent === attacker.id) armorClass.push({ source: `aid another by ${helper.id}`, value: p.value, type: 'untyped' })
    }
  }
  return { attack, armorClass }
}

/** The aid this attack used is gone (docs/rules.md §105: "the next attack"). */
function useAid (draft: Draft, attacker: CombatantState, target: CombatantState, cause: string): void {
  for (const helper of draft.state.combatants) {
    const used = helper.pending.filter((p) => p.kind === 'aid' &&
      ((p.choice === 'attack' && p.ally === attacker.id && p.opponent === target.id) || (p.choice === 'ac' && p.ally === target.id && p.opponent === attacker.id)))
    if (used.length === 0) continue
    helper.pending = helper.pending.filter((p) => !used.includes(p))
    draft.applied.push({ kind: 'pending', combatantId: helper.id, added: [], removed: used.map(pendingLabel), cause })
  }
}

/**
 * docs/rules.md §107: fighting defensively's dodge bonus is stored as the
 * `fighting-defensively` condition, to the end of the round in dnd35 (SRD 3.5
 * › Fighting Defensively: "for the same round") and to the start of the next
 * turn in pf1e (PRD › Combat).
 */
function fightDefensively (draft: Draft, attacker: CombatantState): void {
  const lasts = draft.ruleset.turnFlow.combatOptions.fightingDefensivelyLasts
  if (lasts === null) return
  addCondition(draft, attacker, 'fighting-defensively', lasts === 'this-round' ? endOfThisRound(draft) : untilNextTurn(draft, attacker), 'fighting defensively')
}
