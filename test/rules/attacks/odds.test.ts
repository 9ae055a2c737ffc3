import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../../src/rules/dice/roller.js'
import { getRuleset, type RulesetId } from '../../../src/rules/rulesets/index.js'
import { attackOdds, oddsWork, ODDS_LIMITS } from '../../../src/rules/attacks/odds.js'
import { planAction } from '../../../src/rules/attacks/plan.js'
import { resolveAttackAction } from '../../../src/rules/attacks/resolve.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import { assertRuleError } from './helpers.js'

class NeedDie extends Error {
  constructor (readonly faces: number) { super('need a die') }
}

/** Dice that stop when the fixed sequence runs out, to enumerate every way an action can go. */
class EnumeratingDice extends Dice {
  override roll (faces: number, purpose: string): number {
    if (this.rolls.length >= this.fixedCount) throw new NeedDie(faces)
    return super.roll(faces, purpose)
  }

  private readonly fixedCount: number

  constructor (fixed: number[]) {
    super({ seed: 'enumerate', sequence: fixed })
    this.fixedCount = fixed.length
  }
}

/**
 * The exact distribution of total damage by brute force through POST
 * /v1/attacks' own resolver: every die face, weighted. The d% is split into its
 * two outcomes (at or below the percent, above it).
 */
function enumerate (ruleset: RulesetId, request: AttackRequest): Map<number, number> {
  const percent = planAction(getRuleset(ruleset), request).attacks[0]!.missChance
  const out = new Map<number, number>()
  const walk = (sequence: number[], weight: number): void => {
    try {
      const r = resolveAttackAction(getRuleset(ruleset), request, new EnumeratingDice(sequence))
      out.set(r.totals.damage, (out.get(r.totals.damage) ?? 0) + weight)
    } catch (error) {
      if (!(error instanceof NeedDie)) throw error
      if (error.faces === 100) {
        if (percent > 0) walk([...sequence, percent], weight * percent / 100)
        if (percent < 100) walk([...sequence, percent + 1], weight * (100 - percent) / 100)
        return
      }
      for (let face = 1; face <= error.faces; face++) walk([...sequence, face], weight / error.faces)
    }
  }
  walk([], 1)
  return out
}

function assertSameDistribution (ruleset: RulesetId, request: AttackRequest): void {
  const brute = enumerate(ruleset, request)
  const odds = attackOdds(getRuleset(ruleset), request)
  const exact = new Map(odds.distribution.map((o) => [o.damage, o.probability]))
  const keys = new Set([...brute.keys(), ...exact.keys()])
  for (const k of keys) assert.ok(Math.abs((brute.get(k) ?? 0) - (exact.get(k) ?? 0)) < 1e-12, `damage ${k}: ${brute.get(k)} vs ${exact.get(k)}`)
  assert.ok(Math.abs(odds.distribution.reduce((n, o) => n + o.probability, 0) - 1) < 1e-9, 'within 1e-9')
}

const fighter = { baseAttackBonus: 5, abilities: { str: 14 } }

test('odds equal a brute-force enumeration of /v1/attacks: 19–20 threat, confirmation, 20% concealment, fire added once (SRD 3.5 › Critical Hits, Concealment)', () => {
  assertSameDistribution('dnd35', {
    attacker: fighter,
    target: { armorClass: { total: 15 } },
    weapon: { name: 'longsword', damage: '1d4', critRange: 19, extraDamage: [{ dice: '1d3', type: 'fire' }] },
    options: { concealment: 'concealment' }
  })
})

test('odds equal brute force: variant natural-20 ×2 with BCB, and pf1e minimum nonlethal damage (variant › Critical Hits; PRD › Damage)', () => {
  assertSameDistribution('variant', { attacker: fighter, target: { armorClass: { total: 12 } }, weapon: { name: 'axe', damage: '1d6', critRange: 17, critMultiplier: 3 } })
  assertSameDistribution('pf1e', { attacker: { baseAttackBonus: 3, abilities: { str: 3 } }, target: { armorClass: { total: 8 } }, weapon: { name: 'dagger', damage: '1d4', critRange: 19 } })
})

