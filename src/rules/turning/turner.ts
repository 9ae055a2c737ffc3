import { modifierOf } from '../abilities.js'
import { hasFeat } from '../combatant.js'
import { appliedConditions, effectiveStats } from '../effects.js'
import { atPath, missingField, DomainError } from '../errors.js'
import { type BreakdownEntry, fixed, type Modifier, stackModifiers, type StackingPolicy } from '../modifiers.js'
import type { UsesPerDayPolicy } from './policy.js'
import type { Ruleset } from '../rulesets/types.js'
import type { Energy, Total, TurnerClass, TurnerConditions, TurnerInput } from './types.js'

function notPossible (path: string, message: string): DomainError {
  return new DomainError('not-possible', message, [{ path, message }])
}

/** The conditions the rules applied to the turner, listed or implied (docs/rules.md §88, §145). */
export function turnerConditions (ruleset: Ruleset, turner: TurnerInput): TurnerConditions {
  return { turner: atPath('/turner', () => appliedConditions(ruleset, turner)) }
}

export function turnerLevel (turner: TurnerInput): number {
  if (turner.level === undefined) throw missingField('/turner/level', 'turning needs the turner\'s class level')
  return turner.level
}

export function turnerClass (turner: TurnerInput): TurnerClass {
  if (turner.class === undefined) throw missingField('/turner/class', 'turning needs the turner\'s class: cleric or paladin')
  return turner.class
}

/**
 * Turning is a Charisma check (SRD 3.5 › Turning Checks): a creature with no
 * Charisma score cannot make one. The modifier is the score's after the
 * conditions' and effects' changes to it (docs/rules.md §149).
 */
export function charismaModifier (ruleset: Ruleset, turner: TurnerInput): number {
  if (modifierOf(turner.abilities, 'cha') === null) throw notPossible('/turner/abilities/cha', 'a creature with no Charisma score cannot turn or channel')
  return atPath('/turner', () => effectiveStats(ruleset, turner)).ability('cha') as number
}

/** The conditions' and effects' modifiers on the turner's checks: the turning check is one (docs/rules.md §149). */
export function turnerCheckChanges (ruleset: Ruleset, turner: TurnerInput): Modifier[] {
  return atPath('/turner', () => effectiveStats(ruleset, turner)).changes('check')
}

/**
 * The energy the action channels. An absent `energy` is the one the action
 * needs; a given one must match it (a good cleric cannot rebuke, an evil one
 * cannot turn: SRD 3.5 › Evil Clerics and Undead; Neutral Clerics and Undead).
 * Paladins channel positive energy only (SRD 3.5 › Paladins and Undead; PRD › Paladin).
 */
export function channelledEnergy (turner: TurnerInput, needed: Energy, action: string): Energy {
  if (turner.energy !== undefined && turner.energy !== needed) {
    throw notPossible('/turner/energy', `${action} channels ${needed} energy; this turner channels ${turner.energy} energy`)
  }
  if (needed === 'negative' && turner.class === 'paladin') {
    throw notPossible('/action', `a paladin channels positive energy only; ${action} needs negative energy`)
  }
  return needed
}

/** A paladin turns or channels only from the given level on (SRD 3.5 › Paladins and Undead; PRD › Paladin). */
export function requirePaladinLevel (turnerClassName: TurnerClass, level: number, minimumLevel: number): void {
  if (turnerClassName === 'paladin' && level < minimumLevel) {
    throw notPossible('/turner/level', `a paladin turns undead only from level ${minimumLevel} on; this one is level ${level}`)
  }
}

/** 3 + Cha modifier, plus the extra-uses feat; never below 0 (SRD 3.5 › Turning Checks › Times per Day; PRD › Cleric). */
export function usesPerDay (turner: TurnerInput, chaMod: number, policy: UsesPerDayPolicy, stacking: StackingPolicy): Total {
  const parts = [fixed('base', policy.base), fixed('Charisma', chaMod)]
  if (hasFeat(turner, policy.extraUsesFeat.feat)) parts.push(fixed(policy.extraUsesFeat.feat, policy.extraUsesFeat.uses))
  const stacked = stackModifiers(parts, stacking)
  return { total: Math.max(0, stacked.total), breakdown: stacked.breakdown }
}

export function sumApplied (breakdown: readonly BreakdownEntry[]): number {
  return breakdown.reduce((sum, e) => sum + (e.applied ? e.value : 0), 0)
}

export { notPossible }
