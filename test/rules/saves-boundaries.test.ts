import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveSaves, type SaveTarget } from '../../src/rules/saves/area-effect.js'
import { assertRuleError } from '../helpers/problems.js'
import { saveBonus } from '../../src/rules/saves/save-bonus.js'

// Boundaries of saving throws against an area effect that mutation testing
// checks (docs/mutation-testing.md). The dice are fixed: the effect's damage
// dice first, then one d20 per target; expected damage worked out by hand.

const dnd35 = getRuleset('dnd35')
const dice = (...sequence: number[]) => new Dice({ seed: 't', sequence })
const one = (save: string, target: SaveTarget, onSuccess: 'half' | 'none' | 'full', rolls: number[], effectDice = '2d6') =>
  resolveSaves(dnd35, { save, dc: 15, targets: [target], effect: { damage: effectDice, onSuccess } }, dice(...rolls)).results[0]!

test('SRD 3.5 › Classes › Rogue › Evasion: no damage on a successful Reflex save against a half effect; a failed save takes it all', () => {
  const rogue = { baseSaves: { reflex: 0 }, feats: ['evasion'] }
  // 2d6 of 4 + 3 = 7; the d20 of 15 meets DC 15, 14 misses it.
  assert.deepEqual([one('reflex', rogue, 'half', [4, 3, 15])].map((r) => [r.success, r.damage, r.damageRule]), [[true, 0, 'evasion']])
  assert.deepEqual([one('reflex', rogue, 'half', [4, 3, 14])].map((r) => [r.success, r.damage, r.damageRule]), [[false, 7, null]])
  // Evasion is for Reflex saves against half-damage effects only.
  assert.deepEqual([one('fortitude', { baseSaves: { fortitude: 0 }, feats: ['evasion'] }, 'half', [4, 3, 15])].map((r) => [r.damage, r.damageRule]), [[3, null]])
  assert.deepEqual([one('reflex', rogue, 'full', [4, 3, 15])].map((r) => [r.damage, r.damageRule]), [[7, null]])
})

test('SRD 3.5 › Classes › Rogue › Improved Evasion: no damage on a success, half on a failure (Reflex against a half effect only)', () => {
  const rogue = { baseSaves: { reflex: 0 }, feats: ['improved-evasion'] }
  assert.deepEqual([one('reflex', rogue, 'half', [4, 3, 15])].map((r) => [r.damage, r.damageRule]), [[0, 'improved-evasion']])
  assert.deepEqual([one('reflex', rogue, 'half', [4, 3, 14])].map((r) => [r.damage, r.damageRule]), [[3, 'improved-evasion']])
  // On a Will save it does nothing: a failure takes the full 7.
  assert.deepEqual([one('will', { baseSaves: { will: 0 }, feats: ['improved-evasion'] }, 'half', [4, 3, 14])].map((r) => [r.damage, r.damageRule]), [[7, null]])
  // A "none" effect: a success takes nothing, a failure everything, evasion or not.
  assert.deepEqual([one('reflex', rogue, 'none', [4, 3, 14])].map((r) => [r.damage, r.damageRule]), [[7, null]])
})

test('SRD 3.5 › Combat › Saving Throws: half damage rounds down; a failed save against any effect takes the whole roll', () => {
  const plain = { baseSaves: { reflex: 0 } }
  assert.equal(one('reflex', plain, 'half', [4, 3, 15]).damage, 3, '7 halved is 3')
  assert.equal(one('reflex', plain, 'half', [4, 4, 15]).damage, 4, '8 halved is 4')
  assert.equal(one('reflex', plain, 'half', [4, 3, 14]).damage, 7)
  assert.equal(one('reflex', plain, 'full', [4, 3, 14]).damage, 7)
  assert.equal(one('reflex', plain, 'none', [4, 3, 14]).damage, 7)
})

