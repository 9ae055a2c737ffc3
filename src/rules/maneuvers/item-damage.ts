import { boundedNotation, type ParsedNotation } from '../dice/notation.js'
import { fixed, type Modifier } from '../modifiers.js'
import { abilityFor, stack } from './checks.js'
import { type ManeuverTable, required } from './context.js'
import type { DamageResult, ManeuverEffect, Step } from './types.js'

/** What a sunder needs besides the combatants: the weapon's dice and the item's hardness and hit points. */
export interface SunderInputs { dice: ParsedNotation, notation: string, hardness: number, hitPoints: number }

/**
 * Everything a sunder requires, read before any die is rolled, so the same
 * body is refused whatever the opposed roll would have been: the weapon's
 * damage dice, bounded like every notation whose dice the answer lists (at
 * most MAX_DICE_PER_ROLL, else a 422 out-of-range naming the field), and the
 * item's hardness and hit points (the service has no equipment tables), each
 * a 422 missing-field naming it when absent.
 */
export function sunderInputs (t: ManeuverTable): SunderInputs {
  const path = '/options/attackerWeapon/damage'
  const notation = required(t.options.attackerWeapon?.damage, path, 'sunder needs the damage dice of the attacker\'s weapon')
  const dice = boundedNotation(notation, path)
  const item = t.options.item ?? {}
  const hardness = required(item.hardness, '/options/item/hardness', 'sunder needs the hardness of the item (the service has no equipment tables)')
  const hitPoints = required(item.hitPoints, '/options/item/hitPoints', 'sunder needs the hit points of the item (the service has no equipment tables)')
  return { dice, notation, hardness, hitPoints }
}

/**
 * Sunder's damage to the item: the weapon's dice plus Strength (1½ × a bonus
 * two-handed), less the item's hardness; hardness and hit points are inputs
 * (docs/rules.md §60). The ruleset says when the item is broken or destroyed.
 */
export function damageItem (t: ManeuverTable, { dice, notation, hardness, hitPoints }: SunderInputs): { step: Step, damage: DamageResult, effect: ManeuverEffect } {
  const weapon = t.options.attackerWeapon ?? {}
  const maxHitPoints = t.options.item?.maxHitPoints ?? hitPoints
  const rolled = t.dice.rollNotation(dice, 'damage')
  const str = abilityFor(t.ruleset, t.attacker, 'str')
  const strength = weapon.category === 'two-handed' && str > 0 ? Math.floor(str * 1.5) : str
  const mods: Modifier[] = [fixed(`weapon ${notation}`, rolled.total), fixed(weapon.category === 'two-handed' && str > 0 ? 'Strength × 1½' : 'Strength', strength)]
  const stacked = stack(t.ruleset, mods)
  const total = Math.max(t.ruleset.minimumDamage.amount, stacked.total)
  if (total !== stacked.total) stacked.breakdown.push({ source: 'minimum damage', type: 'untyped', value: total - stacked.total, applied: true })
  const afterHardness = Math.max(0, total - hardness)
  const left = hitPoints - afterHardness
  const rule = t.ruleset.maneuvers.itemDestruction
  const destroyed = left <= rule.destroyedAtOrBelow
  const broken = !destroyed && rule.brokenAtHalf && left <= Math.floor(maxHitPoints / 2)
  const damage: DamageResult = { dice: notation, rolls: rolled.terms.flatMap((x) => x.dice), total, lethal: total, nonlethal: 0, breakdown: stacked.breakdown }
  const effect: ManeuverEffect = { itemDamage: afterHardness, itemHitPointsLeft: left, itemDestroyed: destroyed }
  if (rule.brokenAtHalf) effect.itemBroken = broken || destroyed
  const step: Step = {
    step: 'damage', actor: 'attacker', success: afterHardness > 0, damage,
    summary: `${total} damage less hardness ${hardness}: the item takes ${afterHardness} and has ${left} hit points left${destroyed ? ', destroyed' : broken ? ', broken' : ''}`
  }
  return { step, damage, effect }
}