test('odds equal brute force: a ×3 weapon with a ×2 situational multiplier; a pf1e two-weapon full attack (docs/rules.md §P2.4, §P2.10)', () => {
  assertSameDistribution('dnd35', {
    attacker: fighter,
    target: { armorClass: { total: 14 } },
    weapon: { name: 'lance', damage: '1d2', critMultiplier: 3 },
    options: { damageMultiplier: 2, charging: true }
  })
  assertSameDistribution('pf1e', {
    attacker: { baseAttackBonus: 1, abilities: { str: 12 }, feats: ['two-weapon-fighting'] },
    target: { armorClass: { total: 12 } },
    weapon: { name: 'handaxe', damage: '1d2' },
    offHand: { name: 'dagger', damage: '1d2', category: 'light', critRange: 19 },
    mode: 'full'
  })
})

test('hit and critical chances over the d20 (SRD 3.5 › Critical Hits): +7 against AC 15 with a 19–20 weapon', () => {
  const odds = attackOdds(getRuleset('dnd35'), { attacker: fighter, target: { armorClass: { total: 15 } }, weapon: { name: 'longsword', damage: '1d8', critRange: 19 } })
  const a = odds.attacks[0]!
  // Hits on 8 or more.
  assert.equal(a.hitChance, 13 / 20)
  // Threat on 19 or 20 (2/20), confirmed on 8 or more (13/20).
  assert.ok(Math.abs(a.critChance - (2 / 20) * (13 / 20)) < 1e-15, 'within 1e-15')
  // 1d8+2 = 6.5 per roll: E = P(normal)·6.5 + P(crit)·13.
  assert.ok(Math.abs(a.expectedDamage - ((13 / 20 - 0.065) * 6.5 + 0.065 * 13)) < 1e-12, 'within 1e-12')
  assert.equal(odds.dropChance, null)
  assert.equal(odds.killChance, null)
})

test('dnd35 dropChance: below 0 HP; killChance: −10 (SRD 3.5 › Injury and Death)', () => {
  // Current 1 HP; 1d4 drops it on 2+; a ×2 critical always. AC 0: every roll but a natural 1 hits and confirms.
  const odds = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: { armorClass: { total: 0 }, hitPoints: { max: 10, current: 1 } }, weapon: { name: 'club', damage: '1d4' } })
  const crit = (1 / 20) * (19 / 20)
  const normal = 19 / 20 - crit
  assert.ok(Math.abs(odds.dropChance! - (normal * 3 / 4 + crit)) < 1e-12, 'within 1e-12')
  assert.equal(odds.killChance, 0)
  // At −2 HP (dying), 8 more damage kills: only a critical 2d4 of 8 does it.
  const dying = attackOdds(getRuleset('dnd35'), { attacker: { baseAttackBonus: 0 }, target: { armorClass: { total: 0, flatFooted: 0 }, hitPoints: { max: 10, current: -2 } }, weapon: { name: 'club', damage: '1d4' } })
  assert.ok(Math.abs(dying.killChance! - crit / 16) < 1e-12, 'within 1e-12')
})

test('pf1e killChance at −Con; nonlethal above current HP drops (PRD › Injury and Death)', () => {
  const target = { armorClass: { total: 0 }, abilities: { con: 4 }, hitPoints: { max: 10, current: 1 } }
  // Dead at −4 (Con 4): 5 damage from 1 HP. Only a critical 2d4 reaches it, in 10 of 16.
  const odds = attackOdds(getRuleset('pf1e'), { attacker: { baseAttackBonus: 0 }, target, weapon: { name: 'club', damage: '1d4' } })
  const crit = (1 / 20) * (19 / 20)
  const normal = 19 / 20 - crit
  assert.ok(Math.abs(odds.killChance! - crit * 10 / 16) < 1e-12, `kill ${odds.killChance}`)
  const sap = attackOdds(getRuleset('pf1e'), { attacker: { baseAttackBonus: 0 }, target: { ...target, hitPoints: { max: 10, current: 3 } }, weapon: { name: 'sap', damage: '1d4', nonlethal: true } })
  // Nonlethal 4 > 3 HP: unconscious; a critical 2d4 of 4+ too.
  assert.ok(Math.abs(sap.dropChance! - (normal / 4 + crit * 13 / 16)) < 1e-12, 'within 1e-12')
  assert.equal(sap.killChance, 0)
})

