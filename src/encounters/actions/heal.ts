import { HealingResponseSchema } from '../../schemas/hit-points.js'
import { applyHealing, healingReport } from '../../application/hit-points.js'
import type { Healing } from '../../rules/hit-points/index.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import { removeCondition } from '../flow.js'
import { applyHitPoints } from '../harm.js'
import { actionBody, combatant, inBody, type ActionBody, type EncounterAction } from './types.js'

/** Healing, stabilization or recovery a GM applies, as POST /v1/healing. */
export const heal: EncounterAction = {
  type: 'heal',
  body: actionBody('heal', { target: F.target, healing: F.healing }, { actor: F.actor, seed: F.seed, dice: F.dice }),
  result: HealingResponseSchema,
  cost: null,
  gm: true,
  description: '`heal` (a GM\'s, at any time): `target`, `healing` (as in POST /v1/healing).',
  handle: ({ draft, body }) => {
    const target = combatant(draft, body.target, '/target')
    const outcome = inBody([{ from: '/creature', to: '/target', id: target.id }],
      () => applyHealing(draft, { creature: creatureOf(target, draft.ruleset) as never, healing: body.healing as Healing & ActionBody }))
    const report = healingReport(draft, outcome)
    applyHitPoints(draft, target, outcome.after, 'heal action', { before: outcome.before, check: outcome.check })
    // A sneak attack's bloodied lasts until the creature recovers at least 1 point of damage (variant › Sneak Attacks; docs/rules.md §74).
    const bloodied = draft.ruleset.attacks.precision.bloodies
    if (bloodied !== null && outcome.after.current > outcome.before.current && target.conditions.some((x) => x.name === bloodied)) {
      removeCondition(draft, target, bloodied, 'heal action: a point of damage recovered')
    }
    return report
  }
}
