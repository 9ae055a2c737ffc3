// Independent check of POST /v1/attacks and /v1/attacks/odds: every expected number below was
// derived by hand from docs/rules.md §P1–2 and the published rules, not read from the implementation.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { Dice } from '../../src/rules/dice/roller.js'
import { DomainError } from '../../src/rules/errors.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveAttackAction } from '../../src/rules/attacks/resolve.js'
import type { AttackRequest } from '../../src/rules/attacks/request.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

type Body = Record<string, unknown>
interface Entry { value: number, applied: boolean }
interface Roll { purpose: string, die: number, result: number }

const longsword = { name: 'longsword', type: 'melee', damage: '1d8', critRange: 19 }
const shortbow = { name: 'shortbow', type: 'ranged', damage: '1d6', rangeIncrement: 60, critMultiplier: 3, strengthToDamage: 'penalty-only' }
const target = (armor = 0, extra: Body = {}): Body => ({ name: 'target', armorClass: { armor }, ...extra })

// BAB is required (a missing field the rules need is a 422, OpenAPI › Combatant): default it to 0 here.
const withBab = (body: Body): Body => {
  const attacker = body.attacker as Body | undefined
  return attacker === undefined || 'baseAttackBonus' in attacker ? body : { ...body, attacker: { baseAttackBonus: 0, ...attacker } }
}
async function attack (raw: Body, status = 200) {
  const body = withBab(raw)
  const res = await request(app.server).post('/v1/attacks').send(body)
  assert.equal(res.status, status, JSON.stringify(res.body))
  return res.body
}
async function odds (raw: Body, status = 200) {
  const body = withBab(raw)
  const res = await request(app.server).post('/v1/attacks/odds').send(body)
  assert.equal(res.status, status, JSON.stringify(res.body))
  return res.body
}
const applied = (breakdown: Entry[]) => breakdown.filter((e) => e.applied).reduce((s, e) => s + e.value, 0)
const dice = (rolls: Roll[]) => rolls.map((r) => [r.purpose, r.die, r.result])

// ---------- range (SRD 3.5 › Attack Bonus › Range Penalty; docs/rules.md §14; SRD 3.5 › Attack › Ranged Attacks) ----------

test('SRD 3.5 › Range Penalty: shortbow (increment 60) at 200 ft is −6, at 59 ft 0', async () => {
  const attacker = { baseAttackBonus: 5 }
  const far = await attack({ ruleset: 'dnd35', attacker, target: target(), weapon: shortbow, options: { distanceFeet: 200 }, dice: { sequence: [10, 3] } })
  assert.equal(far.attacks[0].attackBonus, -1)
  assert.equal(applied(far.attacks[0].attackBreakdown), -1)
  const near = await attack({ ruleset: 'dnd35', attacker, target: target(), weapon: shortbow, options: { distanceFeet: 59 }, dice: { sequence: [10, 3] } })
  assert.equal(near.attacks[0].attackBonus, 5)
})

test('docs/rules.md §14: at exactly one increment (60 ft) pf1e has no penalty, dnd35 has −2', async () => {
  const body = { attacker: { baseAttackBonus: 5 }, target: target(), weapon: shortbow, options: { distanceFeet: 60 }, dice: { sequence: [10, 3] } }
  assert.equal((await attack({ ...body, ruleset: 'pf1e' })).attacks[0].attackBonus, 5)
  assert.equal((await attack({ ...body, ruleset: 'dnd35' })).attacks[0].attackBonus, 3)
  // pf1e 61 ft: one fraction of an increment beyond the first: −2
  assert.equal((await attack({ ...body, ruleset: 'pf1e', options: { distanceFeet: 61 } })).attacks[0].attackBonus, 3)
})

test('SRD 3.5 › Ranged Attacks: projectiles reach 10 increments, thrown weapons 5; beyond is a 422', async () => {
  const base = { ruleset: 'dnd35', attacker: { baseAttackBonus: 5 }, target: target(), dice: { sequence: [10, 3] } }
  await attack({ ...base, weapon: shortbow, options: { distanceFeet: 600 } })
  assertProblem(await attack({ ...base, weapon: shortbow, options: { distanceFeet: 601 } }, 422), { type: '/problems/out-of-range', path: '/options/distanceFeet' })
  const dagger = { name: 'dagger', type: 'thrown', damage: '1d4', rangeIncrement: 10 }
  await attack({ ...base, weapon: dagger, options: { distanceFeet: 50 } })
  assertProblem(await attack({ ...base, weapon: dagger, options: { distanceFeet: 51 } }, 422), { type: '/problems/out-of-range', path: '/options/distanceFeet' })
})

// ---------- threats and confirmation (SRD 3.5 › Attack Roll; SRD 3.5 › Critical Hits) ----------

const fighter = { baseAttackBonus: 5, abilities: { str: 14 } } // +7 to hit, +2 damage

test('SRD 3.5 › Critical Hits: a 19 with a 19–20 longsword threatens; confirmation 10 (17 ≥ 15) doubles the damage', async () => {
  const res = await attack({ ruleset: 'dnd35', attacker: fighter, target: target(5), weapon: longsword, dice: { sequence: [19, 10, 5, 3] } })
  const a = res.attacks[0]
  assert.equal(a.label, 'primary 1')
  assert.equal(a.attackBonus, 7)
  assert.equal(a.targetAC, 15)
  assert.equal(a.acType, 'normal')
  assert.equal(applied(a.acBreakdown) + 10, 15)
  assert.equal(a.roll, 19)
  assert.equal(a.total, 26)
  assert.deepEqual([a.hit, a.threat, a.critical], [true, true, true])
  assert.deepEqual(a.confirmation, { roll: 10, total: 17, confirmed: true })
  assert.equal(a.missChance, null)
  // (5 + 2) + (3 + 2): the Strength bonus is rolled with each multiple
  assert.deepEqual({ ...a.damage, breakdown: undefined }, { total: 12, lethal: 12, nonlethal: 0, multiplier: 2, breakdown: undefined })
  assert.equal(applied(a.damage.breakdown), 12)
  assert.deepEqual(res.totals, { damage: 12, lethal: 12, nonlethal: 0, hits: 1, criticals: 1 })
  assert.deepEqual(dice(res.rolls), [['attack', 20, 19], ['confirm', 20, 10], ['damage', 8, 5], ['damage', 8, 3]])
  assert.equal(res.ruleset, 'dnd35')
  assert.ok(res.seed !== undefined)
})

