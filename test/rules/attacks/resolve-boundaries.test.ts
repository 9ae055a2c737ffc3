// Boundaries of resolving an attack action that mutation testing found
// unpinned (docs/mutation-testing.md). Every expected number is worked out by
// hand from the rule named in the test; the dice are fixed with `sequence`.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../../src/rules/dice/roller.js'
import { getRuleset } from '../../../src/rules/rulesets/index.js'
import { planAttackAction, resolveAttack, resolveAttackAction, rollAttackAction } from '../../../src/rules/attacks/resolve.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import { ac15, assertRuleError, fighter, longsword } from './helpers.js'

const dnd35 = getRuleset('dnd35')

test('OpenAPI › Limits: sneak attack dice count toward the 10,000 damage dice of an action (docs/rules.md §74: rolled on a hit that qualifies)', () => {
  // 1000d2 × (critical ×5 + situational ×6 − 1 = ×10) is exactly 10,000 dice: accepted alone.
  const request: AttackRequest = {
    attacker: { baseAttackBonus: 0, sneakAttack: '1d6' },
    target: { armorClass: { total: 10 } },
    weapon: { name: 'lance', damage: '1000d2', critMultiplier: 5 },
    options: { damageMultiplier: 6 }
  }
  // Not flanking, the target not denied its Dex: no sneak attack dice, 10,000 in all; a natural 1 misses.
  const dice = new Dice({ seed: 'limit', sequence: [1] })
  assert.equal(resolveAttackAction(dnd35, request, dice).attacks.length, 1)
  // Flanking qualifies the hit for 1d6 of sneak attack: 10,001 dice, refused before any die.
  const flanking = { ...request, options: { ...request.options, flanking: true } }
  const none = new Dice({ seed: 'limit' })
  assertRuleError(() => resolveAttackAction(dnd35, flanking, none), 'out-of-range', '/weapon/damage')
  assert.equal(none.rolls.length, 0)
})

test('POST /v1/attacks: resolveAttack and rollAttackAction give the detailed result (the damage breakdown) unless asked for the fast path', () => {
  const request: AttackRequest = { attacker: fighter, target: ac15, weapon: longsword }
  const plan = planAttackAction(dnd35, request)
  // d20 12 + 7 (BAB 5, Str +2) = 19 hits AC 15 (no threat below 19); d8 5 + Str 2 = 7.
  const one = resolveAttack(plan.attacks[0]!, new Dice({ seed: 't', sequence: [12, 5] }))
  assert.equal(one.damage?.total, 7)
  assert.deepEqual(one.damage?.breakdown.map((b) => [b.source, b.value]), [['longsword 1d8', 5], ['Strength', 2]])
  const action = rollAttackAction(dnd35, request.target, plan, new Dice({ seed: 't', sequence: [12, 5] }))
  assert.equal(action.totals.damage, 7)
  assert.deepEqual(action.attacks[0]!.damage?.breakdown.map((b) => [b.source, b.value]), [['longsword 1d8', 5], ['Strength', 2]])
})

test('SRD 3.5 › Conditions: an attack lists the conditions applied to each side, listed and implied (docs/rules.md §88)', () => {
  // Frightened brings shaken's −2 with it (SRD 3.5 › Conditions › Frightened); paralyzed makes the target helpless.
  const request: AttackRequest = {
    attacker: { ...fighter, conditions: ['frightened'] },
    target: { ...ac15, conditions: ['paralyzed'] },
    weapon: longsword
  }
  const result = resolveAttackAction(dnd35, request, new Dice({ seed: 't', sequence: [1] }))
  assert.deepEqual(result.conditions, {
    attacker: [{ name: 'frightened' }, { name: 'shaken', impliedBy: 'frightened' }],
    target: [{ name: 'paralyzed' }, { name: 'helpless', impliedBy: 'paralyzed' }]
  })
})
