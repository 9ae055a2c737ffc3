import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveSaves, type SaveTarget } from '../../src/rules/saves/area-effect.js'
import { assertRuleError } from '../helpers/problems.js'

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
