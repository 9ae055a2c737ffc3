import { GrappleResponseSchema } from '../../schemas/maneuvers.js'
import { GrappleOptionsSchema } from '../../schemas/maneuvers.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { contest } from './contest.js'
import { actionBody, type EncounterAction } from './types.js'

/** One grapple action (SRD 3.5 › Grapple; PRD › Combat Maneuvers › Grapple); the conditions land on both sides. */
export const grappleAction: EncounterAction = {
  type: 'grapple',
  body: actionBody('grapple', { actor: F.actor, target: F.target, action: F.action }, { others: F.others, options: GrappleOptionsSchema, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: GrappleResponseSchema,
  options: GrappleOptionsSchema,
  cost: 'primary',
  attack: true,
  description: '`grapple` (standard): `actor`, `target`, `action`, optional `others` (dnd35: further grapplers), `options`.',
  handle: (context) => contest(context, 'grapple')
}