test('SRD 3.5 › Critical Hits: a confirmation of 7 (14 < 15) leaves a normal hit', async () => {
  const res = await attack({ ruleset: 'dnd35', attacker: fighter, target: target(5), weapon: longsword, dice: { sequence: [19, 7, 5] } })
  const a = res.attacks[0]
  assert.deepEqual([a.hit, a.threat, a.critical], [true, true, false])
  assert.deepEqual(a.confirmation, { roll: 7, total: 14, confirmed: false })
  assert.equal(a.damage.total, 7)
  assert.equal(a.damage.multiplier, 1)
  assert.deepEqual(res.totals, { damage: 7, lethal: 7, nonlethal: 0, hits: 1, criticals: 0 })
  assert.equal(res.rolls.length, 3)
})

test('SRD 3.5 › Increased Threat Range: a 19 that misses (26 < AC 30) is no threat and rolls no confirmation', async () => {
  const res = await attack({ ruleset: 'dnd35', attacker: fighter, target: target(20), weapon: longsword, dice: { sequence: [19] } })
  const a = res.attacks[0]
  assert.deepEqual([a.hit, a.threat, a.critical, a.confirmation, a.damage], [false, false, false, null, null])
  assert.deepEqual(dice(res.rolls), [['attack', 20, 19]])
  assert.deepEqual(res.totals, { damage: 0, lethal: 0, nonlethal: 0, hits: 0, criticals: 0 })
})

test('SRD 3.5 › Attack Roll: a natural 20 hits AC 50 and threatens, but confirms only when the confirmation total reaches 50', async () => {
  const weak = await attack({ ruleset: 'dnd35', attacker: fighter, target: target(40), weapon: longsword, dice: { sequence: [20, 20, 4] } })
  assert.equal(weak.attacks[0].hit, true)
  assert.equal(weak.attacks[0].threat, true)
  assert.deepEqual(weak.attacks[0].confirmation, { roll: 20, total: 27, confirmed: false })
  assert.equal(weak.attacks[0].damage.total, 6)
  const strong = { ruleset: 'dnd35', attacker: fighter, target: target(40), weapon: longsword, options: { attackModifiers: [{ value: 23, source: 'test' }] } }
  const missBy1 = await attack({ ...strong, dice: { sequence: [20, 19, 4] } })
  assert.deepEqual(missBy1.attacks[0].confirmation, { roll: 19, total: 49, confirmed: false })
  const exactly = await attack({ ...strong, dice: { sequence: [20, 20, 4, 4] } })
  assert.deepEqual(exactly.attacks[0].confirmation, { roll: 20, total: 50, confirmed: true })
  assert.equal(exactly.attacks[0].critical, true)
  assert.equal(exactly.attacks[0].damage.total, 12)
})

test('SRD 3.5 › Attack Roll: a natural 1 misses with +50, and a natural 1 on the confirmation fails', async () => {
  const huge = { ruleset: 'dnd35', attacker: { baseAttackBonus: 20, abilities: { str: 30 } }, target: target(5), weapon: longsword, options: { attackModifiers: [{ value: 20, source: 'test' }] } }
  const one = await attack({ ...huge, dice: { sequence: [1] } })
  assert.equal(one.attacks[0].attackBonus, 50)
  assert.equal(one.attacks[0].hit, false)
  assert.equal(one.attacks[0].damage, null)
  const confirmOne = await attack({ ...huge, dice: { sequence: [20, 1, 4] } })
  assert.deepEqual(confirmOne.attacks[0].confirmation, { roll: 1, total: 51, confirmed: false })
  assert.equal(confirmOne.attacks[0].critical, false)
  assert.equal(confirmOne.attacks[0].damage.total, 14) // 4 + Str 30 (+10)
})

test('SRD 3.5 › Multiplying Damage + OpenAPI › Dice order: a flaming critical rolls the 1d6 fire once, after the weapon dice and the d%', async () => {
  const flaming = { ...longsword, extraDamage: [{ dice: '1d6', type: 'fire' }] }
  const res = await attack({
    ruleset: 'dnd35', attacker: fighter, target: target(5), weapon: flaming,
    options: { concealment: 'concealment' }, dice: { sequence: [19, 15, 50, 4, 6, 3] }
  })
  const a = res.attacks[0]
  assert.deepEqual(dice(res.rolls), [['attack', 20, 19], ['confirm', 20, 15], ['miss-chance', 100, 50], ['damage', 8, 4], ['damage', 8, 6], ['extra-damage', 6, 3]])
  assert.deepEqual(a.missChance, { percent: 20, roll: 50, missed: false })
  assert.equal(a.damage.total, 17) // (4+2) + (6+2) + 3 fire
  assert.equal(applied(a.damage.breakdown), 17)
})

// ---------- Strength to damage (SRD 3.5 › Damage; PRD › Damage; docs/rules.md §19; docs/rules.md §21) ----------

const hitOnce = (attacker: Body, weapon: Body, damageDice: number[], ruleset = 'dnd35', options: Body = {}) =>
  attack({ ruleset, attacker, target: target(), weapon, options, dice: { sequence: [15, ...damageDice] } })

