import { test } from 'node:test'
import assert from 'node:assert/strict'
import { attack, ac15, fighter, first, longsword, purposes } from './helpers.js'

test('20% concealment: a d% of 20 misses, 21 hits (SRD 3.5 › Concealment)', () => {
  const options = { concealment: 'concealment' as const }
  const missed = attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options }, [15, 20])
  assert.deepEqual(first(missed).missChance, { percent: 20, roll: 20, missed: true })
  assert.deepEqual([first(missed).hit, first(missed).damage], [false, null])
  assert.deepEqual(purposes(missed), ['attack', 'miss-chance'])
  assert.equal(missed.rolls[1]?.die, 100)
  const hit = attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options }, [15, 21, 6])
  assert.deepEqual(first(hit).missChance, { percent: 20, roll: 21, missed: false })
  assert.deepEqual([first(hit).hit, first(hit).damage?.total], [true, 8])
  assert.deepEqual(purposes(hit), ['attack', 'miss-chance', 'damage'])
})

test('the miss chance is rolled only after a hit (SRD 3.5 › Concealment)', () => {
  const r = attack('pf1e', { attacker: fighter, target: ac15, weapon: longsword, options: { concealment: 'total' } }, [2])
  assert.deepEqual([first(r).hit, first(r).missChance], [false, null])
  assert.deepEqual(purposes(r), ['attack'])
})

test('total concealment 50%; an explicit percent; dnd35/pf1e take the highest source (SRD 3.5 › Concealment; docs/rules.md §24)', () => {
  const percent = (ruleset: 'dnd35' | 'pf1e' | 'variant', options: object, attacker: object = fighter, target: object = ac15) =>
    first(attack(ruleset, { attacker, target, weapon: longsword, options }, [15])).missChance?.percent
  assert.equal(percent('dnd35', { concealment: 'total' }), 50)
  assert.equal(percent('dnd35', { missChance: 40 }), 40)
  assert.equal(percent('pf1e', { concealment: 30 }), 30)
  assert.equal(percent('dnd35', { concealment: 'concealment', missChance: 40 }), 40)
  assert.equal(percent('pf1e', { concealment: 'concealment' }, { ...fighter, conditions: ['blinded'] }), 50)
  assert.equal(percent('dnd35', {}, fighter, { ...ac15, conditions: ['invisible'] }), 50)
  assert.equal(percent('dnd35', { concealment: 'none' }), undefined)
})

test('variant: concealment sources add up, capped at 50% (variant › Concealment; docs/rules.md §25)', () => {
  const percent = (options: object, attacker: object = fighter) =>
    first(attack('variant', { attacker, target: ac15, weapon: longsword, options }, [15])).missChance?.percent
  assert.equal(percent({ concealment: 'concealment', missChance: 20 }), 40)
  assert.equal(percent({ concealment: 'concealment', missChance: 40 }), 50)
  assert.equal(percent({ concealment: 'total' }, { ...fighter, conditions: ['blinded'] }), 50)
  assert.equal(percent({ missChance: 80 }), 50)
})
