// The work POST /v1/attacks/odds counts before computing (src/rules/attacks/odds.ts,
// `oddsWork`), worked out by hand from the plan, and the limits at their edges
// (OpenAPI › Limits: at most 400 damage dice per attack, a span of 20,000
// values per attack, 200,000 cells of the joint lethal × nonlethal table).
//
// How the count goes, per attack: the d20 gives the ways it hits (a normal
// hit; a critical, ×m dice), each with its damage range [min, max]; its cells
// are 1 (a miss) + Σ (max − min + 2); its damage steps Σ dice × (max − min + 1),
// plus 40 per cell. The joint table grows to (L + 1) × (N + 1) cells (L, N: the
// most lethal and nonlethal damage so far), costing size + size × cells + next
// (twice once an attack can reach massive damage). At the end each cell of the
// table costs 1 more, 101 when drop and kill chances are asked (a countdown
// target's hit points or a coup de grace), 601 under the variant's Death
// saves; and the distribution 40 per total damage (L + N + 1).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { getRuleset, type RulesetId } from '../../../src/rules/rulesets/index.js'
import { oddsWork } from '../../../src/rules/attacks/odds.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import { assertRuleError } from './helpers.js'

const work = (ruleset: RulesetId, request: AttackRequest) => oddsWork(getRuleset(ruleset), request)
const plain = { baseAttackBonus: 0 }
const ac10 = { armorClass: { total: 10 } }
const d4 = { name: 'club', damage: '1d4' }

test('one 1d4 attack, ×2 on a confirmed 20: normal 1–4, critical 2–8 (SRD 3.5 › Critical Hits)', () => {
  // dice 1 + 2; steps 1·4 + 2·7 + 40·(1 + 5 + 8) = 578; table 9 × 1: + 1 + 14 + 9 = 602; end + 9 + 40·9 = 971.
  assert.deepEqual(work('dnd35', { attacker: plain, target: ac10, weapon: d4 }), { dice: 3, cells: 9, steps: 971 })
  // With hit points, each of the 9 cells asks where the target stands: 602 + 9·101 + 360.
  assert.deepEqual(work('dnd35', { attacker: plain, target: { ...ac10, hitPoints: { max: 20 } }, weapon: d4 }), { dice: 3, cells: 9, steps: 1871 })
  // The variant weighs a Death save in each: 602 + 9·601 + 360 (a natural 20 is a critical, ×2: the same shape).
  assert.deepEqual(work('variant', { attacker: plain, target: { ...ac10, hitPoints: { max: 20 } }, weapon: d4 }), { dice: 3, cells: 9, steps: 6371 })
})

test('a coup de grace asks its save in every cell even without hit points (SRD 3.5 › Helpless Defenders)', () => {
  // An automatic critical: the critical way alone, dice 2, 2–8: steps 2·7 + 40·(1 + 8) = 374; + 1 + 9 + 9 = 393; + 9·101 + 40·9 = 1662.
  const sleeper = { baseSaves: { fortitude: 0 }, conditions: ['helpless'] }
  assert.deepEqual(work('dnd35', { attacker: plain, target: sleeper, weapon: d4, mode: 'coup-de-grace' }), { dice: 2, cells: 9, steps: 1662 })
})

test('a target immune to critical hits: the normal way alone; a hit that only a natural 20 lands: the critical way alone (SRD 3.5 › Critical Hits; variant › Critical Hits)', () => {
  // 1d4 normal only: dice 1; 1·4 + 40·(1 + 5) = 244; table 5: + 1 + 6 + 5 = 256; + 5 + 40·5 = 461.
  assert.deepEqual(work('dnd35', { attacker: plain, target: { ...ac10, feats: ['immune-to-critical-hits'] }, weapon: d4 }), { dice: 1, cells: 5, steps: 461 })
  // The variant against AC 40: only a natural 20 hits, always a critical (×2, 2–8): 2·7 + 40·9 = 374; + 1 + 9 + 9 = 393; + 9 + 360 = 762.
  assert.deepEqual(work('variant', { attacker: plain, target: { armorClass: { total: 40 } }, weapon: d4 }), { dice: 2, cells: 9, steps: 762 })
})

test('a full attack adds its attacks\' tables: BAB +6, two 1d4 attacks (SRD 3.5 › Full Attack)', () => {
  // Each attack 578 as above. First: + 1 + 14 + 9 → 602, table 9. Second: 602 + 578 = 1180; table 17: + 9 + 9·14 + 17 = 1332; end + 17 + 40·17 = 2029.
  assert.deepEqual(work('dnd35', { attacker: { baseAttackBonus: 6 }, target: ac10, weapon: d4, mode: 'full' }), { dice: 6, cells: 17, steps: 2029 })
})

