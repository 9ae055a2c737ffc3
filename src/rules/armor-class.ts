import { abilityModifier, modifierOf } from './abilities.js'
import { type CombatantInput, isTotals } from './combatant.js'
import { effectiveStats } from './effects.js'
import { missingField } from './errors.js'
import { type BreakdownEntry, type Modifier, stackModifiers } from './modifiers.js'
import type { Ruleset } from './rulesets/types.js'
import { sizeRow } from './size.js'

export type AttackKind = 'melee' | 'ranged'
export type AcType = 'normal' | 'touch' | 'flat-footed' | 'touch-flat-footed'
export type Cover = 'none' | 'cover' | 'improved'

/** What a ruleset says about AC beyond its conditions, which are in `Ruleset.effects`. */
export interface ArmorClassPolicy {
  /** variant off-guard: a flat −2 on top of losing Dex (variant › Conditions › Off-Guard). */
  deniedDexPenalty: number
  /** An invisible attacker denies the defender its Dex (SRD 3.5; variant: off-guard). */
  invisibleAttackerDeniesDex: boolean
  /** Cover bonus to AC. */
  cover: Readonly<Record<Cover, number>>
}

export interface AttackContext {
  kind: AttackKind
  touch: boolean
  cover?: Cover
  attackerInvisible?: boolean
  /** The attacker is pinning the defender (pinned's −4 does not apply to it). */
  attackerIsPinner?: boolean
  /** The attacker is in the same grapple as the defender. */
  attackerInGrapple?: boolean
  /** Extra situational AC modifiers from the request. */
  modifiers?: readonly Modifier[]
}

export interface ArmorClassResult {
  value: number
  acType: AcType
  breakdown: BreakdownEntry[]
  /** Whether the defender lost its Dex bonus to AC (flat-footed, helpless…): sneak attack and the like care. */
  deniedDex: boolean
}

function entry (source: string, value: number, type: BreakdownEntry['type'] = 'untyped'): Modifier {
  return { source, value, type }
}

/**
 * The Armor Class an attack must beat (docs/rules.md §P1.3, §P1.4): from components
 * or printed totals, touch and flat-footed variants chosen by the attack and
 * the defender's conditions, cover, and situational modifiers.
 */
