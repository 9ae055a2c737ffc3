// docs/rules.md §71: a creature's hit-point state implies conditions, exactly as if the caller had
// listed them. A dying (or knocked-out) target is unconscious, hence helpless: attacks use the helpless
// Armor Class and a coup de grace needs no listed `helpless`. Every expected number is worked by hand.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

type Body = Record<string, unknown>
interface Entry { source: string, value: number, applied: boolean }
interface Roll { purpose: string, die: number, result: number }

const longsword = { name: 'longsword', type: 'melee', damage: '1d8' }
const attacker = { baseAttackBonus: 0, abilities: { str: 10 } }

async function attack (body: Body) {
  const res = await request(app.server).post('/v1/attacks').send(body)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body
}
const applied = (breakdown: Entry[]) => breakdown.filter((e) => e.applied).reduce((s, e) => s + e.value, 0)
const dice = (rolls: Roll[]) => rolls.map((r) => [r.purpose, r.die, r.result])

// A target with armor +4 and Dex 14 (+2): AC 16 on its feet. Helpless (SRD 3.5 › Conditions › Helpless;
// SRD 3.5 › Helpless Defenders): Dex counts as 0 (−5) and −4 more against melee: 10 + 4 − 5 − 4 = 5.
const defender = (hitPoints: Body, abilities: Body = {}): Body => ({
  name: 'defender', armorClass: { armor: 4 }, abilities: { dex: 14, ...abilities }, hitPoints
})

test('dnd35 at −3 HP (dying) is helpless: a melee attack uses AC 5, not 16 (SRD 3.5 › Injury and Death; Conditions › Helpless; docs/rules.md §71)', async () => {
  // d20 8: total 8 hits AC 5 (it would miss AC 16); 1d8 → 3.
  const res = await attack({ ruleset: 'dnd35', attacker, target: defender({ max: 20, current: -3 }), weapon: longsword, dice: { sequence: [8, 3] } })
  const a = res.attacks[0]
  assert.deepEqual([a.targetAC, a.acType, a.roll, a.total, a.hit], [5, 'flat-footed', 8, 8, true])
  assert.equal(applied(a.acBreakdown), 5 - 10)
  assert.ok(a.acBreakdown.some((e: Entry) => e.source === 'Dexterity (helpless: treated as 0)' && e.value === -5 && e.applied))
  assert.equal(a.damage.total, 3)
  assert.deepEqual(dice(res.rolls), [['attack', 20, 8], ['damage', 8, 3]])
})

test('dnd35 knocked out by nonlethal damage (7 > current 5) is helpless too (SRD 3.5 › Nonlethal Damage; docs/rules.md §71)', async () => {
  const res = await attack({ ruleset: 'dnd35', attacker, target: defender({ max: 20, current: 5, nonlethal: 7 }), weapon: longsword, dice: { sequence: [8, 3] } })
  assert.deepEqual([res.attacks[0].targetAC, res.attacks[0].hit], [5, true])
})

test('dnd35 at 0 HP is disabled, not helpless: full AC 16 (SRD 3.5 › Disabled; docs/rules.md §71)', async () => {
  const res = await attack({ ruleset: 'dnd35', attacker, target: defender({ max: 20, current: 0 }), weapon: longsword, dice: { sequence: [8] } })
  assert.deepEqual([res.attacks[0].targetAC, res.attacks[0].hit], [16, false])
})

test('dnd35 coup de grace on a target at −1 with no listed condition: automatic critical, Fortitude DC 10 + damage (SRD 3.5 › Helpless Defenders; docs/rules.md §71)', async () => {
  // 1d8 ×2: 5 + 3 = 8 leaves it at −9, alive; DC 18; save d20 10 + Fort 2 = 12: dies.
  const res = await attack({
    ruleset: 'dnd35', mode: 'coup-de-grace', attacker, weapon: longsword,
    target: { ...defender({ max: 20, current: -1 }), baseSaves: { fortitude: 2 } },
    dice: { sequence: [5, 3, 10] }
  })
  assert.deepEqual([res.attacks[0].hit, res.attacks[0].critical, res.attacks[0].damage.total], [true, true, 8])
  assert.deepEqual([res.coupDeGrace.dc, res.coupDeGrace.roll, res.coupDeGrace.total, res.coupDeGrace.survived], [18, 10, 12, false])
  assert.deepEqual(dice(res.rolls), [['damage', 8, 5], ['damage', 8, 3], ['save', 20, 10]])
})

test('pf1e below 0 HP (−3, dead only at −Con 12) is helpless: AC 5 (PRD › Injury and Death; PRD › Conditions › Helpless; docs/rules.md §71)', async () => {
  const res = await attack({ ruleset: 'pf1e', attacker, target: defender({ max: 20, current: -3 }, { con: 12 }), weapon: longsword, dice: { sequence: [8, 3] } })
  const a = res.attacks[0]
  assert.deepEqual([a.targetAC, a.acType, a.hit], [5, 'flat-footed', true])
  assert.equal(a.damage.total, 3)
})

test('pf1e coup de grace on a target below 0 HP with no listed condition (PRD › Helpless Defenders; docs/rules.md §71)', async () => {
  // 1d8 ×2: 4 + 4 = 8 leaves it at −11, alive until −12; DC 18; save d20 15 + Fort 1 + Con 12 (+1) = 17: dies.
  const res = await attack({
    ruleset: 'pf1e', mode: 'coup-de-grace', attacker, weapon: longsword,
    target: { ...defender({ max: 20, current: -3 }, { con: 12 }), baseSaves: { fortitude: 1 } },
    dice: { sequence: [4, 4, 15] }
  })
  assert.deepEqual([res.attacks[0].critical, res.attacks[0].damage.total], [true, 8])
  assert.deepEqual([res.coupDeGrace.dc, res.coupDeGrace.roll, res.coupDeGrace.total, res.coupDeGrace.survived], [18, 15, 17, false])
})

test('variant dying target (damage 20 of 20 HP) is unconscious and helpless: AC 5 (variant › Conditions › Dying, Unconscious; Helpless Defenders; docs/rules.md §71)', async () => {
  // Helpless: Dex as −5, −4 against melee, and no off-guard −2 on top: 10 + 4 − 5 − 4 = 5.
  const res = await attack({ ruleset: 'variant', attacker, target: defender({ max: 20, current: 0 }), weapon: longsword, dice: { sequence: [8, 3] } })
  const a = res.attacks[0]
  assert.deepEqual([a.targetAC, a.total, a.hit], [5, 8, true])
})

test('variant coup de grace on a dying target with no listed condition: +4 against the helpless AC, then a Death save DC 10 + damage (variant › Coup de Grace; docs/rules.md §71)', async () => {
  // Attack d20 10 + 4 = 14 against AC 5: hit; 1d8 → 5, and the helpless target is off-guard, so the
  // sneak attack 1d6 → 4 (variant › Sneak Attacks) makes 9; DC 19; Death save d20 10 + 1 = 11: fails.
  const res = await attack({
    ruleset: 'variant', mode: 'coup-de-grace', attacker, weapon: longsword,
    target: { ...defender({ max: 20, current: 0 }), baseSaves: { death: 1 } },
    dice: { sequence: [10, 5, 4, 10] }
  })
  const a = res.attacks[0]
  assert.deepEqual([a.attackBonus, a.targetAC, a.total, a.hit, a.damage.total], [4, 5, 14, true, 9])
  assert.deepEqual([res.coupDeGrace.dc, res.coupDeGrace.total, res.coupDeGrace.survived], [19, 11, false])
})
