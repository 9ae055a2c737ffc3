// Grapples and maneuvers share this: the stateless operation with the stored
// combatants, the conditions it leaves set on every side, a grapple's damage
// landing on the defender.
import { grapple, grappleReport, maneuver, maneuverReport } from '../../application/maneuvers.js'
import type { ManeuverRequest } from '../../rules/maneuvers/index.js'
import { creatureOf } from '../combatants.js'
import { setConditionNames } from '../flow.js'
import { applyHit } from '../harm.js'
import type { CombatantState } from '../model.js'
import { combatant, inBody, type ActionContext } from './types.js'

export function contest ({ draft, body, actor }: ActionContext, type: 'grapple' | 'maneuver'): unknown {
  const attacker = actor as CombatantState
  const defender = combatant(draft, body.target, '/target')
  const others = ((body.others as string[] | undefined) ?? []).map((id, i) => combatant(draft, id, `/others/${i}`))
  const request = {
    attacker: creatureOf(attacker, draft.ruleset),
    defender: creatureOf(defender, draft.ruleset),
    ...(others.length > 0 ? { others: others.map((c) => creatureOf(c, draft.ruleset)) } : {}),
    ...(body.options !== undefined ? { options: body.options } : {}),
    // Who may act was decided by the encounter (src/encounters/dispatch.ts), a 409 there.
    actorMayAct: true
  } as ManeuverRequest
  const references = [
    { from: '/attacker', to: '/actor', id: attacker.id },
    { from: '/defender', to: '/target', id: defender.id },
    ...others.map((c, i) => ({ from: `/others/${i}`, to: `/others/${i}`, id: c.id }))
  ]
  const name = String(type === 'grapple' ? body.action : body.maneuver)
  const result = inBody(references, () => type === 'grapple'
    ? grapple(draft, { ...request, action: name })
    : maneuver(draft, { ...request, maneuver: name }))
  const report = type === 'grapple' ? grappleReport(draft, name, result) : maneuverReport(draft, name, result)
  const cause = `${type} ${name}`
  setConditionNames(draft, attacker, result.state.attacker, cause)
  setConditionNames(draft, defender, result.state.defender, cause)
  result.state.others.forEach((names, i) => { const c = others[i]; if (c) setConditionNames(draft, c, names, cause) })
  // Damage of a grapple goes to the defender; a sunder's is the item's, not the creature's.
  if (type === 'grapple' && result.damage) {
    applyHit(draft, defender, result.damage, cause)
  }
  return report
}
