import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { RuleError } from '../../src/rules/errors.js'
import { assertRuleError } from '../helpers/problems.js'
import { saveBonus } from '../../src/rules/saves/save-bonus.js'
import { judgeSave } from '../../src/rules/saves/saving-throw.js'
import { resolveSaves } from '../../src/rules/saves/area-effect.js'

const dnd35 = getRuleset('dnd35')
const pf1e = getRuleset('pf1e')
const variant = getRuleset('variant')
const dice = (...sequence: number[]) => new Dice({ seed: 't', sequence })
const sum = (b: Array<{ value: number, applied: boolean }>) => b.filter((e) => e.applied).reduce((s, e) => s + e.value, 0)

test('SRD 3.5 › Saving Throws: base + Con on Fortitude, Dex on Reflex, Wis on Will', () => {
  const c = { abilities: { con: 14, dex: 8, wis: 17 }, baseSaves: { fortitude: 5, reflex: 2, will: 1 } }
  assert.equal(saveBonus(dnd35, c, 'fortitude').value, 7)
  assert.equal(saveBonus(dnd35, c, 'reflex').value, 1)
  const will = saveBonus(pf1e, c, 'will')
  assert.equal(will.value, 4)
  assert.deepEqual(will.breakdown.map((b) => [b.source, b.value]), [['base will save', 1], ['Wisdom', 3]])
})

test('variant › Saving Throws: Charm uses the better of Cha and Wis; Death, Fear and Spell use the base alone', () => {
  const c = { abilities: { cha: 16, wis: 12, con: 18, dex: 18 }, baseSaves: { charm: 1, death: 2, fear: 3, spell: 4, reflex: 0 } }
  assert.equal(saveBonus(variant, c, 'charm').value, 1 + 3)
  assert.equal(saveBonus(variant, { ...c, abilities: { cha: 6, wis: 13 } }, 'charm').value, 1 + 1)
  assert.equal(saveBonus(variant, { ...c, abilities: { cha: 6, wis: 8 } }, 'charm').value, 1 - 1, 'docs/rules.md §32: a negative best modifier still applies')
  assert.deepEqual(['death', 'fear', 'spell'].map((s) => saveBonus(variant, c, s).value), [2, 3, 4])
})

test('variant › Conditions › Off-Guard: the variant loses a positive Dex bonus on Reflex; dnd35 flat-footed keeps it', () => {
  const c = { abilities: { dex: 16 }, baseSaves: { reflex: 2 }, conditions: ['off-guard'] }
  assert.equal(saveBonus(variant, c, 'reflex').value, 2)
  assert.equal(saveBonus(variant, { ...c, abilities: { dex: 6 } }, 'reflex').value, 0, 'a Dex penalty stays')
  assert.equal(saveBonus(dnd35, { ...c, baseSaves: { reflex: 2 }, conditions: ['flat-footed'] }, 'reflex').value, 5)
})

test('SRD 3.5 › Helpless Defenders: a helpless creature\'s Dex counts as 0 (−5) on Reflex', () => {
  assert.equal(saveBonus(dnd35, { abilities: { dex: 16 }, baseSaves: { reflex: 2 }, conditions: ['paralyzed'] }, 'reflex').value, -3)
})

test('SRD 3.5 › Cover: +2 Reflex with cover, +4 with improved cover; nothing on other saves', () => {
  const c = { baseSaves: { reflex: 1, will: 1 } }
  assert.equal(saveBonus(dnd35, c, 'reflex', { cover: 'cover' }).value, 3)
  assert.equal(saveBonus(variant, c, 'reflex', { cover: 'improved' }).value, 5)
  assert.equal(saveBonus(dnd35, c, 'will', { cover: 'improved' }).value, 1)
})

test('docs/rules.md §P1.2: typed save modifiers stack per the ruleset (two resistance bonuses: only the higher)', () => {
  const b = saveBonus(dnd35, { baseSaves: { will: 2 } }, 'will', {
    modifiers: [{ value: 1, type: 'resistance', source: 'cloak' }, { value: 2, type: 'resistance', source: 'vest' }, { value: 1, type: 'morale', source: 'bless' }]
  })
  assert.equal(b.value, 5)
  assert.equal(sum(b.breakdown), b.value)
  assert.deepEqual(b.breakdown.filter((e) => !e.applied).map((e) => e.source), ['cloak'])
})

test('variant › Conditions: shaken −2 on every save; sickened −2 on all but Death', () => {
  const c = { baseSaves: { death: 3, fear: 3 }, conditions: ['sickened'] }
  assert.equal(saveBonus(variant, c, 'death').value, 3)
  assert.equal(saveBonus(variant, c, 'fear').value, 1)
  assert.equal(saveBonus(variant, { ...c, conditions: ['shaken'] }, 'death').value, 1)
})

