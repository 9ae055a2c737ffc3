import { resolutionEcho } from '../../application/resolution.js'
import { effectiveStats } from '../../rules/effects.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import { addCondition } from '../flow.js'
import type { CombatantState } from '../model.js'
import { conflict, notPossible } from '../problems.js'
import { pendingLabel, untilNextTurn } from '../stances.js'
import { OPTION_FIELDS, variantOption } from './fields.js'
import { STRIKE_OPTIONS, STRIKE_REQUIRED, strike } from './strike.js'
import { actionBody, combatant, type EncounterAction } from './types.js'
import { TakeAimResponseSchema } from '../../schemas/encounter-option-results.js'

/**
 * variant › Take Aim (docs/rules.md §110): a full-round action aiming a
 * projectile weapon at the target; it provokes reaction attacks from those
 * threatening the archer (taken with `attack` and `offTurn: true`), and the
 * archer is off-guard until the start of its next turn. The round after, the
 * same action with `shoot: true` makes the one aimed attack, also a
 * full-round action: +4 to hit and the Dexterity bonus to damage.
 */
export const takeAim: EncounterAction = {
  type: 'take-aim',
  body: actionBody('take-aim', STRIKE_REQUIRED, { shoot: OPTION_FIELDS.shoot, options: STRIKE_OPTIONS, seed: F.seed, dice: F.dice }),
  result: TakeAimResponseSchema,
  attack: true,
  options: STRIKE_OPTIONS,
  cost: (ruleset) => { variantOption(ruleset, 'takeAim', 'taking aim'); return 'fullRound' },
  description: '`take-aim` (variant, full-round): as `attack`, ranged; off-guard to its next turn. Next round, `shoot: true`: +4, Dex to damage.',
  handle: (context) => {
    const { draft, body } = context
    const rule = variantOption(draft.ruleset, 'takeAim', 'taking aim')
    const archer = context.actor as CombatantState
    const target = combatant(draft, body.target, '/target')
    const type = (body.weapon as { type?: string }).type ?? 'melee'
    if (type !== 'ranged') throw notPossible(`taking aim needs a projectile weapon (type "ranged"); this one is ${type}`, '/weapon/type')
    const round = draft.state.round
    if (body.shoot !== true) {
      const aim = { kind: 'aim' as const, round, target: target.id } // jsonb's key order
      const replaced = archer.pending.filter((p) => p.kind === 'aim')
      archer.pending = [...archer.pending.filter((p) => p.kind !== 'aim'), aim]
      draft.applied.push({ kind: 'pending', combatantId: archer.id, added: [pendingLabel(aim)], removed: replaced.map(pendingLabel), cause: 'take aim' })
      const offGuardUntil = untilNextTurn(draft, archer)
      addCondition(draft, archer, draft.ruleset.turnFlow.flatFootedCondition, offGuardUntil, 'take aim')
      const echo = resolutionEcho(draft)
      return { ruleset: echo.ruleset, seed: echo.seed, aim: { target: target.id, round, shotInRound: round + 1 }, provokes: true, offGuardUntil, rolls: echo.rolls }
    }
    const aim = archer.pending.find((p) => p.kind === 'aim' && p.target === target.id && p.round === round - 1)
    if (!aim) throw conflict(`${archer.id} took no aim at ${target.id} in round ${round - 1}: the aimed shot comes the round after taking aim`, '/shoot')
    const dex = effectiveStats(draft.ruleset, creatureOf(archer, draft.ruleset)).dexterity.modifier ?? 0
    const report = strike(context, 'take-aim', 'single', {
      // variant › Take Aim: the aimed shot's sneak attack reaches one range increment (docs/rules.md §148).
      options: { aimed: true },
      attackModifiers: [{ source: 'take aim', value: rule.attackBonus, type: 'untyped' }],
      ...(dex > 0 ? { damageModifiers: [{ source: 'take aim (Dexterity bonus)', value: dex, type: 'untyped' }] } : {})
    })
    archer.pending = archer.pending.filter((p) => p !== aim)
    draft.applied.push({ kind: 'pending', combatantId: archer.id, added: [], removed: [pendingLabel(aim)], cause: 'the aimed shot' })
    return report
  }
}
