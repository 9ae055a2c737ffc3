// The three attack actions (attack, full-attack, coup-de-grace) share this:
// POST /v1/attacks with the stored attacker and target, its hits landing on
// the target's hit points.
import { attackReport, resolveAttack } from '../../application/attacks.js'
import type { AttackRequest } from '../../rules/attacks/request.js'
import { AttackOptionsSchema } from '../../schemas/attacks.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { DomainError } from '../../rules/errors.js'
import { creatureOf } from '../combatants.js'
import { missing } from '../problems.js'
import { addCondition } from '../flow.js'
import { applyHit, applyHitPoints } from '../harm.js'
import type { CombatantState } from '../model.js'
import { combatant, inBody, type ActionContext } from './types.js'

export const STRIKE_REQUIRED = { actor: F.actor, target: F.target, weapon: F.weapon }
/** attack and full-attack: the weapon sent, or named from the actor's `weapons` (docs/rules.md §130). */
export const NAMED_STRIKE_REQUIRED = { actor: F.actor, target: F.target }
export const NAMED_STRIKE_WEAPON = { weapon: F.weapon, weaponName: F.weaponName }
export const STRIKE_OPTIONS = AttackOptionsSchema

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

export function strike ({ draft, body, actor }: ActionContext, type: string, mode: 'single' | 'full' | 'coup-de-grace'): unknown {
  const attacker = actor as CombatantState
  const target = combatant(draft, body.target, '/target')
  const { weapon, offHand } = weaponsOf(attacker, body, type, mode)
  const request = {
    attacker: creatureOf(attacker, draft.ruleset),
    target: creatureOf(target, draft.ruleset),
    weapon,
    ...(offHand !== undefined ? { offHand } : {}),
    mode,
    ...(body.options !== undefined ? { options: body.options } : {})
  } as AttackRequest
  const result = inBody([{ from: '/attacker', to: '/actor', id: attacker.id }, { from: '/target', to: '/target', id: target.id }],
    () => resolveAttack(draft, request))
  const report = attackReport(draft, result)
  for (const a of result.attacks) {
    if (!a.damage) continue
    applyHit(draft, target, a.damage, `${type} ${a.label}`, a.critical)
  }
  if (result.coupDeGrace && !result.coupDeGrace.survived) {
    if (target.hitPoints) applyHitPoints(draft, target, { ...target.hitPoints, status: 'dead' }, 'coup de grace: the save against death failed')
    else addCondition(draft, target, 'dead', null, 'coup de grace')
  }
  return report
}