test('SRD 3.5 › Combat › Damage: an effect whose dice total below 0 deals 0, and nonlethal effects say so', () => {
  const out = resolveSaves(dnd35, { save: 'will', dc: 15, targets: [{ baseSaves: { will: 0 } }], effect: { damage: '1d4-6', onSuccess: 'full', nonlethal: true } }, dice(2, 3))
  assert.deepEqual([out.effectDamage?.total, out.effectDamage?.nonlethal, out.results[0]?.damage], [0, true, 0])
  const lethal = resolveSaves(dnd35, { save: 'will', dc: 15, targets: [{ baseSaves: { will: 0 } }], effect: { damage: '1d4', onSuccess: 'full' } }, dice(2, 3))
  assert.deepEqual([lethal.effectDamage?.total, lethal.effectDamage?.nonlethal], [2, false])
})

test('SRD 3.5 › Combat › Saving Throws: a save the ruleset lacks is refused at the request\'s /save, with or without targets', () => {
  for (const targets of [[], [{ baseSaves: { reflex: 0 } }]]) {
    assertRuleError(() => resolveSaves(dnd35, { save: 'death', dc: 15, targets }, dice()), 'unknown-save', '/save')
  }
})

test('SRD 3.5 › Combat › Saving Throws: the effect\'s damage is shown term by term, each counted', () => {
  // 2d6 of 3 and 4, then −1: 6.
  const out = resolveSaves(dnd35, { save: 'reflex', dc: 15, targets: [{ baseSaves: { reflex: 0 } }], effect: { damage: '2d6-1', onSuccess: 'half' } }, dice(3, 4, 10))
  assert.deepEqual(out.effectDamage, {
    total: 6,
    nonlethal: false,
    breakdown: [{ source: '+2d6', type: 'untyped', value: 7, applied: true }, { source: '-1', type: 'untyped', value: -1, applied: true }]
  })
  assert.equal(out.results[0]?.damage, 6, 'a failed save (10 against DC 15) takes it all')
})

const bonusOf = (ruleset: 'dnd35' | 'pf1e' | 'variant', creature: object, save: string, situation: object = {}) =>
  saveBonus(getRuleset(ruleset), creature, save, situation)

test('d20 variant › Total Defense: the shield bonus counts on Reflex saves while in total defense; never in dnd35, never on other saves', () => {
  const defending = { baseSaves: { reflex: 1, death: 0 }, abilities: { dex: 10 }, conditions: ['total-defense'], armorClass: { shield: 2 } }
  assert.equal(bonusOf('variant', defending, 'reflex').value, 1 + 2)
  assert.equal(bonusOf('variant', { ...defending, conditions: [] }, 'reflex').value, 1)
  assert.equal(bonusOf('variant', defending, 'death').value, 0)
  assert.equal(bonusOf('variant', { ...defending, armorClass: {} }, 'reflex').value, 1, 'no shield, nothing added')
  assert.ok(!bonusOf('variant', { ...defending, armorClass: {} }, 'reflex').breakdown.some((b) => b.type === 'shield'), 'and no shield line')
  // An armor class given as totals has no shield part to add.
  assert.equal(bonusOf('variant', { ...defending, armorClass: { total: 18 } }, 'reflex').value, 1)
  const dnd = { baseSaves: { reflex: 1 }, abilities: { dex: 10 }, conditions: ['total-defense'], armorClass: { shield: 2 } }
  assert.equal(bonusOf('dnd35', dnd, 'reflex').value, 1)
})

test('PRD › Combat › Cover: partial cover +1 Reflex in pf1e; dnd35 has no partial cover (a 422 at /cover); cover adds only to Reflex', () => {
  const c = { baseSaves: { reflex: 0, will: 0 }, abilities: { dex: 10, wis: 10 } }
  assert.equal(bonusOf('pf1e', c, 'reflex', { cover: 'partial' }).value, 1)
  assertRuleError(() => bonusOf('dnd35', c, 'reflex', { cover: 'partial' }), 'rule-not-defined', '/cover')
  assert.equal(bonusOf('dnd35', c, 'will', { cover: 'improved' }).value, 0)
  // No cover: no line at all.
  assert.deepEqual(bonusOf('dnd35', c, 'reflex', { cover: 'none' }).breakdown.map((b) => b.source), ['base reflex save', 'Dexterity'])
})

