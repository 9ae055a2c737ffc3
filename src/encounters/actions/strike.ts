// The three attack actions (attack, full-attack, coup-de-grace) share this:
// POST /v1/attacks with the stored attacker and target, its hits landing on
// the target's hit points.
import { attackReport, resolveAttack } from '../../application/attacks.js'
import type { AttackRequest } from '../../rules/attacks/request.js'
import { AttackOptionsSchema } from '../../schemas/attacks.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import { addCondition } from '../flow.js'
import { applyHit, applyHitPoints } from '../harm.js'
import type { CombatantState } from '../model.js'
import { combatant, inBody, type ActionContext } from './types.js'

export const STRIKE_REQUIRED = { actor: F.actor, target: F.target, weapon: F.weapon }
export const STRIKE_OPTIONS = AttackOptionsSchema

export function strike ({ draft, body, actor }: ActionContext, type: string, mode: 'single' | 'full' | 'coup-de-grace'): unknown {
  const attacker = actor as CombatantState
  const target = combatant(draft, body.target, '/target')
  const request = {
    attacker: creatureOf(attacker, draft.ruleset),
    target: creatureOf(target, draft.ruleset),
    weapon: body.weapon,
    ...(body.offHand !== undefined ? { offHand: body.offHand } : {}),
    mode,
    ...(body.options !== undefined ? { options: body.options } : {})
  } as AttackRequest
  const result = inBody([{ from: '/attacker', to: '/actor', id: attacker.id }, { from: '/target', to: '/target', id: target.id }],
    () => resolveAttack(draft, request))
  const report = attackReport(draft, result)
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
