import { maneuver, maneuverReport } from '../../application/maneuvers.js'
import type { ManeuverRequest } from '../../rules/maneuvers/index.js'
import { ManeuverOptionsSchema } from '../../schemas/maneuvers.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import type { CombatantState } from '../model.js'
import { conflict } from '../problems.js'
import { variantOption } from './fields.js'
import { actionBody, combatant, inBody, type EncounterAction } from './types.js'
import { InterceptResponseSchema } from '../../schemas/encounter-option-results.js'

/**
 * variant › Intercept (docs/rules.md §111): when a foe provokes a reaction
 * attack by moving past, the character gives it up (the reaction is spent)
 * and the foe makes a bull-rush Strength check against it; on a failure the
 * foe's movement ends in the square it was leaving. Taken off the actor's
 * turn with `offTurn: true`; `target` is the moving foe, whose check it is.
 */
export const intercept: EncounterAction = {
  type: 'intercept',
  body: actionBody('intercept', { actor: F.actor, target: F.target, offTurn: F.offTurn }, { options: ManeuverOptionsSchema, seed: F.seed, dice: F.dice }),
  result: InterceptResponseSchema,
  attack: true,
  options: ManeuverOptionsSchema,
  cost: () => { throw conflict('intercept is a reaction: it is taken off the actor\'s turn, with offTurn: true, as a foe moves past', '/offTurn') },
  offTurn: () => true,
  description: '`intercept` (variant reaction, `offTurn: true`): `actor`, `target` (the foe moving past); the foe\'s bull-rush check.',
  handle: ({ draft, body, actor }) => {
    variantOption(draft.ruleset, 'intercept', 'intercepting')
    const interceptor = actor as CombatantState
    const mover = combatant(draft, body.target, '/target')
    const request = {
      attacker: creatureOf(mover, draft.ruleset),
      defender: creatureOf(interceptor, draft.ruleset),
      ...(body.options !== undefined ? { options: body.options } : {})
    } as ManeuverRequest
    const result = inBody([{ from: '/attacker', to: '/target', id: mover.id }, { from: '/defender', to: '/actor', id: interceptor.id }],
      () => maneuver(draft, { ...request, maneuver: 'bull-rush' }))
    const report = maneuverReport(draft, 'bull-rush', result)
    // The bull rush's own "entering the space provokes" step does not happen: the interceptor gave up that reaction.
    const steps = result.steps.filter((s) => s.step !== 'attack-of-opportunity')
    return {
      ...report,
      steps,
      effect: {},
      intercept: {
        stopped: !result.success,
        summary: result.success ? `${mover.id} beats the check and continues its movement` : `${mover.id}'s movement ends in the square it was leaving`
      }
    }
  }
}