test('SRD 3.5 › Combat › Saving Throws: Dexterity counts on Reflex only; a creature without base saves is a 422 naming the save', () => {
  const nimble = { baseSaves: { reflex: 0, fortitude: 0, will: 0 }, abilities: { dex: 18, con: 10, wis: 10 } }
  assert.deepEqual(['reflex', 'fortitude', 'will'].map((s) => bonusOf('dnd35', nimble, s).value), [4, 0, 0])
  assertRuleError(() => bonusOf('dnd35', { abilities: { dex: 10 } }, 'reflex'), 'missing-field', '/baseSaves/reflex')
})

test('d20 variant › Saving Throws: Charm takes the better of Cha and Wis, the first on a tie; a creature with neither score adds none', () => {
  const sources = (abilities: object) => bonusOf('variant', { baseSaves: { charm: 1 }, abilities }, 'charm').breakdown.map((b) => [b.source, b.value])
  assert.deepEqual(sources({ cha: 14, wis: 14 }), [['base charm save', 1], ['Charisma', 2]])
  assert.deepEqual(sources({ cha: 12, wis: 16 }), [['base charm save', 1], ['Wisdom', 3]])
  assert.deepEqual(sources({ cha: null, wis: null }), [['base charm save', 1]])
  assert.equal(bonusOf('variant', { baseSaves: { charm: 1 }, abilities: { cha: null, wis: null } }, 'charm').value, 1)
})

test('d20 variant › Total Defense; Conditions › Off-Guard: a defender without an armor class breakdown adds no shield; a Dex of 10 lost off-guard is shown as plain Dexterity 0; cover is named', () => {
  assert.equal(bonusOf('variant', { baseSaves: { reflex: 1 }, abilities: { dex: 10 }, conditions: ['total-defense'] }, 'reflex').value, 1)
  const offGuard = (dex: number) => bonusOf('variant', { baseSaves: { reflex: 0 }, abilities: { dex }, conditions: ['off-guard'] }, 'reflex').breakdown.map((b) => [b.source, b.value])
  assert.deepEqual(offGuard(10), [['base reflex save', 0], ['Dexterity', 0]])
  assert.equal(offGuard(14)[1]?.[1], 0, 'a positive Dex bonus is lost')
  assert.deepEqual(offGuard(8), [['base reflex save', 0], ['Dexterity', -1]], 'a penalty stays')
  const covered = (cover: string) => bonusOf('dnd35', { baseSaves: { reflex: 0 }, abilities: { dex: 10 } }, 'reflex', { cover }).breakdown.map((b) => [b.source, b.value])
  assert.deepEqual(covered('cover')[2], ['cover', 2])
  assert.deepEqual(covered('improved')[2], ['improved cover', 4])
})

test('variant › Saving Throws: Death, Fear and Spell saves add no ability at all, only their base (Charm takes the better of Cha and Wis, Reflex Dex)', () => {
  const variant = getRuleset('variant')
  const hero = { abilities: { str: 18, dex: 18, con: 18, int: 18, wis: 18, cha: 18 }, baseSaves: { death: 2, fear: 3, spell: 4, charm: 1, reflex: 0 } }
  for (const [save, base] of [['death', 2], ['fear', 3], ['spell', 4]] as const) {
    const bonus = saveBonus(variant, hero, save)
    assert.equal(bonus.value, base, save)
    assert.equal(bonus.breakdown.length, 1, `${save}: the base line only, no ability line`)
  }
  // +4 from an 18 where an ability counts.
  assert.equal(saveBonus(variant, hero, 'charm').value, 5)
  assert.equal(saveBonus(variant, hero, 'reflex').value, 4)
})
