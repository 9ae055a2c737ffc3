// Body fields of the aid, stance and variant attack-option actions
// (docs/rules.md §105–§111), each one schema wherever it is used.
import { Type } from 'typebox'
import { ShortString, StringEnum } from '../../schemas/common.js'
import type { Ruleset } from '../../rules/rulesets/types.js'
import type { CombatOptionsPolicy } from '../../rules/turn-flow.js'
import { ruleNotDefined } from '../../rules/errors.js'
import { notPossible } from '../problems.js'

export const OPTION_FIELDS = {
  ally: ShortString({ minLength: 1, description: '`aid`, `back-to-back`: the ally.' }),
  choice: StringEnum(['attack', 'ac'] as const, { description: '`aid`: on the ally\'s attack or AC.' }),
  defenderChoice: StringEnum(['step-back', 'stand'] as const, { description: '`drive-back`: what the target does.' }),
  shoot: Type.Boolean({ description: '`take-aim`: the aimed shot.' })
}

/** The variant's option of that name, or a 422 rule-not-defined naming `/type` where the ruleset has none. */
export function variantOption<K extends keyof CombatOptionsPolicy> (ruleset: Ruleset, key: K, what: string): NonNullable<CombatOptionsPolicy[K]> {
  const option = ruleset.turnFlow.combatOptions[key]
  if (option === null || option === false) throw ruleNotDefined(ruleset.name, what, '/type')
  return option as NonNullable<CombatOptionsPolicy[K]>
}

/** A melee weapon, or a 422 naming `/weapon/type`: `what` is made in melee. */
export function meleeOnly (weapon: unknown, what: string): void {
  const type = (weapon as { type?: string } | undefined)?.type ?? 'melee'
  if (type !== 'melee') throw notPossible(`${what} is a melee attack; this weapon is ${type}`, '/weapon/type')
}
