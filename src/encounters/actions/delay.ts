import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import { advanceFrom, combatantById, moveInOrder, turnIndex } from '../flow.js'
import type { CombatantState } from '../model.js'
import { conflict, missing, notPossible } from '../problems.js'
import { actionBody, combatant, slotLabel, type EncounterAction } from './types.js'

/** Delay (SRD 3.5 › Delay): act later this round at a lower count (for good in dnd35/pf1e) or right after another combatant. */
export const delay: EncounterAction = {
  type: 'delay',
  body: actionBody('delay', { actor: F.actor }, { count: F.count, after: F.after, seed: F.seed, dice: F.dice }),
  oneOf: ['count', 'after'],
  result: BOOKKEEPING_RESULT,
  cost: null,
  description: '`delay`: `actor`, `count` (a lower initiative count) or `after` (a combatant acting later this round); only before acting this turn.',
  handle: ({ draft, body, actor }) => {
    const { state } = draft
    const self = actor as CombatantState
    if (state.turn && state.turn.spent.length > 0) {
      const spent = state.turn.spent.map((s) => slotLabel(draft.ruleset, s))
      throw conflict(`${self.id} has acted this turn (${spent.join(', ')}) and can no longer delay`, '/actor')
    }
    const here = turnIndex(state)
    const current = state.turn?.initiativeCount ?? 0
    if ((body.count === undefined) === (body.after === undefined)) throw missing(body.count === undefined ? '/count' : '/after', 'delay takes exactly one of count and after')
    let to: number
    let count: number
    if (body.after !== undefined) {
      const other = combatant(draft, body.after, '/after')
      const at = state.order.indexOf(other.id)
      if (other.id === self.id || at <= here) throw notPossible(`${other.id} does not act later this round, so ${self.id} cannot delay until after it`, '/after')
      to = at + 1
      count = other.initiative ?? current
    } else {
      count = body.count as number
      if (count >= current) throw notPossible(`a delay moves to a lower count than the current ${current}`, '/count')
      const at = state.order.findIndex((id, i) => i > here && (combatantById(state, id)?.initiative ?? 0) < count)
      to = at === -1 ? state.order.length : at
    }
    moveInOrder(state, self.id, to)
    self.initiative = count
    advanceFrom(draft, here)
    return null
  }
}
