import { type CombatantInput, hasFeat } from '../combatant.js'
import { type ParsedNotation, boundedNotation, parseNotation } from '../dice/notation.js'
import { atPath, ruleNotDefined } from '../errors.js'
import type { Ruleset } from '../rulesets/types.js'
import { attackKind, flanks } from './attack-bonus.js'
import type { AttackOptions } from './request.js'
import type { Weapon } from './weapon.js'

/**
 * Precision damage as a ruleset states it (docs/rules.md §74): who has it,
 * when a hit qualifies, what makes a target immune, and whether it bloodies.
 */
export interface PrecisionPolicy {
  /**
   * Where the dice come from: the attacker's `sneakAttack` (dnd35, pf1e:
   * SRD 3.5 › Rogue › Sneak Attack), or the same dice for every attacker
   * (variant › Sneak Attacks: 1d6), in which case a `sneakAttack` field is refused.
   */
  dice: { from: 'stat-block' } | { from: 'everyone', notation: string }
  /** Flanking qualifies as well as a target denied its Dex bonus to AC (dnd35, pf1e); the variant asks only off-guard. */
  flanking: boolean
  /** A ranged attack qualifies only within this distance in feet. */
  rangedWithinFeet: number
  /**
   * An aimed shot (`options.aimed`) qualifies within one range increment of
   * its weapon instead, when that is further (variant › Take Aim: "Taking aim
   * also increases the maximum range of your sneak attacks to one range
   * increment"; docs/rules.md §148); false: no such rule.
   */
  aimedWithinIncrement: boolean
  /** Tags in the target's `feats` that make it immune. */
  immunities: readonly string[]
  /**
   * The condition a hit with it gives the target until the target recovers
   * a point of damage (the variant's `bloodied`, variant › Sneak Attacks); null: none.
   */
  bloodies: string | null
}

/** The precision dice a hit of this attack adds, planned before any die is rolled, or null. */
export interface PrecisionPlan {
  dice: ParsedNotation
  /** The breakdown line's source, `sneak attack 3d6`. */
  source: string
  bloodies: boolean
}

const parsed = new Map<string, ParsedNotation>()

/** The everyone-has-it notation, parsed once per process (a ruleset constant). */
function fixedDice (notation: string): ParsedNotation {
  let dice = parsed.get(notation)
  // Stryker disable next-line ConditionalExpression: equivalent: parsing the constant notation again gives the same dice; the cache only saves the work
  if (dice === undefined) {
    dice = parseNotation(notation)
    // Stryker disable next-line CallExpression: equivalent: without the cache the notation is parsed on every call, to the same dice
    parsed.set(notation, dice)
  }
  return dice
}

/** The attacker's sneak attack dice, validated; undefined when it has none. Errors name `/attacker/sneakAttack`. */
export function sneakAttackDice (ruleset: Ruleset, attacker: CombatantInput): ParsedNotation | undefined {
  const rule = ruleset.attacks.precision
  if (attacker.sneakAttack === undefined) return rule.dice.from === 'everyone' ? fixedDice(rule.dice.notation) : undefined
  if (rule.dice.from === 'everyone') {
    throw ruleNotDefined(ruleset.name, `sneak attack dice on a stat block (every attacker deals ${rule.dice.notation} against an off-guard target)`, '/attacker/sneakAttack')
  }
  return atPath('/attacker', () => boundedNotation(attacker.sneakAttack!, '/sneakAttack'))
}

/** How far a ranged attack's precision damage reaches, in feet: the ruleset's distance, or one range increment for an aimed shot where further (docs/rules.md §148). */
function sneakRange (rule: PrecisionPolicy, weapon: Weapon, options: AttackOptions): number {
  if (options.aimed !== true || !rule.aimedWithinIncrement) return rule.rangedWithinFeet
  return Math.max(rule.rangedWithinFeet, weapon.rangeIncrement ?? 0)
}

/**
 * Whether a hit of this attack adds precision damage (docs/rules.md §74):
 * the target denied its Dex bonus to AC against this attacker (read from
 * the AC the attack meets, so every condition and hit-point state that does
 * it counts) or flanked where the ruleset allows; a ranged attack within 30
 * ft (an absent distance is within it, as for the range penalty); no miss
 * chance (concealment of any kind); no immunity tag on the target.
 */
export function planPrecision (input: {
  ruleset: Ruleset
  attacker: CombatantInput
  target: CombatantInput
  weapon: Weapon
  options: AttackOptions
  dice: ParsedNotation | undefined
  targetDeniedDex: boolean
  missChance: number
}): PrecisionPlan | null {
  const { ruleset, target, options, dice } = input
  if (dice === undefined) return null
  const rule = ruleset.attacks.precision
  const qualifies = input.targetDeniedDex || (rule.flanking && flanks(ruleset, input.attacker, target, input.weapon, options))
  if (!qualifies || input.missChance > 0) return null
  if (attackKind(input.weapon) === 'ranged' && (options.distanceFeet ?? 0) > sneakRange(rule, input.weapon, options)) return null
  for (const tag of rule.immunities) if (hasFeat(target, tag)) return null
  return { dice, source: `sneak attack ${dice.text}`, bloodies: rule.bloodies !== null }
}
