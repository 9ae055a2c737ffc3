import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import { actionBody, type EncounterAction } from './types.js'

/** The end of the encounter (a GM's, at any time). */
export const end: EncounterAction = {
  type: 'end',
  body: actionBody('end', {}, { actor: F.actor, seed: F.seed, dice: F.dice }),
  result: BOOKKEEPING_RESULT,
  cost: null,
  gm: true,
  description: '`end` (a GM\'s, at any time): the encounter is finished.',
  handle: ({ draft }) => {
    draft.state.status = 'finished'
    draft.state.turn = null
    return null
  }
}
