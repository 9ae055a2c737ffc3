// Drop and kill chances of POST /v1/attacks/odds (src/rules/attacks/odds.ts) on
// the paths the other odds tests leave open: the variant's coup de grace (an
// attack roll that may miss, its save the Death save), a Death save bonus
// the target does not give. Expected values worked out by hand over the dice.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { getRuleset } from '../../../src/rules/rulesets/index.js'
import { attackOdds, probability } from '../../../src/rules/attacks/odds.js'

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

/** Immune to criticals and precision damage, AC 0: every roll but a natural 1 hits, one way only. */
const plainTarget = { armorClass: { total: 0, flatFooted: 0 }, feats: ['immune-to-critical-hits', 'immune-to-precision-damage'] }

test('probabilities are clamped to [0, 1] and nothing else (docs/rules.md §67)', () => {
  assert.equal(probability(-1e-17), 0)
  assert.equal(probability(1.0000000000000002), 1)
  assert.equal(probability(0), 0)
  assert.equal(probability(1), 1)
  assert.equal(probability(0.25), 0.25)
})

test('a distribution lists the damage totals that can happen, none at probability 0 (OpenAPI › POST /v1/attacks/odds)', () => {
  // 1d1 + 5: a miss (1/20) or 6 (19/20); nothing between.
  const odds = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: plainTarget, weapon: { name: 'x', damage: '1d1' }, options: { damageModifiers: [{ value: 5 }] } })
  assert.deepEqual(odds.distribution.map((o) => o.damage), [0, 6])
  assert.deepEqual(odds.attacks[0]!.damageDistribution.map((o) => o.damage), [0, 6])
  near(odds.distribution[1]!.probability, 19 / 20, 'P(6)')
  // Everything missed (100% miss chance): one outcome, 0.
  const blind = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: plainTarget, weapon: { name: 'x', damage: '1d4' }, options: { missChance: 100 } })
  assert.deepEqual(blind.distribution, [{ damage: 0, probability: 1 }])
  assert.deepEqual(blind.attacks[0]!.damageDistribution, [{ damage: 0, probability: 1 }])
})

test('lethal and nonlethal damage of one action are told apart: a 1d2 weapon and a 1d4 sap (SRD 3.5 › Nonlethal Damage; Two-Weapon Fighting)', () => {
  // BAB 1 with the feat and a light off hand: −2 each, +−1 against AC 0: both hit on 2–20 (19/20).
  const target = { ...plainTarget, hitPoints: { max: 10, current: 2 } }
  const odds = attackOdds(getRuleset('dnd35'), {
    attacker: { baseAttackBonus: 1, feats: ['two-weapon-fighting'] },
    target,
    weapon: { name: 'x', damage: '1d2' },
    offHand: { name: 'sap', damage: '1d4', category: 'light', nonlethal: true },
    mode: 'full'
  })
  const lethal = [1 / 20, 19 / 40, 19 / 40]
  const nonlethal = [1 / 20, 19 / 80, 19 / 80, 19 / 80, 19 / 80]
  const total = new Map<number, number>()
  let drop = 0
  for (let l = 0; l <= 2; l++) {
    for (let n = 0; n <= 4; n++) {
      const p = lethal[l]! * nonlethal[n]!
      total.set(l + n, (total.get(l + n) ?? 0) + p)
      // 2 − l HP left; down below 0 (never here) or when the nonlethal damage exceeds them (SRD 3.5 › Nonlethal Damage).
      if (n > 2 - l) drop += p
    }
  }
  assert.deepEqual(odds.distribution.map((o) => o.damage), [0, 1, 2, 3, 4, 5, 6])
  for (const o of odds.distribution) near(o.probability, total.get(o.damage)!, `P(${o.damage})`)
  near(odds.dropChance, drop, 'drop')
  assert.equal(odds.killChance, 0)
})

test('the floor of a hit is nonlethal with a nonlethal weapon, and in pf1e: it never kills a dying target (PRD › Damage; SRD 3.5 › Nonlethal Damage)', () => {
  // Str 3 (−4) with a 1d4: −3…0, every hit floored to 1. A target at −9 dies at −10 (dnd35; pf1e at −Con 10).
  const weak = { baseAttackBonus: 0, abilities: { str: 3 } }
  const dying = { ...plainTarget, abilities: { con: 10 }, hitPoints: { max: 10, current: -9 } }
  const sap = attackOdds(getRuleset('dnd35'), { attacker: weak, target: dying, weapon: { name: 'sap', damage: '1d4', nonlethal: true } })
  assert.equal(sap.killChance, 0)
  const club = attackOdds(getRuleset('pf1e'), { attacker: weak, target: dying, weapon: { name: 'club', damage: '1d4' } })
  assert.equal(club.killChance, 0)
  // dnd35's floor is lethal: 1 point kills at −9 whenever the attack hits.
  near(attackOdds(getRuleset('dnd35'), { attacker: weak, target: dying, weapon: { name: 'club', damage: '1d4' } }).killChance, 19 / 20, 'dnd35 kill')
  // pf1e: a hit of exactly 1 is not floored: it is lethal and kills at −9.
  near(attackOdds(getRuleset('pf1e'), { attacker: { baseAttackBonus: 0 }, target: dying, weapon: { name: 'x', damage: '1d1' } }).killChance, 19 / 20, 'pf1e 1 lethal')
})

