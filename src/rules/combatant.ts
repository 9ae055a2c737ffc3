import type { AbilityScores } from './abilities.js'
import type { BonusType, Modifier } from './modifiers.js'
import type { Size } from './size.js'

/**
 * The stat block as the rules library sees it (OpenAPI › Combatant). The HTTP
 * schema (src/schemas/common.ts) validates the same shape; the rules never
 * depend on the schema module.
 */
export interface ArmorClassComponents {
  armor?: number
  shield?: number
  natural?: number
  deflection?: number
  dodge?: number
  maxDex?: number
  modifiers?: Modifier[]
}

export interface ArmorClassTotals {
  total: number
  touch?: number
  flatFooted?: number
}

export interface HitPointsInput {
  max: number
  current?: number
  temporary?: number
  nonlethal?: number
  woundPoints?: number
  deathSaves?: { successes: number, failures: number }
  /** variant: Constitution damage taken from Death saves. */
  constitutionDamage?: number
  /** The status an earlier response reported (stable, disabled at negative HP, dead…). */
  status?: string
}

export interface CombatantInput {
  id?: string
  name?: string
  size?: Size
  level?: number
  hitDice?: number
  abilities?: AbilityScores
  baseAttackBonus?: number
  baseSaves?: Partial<Record<string, number>>
  armorClass?: ArmorClassComponents | ArmorClassTotals
  cmb?: number
  cmd?: number
  hitPoints?: HitPointsInput
  conditions?: readonly string[]
  feats?: readonly string[]
  /** Sneak attack dice (dnd35, pf1e: docs/rules.md §74). */
  sneakAttack?: string
  /** The caller's lasting effects as data (docs/rules.md §96). */
  effects?: readonly StatBlockEffect[]
}

/** One lasting effect on a stat block: a typed modifier on a named target (docs/rules.md §96). */
export interface StatBlockEffect {
  target: string
  value: number
  type?: BonusType
  source: string
}

export function hasCondition (c: CombatantInput, condition: string): boolean {
  return c.conditions?.includes(condition) ?? false
}

export function hasFeat (c: CombatantInput, feat: string): boolean {
  return c.feats?.includes(feat) ?? false
}

export function isTotals (ac: CombatantInput['armorClass']): ac is ArmorClassTotals {
  return ac !== undefined && 'total' in ac
}
