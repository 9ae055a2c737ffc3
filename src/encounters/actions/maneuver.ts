import { ManeuverResponseSchema } from '../../schemas/maneuvers.js'
import { ManeuverOptionsSchema } from '../../schemas/maneuvers.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { contest } from './contest.js'
import { actionBody, type EncounterAction } from './types.js'

/** One combat maneuver (trip, disarm, bull rush…; SRD 3.5 › Special Attacks; PRD › Combat Maneuvers). */
export const maneuverAction: EncounterAction = {
  type: 'maneuver',
  body: actionBody('maneuver', { actor: F.actor, target: F.target, maneuver: F.maneuver }, { options: ManeuverOptionsSchema, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: ManeuverResponseSchema,
  options: ManeuverOptionsSchema,
  cost: 'primary',
  attack: true,
  description: '`maneuver` (standard): `actor`, `target`, `maneuver`, optional `options`.',
  handle: (context) => contest(context, 'maneuver')
}
