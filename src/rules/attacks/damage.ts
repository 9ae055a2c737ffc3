import { type CombatantInput, hasFeat } from '../combatant.js'
import { effectiveStats } from '../effects.js'
import { atPath } from '../errors.js'
import type { Dice } from '../dice/roller.js'
import type { ParsedNotation } from '../dice/notation.js'
import { type BreakdownEntry, type Modifier, NO_BREAKDOWN, type Stacked, fixed, stackModifiers } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import type { PrecisionPlan } from './precision.js'
import type { Weapon } from './weapon.js'

/** What a hit with one attack deals, before any die: the same for /v1/attacks and the odds. */
export interface DamagePlan {
  weaponName: string
  dice: ParsedNotation
  /** Added to every roll of the weapon's dice, so multiplied with them on a critical (SRD 3.5 › Critical Hits). */
  perRoll: Stacked
  /** `options.damageMultiplier` (a lance on a mounted charge): ×1 when absent. */
  situationalMultiplier: number
  /** The critical multiplier (the weapon's, or the variant's fixed ×2, docs/rules.md §17). */
  criticalMultiplier: number
  /** Over and above the weapon's damage: rolled once, never multiplied (SRD 3.5 › Multiplying Damage). */
  extra: ReadonlyArray<{ dice: ParsedNotation, type: string }>
  nonlethal: boolean
  minimum: { amount: number, nonlethal: boolean }
  /** Sneak attack dice, rolled after `extra`, never multiplied, lethal or not as the weapon (docs/rules.md §74); absent when the hit does not qualify. */
  precision?: PrecisionPlan
}

export interface DamageResult {
  total: number
  lethal: number
  nonlethal: number
  multiplier: number
  breakdown: BreakdownEntry[]
  /** The hit bloodies the target whatever its damage (variant › Sneak Attacks); absent otherwise. */
  bloodies?: true
}

/**
 * Strength on damage (docs/rules.md §P2.5, §19, §21): one hand ×1; off hand ½ of a
 * bonus, a penalty in full; two hands 1½ × a bonus (not for a light weapon),
 * a penalty never multiplied; bows only a penalty, composite bows up to their
 * rating; crossbows none; the variant's projectiles none.
 */
export function strengthToDamage (ruleset: Ruleset, attacker: CombatantInput, weapon: Weapon): Modifier | null {
  // The effective score: what conditions and the stat block's effects do to Strength count here as on the attack roll.
  const str = atPath('/attacker', () => effectiveStats(ruleset, attacker)).ability('str')
  if (str === null) return null
  if (weapon.type === 'ranged' && !ruleset.attacks.projectileStrength) return null
  switch (weapon.strengthToDamage) {
    case 'none':
      return null
    case 'penalty-only':
      return str < 0 ? fixed('Strength penalty', str) : null
    // Stryker disable next-line ConditionalExpression: equivalent: the last case; without its break it leaves the switch all the same
    case 'full':
      break
  }
  if (weapon.compositeRating !== undefined) return fixed(`Strength (composite rating ${weapon.compositeRating})`, Math.min(str, weapon.compositeRating))
  if (weapon.type === 'ranged' || str <= 0) return fixed('Strength', str)
  if (weapon.wielded === 'off-hand') return fixed('Strength (off hand, ½)', Math.floor(str / 2))
  if (weapon.wielded === 'two-hands' && weapon.category !== 'light') return fixed('Strength (two hands, 1½)', Math.floor(str * 3 / 2))
  return fixed('Strength', str)
}

export function planDamage (input: {
  ruleset: Ruleset
  attacker: CombatantInput
  weapon: Weapon
  nonlethal: boolean
  /** The base attack bonus as it counts for this attack (Swift Attack lowers it, docs/rules.md §27). */
  baseBonus: number
  damageModifiers: readonly Modifier[]
  situationalMultiplier: number
}): DamagePlan {
  const { ruleset, attacker, weapon } = input
  const policy = ruleset.attacks
  const mods: Modifier[] = []
  const str = strengthToDamage(ruleset, attacker, weapon)
  if (str) mods.push(str)
  if (weapon.enhancement !== 0) mods.push(fixed(`${weapon.name} enhancement`, weapon.enhancement, 'enhancement'))
  // variant › Damage: BCB to damage when proficient; not with an untrained unarmed strike (variant › Unarmed Attacks).
  const untrainedUnarmed = weapon.unarmed && !hasFeat(attacker, 'improved-unarmed-strike') && policy.untrainedUnarmedRestricted
  if (policy.baseBonusToDamage && weapon.proficient && !untrainedUnarmed && input.baseBonus !== 0) {
    mods.push(fixed('base combat bonus', input.baseBonus))
  }
  // The attacker's conditions on weapon damage rolls (sickened −2, SRD 3.5 › Conditions › Sickened) and its
  // lasting effects on melee or ranged damage (docs/rules.md §96), multiplied with the roll on a critical.
  const stats = atPath('/attacker', () => effectiveStats(ruleset, attacker))
  mods.push(...stats.changes('damage'), ...stats.changes(weapon.type === 'melee' ? 'damage.melee' : 'damage.ranged'))
  mods.push(...input.damageModifiers)
  return {
    weaponName: weapon.name,
    dice: weapon.damage,
    perRoll: stackModifiers(mods, ruleset.stacking),
    situationalMultiplier: input.situationalMultiplier,
    criticalMultiplier: policy.critical.confirmation ? weapon.critMultiplier : policy.critical.multiplier,
    extra: weapon.extraDamage,
    nonlethal: input.nonlethal,
    minimum: ruleset.minimumDamage
  }
}

