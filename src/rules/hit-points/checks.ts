import { abilityModifier } from '../abilities.js'
import { judgeD20 } from '../d20.js'
import type { Dice } from '../dice/roller.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { RecoveryCheck } from './policy.js'
import type { HitPoints } from './types.js'

/**
 * A roll the hit-point rules make: a d% against a chance (dnd35), a d20 check
 * or a save against a DC. For a d%, `dc` is the chance in percent and the roll
 * succeeds at or below it.
 */
export interface CheckReport {
  die: number
  roll: number
  total: number
  dc: number
  success: boolean
  breakdown: BreakdownEntry[]
}

function line (source: string, value: number): BreakdownEntry {
  return { source, type: 'untyped', value, applied: true }
}

/**
 * The dying creature's roll to stabilize, and the stable one's rolls to wake
 * or start healing: dnd35 d% 10% (SRD 3.5 › Dying); pf1e DC 10 Constitution check
 * with a penalty equal to its negative HP, a natural 20 succeeding (docs/rules.md §46).
 */
export function recoveryCheck (dice: Dice, hp: HitPoints, check: RecoveryCheck, purpose: string): CheckReport {
  if (check.kind === 'percentile') {
    const roll = dice.roll(100, purpose)
    return { die: 100, roll, total: roll, dc: check.chance, success: roll <= check.chance, breakdown: [] }
  }
  const roll = dice.d20(purpose)
  const breakdown: BreakdownEntry[] = []
  // Stryker disable next-line ConditionalExpression: equivalent: a creature without a Constitution score is destroyed at 0 hit points, so it never rolls to stabilize or recover
  if (hp.constitution !== null) breakdown.push(line('Constitution', abilityModifier(hp.constitution - hp.constitutionDamage)))
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: every roll that reaches here is made below 0 hit points (dying, stable, or disabled below 0)
  if (hp.current < 0) breakdown.push(line('negative hit points', hp.current))
  const total = roll + breakdown.reduce((sum, b) => sum + b.value, 0)
  return { die: 20, roll, total, dc: check.dc, success: judgeD20(roll, total, check.dc, 'natural-20-succeeds').success, breakdown }
}

/** A helper's Heal check: d20 + bonus against the DC (a skill check: no automatic results). */
export function healCheck (dice: Dice, checkBonus: number, dc: number): CheckReport {
  const roll = dice.d20('heal-check')
  const breakdown = checkBonus !== 0 ? [line('Heal check bonus', checkBonus)] : []
  return { die: 20, roll, total: roll + checkBonus, dc, success: judgeD20(roll, roll + checkBonus, dc, 'none').success, breakdown }
}
