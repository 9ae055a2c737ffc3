import { modifierOf } from '../abilities.js'
import type { AttackKind } from '../armor-class.js'
import { type CombatantInput, hasFeat } from '../combatant.js'
import { type EffectiveStats, conditionHasTag, conditionTags, effectiveStats } from '../effects.js'
import { DomainError, atPath, missingField, ruleNotDefined } from '../errors.js'
import { type Modifier, type Stacked, fixed, stackModifiers } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { sizeRow } from '../size.js'
import type { AttackOptions } from './request.js'
import type { Weapon } from './weapon.js'

export function attackKind (weapon: Weapon): AttackKind {
  return weapon.type === 'melee' ? 'melee' : 'ranged'
}

function notPossible (path: string, message: string): DomainError {
  return new DomainError('not-possible', message, [{ path, message }])
}

function outOfRange (path: string, message: string): DomainError {
  return new DomainError('out-of-range', message, [{ path, message }])
}

export function baseAttackBonus (attacker: CombatantInput): number {
  if (attacker.baseAttackBonus === undefined) throw missingField('/attacker/baseAttackBonus', 'the attacker\'s base attack bonus is needed for an attack')
  return attacker.baseAttackBonus
}

/**
 * Strength or Dexterity on the attack roll (docs/rules.md §P2.1): Str in melee, Dex
 * at range; Weapon Finesse (dnd35/pf1e) or a light or finesse weapon (variant)
 * lets Dex replace Str, taken when it is higher.
 */
function abilityToAttack (ruleset: Ruleset, attacker: CombatantInput, stats: EffectiveStats, weapon: Weapon): Modifier {
  const str = stats.ability('str') ?? 0
  // The effective Dex: conditions that lower the score (entangled −4; pf1e grappled −4) lower it here as in AC.
  const dex = stats.dexterity.modifier ?? 0
  if (attackKind(weapon) === 'ranged') return fixed('Dexterity', dex)
  const finesseWeapon = weapon.category === 'light' || weapon.finesse
  const canFinesse = finesseWeapon && (ruleset.attacks.finesse === 'light-or-finesse-weapon' || hasFeat(attacker, 'weapon-finesse'))
  if (canFinesse && dex > str) return fixed(ruleset.attacks.finesse === 'feat' ? 'Dexterity (Weapon Finesse)' : 'Dexterity (finesse)', dex)
  return fixed('Strength', str)
}

