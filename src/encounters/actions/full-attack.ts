import { AttackResponseSchema } from '../../schemas/attacks.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { NAMED_STRIKE_REQUIRED, NAMED_STRIKE_WEAPON, STRIKE_OPTIONS, strike } from './strike.js'
import { actionBody, type EncounterAction } from './types.js'

/** A full attack: the iterative attacks and an off-hand weapon (SRD 3.5 › Full Attack). */
export const fullAttack: EncounterAction = {
  type: 'full-attack',
  body: actionBody('full-attack', NAMED_STRIKE_REQUIRED, { ...NAMED_STRIKE_WEAPON, offHand: F.offHand, options: STRIKE_OPTIONS, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: AttackResponseSchema,
  options: STRIKE_OPTIONS,
  cost: 'fullRound',
  attack: true,
  description: '`full-attack` (full-round): `actor`, `target`, `weapon` or `weaponName` (one of the actor\'s `weapons`, with its `offHand` pairing), optional `offHand`, `options`.',
  handle: (context) => strike(context, 'full-attack', 'full')
}
