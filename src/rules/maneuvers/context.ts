import { hasFeat } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { missingField } from '../errors.js'
import type { Ruleset } from '../rulesets/types.js'
import { sizeSteps } from '../size.js'
import { notPossible, type Participant } from './checks.js'
import type { ConditionState, DamageResult, ManeuverEffect, ManeuverOptions, ManeuverResult, Step } from './types.js'

/** Everything one maneuver resolution reads. */
export interface ManeuverTable {
  ruleset: Ruleset
  dice: Dice
  maneuver: string
  attacker: Participant
  defender: Participant
  options: ManeuverOptions
}

export type ManeuverProcedure = (t: ManeuverTable) => ManeuverResult

export function conditionState (t: ManeuverTable): ConditionState {
  return { attacker: [...(t.attacker.combatant.conditions ?? [])], defender: [...(t.defender.combatant.conditions ?? [])], others: [] }
}

export function outcome (t: ManeuverTable, success: boolean, steps: Step[], opts: { state?: ConditionState, damage?: DamageResult | null, effect?: ManeuverEffect } = {}): ManeuverResult {
  return { success, steps, state: opts.state ?? conditionState(t), damage: opts.damage ?? null, effect: opts.effect ?? {} }
}

/** The maneuver's Improved feat (`improved-trip`…), which removes the attack of opportunity. */
export function improvedFeat (maneuver: string): string {
  return `improved-${maneuver}`
}

/**
 * The attack of opportunity a maneuver provokes; the caller resolves it and
 * sends the damage it dealt. `failsOnDamage`: dnd35 disarm and grapple fail
 * when it deals damage.
 */
export function attackOfOpportunity (t: ManeuverTable, provoked: boolean, reason: string, failsOnDamage: boolean): Step {
  if (!provoked) return { step: 'attack-of-opportunity', actor: 'defender', provoked: false, success: true, summary: `no attack of opportunity: ${reason}` }
  const damage = t.options.attackOfOpportunityDamage ?? 0
  const failed = failsOnDamage && damage > 0
  return {
    step: 'attack-of-opportunity', actor: 'defender', provoked: true, attackOfOpportunityDamage: damage, success: !failed,
    summary: failed ? `the attack of opportunity dealt ${damage} damage: the attempt fails` : damage > 0 ? `the attack of opportunity dealt ${damage} damage` : 'the attack of opportunity dealt no damage'
  }
}

export function provokesUnlessFeat (t: ManeuverTable, failsOnDamage: boolean): Step {
  const feat = improvedFeat(t.maneuver)
  return attackOfOpportunity(t, !hasFeat(t.attacker.combatant, feat), feat, failsOnDamage)
}

/** Bull rush, overrun, trip, drag, reposition: the target may be at most one size category larger. */
export function requireAtMostOneSizeLarger (t: ManeuverTable): void {
  if (sizeSteps(t.attacker.combatant.size, t.defender.combatant.size) > 1) {
    throw notPossible('/defender/size', `${t.maneuver}: the defender is more than one size category larger than the attacker`)
  }
}

/** 5 ft plus 5 ft per full 5 points of margin (SRD 3.5 › Bull Rush; PRD per-5 results, docs/rules.md §36). */
export function perFiveFeet (margin: number): number {
  return 5 + 5 * Math.floor(Math.max(0, margin) / 5)
}

export function required<T> (value: T | undefined, path: string, message: string): T {
  if (value === undefined) throw missingField(path, message)
  return value
}

export function stable (t: ManeuverTable): boolean {
  return (t.options.defenderLegs ?? 2) > 2 || t.options.defenderStable === true
}

/** Feinting a nonhumanoid costs −4, a creature of animal Intelligence −8 (SRD 3.5 › Feint; PRD › Feint: the same numbers). */
export function feintPenalty (kind: 'humanoid' | 'nonhumanoid' | 'animal' | 'mindless'): number {
  return kind === 'nonhumanoid' ? -4 : kind === 'animal' ? -8 : 0
}
