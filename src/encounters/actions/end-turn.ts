import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import { advanceFrom, turnIndex } from '../flow.js'
import { actionBody, type EncounterAction } from './types.js'

/** The end of the actor's turn: the turn passes to the next who can act. */
export const endTurn: EncounterAction = {
  type: 'end-turn',
  // With nobody's turn (everyone down), `end-turn` without an actor looks for the next who can act.
  body: actionBody('end-turn', {}, { actor: F.actor, seed: F.seed, dice: F.dice }),
  result: BOOKKEEPING_RESULT,
  cost: null,
  gm: (state) => state.turn === null,
  description: '`end-turn`: `actor`; with nobody\'s turn (everyone down), without one, to find the next who can act.',
  handle: ({ draft }) => {
    advanceFrom(draft, turnIndex(draft.state) + 1)
    return null
  }
}