test('SRD 3.5 › Damage: two-handed Str 17 adds 1½ × 3 = 4 (rounded down)', async () => {
  const res = await hitOnce({ abilities: { str: 17 } }, { name: 'greatsword', damage: '2d6', category: 'two-handed' }, [3, 4])
  assert.equal(res.attacks[0].damage.total, 11)
})

test('SRD 3.5 › Damage: a light weapon in two hands adds only Str (+3), not 1½', async () => {
  const res = await hitOnce({ abilities: { str: 17 } }, { name: 'handaxe', damage: '1d6', category: 'light', wielded: 'two-hands' }, [2])
  assert.equal(res.attacks[0].damage.total, 5)
})

test('docs/rules.md §19: two-handed Str 8 takes −1, not multiplied', async () => {
  const res = await hitOnce({ abilities: { str: 8 } }, { name: 'greatsword', damage: '2d6', category: 'two-handed' }, [3, 4])
  assert.equal(res.attacks[0].damage.total, 6)
})

test('SRD 3.5 › Damage: an off-hand Str 16 adds ½ × 3 = +1; docs/rules.md §19: a Str 8 off hand takes the full −1', async () => {
  const strong = await hitOnce({ abilities: { str: 16 } }, { name: 'short sword', damage: '1d6', category: 'light', wielded: 'off-hand' }, [4])
  assert.equal(strong.attacks[0].damage.total, 5)
  const weak = await hitOnce({ abilities: { str: 8 } }, { name: 'short sword', damage: '1d6', category: 'light', wielded: 'off-hand' }, [4])
  assert.equal(weak.attacks[0].damage.total, 3)
})

test('SRD 3.5 › Damage: a bow takes the Str 8 penalty (−1) but no Str 14 bonus', async () => {
  const weak = await hitOnce({ abilities: { str: 8 } }, shortbow, [4])
  assert.equal(weak.attacks[0].damage.total, 3)
  const strong = await hitOnce({ abilities: { str: 14 } }, shortbow, [4])
  assert.equal(strong.attacks[0].damage.total, 4)
})

test('SRD35 › Equipment: a composite bow (rating 2) caps Str 18 (+4) at +2; a crossbow adds no Str', async () => {
  const composite = await hitOnce({ abilities: { str: 18 } }, { name: 'composite longbow', type: 'ranged', damage: '1d8', rangeIncrement: 110, compositeRating: 2 }, [4])
  assert.equal(composite.attacks[0].damage.total, 6)
  const crossbow = await hitOnce({ abilities: { str: 18 } }, { name: 'light crossbow', type: 'ranged', damage: '1d8', rangeIncrement: 80 }, [4])
  assert.equal(crossbow.attacks[0].damage.total, 4)
})

test('minimum damage: dnd35 1 lethal (SRD 3.5 › Damage), pf1e 1 nonlethal (PRD › Damage), variant 1 (variant › Damage)', async () => {
  const weakling = { abilities: { str: 3 } } // −4
  const club = { name: 'club', damage: '1d4' }
  const d35 = (await hitOnce(weakling, club, [1], 'dnd35')).attacks[0].damage
  assert.deepEqual([d35.total, d35.lethal, d35.nonlethal], [1, 1, 0])
  const pf = (await hitOnce(weakling, club, [1], 'pf1e')).attacks[0].damage
  assert.deepEqual([pf.total, pf.lethal, pf.nonlethal], [1, 0, 1])
  const va = (await hitOnce(weakling, club, [1], 'variant')).attacks[0].damage
  assert.equal(va.total, 1)
})

// ---------- helpless, full attack, two-weapon fighting ----------

test('SRD 3.5 › Helpless Defenders: Dex 14 armor 2 helpless is AC 3 against melee (−5 Dex, −4) and 7 against ranged', async () => {
  const helpless = target(2, { abilities: { dex: 14 }, conditions: ['helpless'] })
  const melee = await attack({ ruleset: 'dnd35', attacker: {}, target: helpless, weapon: longsword, dice: { sequence: [2] } })
  assert.equal(melee.attacks[0].targetAC, 3)
  assert.equal(applied(melee.attacks[0].acBreakdown) + 10, 3)
  const ranged = await attack({ ruleset: 'dnd35', attacker: {}, target: helpless, weapon: shortbow, dice: { sequence: [2] } })
  assert.equal(ranged.attacks[0].targetAC, 7)
  assert.equal(applied(ranged.attacks[0].acBreakdown) + 10, 7)
})

test('SRD 3.5 › Full Attack; docs/rules.md §26: BAB +11 attacks at +11/+6/+1, BAB +16 at +16/+11/+6/+1, in that order', async () => {
  const three = await attack({ ruleset: 'dnd35', mode: 'full', attacker: { baseAttackBonus: 11 }, target: target(), weapon: longsword, dice: { sequence: [1, 1, 1] } })
  assert.deepEqual(three.attacks.map((a: { attackBonus: number }) => a.attackBonus), [11, 6, 1])
  assert.deepEqual(three.attacks.map((a: { label: string }) => a.label), ['primary 1', 'primary 2', 'primary 3'])
  const four = await attack({ ruleset: 'pf1e', mode: 'full', attacker: { baseAttackBonus: 16 }, target: target(), weapon: longsword, dice: { sequence: [1, 1, 1, 1] } })
  assert.deepEqual(four.attacks.map((a: { attackBonus: number }) => a.attackBonus), [16, 11, 6, 1])
  assert.equal(four.rolls.length, 4)
})

