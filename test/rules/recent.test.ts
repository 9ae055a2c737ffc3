// The memo behind effectiveStats and conditionTags (src/rules/recent.ts): a
// few slots found by identity. It may forget an object, never answer for a
// different one, and a forgotten creature's stats worked out again are the same.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { RecentByIdentity } from '../../src/rules/recent.js'
import { effectiveStats } from '../../src/rules/effects.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'

test('found by identity, not by equal content; a key set again keeps one slot', () => {
  const memo = new RecentByIdentity<object, number>(2)
  const a = { x: 1 }
  const twin = { x: 1 }
  memo.set(a, 1)
  assert.equal(memo.get(a), 1)
  assert.equal(memo.get(twin), undefined)
  memo.set(a, 2)
  memo.set(twin, 3)
  // Two slots, two keys: setting `a` again did not take the second slot.
  assert.equal(memo.get(a), 2)
  assert.equal(memo.get(twin), 3)
})

test('the slots are overwritten in turn: with 3 slots, the 4th key replaces the 1st', () => {
  const memo = new RecentByIdentity<object, string>(3)
  const keys = [{}, {}, {}, {}]
  keys.forEach((k, i) => memo.set(k, `v${i}`))
  assert.deepEqual(keys.map((k) => memo.get(k)), [undefined, 'v1', 'v2', 'v3'])
})

test('a creature pushed out of the memo by 40 others gets the same stats again, worked out anew (SRD 3.5 › Conditions › Shaken, Entangled)', () => {
  const dnd35 = getRuleset('dnd35')
  const creature = { abilities: { dex: 14 }, conditions: ['shaken', 'entangled'] }
  const before = effectiveStats(dnd35, creature)
  for (let i = 0; i < 40; i++) effectiveStats(dnd35, { abilities: { dex: 10 + (i % 8) } })
  const after = effectiveStats(dnd35, creature)
  assert.notEqual(after, before, 'worked out anew')
  // Dex 14 − 4 (entangled) = 10: +0; shaken −2 and entangled −2 on attack rolls.
  assert.equal(after.dexterity.modifier, 0)
  assert.deepEqual(after.changes('attack.melee'), before.changes('attack.melee'))
  assert.deepEqual(after.changes('attack.melee').map((m) => m.value).sort(), [-2, -2])
  assert.deepEqual(after.effects.map((e) => e.name), ['shaken', 'entangled'])
})