export function armorClass (ruleset: Ruleset, defender: CombatantInput, attack: AttackContext): ArmorClassResult {
  const policy = ruleset.armorClass
  const stats = effectiveStats(ruleset, defender, {
    against: { invisible: attack.attackerInvisible, pinner: attack.attackerIsPinner, inGrapple: attack.attackerInGrapple }
  })
  const deniedDex = stats.dexterity.deniedToAc !== null
  const dexAs = stats.dexterity.helpless !== null ? abilityModifier(0) : undefined

  const acType: AcType = attack.touch ? (deniedDex ? 'touch-flat-footed' : 'touch') : (deniedDex ? 'flat-footed' : 'normal')
  const mods: Modifier[] = []

  if (isTotals(defender.armorClass)) {
    mods.push(...printedBase(defender, acType, dexAs))
  } else {
    const c = defender.armorClass ?? {}
    const dexMod = stats.dexterity.modifier ?? 0
    const cappedDex = c.maxDex !== undefined ? Math.min(dexMod, c.maxDex) : dexMod
    if (dexAs !== undefined) mods.push(entry('Dexterity (helpless: treated as 0)', dexAs))
    else if (deniedDex) { if (cappedDex < 0) mods.push(entry('Dexterity', cappedDex)) } else if (cappedDex !== 0) mods.push(entry('Dexterity', cappedDex))
    if (!attack.touch) {
      if (c.armor) mods.push(entry('armor', c.armor, 'armor'))
      if (c.shield) mods.push(entry('shield', c.shield, 'shield'))
      if (c.natural) mods.push(entry('natural armor', c.natural, 'natural-armor'))
    }
    if (c.deflection) mods.push(entry('deflection', c.deflection, 'deflection'))
    if (c.dodge && !deniedDex) mods.push(entry('dodge', c.dodge, 'dodge'))
    if (ruleset.sizeModifiesAttackAndAc) {
      const size = sizeRow(defender.size).attackAndAc
      if (size !== 0) mods.push(entry(`size (${defender.size ?? 'medium'})`, size, 'size'))
    }
    for (const m of c.modifiers ?? []) {
      if (attack.touch && (m.type === 'armor' || m.type === 'shield' || m.type === 'natural-armor')) continue
      if (deniedDex && m.type === 'dodge') continue
      mods.push(m)
    }
  }

  if (deniedDex && policy.deniedDexPenalty !== 0 && dexAs === undefined) {
    mods.push(entry('off-guard', -policy.deniedDexPenalty))
  }
  for (const m of stats.changes(attack.kind === 'melee' ? 'ac.melee' : 'ac.ranged')) {
    // An armor, shield or natural armor effect does not count against a touch attack, as the components do not.
    if (attack.touch && (m.type === 'armor' || m.type === 'shield' || m.type === 'natural-armor')) continue
    mods.push(m)
  }
  if (!deniedDex) mods.push(...stats.changes('ac.dodge'))
  // A stat block's effects on its touch or flat-footed AC alone (docs/rules.md §96).
  if (attack.touch) mods.push(...stats.changes('ac.touch'))
  if (deniedDex) mods.push(...stats.changes('ac.flat-footed'))
  const cover = policy.cover[attack.cover ?? 'none']
  if (cover !== 0) mods.push(entry(attack.cover === 'improved' ? 'improved cover' : 'cover', cover))
  for (const m of attack.modifiers ?? []) {
    if (deniedDex && m.type === 'dodge') continue
    mods.push(m)
  }

  const stacked = stackModifiers(mods, ruleset.stacking)
  return { value: 10 + stacked.total, acType, breakdown: stacked.breakdown, deniedDex }
}

/**
 * The breakdown line of a printed total: `other (printed AC 18, less the base 10)`
 * worth 8. The total's parts are unknown, so they are one "other" line beside
 * the base 10 that every AC and CMD breakdown implies.
 */
export function printedTotalSource (figure: string): string {
  return `${PRINTED_TOTAL} ${figure}, less the base 10)`
}

const PRINTED_TOTAL = 'other (printed'

/** Whether a breakdown line stands for a printed total (its parts unknown). */
export function isPrintedTotal (e: { source: string }): boolean {
  return e.source.startsWith(PRINTED_TOTAL)
}

/** Printed totals: pick the printed figure for the AC type; derive touch-flat-footed and helpless from them. */
function printedBase (defender: CombatantInput, acType: AcType, dexAs: number | undefined): Modifier[] {
  const ac = defender.armorClass as { total: number, touch?: number, flatFooted?: number }
  const need = (field: 'touch' | 'flatFooted'): number => {
    const value = ac[field]
    if (value === undefined) throw missingField(`/armorClass/${field}`, `printed armorClass.${field} is needed for a ${acType} attack`)
    return value
  }
  let base: number
  let figure: string
  switch (acType) {
    case 'normal': base = ac.total; figure = `AC ${base}`; break
    case 'touch': base = need('touch'); figure = `touch AC ${base}`; break
    case 'flat-footed': base = need('flatFooted'); figure = `flat-footed AC ${base}`; break
    case 'touch-flat-footed': base = need('touch') - (ac.total - need('flatFooted')); figure = `touch AC ${need('touch')} less its Dex and dodge, ${base}`; break
  }
  // Like every AC breakdown, the base 10 is implied; the printed figure's rest is one line.
  const mods = [entry(printedTotalSource(figure), base - 10)]
  if (dexAs !== undefined) {
    // The flat-footed figure already lacks a positive Dex; a negative one is still in it.
    const dexMod = Math.min(modifierOf(defender.abilities, 'dex') ?? 0, 0)
    mods.push(entry('Dexterity (helpless: treated as 0)', dexAs - dexMod))
  }
  return mods
}
