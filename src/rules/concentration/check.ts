// The concentration check (docs/rules.md §115): d20 + the ruleset's bonus
// against the DC of the situation. Pure: the ruleset and the dice come in.
import { judgeD20 } from '../d20.js'
import { type AbilityName } from '../abilities.js'
import { assertCanAct } from '../can-act.js'
import type { CombatantInput } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { effectiveStats } from '../effects.js'
import { DomainError, missingField, ruleNotDefined } from '../errors.js'
import { type BreakdownEntry, type Modifier, stackModifiers } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import type { ConcentrationPolicy, ConcentrationSituation } from './policy.js'

/** The stat block fields a concentration check reads. */
export interface Caster extends CombatantInput {
  /** dnd35: the Concentration skill modifier. */
  concentration?: number
  /** pf1e: caster level. */
  casterLevel?: number
  /** pf1e: the ability the caster casts with. */
  castingAbility?: string
}

export interface ConcentrationRequest {
  caster: Caster
  spellLevel: number
  situation: ConcentrationSituation
  damageTaken?: number
  grapplerCmb?: number
  /** Set by the encounter, never by a client: it has checked who may cast (docs/rules.md §73, §146). */
  actorMayAct?: boolean
}

export interface ConcentrationOutcome {
  situation: ConcentrationSituation
  spellLevel: number
  dc: number
  /** How the DC was built; the base is the first line. */
  dcBreakdown: BreakdownEntry[]
  roll: number
  bonus: number
  breakdown: BreakdownEntry[]
  total: number
  success: boolean
}

const ABILITY_NAMES: Record<AbilityName, string> = {
  str: 'Strength', dex: 'Dexterity', con: 'Constitution', int: 'Intelligence', wis: 'Wisdom', cha: 'Charisma'
}

const line = (source: string, value: number): BreakdownEntry => ({ source, type: 'untyped', value, applied: true })

/** The ruleset's concentration rules, or a 422 rule-not-defined (the variant has none). */
export function concentrationPolicy (ruleset: Ruleset, path = ''): ConcentrationPolicy {
  if (ruleset.concentration === undefined) throw ruleNotDefined(ruleset.name, 'concentration checks', path)
  return ruleset.concentration
}

/**
 * The DC of a situation (docs/rules.md §115). A field the situation needs
 * and lacks is a 422 missing-field; one it does not use a 422
 * inconsistent-fields, so that nothing sent is silently ignored.
 */
export function concentrationDc (ruleset: Ruleset, request: Omit<ConcentrationRequest, 'caster'>): { dc: number, dcBreakdown: BreakdownEntry[] } {
  const policy = concentrationPolicy(ruleset, '/ruleset')
  const rule = policy.dcs[request.situation]
  const problems: Array<{ path: string, message: string }> = []
  if (rule.addsDamage !== true && request.damageTaken !== undefined) problems.push({ path: '/damageTaken', message: `is used only when the situation is "damaged", not "${request.situation}"` })
  if (rule.addsGrapplerCmb !== true && request.grapplerCmb !== undefined) problems.push({ path: '/grapplerCmb', message: `${ruleset.name} does not use the grappler's CMB for a "${request.situation}" concentration check` })
  if (problems.length > 0) throw new DomainError('inconsistent-fields', problems.map((p) => `${p.path} ${p.message}`).join('; '), problems)
  const dcBreakdown = [line(`${request.situation} base`, rule.base)]
  if (rule.perSpellLevel !== 0) dcBreakdown.push(line(rule.perSpellLevel === 1 ? 'spell level' : `spell level × ${rule.perSpellLevel}`, request.spellLevel * rule.perSpellLevel))
  if (rule.addsDamage === true) {
    if (request.damageTaken === undefined) throw missingField('/damageTaken', 'the damage taken is needed for a "damaged" concentration check')
    dcBreakdown.push(line('damage taken', request.damageTaken))
  }
  if (rule.addsGrapplerCmb === true) {
    if (request.grapplerCmb === undefined) throw missingField('/grapplerCmb', `${ruleset.name} needs the grappler's CMB for a "${request.situation}" concentration check`)
    dcBreakdown.push(line('grappler\'s CMB', request.grapplerCmb))
  }
  return { dc: dcBreakdown.reduce((n, l) => n + l.value, 0), dcBreakdown }
}

/**
 * The check's bonus: dnd35 the Concentration skill modifier with the
 * condition modifiers on skill checks; pf1e caster level + the casting
 * ability's modifier (after the conditions' changes to the score). Paths
 * relative to the request (`/caster/...`).
 */
export function concentrationBonus (ruleset: Ruleset, caster: Caster): { bonus: number, breakdown: BreakdownEntry[] } {
  const policy = concentrationPolicy(ruleset, '/ruleset')
  const mods: Modifier[] = []
  const stats = effectiveStats(ruleset, caster)
  if (policy.bonus === 'skill') {
    if (caster.concentration === undefined) throw missingField('/caster/concentration', `${ruleset.name} needs the caster's Concentration skill modifier (concentration)`)
    mods.push({ source: 'Concentration skill', value: caster.concentration, type: 'untyped' })
  } else {
    if (caster.casterLevel === undefined) throw missingField('/caster/casterLevel', `${ruleset.name} builds the check from the caster level (casterLevel) and the casting ability (castingAbility)`)
    if (caster.castingAbility === undefined) throw missingField('/caster/castingAbility', `${ruleset.name} needs the casting ability (castingAbility: ${policy.castingAbilities.join(', ')})`)
    const ability = caster.castingAbility as AbilityName
    if (!policy.castingAbilities.includes(ability)) {
      const message = `${ruleset.name} casting abilities are ${policy.castingAbilities.join(', ')}, not "${caster.castingAbility}"`
      throw new DomainError('inconsistent-fields', message, [{ path: '/caster/castingAbility', message }])
    }
    const modifier = stats.ability(ability)
    if (modifier === null) throw missingField(`/caster/abilities/${ability}`, `the caster casts with ${ABILITY_NAMES[ability]} and has no such score`)
    mods.push({ source: 'caster level', value: caster.casterLevel, type: 'untyped' })
    mods.push({ source: ABILITY_NAMES[ability], value: modifier, type: 'untyped' })
  }
  if (policy.checkModifiersApply) mods.push(...stats.changes('check'))
  const stacked = stackModifiers(mods, ruleset.stacking)
  return { bonus: stacked.total, breakdown: stacked.breakdown }
}

/**
 * One concentration check: d20 + bonus ≥ DC. It is a check, not an attack
 * or a save: no automatic result on a natural 1 or 20 (SRD 3.5 › Skills ›
 * Skill Checks; docs/rules.md §115). Dice order: the one d20.
 */
export function rollConcentration (ruleset: Ruleset, request: ConcentrationRequest, dice: Dice): ConcentrationOutcome {
  // docs/rules.md §146: a caster whose conditions forbid casting (nauseated; any that forbids every action) makes no check.
  concentrationPolicy(ruleset, '/ruleset')
  if (request.actorMayAct !== true) assertCanAct(ruleset, request.caster, { attack: false, slot: null, spell: true }, '/caster')
  const { dc, dcBreakdown } = concentrationDc(ruleset, request)
  const { bonus, breakdown } = concentrationBonus(ruleset, request.caster)
  const roll = dice.d20('concentration')
  const total = roll + bonus
  const { success } = judgeD20(roll, total, dc, 'none')
  return { situation: request.situation, spellLevel: request.spellLevel, dc, dcBreakdown, roll, bonus, breakdown, total, success }
}
