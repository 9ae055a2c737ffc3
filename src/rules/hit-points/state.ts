import type { CombatantInput, HitPointsInput } from '../combatant.js'
import { missingField } from '../errors.js'
import type { Ruleset } from '../rulesets/types.js'
import { accumulatedDamage, injury, status } from './status.js'
import { HIT_POINT_STATUSES, type DeathSaveTally, type HitPoints, type HitPointStatus } from './types.js'

/** A field-level problem with hit points the schema cannot see (the HTTP layer answers 400). */
export interface HitPointsProblem { path: string, message: string }

/**
 * Cross-field checks of a HitPoints input, paths relative to the object:
 * `current` never above `max`; in the variant the nonlethal share and the
 * wound points fit inside the damage taken.
 */
export function hitPointsProblems (input: HitPointsInput, ruleset: Ruleset): readonly HitPointsProblem[] {
  const current = input.current ?? input.max
  if (current > input.max) return [{ path: '/current', message: `current (${current}) is above max (${input.max})` }]
  if (ruleset.hitPoints.model === 'accumulated') {
    const damage = input.max - current
    const nonlethal = input.nonlethal ?? 0
    if (nonlethal > damage) return [{ path: '/nonlethal', message: `in ${ruleset.id} nonlethal (${nonlethal}) is the nonlethal share of the damage taken (max − current = ${damage}) and cannot exceed it` }]
    if ((input.woundPoints ?? 0) > damage - nonlethal) return [{ path: '/woundPoints', message: `wound points (${input.woundPoints}) cannot exceed the lethal damage taken (${damage - nonlethal})` }]
  }
  // One shared empty list: every blow of an encounter or a simulation checks its creature's hit points.
  return NO_PROBLEMS
}

const NO_PROBLEMS: readonly HitPointsProblem[] = Object.freeze([])

function recordedStatus (value: string | undefined): HitPointStatus | null {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: the schema admits only the statuses, and the rules compare the recorded status with named statuses only, so an unknown or absent one reads as none either way
  return value !== undefined && STATUSES.has(value) ? value as HitPointStatus : null
}

/** A set, not the list: every reading of hit points (several per blow) asks. */
const STATUSES: ReadonlySet<string> = new Set(HIT_POINT_STATUSES)

/**
 * The state machine's view of a creature's hit points. Paths in errors are
 * relative to the creature. pf1e needs the Constitution score (death at −Con).
 */
export function hitPointsOf (creature: CombatantInput, ruleset: Ruleset): HitPoints {
  const input = creature.hitPoints
  if (!input) throw missingField('/hitPoints', 'the creature\'s hitPoints are needed')
  const con = creature.abilities?.con
  if (con === undefined && ruleset.hitPoints.model === 'countdown' && ruleset.hitPoints.deathThreshold.kind === 'negative-constitution') {
    throw missingField('/abilities/con', `${ruleset.name} needs the Constitution score: a creature dies at a negative total equal to it`)
  }
  const deathSaves: DeathSaveTally = { successes: input.deathSaves?.successes ?? 0, failures: input.deathSaves?.failures ?? 0 }
  return {
    max: input.max,
    current: input.current ?? input.max,
    temporary: input.temporary ?? 0,
    nonlethal: input.nonlethal ?? 0,
    woundPoints: input.woundPoints ?? 0,
    deathSaves,
    constitutionDamage: input.constitutionDamage ?? 0,
    constitution: con === undefined ? 10 : con,
    recorded: recordedStatus(input.status)
  }
}

/** The HitPoints object of a response: the input fields plus `status` (and the variant's injury report). */
export interface HitPointsReport {
  max: number
  current: number
  temporary: number
  nonlethal: number
  status: HitPointStatus
  damageTaken?: number
  woundPoints?: number
  deathSaves?: DeathSaveTally
  constitutionDamage?: number
  bloodied?: boolean
  wounded?: boolean
  penalty?: number
}

export function reportHitPoints (hp: HitPoints, ruleset: Ruleset): HitPointsReport {
  const base = { max: hp.max, current: hp.current, temporary: hp.temporary, nonlethal: hp.nonlethal, status: status(hp, ruleset) }
  const policy = ruleset.hitPoints
  if (policy.model === 'countdown') return base
  return {
    ...base,
    damageTaken: accumulatedDamage(hp),
    woundPoints: hp.woundPoints,
    deathSaves: { ...hp.deathSaves },
    constitutionDamage: hp.constitutionDamage,
    ...injury(hp, policy)
  }
}
