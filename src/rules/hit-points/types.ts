/** Statuses of OpenAPI › POST /v1/damage, from best to worst. */
export const HIT_POINT_STATUSES = ['healthy', 'staggered', 'disabled', 'unconscious', 'dying', 'stable', 'dead'] as const
export type HitPointStatus = typeof HIT_POINT_STATUSES[number]

export interface DeathSaveTally {
  successes: number
  failures: number
}

/**
 * One creature's hit points, as the state machine sees them.
 *
 * dnd35/pf1e count down: `current` falls with lethal damage and `nonlethal` is
 * a separate running total. The variant counts damage up (D); `current` is
 * `max − D` so that the same field means "how far from dropping" in every
 * ruleset, and `nonlethal` is the nonlethal share inside D (docs/rules.md §54).
 */
export interface HitPoints {
  max: number
  current: number
  temporary: number
  nonlethal: number
  /** variant: damage recorded past the wounded threshold (docs/rules.md §49); part of D. */
  woundPoints: number
  /** variant: end-of-round Death save tallies while dying. */
  deathSaves: DeathSaveTally
  /** variant: Constitution damage from Death saves (1 per save). */
  constitutionDamage: number
  /**
   * The creature's Constitution score; `null` for a creature without one
   * (undead, constructs), which is destroyed at 0 hit points.
   */
  constitution: number | null
  /**
   * The status an earlier resolution left (stable, woken, dead by massive
   * damage…). Consulted only where the numbers cannot tell; never overrides
   * them.
   */
  recorded: HitPointStatus | null
}

/** The variant's bloodied/wounded report (variant › Hit Points). */
export interface InjuryReport {
  bloodied: boolean
  wounded: boolean
  /** Signed modifier on attacks and checks: 0, −1 or −2. */
  penalty: number
}
