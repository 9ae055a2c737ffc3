import { CONDITIONS } from '../../schemas/common.js'
import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import { addCondition, endsAt, removeCondition } from '../flow.js'
import { missing, notPossible } from '../problems.js'
import { actionBody, combatant, type EncounterAction } from './types.js'
import { ruleNotDefined } from '../../rules/errors.js'

/** A condition a GM adds (for a number of rounds, or until removed) or removes. */
export const condition: EncounterAction = {
  type: 'condition',
  body: actionBody('condition', { target: F.target }, { add: F.add, remove: F.remove, actor: F.actor, durationRounds: F.durationRounds, seed: F.seed, dice: F.dice }),
  oneOf: ['add', 'remove'],
  result: BOOKKEEPING_RESULT,
  cost: null,
  gm: true,
  description: '`condition` (a GM\'s, at any time): `target`, `add` or `remove`, optional `durationRounds` with `add`.',
  handle: ({ draft, body }) => {
    const target = combatant(draft, body.target, '/target')
    if ((body.add === undefined) === (body.remove === undefined)) throw missing(body.add === undefined ? '/add' : '/remove', 'exactly one of add and remove is required')
    // `add` and `remove` are shared with the effect action (an Effect, a source): here they name a condition.
    const name = body.add ?? body.remove
    if (typeof name !== 'string' || !CONDITIONS.includes(name)) {
      throw notPossible(`\`${body.add !== undefined ? 'add' : 'remove'}\` of a condition action is a condition name`, body.add !== undefined ? '/add' : '/remove')
    }
    if (body.remove !== undefined) {
      if (body.durationRounds !== undefined) throw notPossible('durationRounds goes with add', '/durationRounds')
      removeCondition(draft, target, body.remove as string, 'condition action')
    } else {
      // docs/rules.md §85: a condition the encounter's ruleset has no row for is refused, never stored to do nothing.
      if (draft.ruleset.effects[body.add as string] === undefined) throw ruleNotDefined(draft.ruleset.name, `the condition "${body.add as string}"`, '/add')
      const rounds = body.durationRounds as number | undefined
      addCondition(draft, target, body.add as string, rounds === undefined ? null : endsAt(draft, rounds), 'condition action')
    }
    return null
  }
}
