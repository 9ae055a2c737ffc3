import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assertRuleError, attack, ac15, fighter, first, longsword, purposes } from './helpers.js'

// fighter with a longsword: +7 to hit, 1d8+2 damage, 19–20/×2.

test('natural 1 misses and natural 20 hits whatever the numbers (SRD 3.5 › Attack Roll; variant › Attack Roll)', () => {
  for (const ruleset of ['dnd35', 'pf1e', 'variant'] as const) {
    const one = first(attack(ruleset, { attacker: { ...fighter, baseAttackBonus: 40 }, target: ac15, weapon: longsword }, [1]))
    assert.deepEqual([one.hit, one.threat, one.damage], [false, false, null], ruleset)
    const twenty = first(attack(ruleset, { attacker: fighter, target: { armorClass: { total: 60 } }, weapon: longsword }, [20, 2, 4]))
    assert.equal(twenty.hit, true, ruleset)
  }
})

test('a 19–20 longsword threat that confirms deals the dice and Str twice (SRD 3.5 › Critical Hits)', () => {
  const r = attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword }, [19, 8, 5, 6])
  const a = first(r)
  assert.deepEqual([a.roll, a.total, a.hit, a.threat, a.critical], [19, 26, true, true, true])
  assert.deepEqual(a.confirmation, { roll: 8, total: 15, confirmed: true })
  assert.deepEqual([a.damage?.total, a.damage?.multiplier], [5 + 6 + 2 * 2, 2])
  assert.deepEqual(purposes(r), ['attack', 'confirm', 'damage', 'damage'])
  assert.deepEqual(r.totals, { damage: 15, lethal: 15, nonlethal: 0, hits: 1, criticals: 1 })
})

test('a 19–20 longsword threat that does not confirm is a normal hit (SRD 3.5 › Critical Hits)', () => {
  const r = attack('pf1e', { attacker: fighter, target: ac15, weapon: longsword }, [19, 7, 5])
  const a = first(r)
  assert.deepEqual([a.hit, a.threat, a.critical], [true, true, false])
  assert.deepEqual(a.confirmation, { roll: 7, total: 14, confirmed: false })
  assert.deepEqual([a.damage?.total, a.damage?.multiplier], [7, 1])
  assert.deepEqual(purposes(r), ['attack', 'confirm', 'damage'])
})

test('a natural 20 against AC 50 hits but does not confirm; a natural 1 on the confirmation fails (docs/rules.md §P2.3)', () => {
  const target = { armorClass: { total: 50 } }
  const a = first(attack('dnd35', { attacker: fighter, target, weapon: longsword }, [20, 19, 4]))
  assert.deepEqual([a.hit, a.threat, a.critical, a.confirmation?.confirmed, a.damage?.total], [true, true, false, false, 6])
  // The confirmation is an attack roll against the same AC: even a 20 must reach it (docs/rules.md §P2.3 step 4).
  const b = first(attack('dnd35', { attacker: fighter, target, weapon: longsword }, [20, 20, 4]))
  assert.deepEqual([b.critical, b.confirmation?.total], [false, 27])
  const c = first(attack('dnd35', { attacker: { ...fighter, baseAttackBonus: 30 }, target: ac15, weapon: longsword }, [20, 1, 4]))
  assert.deepEqual([c.critical, c.confirmation?.confirmed], [false, false])
})

test('a roll in the threat range that does not hit is no threat: no confirmation roll (SRD 3.5 › Critical Hits)', () => {
  const r = attack('dnd35', { attacker: fighter, target: { armorClass: { total: 30 } }, weapon: { ...longsword, critRange: 15 } }, [19, 12])
  const a = first(r)
  assert.deepEqual([a.hit, a.threat, a.confirmation], [false, false, null])
  assert.deepEqual(purposes(r), ['attack'])
})

test('×3 weapon: three damage rolls, each with every modifier (SRD 3.5 › Critical Hits)', () => {
  const axe = { name: 'battleaxe', damage: '1d8', critMultiplier: 3, enhancement: 1 }
  const a = first(attack('dnd35', { attacker: fighter, target: ac15, weapon: axe }, [20, 10, 1, 2, 3]))
  assert.deepEqual([a.damage?.total, a.damage?.multiplier], [1 + 2 + 3 + 3 * (2 + 1), 3])
})

