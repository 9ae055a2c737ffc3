import { test } from 'node:test'
import assert from 'node:assert/strict'
import { applied, assertRuleError, attack, longsword, purposes } from './helpers.js'

const target = { armorClass: { total: 10 } }
const shortSword = { name: 'short sword', damage: '1d6', category: 'light' as const, critRange: 19 }
const bonuses = (r: ReturnType<typeof attack>) => r.attacks.map((a) => a.attackBonus)

test('a BAB +11 full attack rolls +11/+6/+1, highest first (SRD 3.5 › Full Attack; docs/rules.md §26)', () => {
  const r = attack('dnd35', { attacker: { baseAttackBonus: 11 }, target: { armorClass: { total: 15 } }, weapon: longsword, mode: 'full' }, [10, 2, 14, 3, 10])
  assert.deepEqual(bonuses(r), [11, 6, 1])
  assert.deepEqual(r.attacks.map((a) => a.label), ['primary 1', 'primary 2', 'primary 3'])
  assert.deepEqual(r.attacks.map((a) => a.hit), [true, true, false])
  assert.deepEqual(purposes(r), ['attack', 'damage', 'attack', 'damage', 'attack'])
  assert.deepEqual(r.totals, { damage: 5, lethal: 5, nonlethal: 0, hits: 2, criticals: 0 })
  for (const a of r.attacks) assert.equal(applied(a.attackBreakdown), a.attackBonus)
})

test('iterative attacks start at BAB +6, +11, +16, never more than four (docs/rules.md §26)', () => {
  const count = (bab: number) => attack('pf1e', { attacker: { baseAttackBonus: bab }, target, weapon: longsword, mode: 'full' }, [], 's').attacks.length
  assert.deepEqual([0, 5, 6, 10, 11, 15, 16, 20, 25].map(count), [1, 1, 2, 2, 3, 3, 4, 4, 4])
  assert.deepEqual(bonuses(attack('pf1e', { attacker: { baseAttackBonus: 20 }, target, weapon: longsword, mode: 'full' }, [], 's')), [20, 15, 10, 5])
})

test('two-weapon fighting: −6/−10; light off hand −4/−8; the feat −4/−4; both −2/−2 (SRD 3.5 › Two-Weapon Fighting)', () => {
  const twf = (offHand: object, feats: string[] = []) =>
    bonuses(attack('dnd35', { attacker: { baseAttackBonus: 6, feats }, target, weapon: longsword, offHand: offHand as typeof longsword, mode: 'full' }, [], 's'))
  assert.deepEqual(twf(longsword), [0, -5, -4])
  assert.deepEqual(twf(shortSword), [2, -3, -2])
  assert.deepEqual(twf(longsword, ['two-weapon-fighting']), [2, -3, 2])
  assert.deepEqual(twf(shortSword, ['two-weapon-fighting']), [4, -1, 4])
  // pf1e: the same table (PRD; docs/rules.md §20).
  assert.deepEqual(bonuses(attack('pf1e', { attacker: { baseAttackBonus: 1, feats: ['two-weapon-fighting'] }, target, weapon: longsword, offHand: shortSword, mode: 'full' }, [], 's')), [-1, -1])
})

test('the off-hand attack comes after the primary attacks, with ½ Str to damage (SRD 3.5 › Two-Weapon Fighting; OpenAPI › Dice order)', () => {
  const r = attack('dnd35', {
    attacker: { baseAttackBonus: 6, abilities: { str: 16 }, feats: ['two-weapon-fighting'] },
    target,
    weapon: longsword,
    offHand: shortSword,
    mode: 'full'
  }, [10, 5, 10, 5, 10, 4])
  assert.deepEqual(r.attacks.map((a) => a.label), ['primary 1', 'primary 2', 'off-hand 1'])
  assert.deepEqual(r.attacks.map((a) => a.damage?.total), [5 + 3, 5 + 3, 4 + 1])
  assert.deepEqual(purposes(r), ['attack', 'damage', 'attack', 'damage', 'attack', 'damage'])
})

test('Improved and Greater Two-Weapon Fighting add off-hand attacks at −5 and −10 (SRD35 › Feats)', () => {
  const r = attack('pf1e', {
    attacker: { baseAttackBonus: 11, feats: ['two-weapon-fighting', 'improved-two-weapon-fighting', 'greater-two-weapon-fighting'] },
    target,
    weapon: longsword,
    offHand: shortSword,
    mode: 'full'
  }, [], 's')
  assert.deepEqual(bonuses(r), [9, 4, -1, 9, 4, -1])
})

test('no full attack or two-weapon fighting in the variant (docs/rules.md §P2.9, §28)', () => {
  assertRuleError(() => attack('variant', { attacker: { baseAttackBonus: 11 }, target, weapon: longsword, mode: 'full' }), 'rule-not-defined', '/mode')
  assertRuleError(() => attack('variant', { attacker: { baseAttackBonus: 11 }, target, weapon: longsword, offHand: shortSword }), 'rule-not-defined', '/offHand')
})

test('a charge is a single attack; no two-weapon attacks while grappling (SRD 3.5 › Charge; SRD 3.5 › If You\'re Grappling)', () => {
  assertRuleError(() => attack('dnd35', { attacker: { baseAttackBonus: 11 }, target, weapon: longsword, mode: 'full', options: { charging: true } }), 'not-possible', '/options/charging')
  assertRuleError(() => attack('dnd35', { attacker: { baseAttackBonus: 11, conditions: ['grappling'] }, target, weapon: longsword, offHand: shortSword, mode: 'full' }), 'not-possible', '/offHand')
})

test('a double weapon: the off end counts as light, the primary end adds Str ×1 and the off end ½ (SRD 3.5 › Two-Weapon Fighting; SRD35 › Double Weapons)', () => {
  const quarterstaff = { name: 'quarterstaff', damage: '1d6', category: 'two-handed' as const }
  const r = attack('dnd35', {
    attacker: { baseAttackBonus: 1, abilities: { str: 16 }, feats: ['two-weapon-fighting'] },
    target,
    weapon: quarterstaff,
    offHand: { ...quarterstaff, double: true },
    mode: 'full'
  }, [10, 4, 10, 4])
  assert.deepEqual(bonuses(r), [1 + 3 - 2, 1 + 3 - 2])
  assert.deepEqual(r.attacks.map((a) => a.damage?.total), [4 + 3, 4 + 1])
  // Alone, the same staff in two hands adds 1½ × Str.
  assert.equal(attack('dnd35', { attacker: { baseAttackBonus: 1, abilities: { str: 16 } }, target, weapon: quarterstaff }, [10, 4]).attacks[0]?.damage?.total, 4 + 4)
})

test('an off-hand thrown weapon without its range increment is named at /offHand (OpenAPI › Errors)', () => {
  const dart = { name: 'dart', type: 'thrown' as const, damage: '1d4', category: 'light' as const }
  assertRuleError(() => attack('dnd35', { attacker: { baseAttackBonus: 1 }, target, weapon: { ...dart, rangeIncrement: 20 }, offHand: dart, mode: 'full', options: { distanceFeet: 15 } }), 'missing-field', '/offHand/rangeIncrement')
})