test('SRD 3.5 › Two-Weapon Fighting: −6/−10, light off hand −4/−8, feat −4/−4, light + feat −2/−2', async () => {
  const oneHanded = { name: 'longsword', damage: '1d8' }
  const light = { name: 'short sword', damage: '1d6', category: 'light' }
  const cases: Array<[Body, string[], number[]]> = [
    [oneHanded, [], [-6, -10]],
    [light, [], [-4, -8]],
    [oneHanded, ['two-weapon-fighting'], [-4, -4]],
    [light, ['two-weapon-fighting'], [-2, -2]]
  ]
  for (const [offHand, feats, expected] of cases) {
    const res = await attack({ ruleset: 'dnd35', mode: 'full', attacker: { baseAttackBonus: 0, feats }, target: target(), weapon: longsword, offHand, dice: { sequence: [1, 1] } })
    assert.deepEqual(res.attacks.map((a: { attackBonus: number }) => a.attackBonus), expected, JSON.stringify({ offHand, feats }))
    assert.deepEqual(res.attacks.map((a: { label: string }) => a.label), ['primary 1', 'off-hand 1'])
  }
})

test('SRD 3.5 › Two-Weapon Fighting: Str 16 off-hand damage +1, and each attack rolls its own dice before the next', async () => {
  const res = await attack({
    ruleset: 'dnd35', mode: 'full', attacker: { abilities: { str: 16 } }, target: target(), weapon: { name: 'longsword', damage: '1d8' },
    offHand: { name: 'short sword', damage: '1d6', category: 'light' }, dice: { sequence: [18, 5, 18, 4] }
  })
  assert.deepEqual(dice(res.rolls), [['attack', 20, 18], ['damage', 8, 5], ['attack', 20, 18], ['damage', 6, 4]])
  assert.deepEqual(res.attacks.map((a: { attackBonus: number }) => a.attackBonus), [-1, -5]) // +3 Str −4 / −8
  assert.deepEqual(res.attacks.map((a: { damage: { total: number } }) => a.damage.total), [8, 5])
  assert.deepEqual(res.totals, { damage: 13, lethal: 13, nonlethal: 0, hits: 2, criticals: 0 })
})

// ---------- concealment and cover (SRD 3.5 › Concealment; SRD 3.5 › Cover; docs/rules.md §25) ----------

test('SRD 3.5 › Concealment: 20% misses on a d% of 20, hits on 21; no d% after a miss', async () => {
  const body = { ruleset: 'dnd35', attacker: {}, target: target(), weapon: longsword, options: { concealment: 'concealment' } }
  const missed = await attack({ ...body, dice: { sequence: [15, 20] } })
  assert.deepEqual(missed.attacks[0].missChance, { percent: 20, roll: 20, missed: true })
  assert.equal(missed.attacks[0].hit, false)
  assert.equal(missed.attacks[0].damage, null)
  assert.equal(missed.totals.hits, 0)
  const hit = await attack({ ...body, dice: { sequence: [15, 21, 5] } })
  assert.deepEqual(hit.attacks[0].missChance, { percent: 20, roll: 21, missed: false })
  assert.equal(hit.attacks[0].damage.total, 5)
  const whiff = await attack({ ...body, dice: { sequence: [2] } })
  assert.equal(whiff.attacks[0].missChance, null)
  assert.deepEqual(dice(whiff.rolls), [['attack', 20, 2]])
})

test('SRD 3.5 › Cover: +4 AC, improved +8, total cover is a 422', async () => {
  const body = { ruleset: 'dnd35', attacker: {}, target: target(), weapon: longsword, dice: { sequence: [2] } }
  assert.equal((await attack({ ...body, options: { cover: 'cover' } })).attacks[0].targetAC, 14)
  assert.equal((await attack({ ...body, options: { cover: 'improved' } })).attacks[0].targetAC, 18)
  assertProblem(await attack({ ...body, options: { cover: 'total' } }, 422), { type: '/problems/not-possible', path: '/options/cover' })
})

// ---------- variant ----------

test('variant › Attack Bonus / Armor Class: the variant has no size modifier', async () => {
  const res = await attack({ ruleset: 'variant', attacker: { size: 'small', baseAttackBonus: 2 }, target: target(0, { size: 'large' }), weapon: { name: 'mace', damage: '1d6' }, dice: { sequence: [2] } })
  assert.equal(res.attacks[0].attackBonus, 2)
  assert.equal(res.attacks[0].targetAC, 10)
  const d35 = await attack({ ruleset: 'dnd35', attacker: { size: 'small', baseAttackBonus: 2 }, target: target(0, { size: 'large' }), weapon: { name: 'mace', damage: '1d6' }, dice: { sequence: [2] } })
  assert.equal(d35.attacks[0].attackBonus, 3)
  assert.equal(d35.attacks[0].targetAC, 9)
})

test('variant › Critical Hits; docs/rules.md §17: a natural 20 is a ×2 critical with no confirmation, whatever critMultiplier says; BCB added to damage', async () => {
  const res = await attack({ ruleset: 'variant', attacker: { baseAttackBonus: 3 }, target: target(), weapon: { name: 'axe', damage: '1d8', critMultiplier: 3, critRange: 19 }, dice: { sequence: [20, 5, 2] } })
  const a = res.attacks[0]
  assert.deepEqual([a.hit, a.threat, a.critical, a.confirmation], [true, true, true, null])
  assert.equal(a.damage.multiplier, 2)
  assert.equal(a.damage.total, 13) // (5 + 3 BCB) + (2 + 3 BCB)
  assert.deepEqual(dice(res.rolls), [['attack', 20, 20], ['damage', 8, 5], ['damage', 8, 2]])
  const nineteen = await attack({ ruleset: 'variant', attacker: { baseAttackBonus: 3 }, target: target(), weapon: { name: 'axe', damage: '1d8', critRange: 19 }, dice: { sequence: [19, 5] } })
  assert.equal(nineteen.attacks[0].critical, false)
  assert.equal(nineteen.attacks[0].damage.total, 8)
})

test('variant › Damage: BCB is added to damage only when proficient', async () => {
  const body = { ruleset: 'variant', attacker: { baseAttackBonus: 3 }, target: target(), dice: { sequence: [15, 5] } }
  assert.equal((await attack({ ...body, weapon: { name: 'axe', damage: '1d8' } })).attacks[0].damage.total, 8)
  assert.equal((await attack({ ...body, weapon: { name: 'axe', damage: '1d8', proficient: false } })).attacks[0].damage.total, 5)
})