/** Multipliers combine additively: ×a and ×b make ×(1 + (a − 1) + (b − 1)) (docs/rules.md §P0.2, §P2.4, §18). */
export function damageMultiplier (plan: DamagePlan, critical: boolean): number {
  return critical ? plan.criticalMultiplier + plan.situationalMultiplier - 1 : plan.situationalMultiplier
}

/**
 * Apply the floor of the ruleset and split the total into lethal and
 * nonlethal; `breakdown` gets a balancing entry so that it still sums to the
 * total (none on the fast path, `null`).
 */
export function finishDamage (plan: DamagePlan, sum: number, breakdown: BreakdownEntry[] | null): { total: number, lethal: number, nonlethal: number } {
  const { amount, nonlethal: floorIsNonlethal } = plan.minimum
  if (sum < amount) {
    breakdown?.push({ source: `minimum damage${floorIsNonlethal ? ' (nonlethal)' : ''}`, type: 'untyped', value: amount - sum, applied: true })
    const nonlethal = plan.nonlethal || floorIsNonlethal
    return { total: amount, lethal: nonlethal ? 0 : amount, nonlethal: nonlethal ? amount : 0 }
  }
  return { total: sum, lethal: plan.nonlethal ? 0 : sum, nonlethal: plan.nonlethal ? sum : 0 }
}

/**
 * Roll a hit's damage (OpenAPI › Dice order): the weapon's dice once per point
 * of multiplier, each with every modifier; then each extra-damage entry once.
 * `detail: false` is the fast path (docs/architecture.md › The fast path): the
 * same dice in the same order and the same numbers, with no breakdown built.
 */
export function rollDamage (plan: DamagePlan, critical: boolean, dice: Dice, detail = true): DamageResult {
  const multiplier = damageMultiplier(plan, critical)
  const breakdown: BreakdownEntry[] = detail ? [] : NO_BREAKDOWN
  let sum = 0
  for (let i = 1; i <= multiplier; i++) {
    if (!detail) {
      sum += dice.rollTotal(plan.dice, 'damage')
      continue
    }
    const rolled = dice.rollNotation(plan.dice, 'damage')
    const which = multiplier > 1 ? ` (roll ${i} of ${multiplier})` : ''
    breakdown.push({ source: `${plan.weaponName} ${plan.dice.text}${which}`, type: 'untyped', value: rolled.total, applied: true })
    sum += rolled.total
  }
  if (detail) {
    for (const entry of plan.perRoll.breakdown) {
      const times = multiplier > 1 && entry.applied ? ` ×${multiplier}` : ''
      const value = entry.applied ? entry.value * multiplier : entry.value
      breakdown.push({ source: entry.source + times, type: entry.type, value, applied: entry.applied })
    }
  }
  sum += plan.perRoll.total * multiplier
  for (const extra of plan.extra) {
    if (!detail) {
      sum += dice.rollTotal(extra.dice, 'extra-damage')
      continue
    }
    const rolled = dice.rollNotation(extra.dice, 'extra-damage')
    // Its kind of damage as data, so that a caller applying resistance (fire 10) need not parse the source.
    breakdown.push({ source: `${extra.type} ${extra.dice.text}`, type: 'untyped', value: rolled.total, applied: true, damageType: extra.type })
    sum += rolled.total
  }
  const precision = plan.precision
  if (precision !== undefined) {
    if (detail) {
      const rolled = dice.rollNotation(precision.dice, 'sneak-attack')
      breakdown.push({ source: precision.source, type: 'untyped', value: rolled.total, applied: true })
      sum += rolled.total
    } else {
      sum += dice.rollTotal(precision.dice, 'sneak-attack')
    }
  }
  const { total, lethal, nonlethal } = finishDamage(plan, sum, detail ? breakdown : null)
  return precision?.bloodies === true
    ? { total, lethal, nonlethal, multiplier, breakdown, bloodies: true }
    : { total, lethal, nonlethal, multiplier, breakdown }
}
