import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { addCondition } from '../flow.js'
import type { CombatantState } from '../model.js'
import { untilNextTurn } from '../stances.js'
import { meleeOnly, variantOption } from './fields.js'
import { STRIKE_OPTIONS, STRIKE_REQUIRED, strike } from './strike.js'
import { actionBody, type EncounterAction } from './types.js'
import { AttackResponseSchema } from '../../schemas/attacks.js'

/**
 * variant › Desperate Attack (docs/rules.md §109): a major action, one melee
 * attack against an adjacent creature at +4; afterwards the attacker provokes
 * a reaction attack (the target takes it with `attack` and `offTurn: true`)
 * and has the `desperate-attack` condition (−2 AC) until the start of its
 * next turn.
 */
export const desperateAttack: EncounterAction = {
  type: 'desperate-attack',
  body: actionBody('desperate-attack', STRIKE_REQUIRED, { options: STRIKE_OPTIONS, seed: F.seed, dice: F.dice }),
  result: AttackResponseSchema,
  attack: true,
  options: STRIKE_OPTIONS,
  cost: (ruleset) => { variantOption(ruleset, 'desperateAttack', 'desperate attacks'); return 'primary' },
  description: '`desperate-attack` (variant, major): as `attack`, melee, +4; then provokes, and −2 AC until its next turn.',
  handle: (context) => {
    const rule = variantOption(context.draft.ruleset, 'desperateAttack', 'desperate attacks')
    meleeOnly(context.body.weapon, 'a desperate attack')
    const attacker = context.actor as CombatantState
    const report = strike(context, 'desperate-attack', 'single', { attackModifiers: [{ source: 'desperate attack', value: rule.attackBonus, type: 'untyped' }] })
    addCondition(context.draft, attacker, 'desperate-attack', untilNextTurn(context.draft, attacker), 'desperate attack')
    return report
  }
}
