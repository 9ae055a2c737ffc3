import type { AbilityName } from '../abilities.js'
import { armorClass } from '../armor-class.js'
import { coreAttackModifiers } from '../attacks/attack-bonus.js'
import { resolveWeapon } from '../attacks/weapon.js'
import { type EffectiveStats, effectiveStats } from '../effects.js'
import type { CombatantInput } from '../combatant.js'
import { judgeD20, naturalOf } from '../d20.js'
import type { Dice } from '../dice/roller.js'
import { atPath, missingField, DomainError } from '../errors.js'
import { fixed, type Modifier, type Stacked, stackModifiers } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { sizeSteps } from '../size.js'
import type { CheckSide, Role, Step, TieBreak } from './types.js'

/** A participant of a maneuver: the combatant, its role, and where it sits in the request body. */
export interface Participant {
  role: Role
  path: string
  combatant: CombatantInput
}

export function participantId (p: Participant): string | null {
  return p.combatant.id ?? null
}

export function baseAttackBonus (p: Participant): number {
  const bab = p.combatant.baseAttackBonus
  if (bab === undefined) throw missingField(`${p.path}/baseAttackBonus`, `${p.role} needs baseAttackBonus for this check`)
  return bab
}

/** The participant's effective numbers (its conditions and hit-point states), errors under its path. */
export function statsOf (ruleset: Ruleset, p: Participant): EffectiveStats {
  return atPath(p.path, () => effectiveStats(ruleset, p.combatant))
}

/** An ability modifier the check needs, as conditions leave it; a creature with no such score (null) cannot make it. */
export function abilityFor (ruleset: Ruleset, p: Participant, ability: AbilityName): number {
  const mod = statsOf(ruleset, p).ability(ability)
  if (mod === null) {
    const message = `${p.role} has no ${ability} score, so it cannot make this check`
    throw new DomainError('not-possible', message, [{ path: `${p.path}/abilities/${ability}`, message }])
  }
  return mod
}

const ABILITY_NAMES: Record<AbilityName, string> = { str: 'Strength', dex: 'Dexterity', con: 'Constitution', int: 'Intelligence', wis: 'Wisdom', cha: 'Charisma' }

export function abilityEntry (ruleset: Ruleset, p: Participant, ability: AbilityName): Modifier {
  return fixed(ABILITY_NAMES[ability], abilityFor(ruleset, p, ability))
}

/**
 * The better of Str and Dex, as the trip and overrun defender uses (SRD 3.5 ›
 * Trip; variant › Trip). A creature without one of the scores uses the other.
 */
export function betterOfStrengthAndDexterity (ruleset: Ruleset, p: Participant): Modifier {
  const stats = statsOf(ruleset, p)
  const str = stats.ability('str')
  const dex = stats.ability('dex')
  if (str === null && dex === null) return abilityEntry(ruleset, p, 'str')
  return str === null || (dex !== null && dex > str) ? abilityEntry(ruleset, p, 'dex') : abilityEntry(ruleset, p, 'str')
}

/** ±4 (the ruleset's step) per size category from Medium on a maneuver's Strength check (SRD 3.5 › Bull Rush, Overrun, Trip; variant). */
export function sizeAdjustment (ruleset: Ruleset, p: Participant): Modifier[] {
  const value = sizeSteps('medium', p.combatant.size) * ruleset.maneuvers.sizeStepBonus
  return value === 0 ? [] : [fixed(`size (${p.combatant.size ?? 'medium'})`, value, 'size')]
}

export function stack (ruleset: Ruleset, mods: readonly Modifier[]): Stacked {
  return stackModifiers(mods, ruleset.stacking)
}

/** Which of a creature's rolls a penalty lands on: melee or ranged attack rolls (and checks like them), or ability and skill checks. */
export type OwnRoll = 'melee' | 'ranged' | 'checks'

/**
 * The penalties the roller's own conditions and hit-point states put on this
 * roll (prone −4 on melee, shaken −2, the variant's bloodied −1…; docs/rules.md
 * §P1.4, §P6.3), from its effective stats. `toGrapple`: a roll made to grapple
 * or escape, which pf1e's grappled −2 spares.
 */
export function ownConditions (ruleset: Ruleset, p: Participant, roll: OwnRoll, opts: { toGrapple?: boolean } = {}): Modifier[] {
  return statsOf(ruleset, p).changes(roll === 'checks' ? 'check' : `attack.${roll}`, opts)
}

/**
 * The "unarmed melee touch attack" of a trip or a grab (SRD 3.5 › Trip; Starting
 * a Grapple), as a weapon the shared attack module reads. No category, so no
 * finesse: the maneuver texts roll it with Strength.
 */
const UNARMED_TOUCH = resolveWeapon({ name: 'unarmed strike', type: 'melee', damage: '1d3', touch: true }, 'medium', 'primary')

/**
 * The melee touch attack bonus, from the shared attack module: BAB + Str +
 * size where the ruleset has one (SRD 3.5 › Attack Bonus; variant › Attack Bonus).
 * The roller's conditions are added by the caller (`ownConditions`).
 */
export function meleeTouchAttackBonus (ruleset: Ruleset, p: Participant, extra: readonly Modifier[] = []): Stacked {
  const mods = coreAttackModifiers(ruleset, p.combatant, statsOf(ruleset, p), UNARMED_TOUCH, baseAttackBonus(p))
  return stack(ruleset, [...mods, ...extra])
}

