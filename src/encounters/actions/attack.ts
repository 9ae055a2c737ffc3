import { AttackResponseSchema } from '../../schemas/attacks.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { NAMED_STRIKE_REQUIRED, NAMED_STRIKE_WEAPON, STRIKE_OPTIONS, strike } from './strike.js'
import { actionBody, type EncounterAction } from './types.js'

/** One attack (SRD 3.5 › Attack; PRD › Combat › Attack), also off the actor's turn as an attack of opportunity or variant reaction. */
export const attack: EncounterAction = {
  type: 'attack',
  body: actionBody('attack', NAMED_STRIKE_REQUIRED, { ...NAMED_STRIKE_WEAPON, offHand: F.offHand, options: STRIKE_OPTIONS, offTurn: F.offTurn, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: AttackResponseSchema,
  options: STRIKE_OPTIONS,
  cost: 'primary',
  attack: true,
  offTurn: () => true,
  description: '`attack` (standard; variant major): `actor`, `target`, `weapon` or `weaponName` (one of the actor\'s `weapons`), optional `options`; with `offTurn: true` an attack of opportunity (variant: a reaction attack) off the actor\'s turn.',
  handle: (context) => strike(context, 'attack', 'single')
}
