/**
 * What a ruleset says about concentration checks (docs/rules.md §115): how the
 * check's bonus is built and each situation's DC, as data the shared check in
 * ./check.ts reads. A ruleset without concentration leaves it out
 * (`Ruleset.concentration` absent: 422 rule-not-defined).
 */
import type { AbilityName } from '../abilities.js'

export const CONCENTRATION_SITUATIONS = ['damaged', 'defensive', 'grappled', 'entangled', 'vigorous-motion', 'violent-motion'] as const
export type ConcentrationSituation = typeof CONCENTRATION_SITUATIONS[number]

/** A DC: base + spell level × perSpellLevel, plus the damage taken and the grappler's CMB where the situation counts them. */
export interface ConcentrationDc {
  base: number
  perSpellLevel: number
  /** Adds the damage taken (damaged while casting). */
  addsDamage?: boolean
  /** Adds the grappler's CMB (pf1e grappled). */
  addsGrapplerCmb?: boolean
}

export interface ConcentrationPolicy {
  /**
   * How the check's bonus is built: `skill`, the stat block's Concentration
   * skill modifier (`concentration`, SRD 3.5 › Skills › Concentration);
   * `caster-level`, caster level + the casting ability's modifier
   * (`casterLevel`, `castingAbility`, PRD › Magic › Concentration).
   */
  bonus: 'skill' | 'caster-level'
  /** The casting abilities the stat block may name (`caster-level` only). */
  castingAbilities: readonly AbilityName[]
  /**
   * Whether the condition modifiers on skill and ability checks (shaken,
   * sickened) apply: the check is a skill check in dnd35, and neither a skill
   * nor an ability check in pf1e (docs/rules.md §115).
   */
  checkModifiersApply: boolean
  dcs: Readonly<Record<ConcentrationSituation, ConcentrationDc>>
  /**
   * The conditions (listed or implied) that call for a check when the
   * creature casts in an encounter, by name, and which situation each is
   * (docs/rules.md §116).
   */
  conditionSituations: Readonly<Record<string, ConcentrationSituation>>
}

/** SRD 3.5 › Skills › Concentration (the Concentration Check DCs table; docs/rules.md §115). */
export const DND35_CONCENTRATION: ConcentrationPolicy = {
  bonus: 'skill',
  castingAbilities: [],
  checkModifiersApply: true,
  dcs: {
    damaged: { base: 10, perSpellLevel: 1, addsDamage: true },
    defensive: { base: 15, perSpellLevel: 1 },
    grappled: { base: 20, perSpellLevel: 1 },
    entangled: { base: 15, perSpellLevel: 0 },
    'vigorous-motion': { base: 10, perSpellLevel: 1 },
    'violent-motion': { base: 15, perSpellLevel: 1 }
  },
  // SRD 3.5 › Concentration: grappling or pinned; entangled.
  conditionSituations: { grappling: 'grappled', grappled: 'grappled', pinned: 'grappled', entangled: 'entangled' }
}

/** PRD › Magic › Concentration (Table: Concentration Check DCs; docs/rules.md §115). */
export const PF1E_CONCENTRATION: ConcentrationPolicy = {
  bonus: 'caster-level',
  castingAbilities: ['int', 'wis', 'cha'],
  checkModifiersApply: false,
  dcs: {
    damaged: { base: 10, perSpellLevel: 1, addsDamage: true },
    defensive: { base: 15, perSpellLevel: 2 },
    grappled: { base: 10, perSpellLevel: 1, addsGrapplerCmb: true },
    entangled: { base: 15, perSpellLevel: 1 },
    'vigorous-motion': { base: 10, perSpellLevel: 1 },
    'violent-motion': { base: 15, perSpellLevel: 1 }
  },
  // PRD › Magic › Concentration: grappled or pinned (the grappler is grappled too); entangled.
  conditionSituations: { grappling: 'grappled', grappled: 'grappled', pinned: 'grappled', entangled: 'entangled' }
}
