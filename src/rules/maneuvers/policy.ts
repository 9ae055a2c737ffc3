import type { Size } from '../size.js'

/**
 * dnd35 grapple: opposed grapple checks (SRD 3.5 › Grapple). The numbers the
 * procedure uses; the procedure itself is `grapple-opposed.ts`.
 */
export interface OpposedGrapplePolicy {
  kind: 'opposed-checks'
  /** Penalty on the grapple check to deal lethal damage unarmed (SRD 3.5 › Damage Your Opponent). */
  lethalPenalty: number
  /** Bonus to move a pinned opponent when no one else is in the grapple (SRD 3.5 › Move). */
  movePinnedAloneBonus: number
  /** Penalty on the attack with an opponent's light weapon (SRD 3.5 › Use Opponent's Weapon). */
  opponentWeaponPenalty: number
  /** Most grapplers on one target, in Medium-relative units (SRD 3.5 › Multiple Grapplers). */
  grapplerLimit: number
  /**
   * The conditions the procedure gives, removes and reads as its own state,
   * named as in the ruleset's effects table (SRD 3.5: both sides grappling; pinned).
   */
  conditions: { grappling: string, pinned: string }
}

/** pf1e grapple: CMB against CMD (PRD › Grapple; docs/rules.md §P4.4, §38). */
export interface CombatManeuverGrapplePolicy {
  kind: 'combat-maneuver'
  lethalPenalty: number
  /** Circumstance bonus to maintain against the same target. */
  maintainBonus: number
  /** Penalty to tie up a target that is only grappled. */
  tieUpGrappledPenalty: number
  /** Base of the tie-up escape DC (20 + the tier's CMB). */
  tieUpDcBase: number
  /** Penalty for a humanoid without two free hands. */
  withoutTwoHandsPenalty: number
  /**
   * The conditions the procedure gives, removes and reads as its own state,
   * named as in the ruleset's effects table (PRD › Grapple: both grappled;
   * pinned replaces grappled; tied up).
   */
  conditions: { grappled: string, pinned: string, tiedUp: string }
}

/** How combat maneuvers other than grapple resolve. */
export type ManeuverSystem = 'opposed-checks' | 'combat-maneuver' | 'strength-check'

/**
 * One ruleset's grapple and maneuver rules (docs/rules.md §P4). `grapple: null`
 * means the ruleset does not define grappling (the variant's "(WIP) TBD").
 */
export interface ManeuverPolicy {
  grapple: OpposedGrapplePolicy | CombatManeuverGrapplePolicy | null
  maneuvers: ManeuverSystem
  /** Unarmed strike damage dice by size, Strength added (docs/rules.md §P2.6, §22, §23). */
  unarmedDamage: Readonly<Record<Size, string>>
  /**
   * The Improved feat of a maneuver (improved-grapple, improved-trip…): bonus
   * on the attacker's check and, in pf1e, on its defense against that maneuver
   * (SRD 3.5 › Feats: +4; PRD › Feats: +2 CMB and +2 CMD).
   */
  improvedFeatBonus: number
  improvedFeatDefenseBonus: number
  /** pf1e's Greater maneuver feats: a further bonus on both CMB and CMD for that maneuver (docs/rules.md §64); 0 where none. */
  greaterFeatBonus: number
  /** Bonus per size category from Medium on a Strength check, and per category of difference on a disarm or sunder roll (±4, SRD 3.5 › Bull Rush, Trip, Disarm; variant). 0 in pf1e, whose CMB has its own column. */
  sizeStepBonus: number
  /** Defender with more than two legs or otherwise stable (+4 dnd35/variant; pf1e +2 CMD per leg beyond two). */
  stabilityBonus: number
  perExtraLegCmd: number
  chargeBonus: number
  /**
   * Sunder: an item is destroyed at or below this many hit points (dnd35: 0,
   * SRD 3.5 › Breaking Items; pf1e: below 0, PRD › Sunder) and, in pf1e, broken
   * at half its hit points or less.
   */
  itemDestruction: { destroyedAtOrBelow: number, brokenAtHalf: boolean }
  /** Re-rolls of a tied opposed check before the service gives up (a fixed sequence could tie forever). */
  tieRerollLimit: number
  /** The condition a trip (or an overrun that knocks down, or a failed trip's counter) leaves, named as in the effects table. */
  knockedDownCondition: string
}

/**
 * Unarmed strike damage by size: Small 1d2, Medium 1d3, Large 1d4 (SRD 3.5 ›
 * Unarmed Attacks; docs/rules.md §22, §23); the other sizes follow the SRD 3.5/PRD weapon
 * damage progression (Tiny 1, Huge 1d6, Gargantuan 1d8, Colossal 2d6). Fine
 * and Diminutive creatures deal the Tiny 1 point (the minimum damage anyway).
 */
export const SRD_UNARMED_DAMAGE: Readonly<Record<Size, string>> = {
  fine: '1',
  diminutive: '1',
  tiny: '1',
  small: '1d2',
  medium: '1d3',
  large: '1d4',
  huge: '1d6',
  gargantuan: '1d8',
  colossal: '2d6'
}
