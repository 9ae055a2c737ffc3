import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { addCondition } from '../flow.js'
import type { CombatantState } from '../model.js'
import { notPossible } from '../problems.js'
import { untilNextTurn } from '../stances.js'
import { OPTION_FIELDS, meleeOnly, variantOption } from './fields.js'
import { STRIKE_OPTIONS, STRIKE_REQUIRED, strike } from './strike.js'
import { actionBody, combatant, type EncounterAction } from './types.js'
import { AttackResponseSchema } from '../../schemas/attacks.js'

/**
 * variant › Fight Back-to-Back (docs/rules.md §111): a melee attack (a
 * major action) that provokes nothing, made while fighting back-to-back with
 * an ally within 5 ft: the actor has the `back-to-back` condition (−2 on its
 * attacks, this one included; it cannot be flanked) until the start of its
 * next turn. The ally chooses it on its own turn with its own action; the
 * service keeps no positions, so "within 5 ft" is the caller's to judge.
 */
export const backToBack: EncounterAction = {
  type: 'back-to-back',
  body: actionBody('back-to-back', { ...STRIKE_REQUIRED, ally: OPTION_FIELDS.ally }, { options: STRIKE_OPTIONS, seed: F.seed, dice: F.dice }),
  result: AttackResponseSchema,
  attack: true,
  options: STRIKE_OPTIONS,
  cost: (ruleset) => { variantOption(ruleset, 'backToBack', 'fighting back-to-back'); return 'primary' },
  description: '`back-to-back` (variant, major): as `attack`, melee, with `ally`; −2 on attacks, not flankable, until its next turn.',
  handle: (context) => {
    const { draft, body } = context
    variantOption(draft.ruleset, 'backToBack', 'fighting back-to-back')
    const fighter = context.actor as CombatantState
    const ally = combatant(draft, body.ally, '/ally')
    if (ally.id === fighter.id) throw notPossible('fighting back-to-back needs an ally other than the actor', '/ally')
    if (ally.side !== null && fighter.side !== null && ally.side !== fighter.side) throw notPossible(`${ally.id} is on side "${ally.side}", not the actor's "${fighter.side}"`, '/ally')
    meleeOnly(body.weapon, 'fighting back-to-back')
    // The stance is taken with the attack, so the attack itself bears its −2.
    addCondition(draft, fighter, 'back-to-back', untilNextTurn(draft, fighter), `fighting back-to-back with ${ally.id}`)
    return strike(context, 'back-to-back', 'single')
  }
}