test('variant dropChance: reaching HP calls for a Death save DC 10 + ⌊(D − HP)/2⌋ (variant › Death and Dying)', () => {
  // D 8 of 10; 1d4 (BCB 0, Str 10); Death save +0.
  const odds = attackOdds(getRuleset('variant'), { attacker: { baseAttackBonus: 0 }, target: { armorClass: { total: 0 }, hitPoints: { max: 10, current: 2 }, baseSaves: { death: 0 } }, weapon: { name: 'club', damage: '1d4' } })
  const hit = 19 / 20
  const crit = 1 / 20
  const normal = hit - crit
  const fail = (dc: number) => (dc - 1) / 20
  // Normal 1d4: 2 → DC 10, 3 → DC 10, 4 → DC 11. Critical 2d4 (2..8): D 10..16.
  const twoD4 = [0, 0, 1, 2, 3, 4, 3, 2, 1].map((n) => n / 16)
  let drop = normal * (fail(10) / 4 + fail(10) / 4 + fail(11) / 4)
  // A normal 4 (DC 11) kills on a natural 1: failure by 10.
  let kill = normal * (1 / 4) * (1 / 20)
  for (let s = 2; s <= 8; s++) {
    const dc = 10 + Math.floor((8 + s - 10) / 2)
    drop += crit * twoD4[s]! * fail(dc)
    // Failing by 10 or more: a total of dc − 10 or less.
    kill += crit * twoD4[s]! * Math.max(0, Math.min(dc - 10, 19)) / 20
  }
  assert.ok(Math.abs(odds.dropChance! - drop) < 1e-12, 'within 1e-12')
  assert.ok(Math.abs(odds.killChance! - kill) < 1e-12, 'within 1e-12')
})

test('coup de grace odds: the Fortitude save against DC 10 + damage kills (SRD 3.5 › Helpless Defenders)', () => {
  // 1d4+2 ×2: 6..12 → DC 16..22; Fort +5: fails on a roll below DC − 5 (natural 20 saves).
  const odds = attackOdds(getRuleset('dnd35'), { attacker: fighter, target: { conditions: ['helpless'], baseSaves: { fortitude: 5 } }, weapon: { name: 'club', damage: '1d4' }, mode: 'coup-de-grace' })
  assert.equal(odds.attacks[0]!.critChance, 1)
  const twoD4 = [0, 0, 1, 2, 3, 4, 3, 2, 1].map((n) => n / 16)
  let kill = 0
  for (let s = 2; s <= 8; s++) kill += twoD4[s]! * Math.min(19, s + 8) / 20
  assert.ok(Math.abs(odds.killChance! - kill) < 1e-12, 'within 1e-12')
  assert.equal(odds.dropChance, null)
})

test('property: odds are probabilities that sum to 1; the action\'s expectation is the sum of the attacks\' (OpenAPI › /v1/attacks/odds)', () => {
  fc.assert(fc.property(
    fc.constantFrom('dnd35' as const, 'pf1e' as const),
    fc.integer({ min: 0, max: 20 }),
    fc.integer({ min: 0, max: 40 }),
    fc.constantFrom('1d4', '2d6', '1d8+1d6-2', '3d10'),
    fc.integer({ min: 15, max: 20 }),
    fc.integer({ min: 0, max: 100 }),
    (ruleset, bab, ac, damage, critRange, missChance) => {
      const odds = attackOdds(getRuleset(ruleset), {
        attacker: { baseAttackBonus: bab, abilities: { str: 14 } },
        target: { armorClass: { total: ac }, hitPoints: { max: 40 }, baseSaves: { fortitude: 3 } },
        weapon: { name: 'w', damage, critRange, critMultiplier: 3 },
        offHand: { name: 'o', damage: '1d4', category: 'light' },
        mode: 'full',
        options: { missChance }
      })
      let sum = 0
      for (const a of odds.attacks) {
        const total = a.damageDistribution.reduce((n, o) => n + o.probability, 0)
        assert.ok(Math.abs(total - 1) < 1e-9, 'within 1e-9')
        assert.ok(a.critChance <= a.hitChance + 1e-15 && a.hitChance <= 1, 'critChance ≤ hitChance ≤ 1')
        sum += a.expectedDamage
      }
      assert.ok(Math.abs(odds.distribution.reduce((n, o) => n + o.probability, 0) - 1) < 1e-9, 'within 1e-9')
      assert.ok(Math.abs(odds.expectedDamage - sum) < 1e-9 * Math.max(1, sum), 'expectation is additive')
      assert.ok(odds.dropChance! >= odds.killChance! - 1e-12, 'drop ≥ kill')
    }
  ), { numRuns: 60 })
})

