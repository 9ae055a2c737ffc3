import assert from 'node:assert/strict'
import { Dice } from '../../../src/rules/dice/roller.js'
import { getRuleset, type RulesetId } from '../../../src/rules/rulesets/index.js'
import { type AttackActionResult, resolveAttackAction } from '../../../src/rules/attacks/resolve.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import type { BreakdownEntry } from '../../../src/rules/modifiers.js'

export type Outcome = AttackActionResult & { rolls: Dice['rolls'] }

/** Resolve an attack action with fixed dice (the seed only matters once the sequence runs out). */
export function attack (ruleset: RulesetId, request: AttackRequest, sequence: number[] = [], seed = 'test'): Outcome {
  const dice = new Dice({ seed, sequence })
  const result = resolveAttackAction(getRuleset(ruleset), request, dice)
  return { ...result, rolls: dice.rolls }
}

export function first (outcome: Outcome): Outcome['attacks'][number] {
  const a = outcome.attacks[0]
  assert.ok(a, 'no attack in the outcome')
  return a
}

export function applied (breakdown: readonly BreakdownEntry[]): number {
  return breakdown.filter((b) => b.applied).reduce((n, b) => n + b.value, 0)
}

export { assertRuleError } from '../../helpers/problems.js'

export function purposes (outcome: Outcome): string[] {
  return outcome.rolls.map((r) => r.purpose)
}

/** A plain Medium fighter: BAB +5, Str 14 (+2), Dex 12 (+1). */
export const fighter = { baseAttackBonus: 5, abilities: { str: 14, dex: 12 } }
export const longsword = { name: 'longsword', damage: '1d8', critRange: 19 }
/** AC 15 from armor, Dex 10. */
export const ac15 = { armorClass: { armor: 5 } }
