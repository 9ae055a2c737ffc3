import { type CombatantInput, hasCondition } from '../combatant.js'
import type { Ruleset } from '../rulesets/types.js'
import type { AttackOptions } from './request.js'

const PERCENT = { none: 0, concealment: 20, total: 50 } as const

/**
 * The miss chance of an attack (RULES.md §2.7, D24, D25): the request's
 * concealment and explicit percent, a blinded attacker (every foe has total
 * concealment) and an invisible target (total concealment). dnd35/pf1e take
 * the highest source; the variant adds them up to 50%.
 */
export function missChancePercent (ruleset: Ruleset, attacker: CombatantInput, target: CombatantInput, options: AttackOptions): number {
  const sources: number[] = []
  const c = options.concealment
  if (c !== undefined) sources.push(typeof c === 'number' ? c : PERCENT[c])
  if (options.missChance !== undefined) sources.push(options.missChance)
  if (hasCondition(attacker, 'blinded')) sources.push(PERCENT.total)
  if (hasCondition(target, 'invisible')) sources.push(PERCENT.total)
  const rule = ruleset.attacks.concealment
  if (rule.stacking === 'highest') return Math.max(0, ...sources)
  return Math.min(rule.cap, sources.reduce((a, b) => a + b, 0))
}