/** The melee touch attack of a grab or a trip, against the defender's touch AC. */
export function touchAttack (ruleset: Ruleset, dice: Dice, attacker: Participant, defender: Participant, summaryOf: (hit: boolean) => string): Step {
  const bonus = meleeTouchAttackBonus(ruleset, attacker, ownConditions(ruleset, attacker, 'melee'))
  const ac = atPath(defender.path, () => armorClass(ruleset, defender.combatant, { kind: 'melee', touch: true }))
  const roll = dice.d20('touch-attack')
  const total = roll + bonus.total
  const natural = naturalOf(roll)
  const hit = judgeD20(roll, total, ac.value, 'both').success
  return {
    step: 'touch-attack',
    actor: attacker.role,
    summary: summaryOf(hit),
    success: hit,
    roll,
    natural,
    modifier: bonus.total,
    total,
    breakdown: bonus.breakdown,
    against: ac.value,
    againstLabel: 'touch AC',
    againstBreakdown: ac.breakdown,
    acType: ac.acType
  }
}

/** A contestant's modifier before the dice. */
export interface Contestant {
  participant: Participant
  modifier: Stacked
}

function side (c: Contestant, roll: number): CheckSide {
  return {
    role: c.participant.role,
    id: participantId(c.participant),
    roll,
    modifier: c.modifier.total,
    total: roll + c.modifier.total,
    breakdown: c.modifier.breakdown
  }
}

export function rollSide (dice: Dice, c: Contestant, purpose: string): CheckSide {
  return side(c, dice.d20(purpose))
}

export type TieRule = 'modifier-then-reroll' | 'actor-loses'

/**
 * Settle one opposed check whose dice are rolled: the higher total wins; on
 * equal totals the higher modifier; if those are equal too, both roll again,
 * the actor first (SRD 3.5 › Starting a Grapple › Step 3; docs/rules.md §33). The re-rolls are
 * bounded by the ruleset's limit: only a fixed sequence of ties can reach it,
 * and that is a 422 rather than a loop.
 */
export function settleOpposed (
  ruleset: Ruleset,
  dice: Dice,
  actor: CheckSide,
  opponent: CheckSide,
  tieRule: TieRule = 'modifier-then-reroll'
): { winner: Role, tieBreak: TieBreak | null } {
  if (actor.total !== opponent.total) return { winner: actor.total > opponent.total ? actor.role : opponent.role, tieBreak: null }
  if (tieRule === 'actor-loses') return { winner: opponent.role, tieBreak: null }
  if (actor.modifier !== opponent.modifier) {
    return { winner: actor.modifier > opponent.modifier ? actor.role : opponent.role, tieBreak: { rule: 'higher-modifier', rerolls: [] } }
  }
  const rerolls: TieBreak['rerolls'] = []
  for (let i = 0; i < ruleset.maneuvers.tieRerollLimit; i++) {
    const a = dice.d20('tie-break')
    const o = dice.d20('tie-break')
    rerolls.push({ actor: a, opponent: o })
    if (a !== o) return { winner: a > o ? actor.role : opponent.role, tieBreak: { rule: 'reroll', rerolls } }
  }
  throw new DomainError('not-possible', `the opposed check was still tied after ${ruleset.maneuvers.tieRerollLimit} re-rolls`, [{ path: '/dice/sequence', message: 'the fixed dice tie every re-roll' }])
}

/** An opposed-check step between the actor and one opponent. */
export function opposedStep (actor: CheckSide, opponent: CheckSide, settled: { winner: Role, tieBreak: TieBreak | null }, summary: string): Step {
  return {
    step: 'opposed-check',
    actor: actor.role,
    summary,
    success: settled.winner === actor.role,
    sides: [actor, opponent],
    winner: settled.winner,
    tieBreak: settled.tieBreak
  }
}

/** Roll and settle a one-on-one opposed check: the actor's d20, then the opponent's. */
export function opposedCheck (
  ruleset: Ruleset,
  dice: Dice,
  actor: Contestant,
  opponent: Contestant,
  purposes: { actor: string, opponent: string },
  summaryOf: (won: boolean) => string,
  tieRule: TieRule = 'modifier-then-reroll'
): Step {
  const a = rollSide(dice, actor, purposes.actor)
  const o = rollSide(dice, opponent, purposes.opponent)
  const settled = settleOpposed(ruleset, dice, a, o, tieRule)
  return opposedStep(a, o, settled, summaryOf(settled.winner === actor.participant.role))
}

/** Remove and add conditions, keeping the caller's order. */
export function withConditions (conditions: readonly string[] | undefined, add: readonly string[], remove: readonly string[] = []): string[] {
  const out = (conditions ?? []).filter((c) => !remove.includes(c))
  for (const c of add) if (!out.includes(c)) out.push(c)
  return out
}

export function notPossible (path: string, message: string): DomainError {
  return new DomainError('not-possible', message, [{ path, message }])
}

/**
 * Starting a grapple provokes unless the attacker has Improved Grapple or a
 * monster ability that grapples without provoking (`improved-grab`, pf1e
 * `grab`) (SRD 3.5 › Starting a Grapple › Step 1; PRD › Grapple).
 */
export function grapplesWithoutProvoking (p: Participant): string | null {
  for (const ability of ['improved-grapple', 'improved-grab', 'grab']) {
    if (p.combatant.feats?.includes(ability)) return ability
  }
  return null
}