test('lethal and nonlethal attacks make a two-way table: a 1d4 weapon and a 1d4 nonlethal off hand (SRD 3.5 › Two-Weapon Fighting; Nonlethal Damage)', () => {
  // First (lethal ≤ 8): 602, table 9 × 1. Second (nonlethal ≤ 8): 602 + 578 = 1180; table 9 × 9 = 81: + 9 + 9·14 + 81 = 1396; end + 81 + 40·(8 + 8 + 1) = 2157.
  const sap = { name: 'sap', damage: '1d4', category: 'light' as const, nonlethal: true }
  assert.deepEqual(work('dnd35', { attacker: { baseAttackBonus: 1 }, target: ac10, weapon: d4, offHand: sap, mode: 'full' }), { dice: 6, cells: 81, steps: 2157 })
})

test('the floor of a hit: pf1e\'s 1 nonlethal, dnd35\'s 1 lethal (PRD › Damage; SRD 3.5 › Damage; docs/rules.md §P2.5)', () => {
  // Str 3 (−4) with a 1d8: normal −3…4, critical −6…8; both may be floored to 1.
  const weak = { baseAttackBonus: 0, abilities: { str: 3 } }
  const d8 = { name: 'mace', damage: '1d8' }
  // dice 3; steps 1·8 + 2·15 + 40·(1 + 9 + 16) = 1078. pf1e: lethal ≤ 8 and the nonlethal floor 1: table 9 × 2 = 18:
  // + 1 + 26 + 18 = 1123; end + 18 + 40·(8 + 1 + 1) = 1541.
  assert.deepEqual(work('pf1e', { attacker: weak, target: ac10, weapon: d8 }), { dice: 3, cells: 18, steps: 1541 })
  // dnd35: the floor is lethal, table 9 × 1: 1078 + 1 + 26 + 9 = 1114; + 9 + 360 = 1483.
  assert.deepEqual(work('dnd35', { attacker: weak, target: ac10, weapon: d8 }), { dice: 3, cells: 9, steps: 1483 })
  // A 1d5 against a target immune to criticals: −3…1, the top exactly the floor's 1, lethal, and the floor nonlethal (pf1e):
  // dice 1; 1·5 + 40·(1 + 6) = 285; table 2 × 2: + 1 + 7 + 4 = 297; end + 4 + 40·3 = 421.
  assert.deepEqual(work('pf1e', { attacker: weak, target: { ...ac10, feats: ['immune-to-critical-hits'] }, weapon: { name: 'x', damage: '1d5' } }), { dice: 1, cells: 4, steps: 421 })
  // A 1d4 there never reaches 1 lethal: −3…0, all floored to 1 nonlethal: table 1 × 2; 1·4 + 40·6 = 244; + 1 + 6 + 2 = 253; + 2 + 40·2 = 335.
  assert.deepEqual(work('pf1e', { attacker: weak, target: { ...ac10, feats: ['immune-to-critical-hits'] }, weapon: d4 }), { dice: 1, cells: 2, steps: 335 })
})

test('massive damage keeps a table of survivors apart: each joint step counts twice once an attack can deal 50 (SRD 3.5 › Massive Damage)', () => {
  // 50d1: normal 50 (dice 50), critical 100 (dice 100): steps 50·1 + 100·1 + 40·(1 + 2 + 2) = 350; table 101: + 2·(1 + 5 + 101) = 564;
  // end + 101·101 + 40·101 = 14805.
  const target = { ...ac10, hitPoints: { max: 60 }, baseSaves: { fortitude: 0 } }
  assert.deepEqual(work('dnd35', { attacker: plain, target, weapon: { name: 'x', damage: '50d1' } }), { dice: 150, cells: 101, steps: 14805 })
  // 24d1 (critical 48) stays under 50: counted once: 24 + 48 + 200 = 272; + 1 + 5 + 49 = 327; end + 49·101 + 40·49 = 7236.
  assert.deepEqual(work('dnd35', { attacker: plain, target, weapon: { name: 'x', damage: '24d1' } }), { dice: 72, cells: 49, steps: 7236 })
  // 25d1 reaches 50 on a critical: 25 + 50 + 200 = 275; + 2·(1 + 5 + 51) = 389; end + 51·101 + 40·51 = 7580.
  assert.deepEqual(work('dnd35', { attacker: plain, target, weapon: { name: 'x', damage: '25d1' } }), { dice: 75, cells: 51, steps: 7580 })
})

test('at most 400 damage dice per attack, every critical roll and extra die counted (OpenAPI › Limits)', () => {
  const target = { ...ac10 }
  // 200d2 ×2 on a critical: 400 dice, accepted; one more extra die is refused.
  assert.equal(work('dnd35', { attacker: plain, target, weapon: { name: 'x', damage: '200d2' } }).dice, 200 + 400)
  assertRuleError(() => work('dnd35', { attacker: plain, target, weapon: { name: 'x', damage: '200d2', extraDamage: [{ dice: '1d2' }] } }), 'out-of-range', '/weapon/damage')
  assertRuleError(() => work('dnd35', { attacker: plain, target, weapon: { name: 'x', damage: '201d2' } }), 'out-of-range', '/weapon/damage')
  // Against a target immune to criticals the 400 dice are one normal hit's.
  assert.equal(work('dnd35', { attacker: plain, target: { ...ac10, feats: ['immune-to-critical-hits'] }, weapon: { name: 'x', damage: '399d2', extraDamage: [{ dice: '1d2' }] } }).dice, 400)
})

