import { type AbilityName, abilityModifier } from '../abilities.js'
import { type EffectiveStats, effectiveStats } from '../effects.js'
import { type CombatantInput, isTotals } from '../combatant.js'
import { DomainError, missingField, ruleNotDefined } from '../errors.js'
import { type BreakdownEntry, type Modifier, stackModifiers } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'

const ABILITY_NAMES: Record<AbilityName, string> = {
  str: 'Strength', dex: 'Dexterity', con: 'Constitution', int: 'Intelligence', wis: 'Wisdom', cha: 'Charisma'
}

const COVER_NAMES: Record<SaveCover, string> = { none: 'no cover', partial: 'partial cover', cover: 'cover', improved: 'improved cover' }

export type SaveCover = 'none' | 'partial' | 'cover' | 'improved'

export interface SaveSituation {
  cover?: SaveCover
  modifiers?: readonly Modifier[]
}

export interface SaveBonus {
  save: string
  value: number
  breakdown: BreakdownEntry[]
}

/** A save name the ruleset lacks is a 422 naming the field (OpenAPI › POST /v1/saves). */
export function assertSaveName (ruleset: Ruleset, save: string, path = '/save'): void {
  if (!ruleset.saves.includes(save)) {
    const message = `${ruleset.name} has no "${save}" save; its saves are ${ruleset.saves.join(', ')}`
    throw new DomainError('unknown-save', message, [{ path, message }])
  }
}

/**
 * The bonus on one saving throw (docs/rules.md §P3): base save + the ability the
 * ruleset names for it (the best of several; none for the variant's Death,
 * Fear and Spell) + cover on Reflex + condition penalties + typed modifiers.
 * Paths in errors are relative to the creature.
 */
export function saveBonus (ruleset: Ruleset, creature: CombatantInput, save: string, situation: SaveSituation = {}): SaveBonus {
  assertSaveName(ruleset, save)
  const policy = ruleset.savingThrows
  const base = creature.baseSaves?.[save]
  if (base === undefined) throw missingField(`/baseSaves/${save}`, `the base ${save} save bonus is needed`)
  const mods: Modifier[] = [{ source: `base ${save} save`, value: base, type: 'untyped' }]

  const stats = effectiveStats(ruleset, creature)
  const ability = bestAbility(stats, policy.abilities[save] ?? [])
  if (ability) {
    let value = ability.modifier
    let source = ABILITY_NAMES[ability.name]
    if (save === policy.reflexSave && ability.name === 'dex') {
      const zero = stats.dexterity.helpless
      const denied = stats.dexterity.deniedToReflex
      if (zero !== null) {
        value = abilityModifier(0)
        source = `Dexterity (${zero}: treated as 0)`
      } else if (denied !== null && value > 0) {
        value = 0
        source = `Dexterity (lost: ${denied})`
      }
    }
    mods.push({ source, value, type: 'untyped' })
  }

  if (save === policy.reflexSave) {
    const degree = situation.cover ?? 'none'
    const cover = policy.coverReflexBonus[degree]
    if (cover === undefined) throw ruleNotDefined(ruleset.name, `${degree} cover`, '/cover')
    if (cover !== 0) mods.push({ source: COVER_NAMES[degree], value: cover, type: 'untyped' })
    // A condition that puts the shield on Reflex (the variant's total defense: its effects table says so).
    if (stats.has('shield-to-reflex')) {
      const ac = creature.armorClass
      const shield = ac && !isTotals(ac) ? (ac.shield ?? 0) : 0
      if (shield !== 0) mods.push({ source: 'shield (total defense)', value: shield, type: 'shield' })
    }
  }

  mods.push(...stats.changes('save', { save }))
  mods.push(...(situation.modifiers ?? []))

  const stacked = stackModifiers(mods, ruleset.stacking)
  return { save, value: stacked.total, breakdown: stacked.breakdown }
}

/** The best modifier among the abilities a save may use; a creature without a score (`null`) gets none from it. */
function bestAbility (stats: EffectiveStats, abilities: readonly AbilityName[]): { name: AbilityName, modifier: number } | null {
  let best: { name: AbilityName, modifier: number } | null = null
  for (const name of abilities) {
    const modifier = stats.ability(name)
    if (modifier === null) continue
    if (best === null || modifier > best.modifier) best = { name, modifier }
  }
  return best
}
