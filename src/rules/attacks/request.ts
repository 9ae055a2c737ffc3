import type { CombatantInput } from '../combatant.js'
import type { Modifier } from '../modifiers.js'
import type { WeaponInput } from './weapon.js'

export type AttackMode = 'single' | 'full' | 'coup-de-grace'
export type ConcealmentOption = 'none' | 'concealment' | 'total' | number
export type CoverOption = 'none' | 'cover' | 'improved' | 'total'

/** `options` of POST /v1/attacks (OpenAPI › POST /v1/attacks). */
export interface AttackOptions {
  distanceFeet?: number
  flanking?: boolean
  higherGround?: boolean
  charging?: boolean
  fightingDefensively?: boolean
  shootingIntoMelee?: boolean
  nonlethal?: boolean
  concealment?: ConcealmentOption
  missChance?: number
  cover?: CoverOption
  damageMultiplier?: number
  swiftAttack?: boolean
  attackModifiers?: readonly Modifier[]
  damageModifiers?: readonly Modifier[]
  /**
   * Encounters only, never part of a request body (the schema has no such
   * option): what applies to the first attack of the action alone, as aid
   * another's "+2 on the next attack" and "+2 AC against the next attack"
   * (SRD 3.5 › Aid Another; docs/rules.md §105).
   */
  firstAttack?: { attackModifiers?: readonly Modifier[], armorClassModifiers?: readonly Modifier[] }
  /**
   * Encounters only, never part of a request body: the aimed shot of take aim
   * (variant › Take Aim), whose sneak attack reaches one range increment
   * (docs/rules.md §148).
   */
  aimed?: boolean
}

/** The body of POST /v1/attacks and /v1/attacks/odds, minus seed and dice. */
export interface AttackRequest {
  attacker: CombatantInput
  target: CombatantInput
  weapon: WeaponInput
  offHand?: WeaponInput
  mode?: AttackMode
  options?: AttackOptions
  /**
   * Set by the encounter, never by a client (the schema has no such field):
   * it has already checked that the actor may act (docs/rules.md §73, a 409),
   * with its own exceptions (docs/rules.md §68).
   */
  actorMayAct?: boolean
}