test('variant › Full Attack absent; docs/rules.md §28: mode full and offHand are 422 rule-not-defined in variant', async () => {
  const base = { ruleset: 'variant', attacker: { baseAttackBonus: 11 }, target: target(), weapon: longsword }
  const full = await attack({ ...base, mode: 'full' }, 422)
  assertProblem(full, { type: '/problems/rule-not-defined', path: '/mode' })
  const off = await attack({ ...base, mode: 'full', offHand: { name: 'dagger', damage: '1d4', category: 'light' } }, 422)
  // the full attack is refused first; an off hand alone is refused at /offHand (attacks.test.ts)
  assertProblem(off, { type: '/problems/rule-not-defined', path: '/mode' })
})

test('docs/rules.md §27: variant Swift Attack: BCB 5 counts as 1 for the attack and the damage', async () => {
  const res = await attack({ ruleset: 'variant', attacker: { baseAttackBonus: 5 }, target: target(), weapon: { name: 'axe', damage: '1d8' }, options: { swiftAttack: true }, dice: { sequence: [15, 5] } })
  assert.equal(res.attacks[0].attackBonus, 1)
  assert.equal(res.attacks[0].damage.total, 6)
  const swift = await attack({ ruleset: 'dnd35', attacker: { baseAttackBonus: 5 }, target: target(), weapon: longsword, options: { swiftAttack: true } }, 422)
  assertProblem(swift, { type: '/problems/rule-not-defined', path: '/options/swiftAttack' })
})

test('docs/rules.md §25: variant concealment stacks to 50%; dnd35 takes the highest', async () => {
  const body = { attacker: {}, target: target(), weapon: longsword, dice: { sequence: [15, 99, 5] } }
  const forty = await attack({ ...body, ruleset: 'variant', options: { concealment: 'concealment', missChance: 20 } })
  assert.equal(forty.attacks[0].missChance.percent, 40)
  const capped = await attack({ ...body, ruleset: 'variant', options: { concealment: 'concealment', missChance: 40 } })
  assert.equal(capped.attacks[0].missChance.percent, 50)
  const d35 = await attack({ ...body, ruleset: 'dnd35', options: { concealment: 'concealment', missChance: 40 } })
  assert.equal(d35.attacks[0].missChance.percent, 40)
})

// ---------- coup de grace (SRD 3.5 › Helpless Defenders; variant › Coup de Grace; docs/rules.md §29; docs/rules.md §30) ----------

test('SRD 3.5 › Coup de Grace: automatic critical, then Fortitude DC 10 + damage rolled after the damage dice', async () => {
  const res = await attack({
    ruleset: 'dnd35', mode: 'coup-de-grace', attacker: {}, weapon: { name: 'longsword', damage: '1d8' },
    target: target(0, { conditions: ['helpless'], baseSaves: { fortitude: 2 }, hitPoints: { max: 30, current: 30 } }),
    dice: { sequence: [5, 3, 10] }
  })
  const a = res.attacks[0]
  assert.equal(a.roll, null)
  assert.deepEqual([a.hit, a.critical], [true, true])
  assert.equal(a.damage.total, 8)
  assert.equal(a.damage.multiplier, 2)
  assert.deepEqual(dice(res.rolls), [['damage', 8, 5], ['damage', 8, 3], ['save', 20, 10]])
  assert.equal(res.coupDeGrace.dc, 18)
  assert.equal(res.coupDeGrace.roll, 10)
  assert.equal(res.coupDeGrace.total, 12)
  assert.equal(res.coupDeGrace.survived, false)
})

test('variant › Coup de Grace; docs/rules.md §30: variant rolls an attack at +4 against the helpless AC, then a Death save DC 10 + damage', async () => {
  const res = await attack({
    ruleset: 'variant', mode: 'coup-de-grace', attacker: {}, weapon: { name: 'axe', damage: '1d8' },
    target: target(0, { conditions: ['helpless'], baseSaves: { death: 1 }, hitPoints: { max: 30, current: 30 } }),
    dice: { sequence: [10, 5, 2, 10] }
  })
  const a = res.attacks[0]
  assert.equal(a.attackBonus, 4)
  assert.equal(a.targetAC, 1) // 10 − 5 (Dex as −5) − 4 (melee)
  assert.equal(a.total, 14)
  assert.equal(a.critical, false)
  // 5 on the d8 and 2 on the sneak attack d6: the helpless target is off-guard (variant › Sneak Attacks).
  assert.equal(a.damage.total, 7)
  assert.deepEqual(res.rolls.map((r: Roll) => [r.die, r.result]), [[20, 10], [8, 5], [6, 2], [20, 10]])
  assert.equal(res.coupDeGrace.dc, 17)
  assert.equal(res.coupDeGrace.total, 11)
  assert.equal(res.coupDeGrace.survived, false)
})

// ---------- multipliers and nonlethal (SRD 3.5 › Multiplying Damage; SRD 3.5 › Nonlethal Damage) ----------

test('SRD 3.5 › Multiplying Damage: a ×2 critical on a ×2 lance charge is ×3', async () => {
  const res = await attack({
    ruleset: 'dnd35', attacker: {}, target: target(), weapon: { name: 'lance', damage: '1d8' },
    options: { charging: true, damageMultiplier: 2 }, dice: { sequence: [20, 10, 1, 2, 3] }
  })
  const a = res.attacks[0]
  assert.equal(a.attackBonus, 2)
  assert.deepEqual(a.confirmation, { roll: 10, total: 12, confirmed: true })
  assert.equal(a.damage.multiplier, 3)
  assert.equal(a.damage.total, 6)
  assert.equal(res.rolls.length, 5)
})

