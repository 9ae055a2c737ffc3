import { d20Chance } from '../d20.js'
import { notationBranches } from '../dice/enumerate.js'
import { boundedNotation, notationRange } from '../dice/notation.js'
import { Dice } from '../dice/roller.js'
import { RuleError } from '../errors.js'
import type { AppliedCondition } from '../effects.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { expectedValue, probability } from '../attacks/odds.js'
import { damageTaken, effectTotal, resolveSaves, type SaveRequest, type TargetSave } from './area-effect.js'

/**
 * Work bound of POST /v1/saves/odds, counted from the body before any is
 * done: the answer lists at most `cells` damage values, the effect's totals
 * and each target's (totals × (targets + 1)), each target's the work of two
 * damage rules; about 50 ms and 500 KiB at the limit.
 */
export const SAVE_ODDS_LIMITS = { cells: 10_000 } as const

export interface Outcome { damage: number, probability: number }

export interface TargetSaveOdds {
  id: string | null
  saveBonus: number
  breakdown: BreakdownEntry[]
  successChance: number
  damageRule: TargetSave['damageRule']
  expectedDamage: number | null
  damageDistribution: Outcome[] | null
  /** As on each result of POST /v1/saves (docs/rules.md §88, §145). */
  conditions: AppliedCondition[]
}

export interface SaveOdds {
  effectDamage: { nonlethal: boolean, expected: number, distribution: Outcome[] } | null
  results: TargetSaveOdds[]
}

function tooLarge (message: string): RuleError {
  return new RuleError('out-of-range', `${message}: too large to compute exactly`, [{ path: '/effect/damage', message }])
}

function sorted (map: Map<number, number>): Outcome[] {
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: equivalent today: notationBranches yields totals in ascending order and the damage taken never falls as the total rises, so the maps arrive sorted; the sort keeps the documented order should either change
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([damage, p]) => ({ damage, probability: probability(p) }))
}

/**
 * POST /v1/saves/odds: each target's chance to save over the d20 (a natural 1
 * fails, a natural 20 succeeds, as every save POST /v1/saves rolls: SRD 3.5 ›
 * Saving Throws), and with an effect, the distribution of the damage it
 * takes: the effect's damage dice convolved, then each total through the
 * same damage rule POST /v1/saves applies on a success and on a failure
 * (half, none or full; evasion and improved evasion).
 */
export function saveOdds (ruleset: Ruleset, request: SaveRequest): SaveOdds {
  // The resolving function once: its refusals, its bonuses and breakdowns, which no die changes.
  // Stryker disable next-line ObjectLiteral: equivalent: the dice of this one resolution are thrown away; only its refusals, bonuses and breakdowns are kept
  const resolved = resolveSaves(ruleset, request, new Dice({ seed: 0 }))
  const effect = request.effect
  const results = resolved.results.map((r): TargetSaveOdds => ({
    id: r.id,
    saveBonus: r.saveBonus,
    breakdown: r.breakdown,
    successChance: probability(d20Chance(r.saveBonus, request.dc)),
    damageRule: null,
    expectedDamage: null,
    damageDistribution: null,
    conditions: r.conditions
  }))
  if (!effect) return { effectDamage: null, results }

  const parsed = boundedNotation(effect.damage, '/effect/damage')
  const range = notationRange(parsed)
  const span = range.max - range.min + 1
  const cells = span * (request.targets.length + 1)
  if (cells > SAVE_ODDS_LIMITS.cells) throw tooLarge(`${span} damage values × (${request.targets.length} targets + the effect) = ${cells} (at most ${SAVE_ODDS_LIMITS.cells})`)

  const totals = new Map<number, number>()
  for (const { value, weight } of notationBranches(parsed)) {
    const total = effectTotal(value)
    totals.set(total, (totals.get(total) ?? 0) + weight)
  }
  const effectDistribution = sorted(totals)
  results.forEach((result, i) => {
    const target = request.targets[i]!
    const saves = result.successChance
    const taken = new Map<number, number>()
    let rule: TargetSave['damageRule'] = null
    for (const [total, p] of totals) {
      const onSuccess = damageTaken(ruleset, target, request.save, effect.onSuccess, total, true)
      const onFailure = damageTaken(ruleset, target, request.save, effect.onSuccess, total, false)
      rule ??= onSuccess.rule ?? onFailure.rule
      taken.set(onSuccess.damage, (taken.get(onSuccess.damage) ?? 0) + p * saves)
      taken.set(onFailure.damage, (taken.get(onFailure.damage) ?? 0) + p * (1 - saves))
    }
    result.damageRule = rule
    result.damageDistribution = sorted(taken)
    result.expectedDamage = expectedValue(result.damageDistribution)
  })
  return { effectDamage: { nonlethal: effect.nonlethal ?? false, expected: expectedValue(effectDistribution), distribution: effectDistribution }, results }
}
