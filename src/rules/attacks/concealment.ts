import type { CombatantInput } from '../combatant.js'
import { conditionTags } from '../effects.js'
import type { Ruleset } from '../rulesets/types.js'
import type { AttackOptions } from './request.js'

/**
 * The miss chance of an attack (docs/rules.md §P2.7, §24, §25): the request's
 * concealment and explicit percent, a `blind` attacker (every foe has total
 * concealment) and an `invisible` target (total concealment), the percents
 * from the ruleset's policy. dnd35/pf1e take the highest source; the variant
 * adds them up to its cap.
 */
export function missChancePercent (ruleset: Ruleset, attacker: CombatantInput, target: CombatantInput, options: AttackOptions): number {
  const rule = ruleset.attacks.concealment
  const percent = ruleset.attacks.missChance
  const c = options.concealment
  const blind = conditionTags(ruleset, attacker.conditions).has('blind')
  const unseen = conditionTags(ruleset, target.conditions).has('unseen')
  let highest = 0
  let sum = 0
  const add = (value: number): void => {
    highest = Math.max(highest, value)
    sum += value
  }
  if (c !== undefined) add(typeof c === 'number' ? c : c === 'none' ? 0 : c === 'concealment' ? percent.concealment : percent.total)
  if (options.missChance !== undefined) add(options.missChance)
  if (blind) add(percent.total)
  if (unseen) add(percent.total)
  if (rule.stacking === 'highest') return highest
  return Math.min(rule.cap, sum)
}