test('SRD 3.5 › Nonlethal Damage: switching a lethal weapon to nonlethal costs −4 and deals nonlethal damage', async () => {
  const res = await attack({ ruleset: 'dnd35', attacker: { baseAttackBonus: 5 }, target: target(), weapon: { name: 'longsword', damage: '1d8' }, options: { nonlethal: true }, dice: { sequence: [15, 5] } })
  const a = res.attacks[0]
  assert.equal(a.attackBonus, 1)
  assert.equal(applied(a.attackBreakdown), 1)
  assert.deepEqual([a.damage.total, a.damage.lethal, a.damage.nonlethal], [5, 0, 5])
  assert.deepEqual(res.totals, { damage: 5, lethal: 0, nonlethal: 5, hits: 1, criticals: 0 })
})

// ---------- odds (OpenAPI › POST /v1/attacks/odds) ----------

const sum = (list: Array<{ probability: number }>) => list.reduce((s, o) => s + o.probability, 0)

test('odds: +5 against AC 15 hits 11/20; ×2 crits on 20 confirm 11/20; expected damage by hand', async () => {
  const res = await odds({ ruleset: 'dnd35', attacker: { baseAttackBonus: 5 }, target: target(5), weapon: { name: 'longsword', damage: '1d8' } })
  const a = res.attacks[0]
  assert.ok(Math.abs(a.hitChance - 0.55) < 1e-12)
  assert.ok(Math.abs(a.critChance - 0.05 * 0.55) < 1e-12)
  // normal hits 0.5225 × 4.5 + criticals 0.0275 × 9
  assert.ok(Math.abs(a.expectedDamage - 2.59875) < 1e-9)
  assert.ok(Math.abs(sum(a.damageDistribution) - 1) < 1e-9)
  assert.ok(Math.abs(a.damageDistribution[0].probability - 0.45) < 1e-12)
  assert.ok(Math.abs(sum(res.distribution) - 1) < 1e-9)
  assert.equal(res.dropChance, null)
})

test('odds: a 19–20 weapon threatens 2/20; dnd35 drop and kill chances at 5 HP', async () => {
  const res = await odds({ ruleset: 'dnd35', attacker: { baseAttackBonus: 5 }, target: target(5, { hitPoints: { max: 5, current: 5 } }), weapon: { name: 'longsword', damage: '1d8', critRange: 19 } })
  const a = res.attacks[0]
  assert.ok(Math.abs(a.critChance - 0.1 * 0.55) < 1e-12)
  assert.ok(Math.abs(a.expectedDamage - (0.495 * 4.5 + 0.055 * 9)) < 1e-9)
  // drop = below 0 HP: normal hit 6–8 on 1d8 (3/8), critical 2d8 ≥ 6 (54/64)
  assert.ok(Math.abs(res.dropChance - (0.495 * 3 / 8 + 0.055 * 54 / 64)) < 1e-9)
  // dead at −10: 15+ damage, only 2d8 of 15 or 16 (3/64)
  assert.ok(Math.abs(res.killChance - 0.055 * 3 / 64) < 1e-9)
  assert.ok(Math.abs(sum(res.distribution) - 1) < 1e-9)
})

test('odds: 20% concealment scales the hit chance by 0.8', async () => {
  const res = await odds({ ruleset: 'pf1e', attacker: { baseAttackBonus: 5 }, target: target(5), weapon: { name: 'longsword', damage: '1d8' }, options: { concealment: 'concealment' } })
  assert.ok(Math.abs(res.attacks[0].hitChance - 0.55 * 0.8) < 1e-12)
  assert.ok(Math.abs(sum(res.distribution) - 1) < 1e-9)
})

// ---------- bounded work (OpenAPI › Limits: never a 500, nothing slow) ----------

test('an action that could roll more than 10,000 damage dice is a 422 before any die', async () => {
  const huge = Array(20).fill('1000d1000').join('+')
  const body = {
    mode: 'full' as const, attacker: { baseAttackBonus: 20 }, target: target(),
    weapon: { name: 'absurd', damage: huge, critMultiplier: 6, extraDamage: Array(10).fill({ dice: huge }) }, options: { damageMultiplier: 6 }
  }
  const res = await attack({ ruleset: 'dnd35', ...body }, 422)
  assertProblem(res, { type: '/problems/out-of-range', path: '/weapon/damage' })
  // Counted before any die: the rules refuse it with no die drawn (work counted, never timed).
  const dice = new Dice({ seed: 1 })
  assert.throws(() => resolveAttackAction(getRuleset('dnd35'), body as AttackRequest, dice), (e: unknown) => e instanceof DomainError && e.kind === 'out-of-range')
  assert.equal(dice.rolls.length, 0)
  // 1000d6 ×2 on a critical is 2,000 dice: still rolled
  const big = await attack({ ruleset: 'dnd35', attacker: {}, target: target(), weapon: { name: 'big', damage: '1000d6' }, dice: { sequence: [20, 15] } })
  assert.equal(big.rolls.length, 2002) // attack, confirm, 2 × 1000d6
})

// ---------- odds: drop and kill follow the hit-points rules (docs/rules.md §P6) ----------

test('odds docs/rules.md §P6.1: a dnd35 creature without Con (undead) is destroyed at 0 HP', async () => {
  const res = await odds({ ruleset: 'dnd35', attacker: { baseAttackBonus: 5 }, target: target(5, { abilities: { con: null }, hitPoints: { max: 5 } }), weapon: { name: 'mace', damage: '1d8' } })
  // 5+ damage: a normal hit 5–8 on 1d8 (4/8), a critical 2d8 ≥ 5 (58/64)
  const kill = 0.5225 * 4 / 8 + 0.0275 * 58 / 64
  assert.ok(Math.abs(res.killChance - kill) < 1e-9, String(res.killChance))
  assert.ok(Math.abs(res.dropChance - kill) < 1e-9, String(res.dropChance))
})