/** Range penalty and maximum range (docs/rules.md §P2.2, §14, §15); melee reach by size (§P1.1, §95). */
function distanceModifiers (ruleset: Ruleset, attacker: CombatantInput, weapon: Weapon, weaponPath: string, distance: number | undefined): Modifier[] {
  if (distance === undefined) return []
  const policy = ruleset.attacks
  if (weapon.type === 'melee') {
    const natural = sizeRow(attacker.size).reachTallFeet
    if (weapon.reach) {
      const reach = reachWeaponReach(policy.reachWeaponReach, natural)
      if (distance > reach) throw outOfRange('/options/distanceFeet', `${distance} ft is beyond the ${reach} ft a reach weapon reaches`)
      if (distance <= natural) {
        // variant › Reach Weapons: only a Medium or smaller wielder may strike inside its natural reach (at −4); a larger one cannot.
        const penalty = natural <= 5 ? policy.reachWeaponAdjacentPenalty : null
        if (penalty === null) throw notPossible('/options/distanceFeet', `a reach weapon cannot attack a foe at ${distance} ft, within the wielder's natural reach of ${natural} ft`)
        return [fixed('reach weapon against an adjacent foe', penalty)]
      }
      return []
    }
    // A 0-reach creature (Tiny and smaller) attacks only a foe in its own square, distance 0 (SRD 3.5 › Big and Little Creatures in Combat).
    if (distance > natural) throw outOfRange('/options/distanceFeet', `${distance} ft is beyond the attacker's natural reach of ${natural} ft${natural === 0 ? ` (a ${attacker.size ?? 'medium'} creature must enter its foe's square)` : ''}`)
    return []
  }
  const increment = weapon.rangeIncrement
  if (increment === undefined) throw missingField(`${weaponPath}/rangeIncrement`, 'a ranged or thrown weapon needs its range increment when distanceFeet is given')
  const maxIncrements = weapon.type === 'thrown' ? 5 : 10
  if (distance > increment * maxIncrements) {
    throw outOfRange('/options/distanceFeet', `${distance} ft is beyond the maximum range of ${maxIncrements} increments of ${increment} ft (${increment * maxIncrements} ft)`)
  }
  const increments = policy.rangeIncrements === 'full'
    ? Math.floor(distance / increment)
    : Math.max(0, Math.ceil(distance / increment) - 1)
  return increments > 0 ? [fixed(`range (${increments} increment${increments > 1 ? 's' : ''} of ${increment} ft)`, -2 * increments)] : []
}

/**
 * How far a reach weapon reaches (docs/rules.md §95): twice the natural reach
 * (SRD 3.5 › Reach Weapons), or in the variant one square past it for a
 * Medium or smaller wielder and twice it for a Large or larger one (variant ›
 * Reach Weapons). A 0-reach wielder reaches the squares next to it, 5 ft.
 */
export function reachWeaponReach (rule: Ruleset['attacks']['reachWeaponReach'], natural: number): number {
  if (natural === 0) return 5
  // Stryker disable next-line ConditionalExpression,EqualityOperator: natural reach is 0 (returned above), 5 or 10 and more (size table), and at 5 ft both formulas give 10 ft, so which one runs never changes the reach
  if (rule === 'double' || natural > 5) return 2 * natural
  return natural + 5
}

/** Whether the attack deals nonlethal damage, and the −4 for switching (docs/rules.md §P2.6, §23). */
export function dealsNonlethal (ruleset: Ruleset, attacker: CombatantInput, weapon: Weapon, options: AttackOptions): { nonlethal: boolean, switchPenalty: Modifier[] } {
  if (!options.nonlethal) return { nonlethal: weapon.nonlethal, switchPenalty: [] }
  const toLethal = weapon.nonlethal
  const trained = hasFeat(attacker, 'improved-unarmed-strike')
  if (toLethal && weapon.unarmed && !trained && ruleset.attacks.untrainedUnarmedRestricted) {
    throw notPossible('/options/nonlethal', `${ruleset.name}: an untrained unarmed strike deals only nonlethal damage`)
  }
  if (toLethal && weapon.unarmed && trained) return { nonlethal: false, switchPenalty: [] }
  const source = toLethal ? 'lethal damage with a nonlethal weapon' : 'nonlethal damage with a lethal weapon'
  return { nonlethal: !toLethal, switchPenalty: [fixed(source, ruleset.attacks.situational.nonlethalSwitch)] }
}

/**
 * Whether the attacker flanks the target: a melee attack with `flanking`, by
 * a creature with reach (0-reach creatures cannot flank, SRD 3.5 ›
 * Flanking), on a target that can be flanked (`unflankable`: variant › Fight
 * Back-to-Back). The flanking bonus and sneak attack both ask this.
 */
export function flanks (ruleset: Ruleset, attacker: CombatantInput, target: CombatantInput, weapon: Weapon, options: AttackOptions): boolean {
  return options.flanking === true && attackKind(weapon) === 'melee' && sizeRow(attacker.size).reachTallFeet > 0 &&
    !conditionTags(ruleset, target.conditions).has('unflankable')
}

export interface AttackBonusInput {
  ruleset: Ruleset
  attacker: CombatantInput
  target: CombatantInput
  weapon: Weapon
  /** Where the weapon sits in the request (`/weapon`, `/offHand`), for error paths. */
  weaponPath: string
  options: AttackOptions
  /** Modifiers specific to this attack of the action (two-weapon, iterative, coup de grace). */
  specific: readonly Modifier[]
  switchPenalty: readonly Modifier[]
}

/**
 * What every attack roll of a creature starts from, maneuvers' touch and
 * opposed attack rolls included: base attack bonus, Str or Dex from the
 * effective scores (docs/rules.md §P2.1), size. The attacker's own conditions come
 * on top from the same stats (`stats.changes('attack.melee')`).
 */
export function coreAttackModifiers (ruleset: Ruleset, attacker: CombatantInput, stats: EffectiveStats, weapon: Weapon, bab: number): Modifier[] {
  const mods: Modifier[] = [fixed(ruleset.attacks.baseBonusToDamage ? 'base combat bonus' : 'base attack bonus', bab)]
  mods.push(abilityToAttack(ruleset, attacker, stats, weapon))
  if (ruleset.sizeModifiesAttackAndAc) {
    const size = sizeRow(attacker.size).attackAndAc
    if (size !== 0) mods.push(fixed(`size (${attacker.size ?? 'medium'})`, size, 'size'))
  }
  return mods
}

/** The attack bonus with its breakdown (docs/rules.md §P1.4, §P2.1, §P2.2). */
export function attackBonus (input: AttackBonusInput): Stacked {
  const { ruleset, attacker, target, weapon, options } = input
  const policy = ruleset.attacks
  const situational = policy.situational
  const kind = attackKind(weapon)
  const bab = baseAttackBonus(attacker)
  const stats = atPath('/attacker', () => effectiveStats(ruleset, attacker))
  const mods: Modifier[] = coreAttackModifiers(ruleset, attacker, stats, weapon, bab)
  // The attacker's own conditions and hit-point states (docs/rules.md §P1.4; the variant's bloodied and wounded, §P6.3).
  mods.push(...stats.changes(`attack.${kind}`))
  // The target's conditions that favour its attackers (rebuked, turned and cowering: +2, SRD 3.5 › Turn Undead).
  mods.push(...atPath('/target', () => effectiveStats(ruleset, target)).changes('attack.against'))
  if (weapon.enhancement !== 0) mods.push(fixed(`${weapon.name} enhancement`, weapon.enhancement, 'enhancement'))
  // SRD 3.5/PRD › Equipment: a composite bow stronger than its wielder is used at −2.
  if (weapon.compositeRating !== undefined && (modifierOf(attacker.abilities, 'str') ?? 0) < weapon.compositeRating) {
    mods.push(fixed('composite bow rating above Strength bonus', -2))
  }
  mods.push(...distanceModifiers(ruleset, attacker, weapon, input.weaponPath, options.distanceFeet))
  if (options.shootingIntoMelee && kind === 'ranged' && !hasFeat(attacker, 'precise-shot')) {
    mods.push(fixed('shooting into melee', situational.shootingIntoMelee))
  }
  const targetTags = conditionTags(ruleset, target.conditions)
  if (flanks(ruleset, attacker, target, weapon, options)) mods.push(fixed('flanking', situational.flanking))
  if (options.higherGround && situational.higherGround[kind] !== 0) mods.push(fixed('higher ground', situational.higherGround[kind]))
  if (options.charging) mods.push(fixed('charging', situational.charging))
  if (options.fightingDefensively) {
    if (situational.fightingDefensively === null) throw ruleNotDefined(ruleset.name, 'fighting defensively', '/options/fightingDefensively')
    mods.push(fixed('fighting defensively', situational.fightingDefensively))
  }
  // An unseen attacker, against a target that can see (SRD 3.5 › Special Abilities › Invisibility).
  if (stats.has('unseen') && situational.invisibleAttacker !== 0 && !targetTags.has('blind')) {
    mods.push(fixed('invisible attacker', situational.invisibleAttacker))
  }
  mods.push(...input.switchPenalty)
  mods.push(...input.specific)
  mods.push(...(options.attackModifiers ?? []))
  return stackModifiers(mods, ruleset.stacking)
}

/** Checks that make the attack impossible before any die is rolled (docs/rules.md §P1.4, §P2.3 step 1, §P2.13). */
export function checkAttackIsPossible (ruleset: Ruleset, attacker: CombatantInput, weapon: Weapon, options: AttackOptions, path: string): void {
  const kind = attackKind(weapon)
  if (options.cover === 'total') throw notPossible('/options/cover', 'total cover: no attack is possible (SRD 3.5 › Cover)')
  if (options.charging && kind === 'ranged') throw notPossible('/options/charging', 'a charge ends in one melee attack')
  if (kind === 'ranged' && conditionTags(ruleset, attacker.conditions).has('ranged-weapons-limited')) {
    const name = weapon.name.toLowerCase()
    if (!ruleset.attacks.proneRangedWeapons.some((w) => name.includes(w))) {
      const limiting = attacker.conditions?.find((c) => conditionHasTag(ruleset, c, 'ranged-weapons-limited')) ?? ''
      throw notPossible(`${path}/type`, `a ${limiting} attacker can make no ranged attack except with a ${ruleset.attacks.proneRangedWeapons.join(' or ')} (named in the weapon's name)`)
    }
  }
  if (options.swiftAttack && ruleset.attacks.swiftAttackPenalty === null) {
    throw ruleNotDefined(ruleset.name, 'Swift Attack (a variant class ability)', '/options/swiftAttack')
  }
  if (weapon.compositeRating !== undefined && !ruleset.attacks.compositeBows) {
    throw ruleNotDefined(ruleset.name, 'composite bows', `${path}/compositeRating`)
  }
}
