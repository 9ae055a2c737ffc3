import type { CountdownPolicy } from './policy.js'
import { copyOfHitPoints } from './copy.js'
import type { HitPoints } from './types.js'

/**
 * Hit points that count down (dnd35, pf1e): the arithmetic of each
 * transition, without dice. The status follows from the result (status.ts).
 */

/**
 * Damage comes off temporary hit points first (SRD 3.5 › Temporary Hit Points),
 * then lethal off current HP, nonlethal onto its running total (SRD 3.5 ›
 * Nonlethal Damage). pf1e: nonlethal past maximum HP is lethal (docs/rules.md §48). Any
 * lethal damage that reaches the hit points of a stabilized or woken creature
 * at negative HP sets it dying again.
 */
export function countdownDamage (hp: HitPoints, policy: CountdownPolicy, amount: number, nonlethal: boolean): HitPoints {
  const absorbed = Math.min(hp.temporary, amount)
  let rest = amount - absorbed
  let nonlethalTotal = hp.nonlethal
  let lethal = 0
  if (nonlethal) {
    const room = policy.nonlethalCappedAtMaximum ? Math.max(0, hp.max - hp.nonlethal) : rest
    const taken = Math.min(room, rest)
    nonlethalTotal += taken
    rest -= taken
    lethal = rest
  } else {
    lethal = rest
  }
  const recorded = lethal > 0 && hp.recorded !== 'dead' ? null : hp.recorded
  const next = copyOfHitPoints(hp)
  next.temporary = hp.temporary - absorbed
  next.nonlethal = nonlethalTotal
  next.current = hp.current - lethal
  next.recorded = recorded
  return next
}

/**
 * Cure-style healing (SRD 3.5 › Healing; SRD 3.5 › Nonlethal Damage): HP up to the
 * maximum, the same amount of nonlethal damage removed. Healing of 1 or more
 * stabilizes a dying creature; back at 0 or above, the numbers decide again.
 */
export function countdownMagicalHealing (hp: HitPoints, amount: number): HitPoints {
  const current = Math.min(hp.max, hp.current + amount)
  const nonlethal = Math.max(0, hp.nonlethal - amount)
  let recorded = hp.recorded
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: the recorded status is read only below 0 hit points (status.ts), and whatever takes a creature from 0 or more below 0 (lethal damage, a strenuous action) clears it
  if (current >= 0) recorded = null
  else if (amount >= 1 && recorded !== 'disabled') recorded = 'stable'
  const next = copyOfHitPoints(hp)
  next.current = current
  next.nonlethal = nonlethal
  next.recorded = recorded
  return next
}

/** Natural healing: never above the maximum; at 0 or above the numbers decide. */
export function countdownNaturalHealing (hp: HitPoints, amount: number): HitPoints {
  const current = Math.min(hp.max, hp.current + amount)
  const next = copyOfHitPoints(hp)
  next.current = current
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: the recorded status is read only below 0 hit points (status.ts), and whatever takes a creature from 0 or more below 0 (lethal damage, a strenuous action) clears it
  next.recorded = current >= 0 ? null : hp.recorded
  return next
}

/** SRD 3.5 › Nonlethal Damage: 1 point per hour per character level. */
export function nonlethalRecovery (hp: HitPoints, amount: number): HitPoints {
  const next = copyOfHitPoints(hp)
  next.nonlethal = Math.max(0, hp.nonlethal - amount)
  return next
}

/**
 * Temporary hit points: different sources stack, the same source does not
 * (PRD › Temporary Hit Points FAQ): a same-source grant keeps the larger.
 */
export function gainTemporary (hp: HitPoints, amount: number, sameSource: boolean): HitPoints {
  const next = copyOfHitPoints(hp)
  next.temporary = sameSource ? Math.max(hp.temporary, amount) : hp.temporary + amount
  return next
}

/**
 * A disabled creature's standard (or other strenuous) action costs 1 HP once
 * it is done, so it ends dying, even when it had woken at negative HP
 * (SRD 3.5 › Disabled; PRD › Injury and Death).
 */
export function strenuousActionWhileDisabled (hp: HitPoints): HitPoints {
  const next = copyOfHitPoints(hp)
  next.current = hp.current - 1
  next.recorded = null
  return next
}

/** Lose 1 HP (a failed roll to stabilize or recover). */
export function loseOneHitPoint (hp: HitPoints): HitPoints {
  const next = copyOfHitPoints(hp)
  next.current = hp.current - 1
  return next
}
