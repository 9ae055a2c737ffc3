import { hasFeat } from '../combatant.js'
import { boundedNotation, parseNotation, type ParsedNotation } from '../dice/notation.js'
import type { Dice } from '../dice/roller.js'
import { fixed, type Modifier } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { abilityFor, type Participant, stack } from './checks.js'
import type { DamageResult } from './types.js'

/**
 * Lethal damage with an unarmed strike costs −4 on the check that deals it,
 * unless Improved Unarmed Strike lets the striker choose freely (SRD 3.5 › Unarmed
 * Attacks; SRD 3.5 › Damage Your Opponent).
 */
export function lethalUnarmedPenalty (attacker: Participant, lethal: boolean, penalty: number): Modifier[] {
  if (!lethal || hasFeat(attacker.combatant, 'improved-unarmed-strike')) return []
  return [fixed('lethal damage with an unarmed strike', -penalty)]
}

/** The unarmed strike's dice, parsed, and the notation as the breakdown names it. */
export interface UnarmedDice { dice: ParsedNotation, notation: string }

/**
 * The unarmed strike's dice: the caller's `options.unarmedDamage`, bounded
 * like every notation whose dice the answer lists (at most MAX_DICE_PER_ROLL,
 * else a 422 out-of-range naming the field), or the size's. An action that
 * deals this damage reads it before any die is rolled, so the same body is
 * refused whatever the checks before the damage would have been.
 */
export function unarmedDice (ruleset: Ruleset, attacker: Participant, options: { unarmedDamage?: string }): UnarmedDice {
  if (options.unarmedDamage !== undefined) return { dice: boundedNotation(options.unarmedDamage, '/options/unarmedDamage'), notation: options.unarmedDamage }
  const notation = ruleset.maneuvers.unarmedDamage[attacker.combatant.size ?? 'medium']
  return { dice: parseNotation(notation), notation }
}

/**
 * Unarmed strike damage: the size's dice (or the caller's, read by
 * `unarmedDice` before the action's checks), plus Strength; nonlethal unless
 * `lethal` (SRD 3.5 › Damage Your Opponent: 1d3 Medium, 1d2 Small). A hit deals
 * at least the ruleset's minimum (docs/rules.md §P2.5).
 */
export function unarmedStrikeDamage (
  ruleset: Ruleset,
  dice: Dice,
  attacker: Participant,
  { dice: parsed, notation }: UnarmedDice,
  lethalOption: boolean
): DamageResult {
  const rolled = dice.rollNotation(parsed, 'damage')
  const rolls = rolled.terms.flatMap((t) => t.dice)
  const mods: Modifier[] = [fixed(`unarmed strike ${notation}`, rolled.total), fixed('Strength', abilityFor(ruleset, attacker, 'str'))]
  const stacked = stack(ruleset, mods)
  const min = ruleset.minimumDamage
  let total = stacked.total
  let lethal = lethalOption
  if (total < min.amount) {
    stacked.breakdown.push({ source: 'minimum damage', type: 'untyped', value: min.amount - total, applied: true })
    total = min.amount
    if (min.nonlethal) lethal = false
  }
  return { dice: notation, rolls, total, lethal: lethal ? total : 0, nonlethal: lethal ? 0 : total, breakdown: stacked.breakdown }
}
