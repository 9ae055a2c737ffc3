import { DamageResponseSchema } from '../../schemas/hit-points.js'
import { applyDamage, damageReport } from '../../application/hit-points.js'
import type { Blow } from '../../rules/hit-points/index.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import { applyHitPoints } from '../harm.js'
import { actionBody, combatant, inBody, type EncounterAction } from './types.js'

/** A blow a GM applies to a combatant's hit points, as POST /v1/damage. */
export const damage: EncounterAction = {
  type: 'damage',
  body: actionBody('damage', { target: F.target, damage: F.damage }, { actor: F.actor, seed: F.seed, dice: F.dice }),
  result: DamageResponseSchema,
  cost: null,
  gm: true,
  description: '`damage` (a GM\'s, at any time): `target`, `damage` (as in POST /v1/damage).',
  handle: ({ draft, body }) => {
    const target = combatant(draft, body.target, '/target')
    const outcome = inBody([{ from: '/creature', to: '/target', id: target.id }],
      () => applyDamage(draft, { creature: creatureOf(target, draft.ruleset) as never, damage: body.damage as Blow }))
    const report = damageReport(draft, outcome)
    applyHitPoints(draft, target, outcome.after, 'damage action', { before: outcome.before, massiveDamage: outcome.massiveDamage, deathSave: outcome.deathSave })
    return report
  }
}
