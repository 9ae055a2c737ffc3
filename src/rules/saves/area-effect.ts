import { type CombatantInput, hasFeat } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { boundedNotation } from '../dice/notation.js'
import { atPath } from '../errors.js'
import { type AppliedCondition, appliedConditions } from '../effects.js'
import { type BreakdownEntry, type Modifier, NO_BREAKDOWN } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { assertSaveName, saveBonus, type SaveCover } from './save-bonus.js'
import { type AutomaticResult, rollSave } from './saving-throw.js'

export interface SaveTarget extends CombatantInput {
  modifiers?: readonly Modifier[]
  cover?: SaveCover
}

export interface AreaEffect {
  /** Damage dice, rolled once for every target. */
  damage: string
  onSuccess: 'half' | 'none' | 'full'
  nonlethal?: boolean
}

export interface SaveRequest {
  save: string
  dc: number
  targets: readonly SaveTarget[]
  effect?: AreaEffect
}

export interface TargetSave {
  id: string | null
  saveBonus: number
  breakdown: BreakdownEntry[]
  roll: number
  total: number
  success: boolean
  automatic: AutomaticResult
  damage: number | null
  /** Why the damage differs from the plain rule: evasion, improved evasion (improved cover). */
  damageRule: 'evasion' | 'improved-evasion' | null
  /** The conditions the rules applied to the target (docs/rules.md §88). */
  conditions: AppliedCondition[]
}

export interface SavesOutcome {
  effectDamage: { total: number, nonlethal: boolean, breakdown: BreakdownEntry[] } | null
  results: TargetSave[]
}

/**
 * A batch of targets saving against one DC (OpenAPI › POST /v1/saves): the
 * area effect's damage is rolled once, then one d20 per target in request
 * order. A success takes half, none or full damage as the effect says.
 * `detail: false` is the fast path (docs/architecture.md › The fast path): the
 * same numbers from the same dice, the effect's damage without its terms.
 */
export function resolveSaves (ruleset: Ruleset, request: SaveRequest, dice: Dice, detail = true): SavesOutcome {
  assertSaveName(ruleset, request.save)
  const bonuses = request.targets.map((target, i) => atPath(`/targets/${i}`, () =>
    saveBonus(ruleset, target, request.save, { cover: target.cover, modifiers: target.modifiers })))

  let effectDamage: SavesOutcome['effectDamage'] = null
  if (request.effect && !detail) {
    const rolled = dice.rollTotal(boundedNotation(request.effect.damage, '/effect/damage'), 'damage')
    effectDamage = { total: effectTotal(rolled), nonlethal: request.effect.nonlethal ?? false, breakdown: NO_BREAKDOWN }
  } else if (request.effect) {
    const rolled = dice.rollNotation(boundedNotation(request.effect.damage, '/effect/damage'), 'damage')
    effectDamage = {
      total: effectTotal(rolled.total),
      nonlethal: request.effect.nonlethal ?? false,
      breakdown: rolled.terms.map((t) => ({ source: t.term, type: 'untyped', value: t.subtotal, applied: true }))
    }
  }

  const results = request.targets.map((target, i): TargetSave => {
    const bonus = bonuses[i] as (typeof bonuses)[number]
    const save = rollSave(dice, bonus.value, request.dc, 'save')
    // Stryker disable next-line LogicalOperator: equivalent: effectDamage is set exactly when request.effect is (above)
    const dealt = effectDamage && request.effect ? damageTaken(ruleset, target, request.save, request.effect.onSuccess, effectDamage.total, save.success) : null
    return {
      id: target.id ?? null,
      saveBonus: bonus.value,
      breakdown: bonus.breakdown,
      roll: save.roll,
      total: save.total,
      success: save.success,
      automatic: save.automatic,
      damage: dealt?.damage ?? null,
      damageRule: dealt?.rule ?? null,
      conditions: appliedConditions(ruleset, target)
    }
  })
  return { effectDamage, results }
}

/** The effect's damage from its roll: a roll below 0 deals 0. */
export function effectTotal (rolled: number): number {
  return Math.max(0, rolled)
}

/**
 * Damage one target takes. Against a Reflex-half effect, evasion turns a
 * success into no damage and improved evasion also a failure into half (SRD 3.5
 * › Rogue); improved cover grants improved evasion (SRD 3.5 › Cover; variant › Cover).
 */
export function damageTaken (
  ruleset: Ruleset, target: SaveTarget, save: string, onSuccess: AreaEffect['onSuccess'], total: number, success: boolean
): { damage: number, rule: TargetSave['damageRule'] } {
  const half = Math.floor(total / 2)
  if (save === ruleset.savingThrows.reflexSave && onSuccess === 'half') {
    const improved = hasFeat(target, 'improved-evasion') || target.cover === 'improved'
    if (improved) return { damage: success ? 0 : half, rule: 'improved-evasion' }
    if (hasFeat(target, 'evasion') && success) return { damage: 0, rule: 'evasion' }
  }
  if (!success) return { damage: total, rule: null }
  return { damage: onSuccess === 'half' ? half : onSuccess === 'none' ? 0 : total, rule: null }
}
