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

test('a key set again takes its own slot, not another: set three times, then a second key, it still gives its latest value', () => {
  const memo = new RecentByIdentity<object, number>(3)
  const [a, b] = [{}, {}]
  memo.set(a, 1)
  memo.set(a, 2)
  memo.set(a, 3)
  memo.set(b, 4)
  assert.equal(memo.get(a), 3)
  assert.equal(memo.get(b), 4)
})

test('the slots are overwritten in turn: with 3 slots, the 4th key replaces the 1st', () => {
  const memo = new RecentByIdentity<object, string>(3)
  const keys = [{}, {}, {}, {}]
  keys.forEach((k, i) => memo.set(k, `v${i}`))
  assert.deepEqual(keys.map((k) => memo.get(k)), [undefined, 'v1', 'v2', 'v3'])
})

test('a value claimed for a new key moves to it: the old key loses it, no other slot is taken', () => {
  const memo = new RecentByIdentity<object, { n: number }>(2)
  const [a, b, c] = [{}, {}, {}]
  const one = { n: 1 }
  memo.set(a, one)
  memo.set(b, { n: 2 })
  assert.equal(memo.claim(c, (v) => v.n === 3), undefined)
  assert.equal(memo.claim(c, (v) => v.n === 1), one)
  assert.equal(memo.get(c), one)
  assert.equal(memo.get(a), undefined)
  // b's slot was not taken.
  assert.deepEqual(memo.get(b), { n: 2 })
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

test('a new creature object made of the same parts (the same abilities, feats and effects objects, equal condition names and hit points) gets the stats already worked out; one part different, its own (SRD 3.5 › Conditions › Shaken)', () => {
  const dnd35 = getRuleset('dnd35')
  const abilities = { dex: 14, con: 12 }
  const feats = ['dodge']
  const first = effectiveStats(dnd35, { abilities, feats, conditions: ['shaken'], hitPoints: { max: 10, current: 4, deathSaves: { successes: 0, failures: 0 } } })
  const twin = effectiveStats(dnd35, { abilities, feats, conditions: ['shaken'], hitPoints: { max: 10, current: 4, deathSaves: { successes: 0, failures: 0 } } })
  assert.equal(twin, first, 'the same stats object: nothing worked out again')
  // Each differing part is its own creature: other hit points (−1: dying, unconscious, helpless), conditions, abilities objects.
  const dying = effectiveStats(dnd35, { abilities, feats, conditions: ['shaken'], hitPoints: { max: 10, current: -1, deathSaves: { successes: 0, failures: 0 } } })
  assert.notEqual(dying, first)
  assert.equal(dying.helpless, true)
  assert.equal(first.helpless, false)
  const calm = effectiveStats(dnd35, { abilities, feats, hitPoints: { max: 10, current: 4, deathSaves: { successes: 0, failures: 0 } } })
  assert.deepEqual(calm.changes('attack.melee'), [])
  assert.deepEqual(first.changes('attack.melee').map((m) => m.value), [-2])
  const fewerFields = effectiveStats(dnd35, { abilities, feats, conditions: ['shaken'], hitPoints: { max: 10, current: 4 } })
  assert.notEqual(fewerFields, first, 'a missing field is a different creature to the memo (it may be worked out again, never mixed up)')
  const otherAbilities = effectiveStats(dnd35, { abilities: { dex: 8, con: 12 }, feats, conditions: ['shaken'], hitPoints: { max: 10, current: 4, deathSaves: { successes: 0, failures: 0 } } })
  assert.equal(otherAbilities.dexterity.modifier, -1)
  assert.equal(first.dexterity.modifier, 2)
})

test('a creature whose memo passed to a twin made of the same parts gets the same stats again, and a twin with other hit points its own (SRD 3.5 › Conditions › Shaken; Dying)', () => {
  const dnd35 = getRuleset('dnd35')
  const abilities = { dex: 14 }
  const creature = { abilities, conditions: ['shaken'], hitPoints: { max: 10, current: 4 } }
  const first = effectiveStats(dnd35, creature)
  const twin = { abilities, conditions: ['shaken'], hitPoints: { max: 10, current: 4 } }
  assert.equal(effectiveStats(dnd35, twin), first)
  // The memo is the twin's now; the first object is found again by its parts, its stats unchanged.
  assert.equal(effectiveStats(dnd35, creature), first)
  assert.equal(effectiveStats(dnd35, twin), first)
  // A twin with other hit points does not take them over: −1 is dying, so helpless.
  const dying = effectiveStats(dnd35, { abilities, conditions: ['shaken'], hitPoints: { max: 10, current: -1 } })
  assert.equal(dying.helpless, true)
  assert.equal(effectiveStats(dnd35, creature).helpless, false)
  assert.equal(effectiveStats(dnd35, creature), first)
})

test('the stats memo tells apart hit points that differ in any one field (variant › Hit Points: bloodied and wounded follow from max and the damage)', () => {
  const variant = getRuleset('variant')
  const abilities = { dex: 12, con: 12 }
  const base = { max: 20, current: 12, temporary: 0, nonlethal: 0, woundPoints: 0, constitutionDamage: 0, status: 'healthy', deathSaves: { successes: 0, failures: 0 } }
  const first = effectiveStats(variant, { abilities, hitPoints: { ...base } })
  const changed: Array<Partial<typeof base>> = [{ max: 24 }, { current: 4 }, { temporary: 1 }, { nonlethal: 1 }, { woundPoints: 1 }, { constitutionDamage: 1 }, { status: 'staggered' }, { deathSaves: { successes: 1, failures: 0 } }, { deathSaves: { successes: 0, failures: 1 } }]
  for (const change of changed) assert.notEqual(effectiveStats(variant, { abilities, hitPoints: { ...base, ...change } }), first, JSON.stringify(change))
  // And the same fields again are the same stats.
  assert.equal(effectiveStats(variant, { abilities, hitPoints: { ...base, deathSaves: { successes: 0, failures: 0 } } }), first)
})
