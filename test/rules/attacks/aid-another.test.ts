// Aid another's roll and the first-attack-only modifiers it leaves (SRD 3.5 › Aid Another; PRD › Combat ›
// Aid Another; variant › Aid Another; docs/rules.md §105). Expected values are worked from the rule: the
// helper's BAB + Str against a plain AC 10, a natural 1 failing and a natural 20 succeeding.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { aidAnother } from '../../../src/rules/attacks/aid-another.js'
import { resolveAttackAction } from '../../../src/rules/attacks/resolve.js'
import { Dice } from '../../../src/rules/dice/roller.js'
import { getRuleset, RULESET_IDS } from '../../../src/rules/rulesets/index.js'

const mace = { name: 'mace', damage: '1d8' }

test('aid another: BAB 2 + Str 1 = +3 against AC 10; d20 7 → 10 succeeds for +2, 6 → 9 fails for nothing (SRD 3.5 › Aid Another)', () => {
  const helper = { baseAttackBonus: 2, abilities: { str: 12 } }
  const ok = aidAnother(getRuleset('dnd35'), { helper, weapon: mace, choice: 'attack' }, new Dice({ seed: 1, sequence: [7] }))
  assert.deepEqual([ok.attackBonus, ok.armorClass, ok.total, ok.success, ok.bonus], [3, 10, 10, true, 2])
  const no = aidAnother(getRuleset('dnd35'), { helper, weapon: mace, choice: 'ac' }, new Dice({ seed: 1, sequence: [6] }))
  assert.deepEqual([no.total, no.success, no.bonus], [9, false, 0])
})

test('aid another counts the helper\'s own conditions: a shaken helper rolls at −2 (SRD 3.5 › Conditions › Shaken)', () => {
  const r = aidAnother(getRuleset('pf1e'), { helper: { baseAttackBonus: 2, abilities: { str: 12 }, conditions: ['shaken'] }, weapon: mace, choice: 'attack' }, new Dice({ seed: 1, sequence: [9] }))
  assert.deepEqual([r.attackBonus, r.total, r.success], [1, 10, true])
})

test('property: in every ruleset an aid succeeds exactly when the d20 is 20, or not 1 and d20 + bonus ≥ 10', () => {
  fc.assert(fc.property(fc.constantFrom(...RULESET_IDS), fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 20 }), (id, bab, roll) => {
    const r = aidAnother(getRuleset(id), { helper: { baseAttackBonus: bab }, weapon: mace, choice: 'ac' }, new Dice({ seed: 1, sequence: [roll] }))
    const expected = roll === 20 || (roll !== 1 && roll + bab >= 10)
    assert.equal(r.success, expected)
    assert.equal(r.bonus, expected ? 2 : 0)
  }), { numRuns: 200 })
})

test('property: first-attack modifiers reach the first attack of a full attack and no other (docs/rules.md §105: "the next attack")', () => {
  fc.assert(fc.property(fc.constantFrom('dnd35', 'pf1e'), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 4 }), (id, bab, value) => {
    const request = { attacker: { baseAttackBonus: bab }, target: { armorClass: { total: 15 } }, weapon: mace, mode: 'full' as const }
    const plain = resolveAttackAction(getRuleset(id), request, new Dice({ seed: 'aid' }))
    const aided = resolveAttackAction(getRuleset(id), { ...request, options: { firstAttack: { attackModifiers: [{ source: 'aid another by x', value, type: 'untyped' }], armorClassModifiers: [{ source: 'aid another by y', value, type: 'untyped' }] } } }, new Dice({ seed: 'aid' }))
    assert.equal(aided.attacks.length, plain.attacks.length)
    aided.attacks.forEach((a, i) => {
      const p = plain.attacks[i]!
      assert.equal(a.attackBonus, p.attackBonus + (i === 0 ? value : 0))
      assert.equal(a.targetAC, p.targetAC + (i === 0 ? value : 0))
    })
  }), { numRuns: 100 })
})
