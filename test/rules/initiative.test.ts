import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { RuleError } from '../../src/rules/errors.js'
import { initiativeModifier, rollInitiative } from '../../src/rules/initiative/initiative.js'

const dnd35 = getRuleset('dnd35')
const pf1e = getRuleset('pf1e')
const variant = getRuleset('variant')
const dice = (...sequence: number[]) => new Dice({ seed: 't', sequence })

test('SRD 3.5 › Initiative: d20 + Dex + Improved Initiative (+4) + other bonuses', () => {
  const m = initiativeModifier(dnd35, { id: 'a', abilities: { dex: 14 }, feats: ['improved-initiative'], initiativeBonus: 2 })
  assert.equal(m.value, 8)
  assert.deepEqual(m.breakdown.map((b) => [b.source, b.value]), [['Dexterity', 2], ['Improved Initiative', 4], ['initiative bonus', 2]])
  const out = rollInitiative(dnd35, [{ id: 'a', abilities: { dex: 14 } }, { id: 'b', abilities: { dex: 10 } }], dice(5, 12))
  assert.deepEqual(out.order.map((e) => [e.id, e.roll, e.modifier, e.total]), [['b', 12, 0, 12], ['a', 5, 2, 7]])
})

test('variant › Initiative: the variant adds BCB, and bloodied −1 / wounded −1 from hit points; deafened −4; shaken −2', () => {
  assert.equal(initiativeModifier(variant, { id: 'v', abilities: { dex: 14 }, baseAttackBonus: 3 }).value, 5)
  // HP 20, D 15: bloodied and wounded.
  assert.equal(initiativeModifier(variant, { id: 'v', abilities: { dex: 14 }, baseAttackBonus: 3, hitPoints: { max: 20, current: 5 } }).value, 3)
  assert.equal(initiativeModifier(variant, { id: 'v', baseAttackBonus: 3, hitPoints: { max: 20, current: 10 } }).value, 2)
  assert.equal(initiativeModifier(variant, { id: 'v', baseAttackBonus: 3, conditions: ['deafened', 'shaken'] }).value, -3)
  // docs/rules.md §63: sickened counts as bloodied and does not add a second −1.
  assert.equal(initiativeModifier(variant, { id: 'v', baseAttackBonus: 0, conditions: ['sickened'], hitPoints: { max: 20, current: 10 } }).value, -1)
  // dnd35 ignores BCB; deafened is −4 on initiative there too (SRD 3.5 › Conditions › Deafened).
  assert.equal(initiativeModifier(dnd35, { id: 'd', baseAttackBonus: 3, conditions: ['deafened'] }).value, -4)
  assert.throws(() => rollInitiative(variant, [{ id: 'x' }], dice(10)),
    (e: unknown) => e instanceof RuleError && e.kind === 'missing-field' && e.errors[0]?.path === '/combatants/0/baseAttackBonus')
})

test('SRD 3.5 › Initiative: ties go to the higher modifier, then a roll-off in order of the first tied combatant', () => {
  // a: 12+2=14, b: 10+4=14 (higher modifier), c: 14+0=14 and d: 14+0=14 (roll-off), e: 3+0=3
  const d = dice(12, 10, 14, 14, 3, /* roll-off c, d */ 8, 15)
  const out = rollInitiative(pf1e, [
    { id: 'a', abilities: { dex: 14 } }, { id: 'b', abilities: { dex: 18 } }, { id: 'c' }, { id: 'd' }, { id: 'e' }
  ], d)
  assert.deepEqual(out.order.map((e) => e.id), ['b', 'a', 'd', 'c', 'e'])
  assert.deepEqual(out.order.map((e) => e.tieBreak), [[], [], [15], [8], []])
  assert.deepEqual(d.rolls.map((r) => r.purpose), ['initiative', 'initiative', 'initiative', 'initiative', 'initiative', 'tie-break', 'tie-break'])
})

test('SRD 3.5 › Initiative: a tied roll-off is rolled again among those still tied', () => {
  const d = dice(10, 10, 10, /* roll-off */ 7, 7, 2, /* again a, b */ 3, 9)
  const out = rollInitiative(dnd35, [{ id: 'a' }, { id: 'b' }, { id: 'c' }], d)
  assert.deepEqual(out.order.map((e) => [e.id, e.tieBreak]), [['b', [7, 9]], ['a', [7, 3]], ['c', [2]]])
})

test('variant › Initiative: variant ties act simultaneously and share the count', () => {
  const out = rollInitiative(variant, [
    { id: 'a', baseAttackBonus: 2 }, { id: 'b', baseAttackBonus: 0, abilities: { dex: 14 } }, { id: 'c', baseAttackBonus: 1 }
  ], dice(10, 10, 2))
  assert.deepEqual(out.order.map((e) => [e.id, e.total, e.simultaneousWith]), [['a', 12, ['b']], ['b', 12, ['a']], ['c', 3, []]])
  assert.equal(out.order.every((e) => e.tieBreak.length === 0), true)
})

test('SRD 3.5 › Surprise: a surprise round when some but not all are aware; everyone starts flat-footed but uncanny dodge', () => {
  const out = rollInitiative(dnd35, [
    { id: 'ambusher', aware: true }, { id: 'guard', aware: false }, { id: 'rogue', aware: false, feats: ['uncanny-dodge'] }, { id: 'archer' }
  ], dice(5, 18, 12, 15))
  assert.equal(out.surpriseRound, true)
  assert.deepEqual(out.surpriseActors, ['archer', 'ambusher'])
  assert.deepEqual(out.flatFooted, ['guard', 'archer', 'ambusher'])
  const none = rollInitiative(dnd35, [{ id: 'a', aware: false }, { id: 'b', aware: false }], dice(5, 6))
  assert.deepEqual([none.surpriseRound, none.surpriseActors], [false, []])
  // Everyone aware, one by saying so and one by default (aware unless told otherwise): no surprise round either.
  const all = rollInitiative(dnd35, [{ id: 'a', aware: true }, { id: 'b' }], dice(5, 6))
  assert.deepEqual([all.surpriseRound, all.surpriseActors], [false, []])
})

test('property: the order is by total, highest first, and every combatant appears exactly once', () => {
  fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 30 }), fc.integer(), (dexes, seed) => {
    const combatants = dexes.map((dex, i) => ({ id: `c${i}`, abilities: { dex } }))
    for (const ruleset of [dnd35, variant]) {
      const out = rollInitiative(ruleset, combatants.map((c) => ({ ...c, baseAttackBonus: 1 })), new Dice({ seed }))
      assert.deepEqual(out.order.map((e) => e.id).sort(), combatants.map((c) => c.id).sort())
      for (let i = 1; i < out.order.length; i++) assert.ok((out.order[i - 1]?.total ?? 0) >= (out.order[i]?.total ?? 0))
    }
  }), { numRuns: 300 })
})
