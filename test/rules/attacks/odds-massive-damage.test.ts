import { test } from 'node:test'
import assert from 'node:assert/strict'
import { attackOdds } from '../../../src/rules/attacks/odds.js'
import { getRuleset } from '../../../src/rules/rulesets/index.js'

// The odds of death by massive damage (docs/mutation-testing.md found it untested).
// Expected chances worked out by hand over the d20s.

const target = { abilities: { con: 10 }, feats: ['immune-to-critical-hits'], armorClass: { total: 0 }, baseSaves: { fortitude: 0 }, hitPoints: { max: 200, current: 200 } }
const odds = (ruleset: 'dnd35' | 'pf1e', damage: number) => attackOdds(getRuleset(ruleset), {
  attacker: { baseAttackBonus: 0 },
  target,
  weapon: { name: 'club', damage: '1d1' },
  options: { damageModifiers: [{ value: damage - 1 }] }
})

test('SRD 3.5 › Combat › Injury and Death › Massive Damage: a hit of 50 or more kills on a failed DC 15 Fortitude save, whatever the hit points', () => {
  // Hits on anything but a natural 1 (19 in 20); with Fortitude +0 the save fails on 1–14 (14 in 20).
  assert.ok(Math.abs(odds('dnd35', 50).killChance! - (19 / 20) * (14 / 20)) < 1e-12, String(odds('dnd35', 50).killChance))
  // 49 is below the threshold: 200 hit points are not touched enough to kill.
  assert.equal(odds('dnd35', 49).killChance, 0)
})

test('PRD › Combat › Injury and Death › Massive Damage is optional in pf1e, and the odds leave it off', () => {
  assert.equal(odds('pf1e', 120).killChance, 0)
})
