import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import { actionBody, type EncounterAction } from './types.js'

/** A move action: it spends the slot, the distance is informational. */
export const move: EncounterAction = {
  type: 'move',
  body: actionBody('move', { actor: F.actor }, { distanceFeet: F.distanceFeet, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: BOOKKEEPING_RESULT,
  cost: 'secondary',
  description: '`move` (move; variant minor): `actor`, optional `distanceFeet`.',
  handle: () => null
}
