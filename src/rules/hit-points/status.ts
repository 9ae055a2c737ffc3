import type { Ruleset } from '../rulesets/types.js'
import type { AccumulatedPolicy, CountdownPolicy } from './policy.js'
import type { HitPoints, HitPointStatus, InjuryReport } from './types.js'

/**
 * The creature's status, from its hit points alone (OpenAPI › POST /v1/damage).
 * Pure: the same HitPoints and ruleset always give the same status. The
 * `recorded` status is consulted only where the numbers leave it open.
 */
export function status (hp: HitPoints, ruleset: Ruleset): HitPointStatus {
  const policy = ruleset.hitPoints
  return policy.model === 'countdown' ? countdownStatus(hp, policy) : accumulatedStatus(hp)
}

/** SRD 3.5 › Dead: Constitution 0 kills, whatever the hit points say. */
function constitutionGone (hp: HitPoints): boolean {
  return hp.constitution !== null && hp.constitution - hp.constitutionDamage <= 0
}

/**
 * The HP at or below which the creature is dead: −10 (SRD 3.5 › Dead), −Con (pf1e),
 * or 0 for a creature with no Constitution score (undead and constructs are
 * destroyed at 0 HP).
 */
export function deathThreshold (hp: Pick<HitPoints, 'constitution'>, policy: CountdownPolicy): number {
  if (hp.constitution === null) return 0
  const t = policy.deathThreshold
  return t.kind === 'fixed' ? t.value : -hp.constitution
}

/**
 * The field that makes a dead creature dead, relative to the creature, for the
 * error that refuses to act on it: a recorded death, the Constitution gone, or
 * hit points at or below the threshold. Checked in the order `status` checks them.
 */
export function deathPath (hp: HitPoints): string {
  if (hp.recorded === 'dead') return '/hitPoints/status'
  if (constitutionGone(hp)) return hp.constitutionDamage > 0 ? '/hitPoints/constitutionDamage' : '/abilities/con'
  return '/hitPoints/current'
}

function countdownStatus (hp: HitPoints, policy: CountdownPolicy): HitPointStatus {
  if (hp.recorded === 'dead' || constitutionGone(hp) || hp.current <= deathThreshold(hp, policy)) return 'dead'
  if (hp.current < 0) {
    // Numbers alone cannot tell a dying creature from a stabilized or a woken one (SRD 3.5 › Stable Characters and Recovery).
    if (hp.recorded === 'stable') return 'stable'
    if (hp.recorded === 'disabled') return 'disabled'
    return 'dying'
  }
  // SRD 3.5 › Nonlethal Damage: compared with current HP whenever either changes.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the `nonlethal > 0` guard is redundant (0 > current needs current < 0, which returned above); the line's other comparisons are pinned by test/rules/hit-points-boundaries.test.ts
  if (hp.nonlethal > 0 && hp.nonlethal > hp.current) return 'unconscious'
  if (hp.current === 0) return 'disabled'
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the `nonlethal > 0` guard is redundant (0 equal to current is current 0, which returned 'disabled' above); the line's other comparisons are pinned by test/rules/hit-points-boundaries.test.ts
  if (hp.nonlethal > 0 && hp.nonlethal === hp.current) return 'staggered'
  return 'healthy'
}

/** Accumulated damage D (the variant counts damage up; `current` is max − D). */
export function accumulatedDamage (hp: Pick<HitPoints, 'max' | 'current'>): number {
  return hp.max - hp.current
}

function accumulatedStatus (hp: HitPoints): HitPointStatus {
  if (hp.recorded === 'dead' || constitutionGone(hp)) return 'dead'
  if (accumulatedDamage(hp) >= hp.max) {
    // At D ≥ HP the Death save decided the state (variant › Death and Dying); without a record, dying.
    if (hp.recorded === 'stable' || hp.recorded === 'staggered' || hp.recorded === 'unconscious') return hp.recorded
    return 'dying'
  }
  return 'healthy'
}

/** Tw = ⌈3·HP/4⌉ (docs/rules.md §49), or the ruleset's wounded fraction. */
export function woundedThreshold (max: number, policy: AccumulatedPolicy): number {
  return Math.ceil((max * policy.wounded.numerator) / policy.wounded.denominator)
}

/**
 * Bloodied at D ≥ ½ HP, wounded at D ≥ ¾ HP or while any wound points remain
 * (variant › Hit Points; docs/rules.md §49); each costs −1 on attacks and checks, and they stack.
 */
export function injury (hp: Pick<HitPoints, 'max' | 'current' | 'woundPoints'>, policy: AccumulatedPolicy): InjuryReport {
  const damage = accumulatedDamage(hp)
  const wounded = hp.woundPoints > 0 || damage >= woundedThreshold(hp.max, policy)
  const bloodied = wounded || damage * policy.bloodied.denominator >= hp.max * policy.bloodied.numerator
  return { bloodied, wounded, penalty: (bloodied ? -1 : 0) + (wounded ? -1 : 0) }
}
