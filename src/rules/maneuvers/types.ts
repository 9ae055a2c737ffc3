import type { AppliedCondition } from '../effects.js'
import type { CombatantInput } from '../combatant.js'
import type { BreakdownEntry, Modifier } from '../modifiers.js'

/** Who a step or a side belongs to: the actor, its opponent, or `others/<i>` of the request. */
export type Role = string

/** One side of a check: its die, its modifier (with breakdown) and the total. */
export interface CheckSide {
  role: Role
  id: string | null
  roll: number
  modifier: number
  total: number
  breakdown: BreakdownEntry[]
}

/** How a tie of totals was settled (SRD 3.5 › Starting a Grapple › Step 3; docs/rules.md §33). */
export interface TieBreak {
  rule: 'higher-modifier' | 'reroll'
  /** The re-rolled dice, one pair per round of re-rolling, the actor's first. */
  rerolls: Array<{ actor: number, opponent: number }>
}

export interface DamageResult {
  /** The dice notation rolled, Strength not included. */
  dice: string
  rolls: number[]
  total: number
  lethal: number
  nonlethal: number
  breakdown: BreakdownEntry[]
}

export type StepKind =
  | 'attack-of-opportunity' | 'touch-attack' | 'size-check' | 'opposed-check' | 'combat-maneuver-check'
  | 'strength-check' | 'skill-check' | 'damage' | 'counter-attempt' | 'defender-choice' | 'grapple-limit' | 'release'

/**
 * One step of a procedure as it happened. Which fields are present depends on
 * the kind: a check against a number has `roll`/`modifier`/`total`/`against`;
 * an opposed check has `sides`, `winner` and `tieBreak`.
 */
export interface Step {
  step: StepKind
  actor: Role
  summary: string
  success: boolean
  automatic?: string | null
  provoked?: boolean
  attackOfOpportunityDamage?: number
  roll?: number
  natural?: 'natural-1' | 'natural-20' | null
  modifier?: number
  total?: number
  breakdown?: BreakdownEntry[]
  against?: number
  againstLabel?: string
  againstBreakdown?: BreakdownEntry[]
  acType?: string
  margin?: number
  sides?: CheckSide[]
  winner?: Role
  tieBreak?: TieBreak | null
  damage?: DamageResult
}

/** What a maneuver did besides conditions: the numbers its rules name. */
export interface ManeuverEffect {
  pushFeet?: number
  moveFeet?: number | null
  durationRounds?: number
  condition?: string
  itemsDropped?: number
  attackerHoldsItem?: boolean
  attackerDropsWeapon?: boolean
  itemDamage?: number
  itemHitPointsLeft?: number
  itemBroken?: boolean
  itemDestroyed?: boolean
  escapeDc?: number
  followUpAttackPenalty?: number
  attackBonus?: number
  deniesDexToNextMeleeAttack?: boolean
  pinBroken?: boolean
  notes?: string[]
}

export interface ConditionState {
  attacker: string[]
  defender: string[]
  others: string[][]
}

export interface ManeuverResult {
  success: boolean
  steps: Step[]
  /** The conditions the rules applied to each side before the action, listed and implied (docs/rules.md §88). */
  conditions?: { attacker: AppliedCondition[], defender: AppliedCondition[], others: AppliedCondition[][] }
  state: ConditionState
  damage: DamageResult | null
  effect: ManeuverEffect
}

export interface ItemInput {
  hardness?: number
  hitPoints?: number
  maxHitPoints?: number
}

export interface ManeuverWeaponInput {
  category?: 'unarmed' | 'light' | 'one-handed' | 'two-handed'
  attackBonus?: number
  damage?: string
  meleeWeapon?: boolean
  lockedGauntlet?: boolean
  spikedGauntlet?: boolean
  tripWeapon?: boolean
}

/** The options of a grapple or maneuver request that the rules read (OpenAPI › POST /v1/grapples, /v1/maneuvers). */
export interface ManeuverOptions {
  lethal?: boolean
  attackOfOpportunityDamage?: number
  maintainedLastRound?: boolean
  useEscapeArtist?: number
  attackerModifiers?: Modifier[]
  defenderModifiers?: Modifier[]
  unarmedDamage?: string
  speedFeet?: number
  aidingCreatures?: number
  humanoidWithoutTwoFreeHands?: boolean
  reverseGrapple?: boolean
  charging?: boolean
  defenderLegs?: number
  defenderStable?: boolean
  defenderAvoids?: boolean
  counterAttempt?: boolean
  attackerWeapon?: ManeuverWeaponInput
  defenderWeapon?: ManeuverWeaponInput
  item?: ItemInput
  dirtyTrickCondition?: string
  bluff?: number
  senseMotive?: number
  senseMotiveTrained?: boolean
  defenderKind?: 'humanoid' | 'nonhumanoid' | 'animal' | 'mindless'
  defenderChoice?: 'step-back' | 'stand'
  itemFastened?: boolean
}

export interface ManeuverRequest {
  attacker: CombatantInput
  defender: CombatantInput
  others?: CombatantInput[]
  options?: ManeuverOptions
  /** Set by the encounter, never by a client: it has checked who may act (docs/rules.md §68, §73). */
  actorMayAct?: boolean
}