// A hit of exactly 10 (1d1 + 9), 20 on the variant's natural-20 critical; +0 against AC 10: 10/20 normal hits, 1/20 critical.
const tenPerHit = { name: 'maul', damage: '1d1' }
const plusNine = { damageModifiers: [{ value: 9, source: 'test' }] }

test('odds docs/rules.md §P6.3: variant Death save at D ≥ HP, DC 10 + ⌊(D − HP)/2⌋; failure drops, failure by 10 kills', async () => {
  const res = await odds({ ruleset: 'variant', attacker: { baseAttackBonus: 0 }, target: target(0, { hitPoints: { max: 10 }, baseSaves: { death: 0 } }), weapon: tenPerHit, options: plusNine })
  // normal: D 10, DC 10: fails on 1–9 (dying), never by 10; critical: D 20, DC 15: fails 1–14, by 10 on 1–5
  assert.ok(Math.abs(res.dropChance - (0.5 * 9 / 20 + 0.05 * 14 / 20)) < 1e-9, String(res.dropChance))
  assert.ok(Math.abs(res.killChance - 0.05 * 5 / 20) < 1e-9, String(res.killChance))
})

test('odds docs/rules.md §P6.3: a staggered variant creature hit by lethal damage is dying whatever the save, dead on a failure by 10', async () => {
  const res = await odds({ ruleset: 'variant', attacker: { baseAttackBonus: 0 }, target: target(0, { hitPoints: { max: 10, current: 0, status: 'staggered' }, baseSaves: { death: 0 } }), weapon: tenPerHit, options: plusNine })
  // normal: D 20, DC 15, dead on 1–5; critical: D 30, DC 20, dead on 1–10
  assert.ok(Math.abs(res.dropChance - 0.55) < 1e-9, String(res.dropChance))
  assert.ok(Math.abs(res.killChance - (0.5 * 5 / 20 + 0.05 * 10 / 20)) < 1e-9, String(res.killChance))
})

// ---------- situational modifiers and AC per ruleset (docs/rules.md §P1.4, §P2.1, §P2.6, §P2.11) ----------

const bonusAndAc = async (body: Body) => {
  const a = (await attack({ dice: { sequence: [2] }, ...body })).attacks[0]
  assert.equal(applied(a.attackBreakdown), a.attackBonus)
  assert.equal(applied(a.acBreakdown) + 10, a.targetAC)
  return [a.attackBonus, a.targetAC]
}

test('docs/rules.md §P1.4: helpless, off-guard and invisible attackers per ruleset', async () => {
  const dex14 = (conditions: string[]) => target(2, { abilities: { dex: 14 }, conditions })
  const sword = { name: 'sword', damage: '1d8' }
  const bow = { name: 'longbow', type: 'ranged', damage: '1d8', rangeIncrement: 100 }
  // variant › Helpless Defenders: −4 melee, Dex as −5, no off-guard −2
  assert.deepEqual(await bonusAndAc({ ruleset: 'variant', attacker: {}, target: dex14(['helpless']), weapon: sword }), [0, 3])
  assert.deepEqual(await bonusAndAc({ ruleset: 'variant', attacker: {}, target: dex14(['helpless']), weapon: bow }), [0, 7])
  // PRD › Helpless Defenders: −9 melee, −5 ranged for a Dex 10 creature
  assert.deepEqual(await bonusAndAc({ ruleset: 'pf1e', attacker: {}, target: target(0, { conditions: ['helpless'] }), weapon: sword }), [0, 1])
  assert.deepEqual(await bonusAndAc({ ruleset: 'pf1e', attacker: {}, target: target(0, { conditions: ['helpless'] }), weapon: bow }), [0, 5])
  // variant › Off-Guard: −2 and no Dex
  assert.deepEqual(await bonusAndAc({ ruleset: 'variant', attacker: {}, target: dex14(['off-guard']), weapon: sword }), [0, 10])
  // SRD 3.5 table: invisible attacker +2, defender loses Dex; variant: off-guard only, no +2
  assert.deepEqual(await bonusAndAc({ ruleset: 'dnd35', attacker: { conditions: ['invisible'] }, target: dex14([]), weapon: sword, dice: { sequence: [2, 50] } }), [2, 12])
  assert.deepEqual(await bonusAndAc({ ruleset: 'variant', attacker: { conditions: ['invisible'] }, target: dex14([]), weapon: sword, dice: { sequence: [2, 50] } }), [0, 10])
})

test('docs/rules.md §P2.1–2.2: finesse needs the feat in dnd35; shooting into melee −4 unless Precise Shot; flanking is melee only', async () => {
  const rapier = { name: 'rapier', damage: '1d6', finesse: true }
  assert.deepEqual(await bonusAndAc({ ruleset: 'dnd35', attacker: { abilities: { dex: 16 }, feats: ['weapon-finesse'] }, target: target(), weapon: rapier }), [3, 10])
  assert.deepEqual(await bonusAndAc({ ruleset: 'dnd35', attacker: { abilities: { dex: 16 } }, target: target(), weapon: rapier }), [0, 10])
  const bow = { name: 'longbow', type: 'ranged', damage: '1d8', rangeIncrement: 100 }
  assert.deepEqual(await bonusAndAc({ ruleset: 'dnd35', attacker: {}, target: target(), weapon: bow, options: { shootingIntoMelee: true } }), [-4, 10])
  assert.deepEqual(await bonusAndAc({ ruleset: 'dnd35', attacker: { feats: ['precise-shot'] }, target: target(), weapon: bow, options: { shootingIntoMelee: true } }), [0, 10])
  assert.deepEqual(await bonusAndAc({ ruleset: 'dnd35', attacker: {}, target: target(), weapon: bow, options: { flanking: true } }), [0, 10])
  assert.deepEqual(await bonusAndAc({ ruleset: 'dnd35', attacker: {}, target: target(), weapon: rapier, options: { flanking: true } }), [2, 10])
})

