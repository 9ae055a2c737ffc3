import { abilityModifier, modifierOf } from '../abilities.js'
import { armorClass, isPrintedTotal, printedTotalSource } from '../armor-class.js'
import { hasFeat, isTotals } from '../combatant.js'
import { judgeD20, naturalOf } from '../d20.js'
import type { Dice } from '../dice/roller.js'
import { fixed, type Modifier, type Stacked } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { SIZES, sizeRow } from '../size.js'
import { atPath } from '../errors.js'
import { abilityEntry, baseAttackBonus, ownConditions, type Participant, stack, statsOf } from './checks.js'
import type { Step } from './types.js'

const TINY = SIZES.indexOf('tiny')

/** AC bonus types that also count toward CMD (PRD › Combat Maneuver Defense). */
const CMD_BONUS_TYPES = new Set(['circumstance', 'deflection', 'dodge', 'insight', 'luck', 'morale', 'profane', 'sacred'])

/**
 * CMB = BAB + Str + special size modifier, Dex instead of Str at Tiny or
 * smaller (docs/rules.md §35); a printed `cmb` replaces the base. The attacker's own
 * condition penalties on attack rolls apply (docs/rules.md §P4.3 step 4), the
 * grappled −2 except to grapple or escape (PRD › Conditions).
 */
export function combatManeuverBonus (ruleset: Ruleset, p: Participant, opts: { maneuverFeat?: string, grappleOrEscape?: boolean } = {}, extra: readonly Modifier[] = []): Stacked {
  const mods: Modifier[] = []
  if (p.combatant.cmb !== undefined) {
    mods.push(fixed('printed CMB', p.combatant.cmb))
  } else {
    mods.push(fixed('base attack bonus', baseAttackBonus(p)))
    const small = SIZES.indexOf(p.combatant.size ?? 'medium') <= TINY
    mods.push(abilityEntry(ruleset, p, small ? 'dex' : 'str'))
    const size = sizeRow(p.combatant.size).combatManeuver
    if (size !== 0) mods.push(fixed(`special size modifier (${p.combatant.size ?? 'medium'})`, size, 'size'))
  }
  mods.push(...maneuverFeats(ruleset, p, opts.maneuverFeat, ruleset.maneuvers.improvedFeatBonus))
  // The stat block's own effects on CMB alone (docs/rules.md §96); those on attack rolls come with its conditions.
  mods.push(...statsOf(ruleset, p).changes('cmb'))
  return stack(ruleset, [...mods, ...ownConditions(ruleset, p, 'melee', { toGrapple: opts.grappleOrEscape }), ...extra])
}

/**
 * docs/rules.md §64: the Improved maneuver feat's bonus on CMB or CMD (PRD › Feats: +2 and
 * +2), and the Greater feat's further bonus on both (`greater-<maneuver>`).
 */
function maneuverFeats (ruleset: Ruleset, p: Participant, improved: string | undefined, bonus: number): Modifier[] {
  if (improved === undefined) return []
  const mods: Modifier[] = []
  if (hasFeat(p.combatant, improved)) mods.push(fixed(featName(improved), bonus))
  const greater = improved.replace(/^improved-/, 'greater-')
  const further = ruleset.maneuvers.greaterFeatBonus
  if (further !== 0 && hasFeat(p.combatant, greater)) mods.push(fixed(featName(greater), further))
  return mods
}

/** `improved-bull-rush` → `Improved Bull Rush`, for breakdowns. */
export function featName (feat: string): string {
  return feat.split('-').map((w) => w[0]?.toUpperCase() + w.slice(1)).join(' ')
}

/**
 * CMD = 10 + BAB + Str + Dex + special size modifier + the AC bonuses of the
 * types that count + every AC penalty (docs/rules.md §35). A creature denied its Dex bonus
 * to AC (flat-footed, pinned…) adds no positive Dex. A printed `cmd` replaces
 * the base; a Dex bonus it contains is removed when Dex is denied.
 */
