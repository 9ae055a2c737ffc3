// OpenAPI › Limits: one attack action may roll at most 10,000 damage dice, every attack
// counted as a critical (the weapon's dice × the critical and situational multipliers,
// plus its extra dice, over every attack), refused before any die is rolled.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../../src/rules/dice/roller.js'
import { getRuleset } from '../../../src/rules/rulesets/index.js'
import { MAX_DAMAGE_DICE_PER_ACTION, resolveAttackAction } from '../../../src/rules/attacks/resolve.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import { assertRuleError } from './helpers.js'

const dnd35 = getRuleset('dnd35')
const target = { armorClass: { total: 10 } }

/** A natural 1 misses: an accepted action rolls only its attack d20s, however many damage dice it could roll. */
function accepted (request: AttackRequest, attacks: number): void {
  const dice = new Dice({ seed: 'limit', sequence: Array(attacks).fill(1) })
  const result = resolveAttackAction(dnd35, request, dice)
  assert.equal(result.attacks.length, attacks)
  assert.equal(dice.rolls.length, attacks, 'only the attack rolls')
}

function refused (request: AttackRequest): void {
  const dice = new Dice({ seed: 'limit' })
  assertRuleError(() => resolveAttackAction(dnd35, request, dice), 'out-of-range', '/weapon/damage')
  assert.equal(dice.rolls.length, 0, 'refused before any die')
}

test('OpenAPI › Limits: 1000d2 × (critical ×5 + situational ×6 − 1 = ×10) is exactly 10,000 dice and accepted; one extra die more is refused', () => {
  assert.equal(MAX_DAMAGE_DICE_PER_ACTION, 10_000)
  const weapon = { name: 'lance', damage: '1000d2', critMultiplier: 5 }
  accepted({ attacker: { baseAttackBonus: 0 }, target, weapon, options: { damageMultiplier: 6 } }, 1)
  refused({ attacker: { baseAttackBonus: 0 }, target, weapon: { ...weapon, extraDamage: [{ dice: '1d2' }] }, options: { damageMultiplier: 6 } })
})

test('OpenAPI › Limits: the critical multiplier counts even without a situational one: 1000d2 ×6 plus 4000 extra dice is 10,000; ×6 plus 4001 is over', () => {
  const extra = (n: number) => [...Array(4).fill({ dice: '1000d2' }), ...(n > 0 ? [{ dice: `${n}d2` }] : [])]
  accepted({ attacker: { baseAttackBonus: 0 }, target, weapon: { name: 'scythe', damage: '1000d2', critMultiplier: 6, extraDamage: extra(0) } }, 1)
  refused({ attacker: { baseAttackBonus: 0 }, target, weapon: { name: 'scythe', damage: '1000d2', critMultiplier: 6, extraDamage: extra(1) } })
})

test('OpenAPI › Limits: every attack of a full attack counts: three attacks of 1000d2 ×3 (9,000) and 1,000 extra dice on the first are accepted, 1,001 are not', () => {
  // BAB 11: three attacks (+11/+6/+1), each 1000d2 ×3 = 3,000 dice, and the weapon's extra dice on every attack.
  const full = (extraDice: string): AttackRequest => ({ mode: 'full', attacker: { baseAttackBonus: 11 }, target, weapon: { name: 'scythe', damage: '1000d2', critMultiplier: 3, extraDamage: extraDice === '' ? [] : [{ dice: extraDice }] } })
  accepted(full(''), 3)
  // 9,000 + 3 × 333 = 9,999; + 3 × 334 = 10,002.
  accepted(full('333d2'), 3)
  refused(full('334d2'))
})