test('docs/rules.md §P2.6: an unarmed strike is 1d3 nonlethal; lethal costs −4 unless Improved Unarmed Strike', async () => {
  const fist = { name: 'fist', unarmed: true }
  const plain = (await attack({ ruleset: 'dnd35', attacker: {}, target: target(), weapon: fist, dice: { sequence: [15, 3] } })).attacks[0]
  assert.deepEqual([plain.attackBonus, plain.damage.lethal, plain.damage.nonlethal], [0, 0, 3])
  assert.deepEqual(dice((await attack({ ruleset: 'dnd35', attacker: {}, target: target(), weapon: fist, dice: { sequence: [15, 3] } })).rolls), [['attack', 20, 15], ['damage', 3, 3]])
  const lethal = (await attack({ ruleset: 'dnd35', attacker: {}, target: target(), weapon: fist, options: { nonlethal: true }, dice: { sequence: [15, 3] } })).attacks[0]
  assert.deepEqual([lethal.attackBonus, lethal.damage.lethal, lethal.damage.nonlethal], [-4, 3, 0])
  const trained = (await attack({ ruleset: 'dnd35', attacker: { feats: ['improved-unarmed-strike'] }, target: target(), weapon: fist, options: { nonlethal: true }, dice: { sequence: [15, 3] } })).attacks[0]
  assert.deepEqual([trained.attackBonus, trained.damage.lethal], [0, 3])
})

test('docs/rules.md §30(b): a variant coup de grace with a bow is ranged: Dex as −5 but no melee −4', async () => {
  const res = await attack({
    ruleset: 'variant', mode: 'coup-de-grace', attacker: {}, weapon: { name: 'shortbow', type: 'ranged', damage: '1d6', rangeIncrement: 60 },
    target: target(0, { conditions: ['helpless'], baseSaves: { death: 0 } }), dice: { sequence: [10, 3, 1, 12] }
  })
  // 3 on the d6 and 1 on the sneak attack d6 (adjacent, within 30 ft: variant › Sneak Attacks).
  assert.deepEqual([res.attacks[0].attackBonus, res.attacks[0].targetAC, res.attacks[0].damage.total], [4, 5, 4])
  assert.deepEqual([res.coupDeGrace.dc, res.coupDeGrace.total, res.coupDeGrace.survived], [14, 12, false])
})

test('odds SRD 3.5 › Coup de Grace: 2d8 automatic critical, then Fortitude +0 against DC 10 + damage (natural 20 saves)', async () => {
  const res = await odds({ ruleset: 'dnd35', mode: 'coup-de-grace', attacker: {}, weapon: { name: 'longsword', damage: '1d8' }, target: target(0, { conditions: ['helpless'], baseSaves: { fortitude: 0 } }) })
  assert.equal(res.attacks[0].hitChance, 1)
  assert.equal(res.attacks[0].critChance, 1)
  assert.ok(Math.abs(res.expectedDamage - 9) < 1e-9)
  // P(2d8 = s) = (8 − |s − 9|) / 64; the save fails on min(19, DC − 1) faces of 20
  let kill = 0
  for (let s = 2; s <= 16; s++) kill += (8 - Math.abs(s - 9)) / 64 * Math.min(19, 10 + s - 1) / 20
  assert.ok(Math.abs(res.killChance - kill) < 1e-9, `${res.killChance} vs ${kill}`)
  assert.equal(res.dropChance, null)
})

test('a target whose hit points contradict themselves is a 422 inconsistent-fields naming the field, as in POST /v1/damage', async () => {
  // Each number fits the schema; together they do not (OpenAPI › Errors: a schema-valid body is never a 400).
  const inconsistent = (path: string) => ({ type: '/problems/inconsistent-fields' as const, path })
  const body = { ruleset: 'dnd35', attacker: {}, target: target(0, { hitPoints: { max: 5, current: 50 } }), weapon: longsword }
  assertProblem(await attack(body, 422), inconsistent('/target/hitPoints/current'))
  assertProblem(await odds(body, 422), inconsistent('/target/hitPoints/current'))
  const variant = await odds({ ruleset: 'variant', attacker: {}, target: target(0, { hitPoints: { max: 5, nonlethal: 3 } }), weapon: longsword }, 422)
  assertProblem(variant, inconsistent('/target/hitPoints/nonlethal'))
})

test('odds SRD 3.5 › Massive Damage: 60 damage from one hit calls for Fortitude DC 15 or death, whatever the hit points', async () => {
  // +0 against AC 0: only a natural 1 misses (19/20); no critical against a target immune to them
  const body = {
    ruleset: 'dnd35', attacker: {}, weapon: { name: 'maul', damage: '1d1' }, options: { damageModifiers: [{ value: 59, source: 'test' }] },
    target: { armorClass: { total: 0 }, feats: ['immune-to-critical-hits'], baseSaves: { fortitude: 2 }, abilities: { con: 10 }, hitPoints: { max: 1000 } }
  }
  const res = await odds(body)
  // Fortitude +2 fails DC 15 on 1–12
  assert.ok(Math.abs(res.killChance - 0.95 * 12 / 20) < 1e-12, String(res.killChance))
  assert.ok(Math.abs(res.dropChance - 0.95 * 12 / 20) < 1e-12, String(res.dropChance))
  // below the threshold (49) no save, so no Fortitude needed and no death
  const small = await odds({ ...body, options: { damageModifiers: [{ value: 48, source: 'test' }] }, target: { ...body.target, baseSaves: {} } })
  assert.equal(small.killChance, 0)
  // the variant has no massive damage (variant › Hit Points)
  const variant = await odds({ ...body, ruleset: 'variant', target: { ...body.target, hitPoints: { max: 1000 } } })
  assert.equal(variant.killChance, 0)
})