test('a flaming weapon critical adds its 1d6 fire once (SRD 3.5 › Multiplying Damage)', () => {
  const flaming = { ...longsword, extraDamage: [{ dice: '1d6', type: 'fire' }] }
  const r = attack('dnd35', { attacker: fighter, target: ac15, weapon: flaming }, [20, 15, 3, 4, 6])
  const a = first(r)
  assert.equal(a.damage?.total, 3 + 4 + 2 * 2 + 6)
  assert.deepEqual(purposes(r), ['attack', 'confirm', 'damage', 'damage', 'extra-damage'])
  assert.equal(a.damage?.breakdown.filter((b) => b.source.startsWith('fire')).length, 1)
})

test('a critical with a ×2 situational multiplier makes ×3; without the critical ×2 (docs/rules.md §P0.2, §P2.4)', () => {
  const lance = { name: 'lance', damage: '1d8', critMultiplier: 3 }
  const crit = first(attack('dnd35', { attacker: fighter, target: ac15, weapon: lance, options: { damageMultiplier: 2, charging: true } }, [20, 10, 1, 1, 1, 1]))
  assert.deepEqual([crit.damage?.multiplier, crit.damage?.total], [4, 4 + 4 * 2])
  const plain = first(attack('pf1e', { attacker: fighter, target: ac15, weapon: lance, options: { damageMultiplier: 2 } }, [12, 5, 6]))
  assert.deepEqual([plain.damage?.multiplier, plain.damage?.total], [2, 5 + 6 + 4])
})

test('variant: only a natural 20 crits, with no confirmation roll and ×2 whatever the weapon says (variant › Critical Hits, docs/rules.md §17)', () => {
  const axe = { name: 'battleaxe', damage: '1d8', critRange: 19, critMultiplier: 3 }
  const twenty = attack('variant', { attacker: fighter, target: ac15, weapon: axe }, [20, 4, 5])
  const a = first(twenty)
  assert.deepEqual([a.threat, a.critical, a.confirmation, a.damage?.multiplier], [true, true, null, 2])
  // BCB +5 and Str +2 on each roll (variant › Critical Hits: "Str and BCB included").
  assert.equal(a.damage?.total, 4 + 5 + 2 * (2 + 5))
  assert.deepEqual(purposes(twenty), ['attack', 'damage', 'damage'])
  const nineteen = first(attack('variant', { attacker: fighter, target: ac15, weapon: axe }, [19, 4]))
  assert.deepEqual([nineteen.hit, nineteen.threat, nineteen.critical], [true, false, false])
  // A set spear against a charge: ×2 that combines with the natural 20 to ×3 (docs/rules.md §18).
  const spear = first(attack('variant', { attacker: fighter, target: ac15, weapon: axe, options: { damageMultiplier: 2 } }, [20, 1, 1, 1]))
  assert.equal(spear.damage?.multiplier, 3)
})

test('a miss chance that strikes negates the critical too (SRD 3.5 › Concealment)', () => {
  const r = attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { concealment: 'concealment' } }, [20, 15, 7])
  const a = first(r)
  assert.deepEqual([a.hit, a.critical, a.damage, r.totals.criticals], [false, false, null, 0])
  assert.deepEqual(a.missChance, { percent: 20, roll: 7, missed: true })
  assert.deepEqual(purposes(r), ['attack', 'confirm', 'miss-chance'])
})

test('a target immune to critical hits takes a normal hit and cannot be slain by a coup de grace (docs/rules.md §P2.3; SRD 3.5 › Helpless Defenders)', () => {
  const golem = { armorClass: { total: 15 }, feats: ['immune-to-critical-hits'], conditions: [] as string[], baseSaves: { fortitude: 0 } }
  const r = attack('dnd35', { attacker: fighter, target: golem, weapon: longsword }, [20, 5])
  assert.deepEqual([first(r).hit, first(r).threat, first(r).critical, first(r).confirmation, first(r).damage?.multiplier], [true, false, false, null, 1])
  assert.deepEqual(purposes(r), ['attack', 'damage'])
  const v = first(attack('variant', { attacker: fighter, target: golem, weapon: longsword }, [20, 5]))
  assert.deepEqual([v.critical, v.damage?.multiplier], [false, 1])
  assertRuleError(() => attack('pf1e', { attacker: fighter, target: { ...golem, conditions: ['helpless'] }, weapon: longsword, mode: 'coup-de-grace' }), 'not-possible', '/target/feats')
})
