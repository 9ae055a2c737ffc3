import type { SaveRoll } from '../saves/saving-throw.js'
import { copyOfHitPoints, withConstitutionDamage, withRecorded } from './copy.js'
import type { AccumulatedPolicy } from './policy.js'
import { accumulatedDamage, woundedThreshold } from './status.js'
import type { HitPoints, HitPointStatus } from './types.js'

/**
 * The variant's accumulated-damage model (variant › Hit Points; Death and Dying;
 * docs/rules.md §P6.3): the arithmetic of each transition. Death saves are rolled
 * by the caller and passed in, so each step is testable without dice.
 */

/** DC = 10 + 1 per 2 points of damage past HP (variant › Death and Dying). */
export function deathSaveDc (hp: Pick<HitPoints, 'max' | 'current'>, policy: AccumulatedPolicy): number {
  const excess = Math.max(0, accumulatedDamage(hp) - hp.max)
  return policy.deathSaveDc.base + Math.floor(excess / policy.deathSaveDc.excessPerPoint)
}

/**
 * Add a blow to D. Lethal damage past the wounded threshold records wound
 * points: max(0, D₁ − max(D₀, Tw − 1)) (docs/rules.md §49). Nonlethal damage is tracked as
 * a share of D and causes no wounds (docs/rules.md §54).
 */
export function accumulateDamage (hp: HitPoints, policy: AccumulatedPolicy, amount: number, nonlethal: boolean): { hp: HitPoints, woundPoints: number } {
  const before = accumulatedDamage(hp)
  const after = before + amount
  const woundPoints = nonlethal ? 0 : Math.max(0, after - Math.max(before, woundedThreshold(hp.max, policy) - 1))
  const next = copyOfHitPoints(hp)
  next.current = hp.max - after
  next.nonlethal = hp.nonlethal + (nonlethal ? amount : 0)
  next.woundPoints = hp.woundPoints + woundPoints
  return { hp: next, woundPoints }
}

const resetTallies = { successes: 0, failures: 0 }

/**
 * The Death save that a blow at or past HP calls for, by the status before the blow.
 * - Not yet down (or knocked out by nonlethal damage): success staggered,
 *   failure dying, failure by 10 or more dead; for nonlethal damage failure
 *   is unconscious and failure by 10 or more dying (variant › Hit Points › Nonlethal Damage).
 * - Staggered and hit by lethal damage: any result but dead leaves it dying.
 * - Dying or stable (docs/rules.md §51): only a natural 1 or a failure by 10 or more kills;
 *   a natural 20 stabilizes; the tallies are untouched (reset when a stable
 *   creature turns dying again, docs/rules.md §53); 1 Con damage.
 */
export function deathSaveAfterDamage (hp: HitPoints, before: HitPointStatus, policy: AccumulatedPolicy, save: SaveRoll, nonlethal: boolean): HitPoints {
  const deadly = !save.success && save.margin <= -policy.deadlyFailureMargin
  if (before === 'dying' || before === 'stable') {
    const withCon = withConstitutionDamage(hp, policy.constitutionDamagePerSave)
    if (save.automatic === 'natural-1' || deadly) return withRecorded(withCon, 'dead')
    if (save.automatic === 'natural-20') return withRecorded(withCon, 'stable')
    return withRecorded(withCon, 'dying', before === 'stable' ? resetTallies : hp.deathSaves)
  }
  if (before === 'staggered' && !nonlethal) {
    return withRecorded(hp, deadly ? 'dead' : 'dying', resetTallies)
  }
  if (save.success) return withRecorded(hp, before === 'unconscious' ? 'unconscious' : 'staggered')
  if (nonlethal) return withRecorded(hp, deadly ? 'dying' : 'unconscious', resetTallies)
  return withRecorded(hp, deadly ? 'dead' : 'dying', resetTallies)
}

/**
 * Magical healing removes lethal damage and the same amount of the nonlethal
 * share. Wound points "can't be removed as easily" (variant › Hit Points): they
 * are the last of the lethal damage to go. Below HP again the Death-save
 * track ends; still at or past HP, a dying creature is stabilized (as any
 * healing does in dnd35).
 */
export function accumulatedMagicalHealing (hp: HitPoints, before: HitPointStatus, amount: number): HitPoints {
  const lethal = Math.max(0, accumulatedDamage(hp) - hp.nonlethal - amount)
  const nonlethal = Math.max(0, hp.nonlethal - amount)
  const damage = lethal + nonlethal
  const healed = copyOfHitPoints(hp)
  healed.current = hp.max - damage
  healed.nonlethal = nonlethal
  healed.woundPoints = Math.min(hp.woundPoints, lethal)
  if (damage < hp.max) return withRecorded(healed, null, resetTallies)
  if (before === 'dying' && amount >= 1) return withRecorded(healed, 'stable')
  return healed
}

/**
 * A dying creature's end-of-round Death save (variant › Death and Dying › Dying):
 * 1 Con damage either way; 3 failures dead, 4 successes stable; a natural 20
 * stable at once, a natural 1 dead at once.
 */
export function endOfRoundDeathSave (hp: HitPoints, policy: AccumulatedPolicy, save: SaveRoll): HitPoints {
  const withCon = withConstitutionDamage(hp, policy.constitutionDamagePerSave)
  if (save.automatic === 'natural-20') return withRecorded(withCon, 'stable')
  if (save.automatic === 'natural-1') return withRecorded(withCon, 'dead')
  const deathSaves = save.success
    ? { ...hp.deathSaves, successes: hp.deathSaves.successes + 1 }
    : { ...hp.deathSaves, failures: hp.deathSaves.failures + 1 }
  if (deathSaves.failures >= policy.failuresToDie) return withRecorded(withCon, 'dead', deathSaves)
  if (deathSaves.successes >= policy.successesToStabilize) return withRecorded(withCon, 'stable', deathSaves)
  return withRecorded(withCon, 'dying', deathSaves)
}

/**
 * A staggered creature's Death save after a major or strenuous action
 * (variant › Death and Dying › Staggered): success keeps it staggered; any
 * failure leaves it dying once the action is done, with fresh tallies. The
 * seed charges Con damage only for the dying and stable saves, so none here.
 */
export function deathSaveAfterStrenuousAction (hp: HitPoints, save: SaveRoll): HitPoints {
  return save.success ? hp : withRecorded(hp, 'dying', resetTallies)
}

/**
 * A stable creature's hourly Death save (variant › Death and Dying › Stable):
 * 1 Con damage; success by 5 or more conscious and staggered, by less still
 * stable, failure dying again with fresh tallies (docs/rules.md §53).
 */
export function hourlyDeathSave (hp: HitPoints, policy: AccumulatedPolicy, save: SaveRoll): HitPoints {
  const withCon = withConstitutionDamage(hp, policy.constitutionDamagePerSave)
  if (!save.success) return withRecorded(withCon, 'dying', resetTallies)
  if (save.margin >= policy.wakeMargin) return withRecorded(withCon, 'staggered')
  return withRecorded(withCon, 'stable')
}
