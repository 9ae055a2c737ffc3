import { missingField } from '../errors.js'
import { type ParsedNotation, parseNotation } from '../dice/notation.js'
import type { Size } from '../size.js'

export type WeaponType = 'melee' | 'ranged' | 'thrown'
export type WeaponCategory = 'light' | 'one-handed' | 'two-handed'
export type Wielding = 'one-hand' | 'two-hands' | 'off-hand'
export type StrengthToDamage = 'full' | 'penalty-only' | 'none'

/** A weapon as the caller sends it (OpenAPI › Weapon). */
export interface WeaponInput {
  name?: string
  type?: WeaponType
  damage?: string
  critRange?: number
  critMultiplier?: number
  proficient?: boolean
  category?: WeaponCategory
  wielded?: Wielding
  enhancement?: number
  strengthToDamage?: StrengthToDamage
  compositeRating?: number
  rangeIncrement?: number
  touch?: boolean
  reach?: boolean
  finesse?: boolean
  nonlethal?: boolean
  unarmed?: boolean
  double?: boolean
  extraDamage?: ReadonlyArray<{ dice: string, type?: string }>
}

/** A weapon with every default filled in and its notations parsed. */
export interface Weapon {
  name: string
  type: WeaponType
  damage: ParsedNotation
  critRange: number
  critMultiplier: number
  proficient: boolean
  category: WeaponCategory
  wielded: Wielding
  enhancement: number
  strengthToDamage: StrengthToDamage
  compositeRating: number | undefined
  rangeIncrement: number | undefined
  touch: boolean
  reach: boolean
  finesse: boolean
  nonlethal: boolean
  unarmed: boolean
  /** The off end of a double weapon: light for two-weapon fighting (SRD 3.5 › Two-Weapon Fighting). */
  double: boolean
  extraDamage: Array<{ dice: ParsedNotation, type: string }>
}

/**
 * Unarmed strike damage by the striker's size (SRD 3.5 › Unarmed Attacks: Small
 * 1d2, Medium 1d3; Large 1d4 from SRD 3.5/PRD, docs/rules.md §22, §23). Other sizes must give
 * `damage`.
 */
const UNARMED_DAMAGE: Partial<Record<Size, string>> = { small: '1d2', medium: '1d3', large: '1d4' }

/**
 * Fill in the contract's defaults. Field paths in errors are relative to the
 * weapon (`/damage`); the caller prefixes them.
 */
export function resolveWeapon (input: WeaponInput, wielderSize: Size | undefined, hand: 'primary' | 'off-hand' | 'double-primary'): Weapon {
  const offHand = hand === 'off-hand'
  const unarmed = input.unarmed ?? false
  const type = input.type ?? 'melee'
  let damageText = input.damage
  if (damageText === undefined) {
    if (!unarmed) throw missingField('/damage', 'the weapon needs its damage dice (e.g. "1d8")')
    damageText = UNARMED_DAMAGE[wielderSize ?? 'medium']
    if (damageText === undefined) throw missingField('/damage', `unarmed strike damage for a ${wielderSize} creature is not in the rules: give the weapon's damage`)
  }
  // An unarmed strike counts as a light weapon (SRD 3.5 › Unarmed Attacks).
  const category = unarmed ? 'light' : (input.category ?? 'one-handed')
  // Fighting with both ends of a double weapon, the primary end is wielded as in one hand (SRD 3.5 › Double Weapons).
  const wielded = offHand ? 'off-hand' : hand === 'double-primary' ? 'one-hand' : (input.wielded ?? (category === 'two-handed' ? 'two-hands' : 'one-hand'))
  return {
    name: input.name ?? (unarmed ? 'unarmed strike' : 'weapon'),
    type,
    damage: parseNotation(damageText),
    critRange: input.critRange ?? 20,
    critMultiplier: input.critMultiplier ?? 2,
    proficient: input.proficient ?? true,
    category,
    wielded,
    enhancement: input.enhancement ?? 0,
    strengthToDamage: input.strengthToDamage ?? (type === 'ranged' ? (input.compositeRating !== undefined ? 'full' : 'none') : 'full'),
    compositeRating: input.compositeRating,
    rangeIncrement: input.rangeIncrement,
    touch: input.touch ?? false,
    reach: input.reach ?? false,
    finesse: input.finesse ?? false,
    nonlethal: input.nonlethal ?? unarmed,
    unarmed,
    double: input.double ?? false,
    extraDamage: (input.extraDamage ?? []).map((e) => ({ dice: parseNotation(e.dice), type: e.type ?? 'untyped' }))
  }
}