test('odds work is bounded: too many damage dice is an out-of-range 422, counted before any work is done (OpenAPI › Limits)', () => {
  const request = (damage: string): AttackRequest => ({ attacker: fighter, target: { armorClass: { total: 10 } }, weapon: { name: 'w', damage, critMultiplier: 4 } })
  assertRuleError(() => attackOdds(getRuleset('dnd35'), request('101d6')), 'out-of-range', '/weapon/damage')
  // an off-hand attack over the limit names the off hand's damage, the field to lower
  const offHand: AttackRequest = { mode: 'full', attacker: fighter, target: { armorClass: { total: 10 } }, weapon: { name: 'w', damage: '1d8' }, offHand: { name: 'o', damage: '201d6', category: 'light' } }
  assertRuleError(() => attackOdds(getRuleset('dnd35'), offHand), 'out-of-range', '/offHand/damage')
  // The work is counted before any is done (oddsWork, as the endpoint counts it), never timed here:
  // the step limit is what keeps the worst accepted body fast (npm run bench measures it).
  const bigBody = request(`${ODDS_LIMITS.dicePerAttack / 4}d12`)
  const bigWork = oddsWork(getRuleset('dnd35'), bigBody)
  assert.ok(bigWork.steps <= ODDS_LIMITS.work, `${bigWork.steps} steps within the limit`)
  const big = attackOdds(getRuleset('dnd35'), bigBody)
  assert.ok(Math.abs(big.distribution.reduce((n, o) => n + o.probability, 0) - 1) < 1e-9, 'within 1e-9')
  // A full attack of seven huge attacks, lethal and nonlethal, is refused by the count alone, before any convolution.
  const heavy: AttackRequest = {
    mode: 'full',
    attacker: { baseAttackBonus: 20, feats: ['two-weapon-fighting', 'improved-two-weapon-fighting', 'greater-two-weapon-fighting'] },
    target: { armorClass: { total: 20 }, hitPoints: { max: 500 }, baseSaves: { fortitude: 3 } },
    weapon: { name: 'w', damage: '90d12', critMultiplier: 4, critRange: 15 },
    offHand: { name: 'o', damage: '90d12', category: 'light', nonlethal: true }
  }
  assertRuleError(() => oddsWork(getRuleset('dnd35'), heavy), 'out-of-range', '/weapon/damage')
  assertRuleError(() => attackOdds(getRuleset('dnd35'), heavy), 'out-of-range', '/weapon/damage')
  // A realistic heavy action (seven attacks with sneak attack dice) is counted within the limit and computed exactly.
  const sneak: AttackRequest = { ...heavy, weapon: { name: 'w', damage: '2d6', critRange: 15, critMultiplier: 3, extraDamage: [{ dice: '10d6' }] }, offHand: { name: 'o', damage: '2d6', category: 'light', extraDamage: [{ dice: '10d6' }] } }
  assert.ok(oddsWork(getRuleset('pf1e'), sneak).steps <= ODDS_LIMITS.work)
  const sneakOdds = attackOdds(getRuleset('pf1e'), sneak)
  assert.ok(Math.abs(sneakOdds.distribution.reduce((n, o) => n + o.probability, 0) - 1) < 1e-9)
  assert.equal(sneakOdds.attacks.length, 7)
})