test('a save the ruleset lacks is a 422 unknown-save; a missing base save a 422 naming it', () => {
  assert.throws(() => saveBonus(dnd35, { baseSaves: {} }, 'charm'), (e: unknown) => e instanceof RuleError && e.kind === 'unknown-save' && e.errors[0]?.path === '/save')
  assertRuleError(() => saveBonus(variant, { baseSaves: {} }, 'will'), 'unknown-save', '/save')
  assert.throws(() => resolveSaves(dnd35, { save: 'will', dc: 10, targets: [{ baseSaves: { will: 1 } }, { baseSaves: {} }] }, dice()),
    (e: unknown) => e instanceof RuleError && e.kind === 'missing-field' && e.errors[0]?.path === '/targets/1/baseSaves/will')
})

test('property (SRD 3.5 › Saving Throws): a natural 1 always fails and a natural 20 always succeeds, whatever the bonus and DC', () => {
  fc.assert(fc.property(fc.integer({ min: -50, max: 100 }), fc.integer({ min: 0, max: 200 }), (bonus, dc) => {
    assert.equal(judgeSave(1, bonus, dc).success, false)
    assert.equal(judgeSave(1, bonus, dc).automatic, 'natural-1')
    assert.equal(judgeSave(20, bonus, dc).success, true)
    assert.equal(judgeSave(20, bonus, dc).automatic, 'natural-20')
  }))
  assert.deepEqual([judgeSave(10, 5, 15).success, judgeSave(9, 5, 15).success], [true, false])
})

test('SRD 3.5 › Saving Throws: a fireball rolled once for three targets, half on a success; dice order effect then each target', () => {
  const d = dice(6, 5, 4, 3, 2, 1, 6, 6, /* saves */ 10, 20, 1)
  const out = resolveSaves(dnd35, {
    save: 'reflex',
    dc: 15,
    effect: { damage: '8d6', onSuccess: 'half' },
    targets: [
      { id: 'a', abilities: { dex: 14 }, baseSaves: { reflex: 3 } },
      { id: 'b', baseSaves: { reflex: 0 } },
      { id: 'c', baseSaves: { reflex: 30 } }
    ]
  }, d)
  assert.equal(out.effectDamage?.total, 33)
  assert.deepEqual(out.results.map((r) => [r.id, r.roll, r.total, r.success, r.automatic, r.damage]), [
    ['a', 10, 15, true, null, 16],
    ['b', 20, 20, true, 'natural-20', 16],
    ['c', 1, 31, false, 'natural-1', 33]
  ])
  assert.deepEqual(d.rolls.map((r) => r.purpose), [...Array(8).fill('damage'), 'save', 'save', 'save'])
})

test('onSuccess none and full; no effect means damage null', () => {
  const targets = [{ baseSaves: { will: 0 } }]
  assert.equal(resolveSaves(dnd35, { save: 'will', dc: 5, targets, effect: { damage: '2d6', onSuccess: 'none' } }, dice(3, 4, 10)).results[0]?.damage, 0)
  assert.equal(resolveSaves(dnd35, { save: 'will', dc: 5, targets, effect: { damage: '2d6', onSuccess: 'full' } }, dice(3, 4, 10)).results[0]?.damage, 7)
  const none = resolveSaves(dnd35, { save: 'will', dc: 5, targets }, dice(10))
  assert.deepEqual([none.effectDamage, none.results[0]?.damage], [null, null])
})

test('variant › Cover; SRD 3.5 › Cover: improved cover means no damage on a successful Reflex save and half on a failed one', () => {
  const targets = [{ id: 'x', baseSaves: { reflex: 0 }, cover: 'improved' as const }]
  const ok = resolveSaves(variant, { save: 'reflex', dc: 14, targets, effect: { damage: '4d6', onSuccess: 'half' } }, dice(5, 5, 5, 5, 10))
  assert.deepEqual([ok.results[0]?.total, ok.results[0]?.success, ok.results[0]?.damage, ok.results[0]?.damageRule], [14, true, 0, 'improved-evasion'])
  const fail = resolveSaves(variant, { save: 'reflex', dc: 14, targets, effect: { damage: '4d6', onSuccess: 'half' } }, dice(5, 5, 5, 5, 9))
  assert.deepEqual([fail.results[0]?.success, fail.results[0]?.damage], [false, 10])
})

test('SRD35 › Rogue: evasion takes no damage on a successful Reflex save against a half effect', () => {
  const out = resolveSaves(dnd35, { save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 0 }, feats: ['evasion'] }], effect: { damage: '2d6', onSuccess: 'half' } }, dice(6, 6, 10))
  assert.deepEqual([out.results[0]?.damage, out.results[0]?.damageRule], [0, 'evasion'])
})
