import type { CombatantInput } from '../combatant.js'
import type { AppliedCondition } from '../effects.js'
import type { BreakdownEntry, Modifier } from '../modifiers.js'

export const TURNING_ACTIONS = ['turn', 'rebuke', 'command', 'bolster', 'dispel', 'channel-positive', 'channel-negative', 'turn-undead'] as const
export type TurningAction = typeof TURNING_ACTIONS[number]

/** Actions that act on `targets` (PF1 channel energy); the others act on `undead`. */
export const CHANNEL_ACTIONS: ReadonlySet<TurningAction> = new Set(['channel-positive', 'channel-negative', 'turn-undead'])

export type TurnerClass = 'cleric' | 'paladin'
export type Energy = 'positive' | 'negative'

export interface TurnerInput extends CombatantInput {
  class?: TurnerClass
  energy?: Energy
  knowledgeReligionRanks?: number
}

/** One undead creature facing a 3.5 turning attempt. */
export interface UndeadInput {
  id: string
  hitDice: number
  distanceFeet: number
  turnResistance?: number
  alreadyTurned?: boolean
  /** Effective Hit Dice from an earlier bolster, still running. */
  bolsteredHitDice?: number
  /** Total cover from the turner, or no line of effect. */
  totalCover?: boolean
}

/** One creature in a PF1 channel's burst. */
export interface ChannelTargetInput extends CombatantInput {
  id: string
  kind: 'living' | 'undead'
  distanceFeet?: number
  /** Modifiers to its Will save. */
  modifiers?: Modifier[]
}

export interface TurningRequest {
  action: TurningAction
  turner: TurnerInput
  undead?: UndeadInput[]
  targets?: ChannelTargetInput[]
  previousTurningCheck?: number
  commandedHitDice?: number
  skipAlreadyTurned?: boolean
  checkModifiers?: Modifier[]
  /** Set by the encounter, never by a client: it has checked who may act (docs/rules.md §68, §73). */
  actorMayAct?: boolean
}

export interface Total { total: number, breakdown: BreakdownEntry[] }

/** The conditions the rules applied to the turner (docs/rules.md §88, §145). */
export interface TurnerConditions { turner: AppliedCondition[] }

export type UndeadOutcome = 'destroyed' | 'turned' | 'rebuked' | 'commanded' | 'bolstered' | 'freed' | 'unaffected' | 'out-of-range'

export interface UndeadResult {
  id: string
  outcome: UndeadOutcome
  reason: string
  /** The Hit Dice the turning table is compared with: HD + turn resistance, or a bolstered value. */
  effectiveHitDice: number
  /** Hit Dice this creature took from the turning damage (its actual HD when affected, else 0). */
  hitDiceSpent: number
  durationRounds: number | null
}

export interface TurnUndeadResult {
  procedure: 'turn-undead'
  action: TurningAction
  effectiveLevel: number
  usesPerDay: Total
  turningCheck: { roll: number, modifier: number, total: number, maxHitDice: number, breakdown: BreakdownEntry[] }
  turningDamage: { roll: number[], modifier: number, total: number, breakdown: BreakdownEntry[] } | null
  dispel: { previousTurningCheck: number, succeeded: boolean } | null
  results: UndeadResult[]
  hitDiceUsed: number
  conditions: TurnerConditions
}

export interface ChannelSave {
  dc: number
  bonus: number
  breakdown: BreakdownEntry[]
  roll: number
  total: number
  success: boolean
  automatic: 'natural-1' | 'natural-20' | null
}

export type ChannelOutcome = 'healed' | 'harmed' | 'turned' | 'unaffected' | 'out-of-range'

export interface ChannelTargetResult {
  id: string
  kind: 'living' | 'undead'
  outcome: ChannelOutcome
  reason: string
  save: ChannelSave | null
  /** Hit points restored (capped at the creature's maximum when `hitPoints` is given). */
  healed: number | null
  /** Damage dealt, halved (rounded down) on a successful save. */
  damage: number | null
  durationRounds: number | null
  /** The conditions the rules applied to the target (docs/rules.md §88, §145). */
  conditions: AppliedCondition[]
}

export interface ChannelEnergyResult {
  procedure: 'channel-energy'
  action: TurningAction
  effectiveLevel: number
  usesPerDay: Total | null
  channel: { dice: string, roll: number[], total: number } | null
  saveDc: Total
  results: ChannelTargetResult[]
  conditions: TurnerConditions
}

export type TurningResult = TurnUndeadResult | ChannelEnergyResult
