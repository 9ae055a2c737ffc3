// Drop and kill chances of POST /v1/attacks/odds (src/rules/attacks/odds.ts) on
// the paths the other odds tests leave open: the variant's coup de grace (an
// attack roll that may miss, its save the Death save), a Death save bonus
// the target does not give. Expected values worked out by hand over the dice.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { getRuleset } from '../../../src/rules/rulesets/index.js'
import { attackOdds } from '../../../src/rules/attacks/odds.js'

const near = (actual: number | null, expected: number, what: string) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-12, `${what}: ${actual} vs ${expected}`)

/** P(a d20 + 0 fails against the DC): rolls 1 … DC − 1, a natural 20 saving (SRD 3.5 › Saving Throws). */
const fails = (dc: number) => Math.min(dc - 1, 19) / 20

/**
 * The variant's coup de grace with a 1d4 (BCB 0, Str 10) on a helpless target
 * (AC 10 − 5 − 4 = 1) at +4: every roll but a natural 1 hits, a natural 20 is
 * a ×2 critical (2d4); its Death save (+0) is against DC 10 + damage
 * (variant › Helpless Defenders › Coup de Grace; docs/rules.md §30). A miss
 * deals nothing and calls for no save.
 */
function variantCoupDeGraceKill (): number {
  let kill = 0
  for (let d = 1; d <= 4; d++) kill += (18 / 20) * (1 / 4) * fails(10 + d)
  const twoD4 = [0, 0, 1, 2, 3, 4, 3, 2, 1]
  for (let s = 2; s <= 8; s++) kill += (1 / 20) * (twoD4[s]! / 16) * fails(10 + s)
  return kill
}

test('variant coup de grace odds: a miss calls for no save, a hit for the Death save DC 10 + damage (variant › Helpless Defenders › Coup de Grace; docs/rules.md §30)', () => {
  // No precision damage, so the hit is the weapon's alone.
  const sleeper = { conditions: ['helpless'], baseSaves: { death: 0 }, feats: ['immune-to-precision-damage'] }
  const odds = attackOdds(getRuleset('variant'), { attacker: { baseAttackBonus: 0 }, target: sleeper, weapon: { name: 'club', damage: '1d4' }, mode: 'coup-de-grace' })
  assert.deepEqual([odds.attacks[0]!.hitChance, odds.attacks[0]!.critChance], [19 / 20, 1 / 20])
  near(odds.killChance, variantCoupDeGraceKill(), 'kill')
  assert.equal(odds.dropChance, null)
})

test('variant coup de grace on a target it takes to its hit points: its save is that Death save, rolled once; a survivor stands (docs/rules.md §30)', () => {
  // 2 HP: every hit reaches them. The coup de grace's save replaces the Death save the damage would call for,
  // and a target that makes it is staggered, not dropped: dropChance = killChance.
  const sleeper = { conditions: ['helpless'], baseSaves: { death: 0 }, feats: ['immune-to-precision-damage'], hitPoints: { max: 2 } }
  const odds = attackOdds(getRuleset('variant'), { attacker: { baseAttackBonus: 0 }, target: sleeper, weapon: { name: 'club', damage: '1d4' }, mode: 'coup-de-grace' })
  near(odds.killChance, variantCoupDeGraceKill(), 'kill')
  near(odds.dropChance, variantCoupDeGraceKill(), 'drop')
})

test('dnd35 coup de grace with hit points: a kill by the damage makes no save; a survivor\'s failed save kills and drops (SRD 3.5 › Helpless Defenders)', () => {
  // 1d4 ×2 (2d4, 2–8) on a target at 1 HP (dies at −10): never dead from the damage, always dropped;
  // Fort +0 against DC 10 + damage.
  const sleeper = { conditions: ['helpless'], baseSaves: { fortitude: 0 }, hitPoints: { max: 10, current: 1 } }
  const odds = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: sleeper, weapon: { name: 'club', damage: '1d4' }, mode: 'coup-de-grace' })
  const twoD4 = [0, 0, 1, 2, 3, 4, 3, 2, 1]
  let kill = 0
  for (let s = 2; s <= 8; s++) kill += (twoD4[s]! / 16) * fails(10 + s)
  near(odds.killChance, kill, 'kill')
  assert.equal(odds.dropChance, 1)
  // At −9 HP every hit (2 or more) kills through the damage: certain, with no save to weigh.
  const dying = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: { ...sleeper, hitPoints: { max: 10, current: -9 } }, weapon: { name: 'club', damage: '1d4' }, mode: 'coup-de-grace' })
  assert.deepEqual([dying.killChance, dying.dropChance], [1, 1])
})

test('a variant target that gives no Death save bonus saves at +0 (docs/rules.md §P3; variant › Death and Dying)', () => {
  // 1 HP left of 10 (9 taken); a 1d1 hit of exactly 1 reaches the HP: Death save DC 10 + ⌊0/2⌋ = 10, +0 fails on 1–9.
  // Failing by 10 would need a total of 0: never. Only a natural 1 misses the AC 0 (no critical, no precision).
  const target = { armorClass: { total: 0, flatFooted: 0 }, feats: ['immune-to-critical-hits', 'immune-to-precision-damage'], hitPoints: { max: 10, current: 1 } }
  const odds = attackOdds(getRuleset('variant'), { attacker: { baseAttackBonus: 0 }, target, weapon: { name: 'x', damage: '1d1' } })
  near(odds.dropChance, (19 / 20) * (9 / 20), 'drop')
  assert.equal(odds.killChance, 0)
})
