import { AttackResponseSchema } from '../../schemas/attacks.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { STRIKE_OPTIONS, STRIKE_REQUIRED, strike } from './strike.js'
import { actionBody, type EncounterAction } from './types.js'

/** A coup de grace against a helpless target (SRD 3.5 › Coup de Grace); a failed save kills it. */
export const coupDeGrace: EncounterAction = {
  type: 'coup-de-grace',
  body: actionBody('coup-de-grace', STRIKE_REQUIRED, { options: STRIKE_OPTIONS, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: AttackResponseSchema,
  options: STRIKE_OPTIONS,
  cost: 'fullRound',
  attack: true,
  description: '`coup-de-grace` (full-round): `actor`, `target` (helpless), `weapon`, optional `options`.',
  handle: (context) => strike(context, 'coup-de-grace', 'coup-de-grace')
}
