import { slotOf } from '../../rules/turn-flow.js'
import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import { notPossible } from '../problems.js'
import { actionBody, type EncounterAction } from './types.js'

/** Anything else a combatant does (cast a spell, drink a potion): it spends the action type it names. */
export const act: EncounterAction = {
  type: 'act',
  body: actionBody('act', { actor: F.actor, actionType: F.actionType }, { description: F.description, offTurn: F.offTurn, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: BOOKKEEPING_RESULT,
  cost: (ruleset, body) => {
    const slot = slotOf(ruleset.turnFlow, String(body.actionType))
    if (slot === null) throw notPossible(`${ruleset.name} has no action type "${String(body.actionType)}" usable on one's own turn (it has: ${ruleset.actionTypes.join(', ')})`, '/actionType')
    return slot
  },
  offTurn: (ruleset, body) => body.actionType === ruleset.turnFlow.slots.reaction,
  description: '`act`: `actor`, `actionType` (the ruleset\'s action type it spends; off the turn, with `offTurn: true`, its reaction), optional `description`.',
  handle: () => null
}
