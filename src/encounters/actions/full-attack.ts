import { AttackResponseSchema } from '../../schemas/attacks.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { STRIKE_OPTIONS, STRIKE_REQUIRED, strike } from './strike.js'
import { actionBody, type EncounterAction } from './types.js'

/** A full attack: the iterative attacks and an off-hand weapon (SRD 3.5 › Full Attack). */
export const fullAttack: EncounterAction = {
  type: 'full-attack',
  body: actionBody('full-attack', STRIKE_REQUIRED, { offHand: F.offHand, options: STRIKE_OPTIONS, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: AttackResponseSchema,
  options: STRIKE_OPTIONS,
  cost: 'fullRound',
  attack: true,
  description: '`full-attack` (full-round): `actor`, `target`, `weapon`, optional `offHand`, `options`.',
  handle: (context) => strike(context, 'full-attack', 'full')
}