test('massive damage from exactly 50: a failed DC 15 Fortitude save kills; 49 asks for no save (SRD 3.5 › Injury and Death › Massive Damage)', () => {
  // Fort +0 fails on 1–14.
  const target = { ...plainTarget, hitPoints: { max: 200 }, baseSaves: { fortitude: 0 } }
  const at = (value: number) => attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target, weapon: { name: 'x', damage: '1d1' }, options: { damageModifiers: [{ value: value - 1 }] } })
  near(at(50).killChance, (19 / 20) * (14 / 20), 'kill at 50')
  assert.equal(at(49).killChance, 0)
  // Below the threshold no Fortitude bonus is needed.
  const { baseSaves: _, ...noSaves } = target
  assert.equal(attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: noSaves, weapon: { name: 'x', damage: '1d4' } }).killChance, 0)
})

test('a survivor of massive damage is counted once: the later attacks add to the survivors\' table alone (SRD 3.5 › Massive Damage; Injury and Death)', () => {
  // 50d1 (50) then a light 1d1 off hand (1), both hitting 19 in 20 (BAB 1, the feat: −2, −1 vs AC 0), at 40 HP, Fort +0 (fails 14 in 20).
  // A 50 kills by the save (19/20 · 14/20) or, saved, by the damage (40 − 50 = −10): killChance = 19/20, never more.
  const target = { ...plainTarget, hitPoints: { max: 40 }, baseSaves: { fortitude: 0 } }
  const odds = attackOdds(getRuleset('dnd35'), {
    attacker: { baseAttackBonus: 1, feats: ['two-weapon-fighting'] },
    target,
    weapon: { name: 'x', damage: '50d1' },
    offHand: { name: 'o', damage: '1d1', category: 'light' },
    mode: 'full'
  })
  near(odds.killChance, 19 / 20, 'kill')
  near(odds.dropChance, 19 / 20, 'drop')
})

test('sneak attack dice join each hit once, never multiplied; a nonlethal weapon\'s outcomes are its totals (SRD 3.5 › Sneak Attack; Nonlethal Damage)', () => {
  // 1d1 weapon, 1d1 sneak attack, flanking (+2) against AC 0: a hit deals 1 + 1, a confirmed critical 2 + 1.
  const odds = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0, sneakAttack: '1d1' }, target: { armorClass: { total: 0 } }, weapon: { name: 'x', damage: '1d1' }, options: { flanking: true } })
  const crit = (1 / 20) * (19 / 20)
  assert.deepEqual(odds.distribution.map((o) => o.damage), [0, 2, 3])
  near(odds.distribution[1]!.probability, 19 / 20 - crit, 'P(2)')
  near(odds.distribution[2]!.probability, crit, 'P(3)')
  // A sap's 1d4 (immune to criticals): 1–4 nonlethal, listed by their totals.
  const sap = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: plainTarget, weapon: { name: 'sap', damage: '1d4', nonlethal: true } })
  assert.deepEqual(sap.attacks[0]!.damageDistribution.map((o) => o.damage), [0, 1, 2, 3, 4])
})

test('a coup de grace with a nonlethal weapon: the save is against DC 10 + the damage dealt, nonlethal too (SRD 3.5 › Helpless Defenders)', () => {
  const sleeper = { conditions: ['helpless'], baseSaves: { fortitude: 0 } }
  const odds = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: sleeper, weapon: { name: 'sap', damage: '1d4', nonlethal: true }, mode: 'coup-de-grace' })
  const twoD4 = [0, 0, 1, 2, 3, 4, 3, 2, 1]
  let kill = 0
  for (let s = 2; s <= 8; s++) kill += (twoD4[s]! / 16) * fails(10 + s)
  near(odds.killChance, kill, 'kill')
})

test('the nonlethal attack first, the lethal one second: the same two-way table (SRD 3.5 › Nonlethal Damage; Two-Weapon Fighting)', () => {
  // A 1d4 sap in the primary hand, a light 1d2 weapon in the off hand; 2 HP left, as above.
  const odds = attackOdds(getRuleset('dnd35'), {
    attacker: { baseAttackBonus: 1, feats: ['two-weapon-fighting'] },
    target: { ...plainTarget, hitPoints: { max: 10, current: 2 } },
    weapon: { name: 'sap', damage: '1d4', nonlethal: true },
    offHand: { name: 'x', damage: '1d2', category: 'light' },
    mode: 'full'
  })
  const lethal = [1 / 20, 19 / 40, 19 / 40]
  const nonlethal = [1 / 20, 19 / 80, 19 / 80, 19 / 80, 19 / 80]
  const total = new Map<number, number>()
  let drop = 0
  for (let l = 0; l <= 2; l++) {
    for (let n = 0; n <= 4; n++) {
      const p = lethal[l]! * nonlethal[n]!
      total.set(l + n, (total.get(l + n) ?? 0) + p)
      if (n > 2 - l) drop += p
    }
  }
  assert.deepEqual(odds.distribution.map((o) => o.damage), [0, 1, 2, 3, 4, 5, 6])
  for (const o of odds.distribution) near(o.probability, total.get(o.damage)!, `P(${o.damage})`)
  near(odds.dropChance, drop, 'drop')
})