export function combatManeuverDefense (ruleset: Ruleset, p: Participant, opts: { maneuverFeat?: string } = {}, extra: readonly Modifier[] = []): Stacked {
  const c = p.combatant
  // Printed AC totals say nothing about the CMD parts; the conditions still count.
  const ac = atPath(p.path, () => armorClass(ruleset, isTotals(c.armorClass) ? { ...c, armorClass: undefined } : c, { kind: 'melee', touch: true }))
  // The same effective Dex as AC, attacks, Reflex and initiative (entangled and pf1e grappled −4 Dex; helpless Dex 0).
  const stats = statsOf(ruleset, p)
  const dexMod = stats.dexterity.modifier ?? 0
  const dexAs = stats.dexterity.helpless !== null ? abilityModifier(0) : undefined
  const mods: Modifier[] = []
  if (c.cmd !== undefined) {
    mods.push(fixed(printedTotalSource(`CMD ${c.cmd}`), c.cmd - 10))
    const printedDex = modifierOf(c.abilities, 'dex') ?? 0
    if (dexAs !== undefined) mods.push(fixed('Dexterity (helpless: treated as 0)', dexAs - printedDex))
    else if (ac.deniedDex && printedDex > 0) mods.push(fixed('Dexterity bonus denied', -printedDex))
  } else {
    mods.push(fixed('base attack bonus', baseAttackBonus(p)), abilityEntry(ruleset, p, 'str'))
    const dex = dexAs ?? (ac.deniedDex ? Math.min(dexMod, 0) : dexMod)
    mods.push(fixed(dexAs !== undefined ? 'Dexterity (helpless: treated as 0)' : ac.deniedDex && dexMod > 0 ? 'Dexterity (bonus denied)' : 'Dexterity', dex))
    const size = sizeRow(c.size).combatManeuver
    if (size !== 0) mods.push(fixed(`special size modifier (${c.size ?? 'medium'})`, size, 'size'))
  }
  // AC bonuses of the counted types and every AC penalty, as the shared AC computed them.
  for (const e of ac.breakdown) {
    if (!e.applied || e.source.startsWith('Dexterity') || isPrintedTotal(e) || e.type === 'size') continue
    if (c.cmd !== undefined && e.value > 0) continue
    if (CMD_BONUS_TYPES.has(e.type) || e.value < 0) mods.push({ source: `AC: ${e.source}`, type: e.type, value: e.value })
  }
  mods.push(...maneuverFeats(ruleset, p, opts.maneuverFeat, ruleset.maneuvers.improvedFeatDefenseBonus))
  mods.push(...stats.changes('cmd'))
  const stacked = stack(ruleset, [...mods, ...extra])
  return { total: 10 + stacked.total, breakdown: stacked.breakdown }
}

/**
 * What the target's conditions give on combat maneuver checks against it
 * (`maneuver.against` in its effects table: pf1e stunned +4, PRD › Combat
 * Maneuvers), each named after the target's condition.
 */
export function againstTarget (ruleset: Ruleset, target: Participant): Modifier[] {
  const mods = statsOf(ruleset, target).changes('maneuver.against')
  for (const m of mods) m.source = `target ${m.source}`
  return mods
}

/** A target unable to resist (the helpless family, dead): the maneuver succeeds as on a natural 20 (PRD › Combat Maneuvers). */
export function isIncapacitated (ruleset: Ruleset, p: Participant): boolean {
  return statsOf(ruleset, p).incapacitated
}

/**
 * One combat maneuver check: d20 + CMB against CMD; total ≥ CMD succeeds, a
 * natural 20 always succeeds and a natural 1 always fails; against an
 * incapacitated target it succeeds without a roll (docs/rules.md §P4.3).
 */
export function combatManeuverCheck (
  ruleset: Ruleset, dice: Dice, actor: Participant, target: Participant, cmb: Stacked, cmd: Stacked,
  opts: { summary: (success: boolean) => string, naturalRule?: boolean, purpose?: string }
): Step {
  if (isIncapacitated(ruleset, target)) {
    return {
      step: 'combat-maneuver-check', actor: actor.role, automatic: 'target-incapacitated', success: true,
      modifier: cmb.total, breakdown: cmb.breakdown, against: cmd.total, againstLabel: 'CMD', againstBreakdown: cmd.breakdown,
      summary: `the target is incapacitated, so the maneuver succeeds without a roll: ${opts.summary(true)}`
    }
  }
  const naturalRule = opts.naturalRule ?? true
  const roll = dice.d20(opts.purpose ?? 'combat-maneuver')
  const total = roll + cmb.total
  const { success, margin } = judgeD20(roll, total, cmd.total, naturalRule ? 'both' : 'none')
  const natural = naturalOf(roll)
  return {
    step: 'combat-maneuver-check', actor: actor.role, success, roll, natural: naturalRule ? natural : null,
    modifier: cmb.total, total, breakdown: cmb.breakdown, against: cmd.total, againstLabel: 'CMD', againstBreakdown: cmd.breakdown,
    margin, summary: `${checkLead(naturalRule ? natural : null, margin, 'CMD')}: ${opts.summary(success)}`
  }
}

function checkLead (natural: 'natural-1' | 'natural-20' | null, margin: number, label: string): string {
  if (natural === 'natural-20') return 'a natural 20 always succeeds'
  if (natural === 'natural-1') return 'a natural 1 always fails'
  return margin >= 0 ? `the check meets the ${label}${margin > 0 ? ` by ${margin}` : ''}` : `the check falls short of the ${label} by ${-margin}`
}