test('an attack\'s damage spans at most 20,000 values (OpenAPI › Limits)', () => {
  const immune = { ...ac10, feats: ['immune-to-critical-hits'] }
  // 20d1000 + 1d20: 21…20,020, 20,000 values: accepted; + 1d21: 20,001, refused.
  const ok = work('dnd35', { attacker: plain, target: immune, weapon: { name: 'x', damage: '20d1000', extraDamage: [{ dice: '1d20' }] } })
  assert.equal(ok.dice, 21)
  assertRuleError(() => work('dnd35', { attacker: plain, target: immune, weapon: { name: 'x', damage: '20d1000', extraDamage: [{ dice: '1d21' }] } }), 'out-of-range', '/weapon/damage')
})

test('the joint lethal × nonlethal table holds at most 200,000 cells (OpenAPI › Limits)', () => {
  const immune = { ...ac10, feats: ['immune-to-critical-hits'] }
  // Lethal up to 399 and nonlethal up to 499: 400 × 500 = 200,000 cells, accepted; nonlethal up to 500: 200,400, refused at the off hand.
  const request = (offHand: string): AttackRequest => ({
    attacker: { baseAttackBonus: 1 },
    target: immune,
    weapon: { name: 'x', damage: '1d399' },
    offHand: { name: 'o', damage: offHand, category: 'light', nonlethal: true },
    mode: 'full'
  })
  assert.equal(work('dnd35', request('1d499')).cells, 200_000)
  assertRuleError(() => work('dnd35', request('1d500')), 'out-of-range', '/offHand/damage')
})

test('precision dice count once per hit, critical or not: a 1d4 with 2d6 sneak attack, flanking (SRD 3.5 › Sneak Attack; docs/rules.md §74)', () => {
  // Normal: 3 dice, 1 + 2 … 4 + 12 (14 values); critical: 2 + 2 dice, 2 + 2 … 8 + 12 (17 values).
  // steps 3·14 + 4·17 + 40·(1 + 15 + 18) = 1470; table 21: + 1 + 34 + 21 = 1526; end + 21 + 40·21 = 2387.
  const rogue = { baseAttackBonus: 0, sneakAttack: '2d6' }
  assert.deepEqual(work('dnd35', { attacker: rogue, target: ac10, weapon: d4, options: { flanking: true } }), { dice: 7, cells: 21, steps: 2387 })
})

test('the work limit holds at exactly 3,000,000 steps (OpenAPI › Limits)', () => {
  // One way only (immune to criticals): 116d130 + 405, 521 … 15,485, s = 14,965 values, cells s + 2.
  // steps 116·s + 40·(s + 2) + (1 + (s + 2) + 15,486) + 15,486 + 40·15,486 = 157·14,965 + 83 + 42·15,486 = 3,000,000.
  const immune = { ...ac10, feats: ['immune-to-critical-hits'] }
  const body = (plus: number): AttackRequest => ({ attacker: plain, target: immune, weapon: { name: 'x', damage: '116d130' }, options: { damageModifiers: [{ value: plus }] } })
  assert.deepEqual(work('dnd35', body(405)), { dice: 116, cells: 15_486, steps: 3_000_000 })
  // One more point of damage: 42 steps more, refused.
  assertRuleError(() => work('dnd35', body(406)), 'out-of-range', '/weapon/damage')
})

test('a floored hit of a nonlethal weapon is nonlethal in the table: a 1d12 and a floored sap make 17 × 2 cells (SRD 3.5 › Nonlethal Damage; docs/rules.md §19)', () => {
  // Str 3 (−4): the 1d12 reaches 8, 16 on a critical (lethal, floors lethal 1); the off-hand sap, full Str penalty, −3 … 0 (×2: −6 … 0), always floored to 1 nonlethal.
  const weak = { baseAttackBonus: 1, abilities: { str: 3 } }
  const sap = { name: 'sap', damage: '1d4', category: 'light' as const, nonlethal: true }
  assert.equal(work('dnd35', { attacker: weak, target: { armorClass: { total: 0 } }, weapon: { name: 'x', damage: '1d12' }, offHand: sap, mode: 'full' }).cells, 17 * 2)
})

test('pf1e\'s nonlethal floor adds no nonlethal column when no hit is floored: a 1d4 never below 1 (PRD › Damage)', () => {
  // As dnd35's 1d4 above: 1–4 and 2–8, lethal only, table 9 × 1: 971 steps.
  assert.deepEqual(work('pf1e', { attacker: plain, target: ac10, weapon: d4 }), { dice: 3, cells: 9, steps: 971 })
})
