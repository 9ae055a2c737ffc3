import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const fighter = { baseAttackBonus: 5, abilities: { str: 14 } }
const longsword = { name: 'longsword', damage: '1d8', critRange: 19, extraDamage: [{ dice: '1d6', type: 'fire' }] }

test('POST /v1/attacks returns every contract field, with rolls in the contract order (OpenAPI › POST /v1/attacks; SRD 3.5 › Critical Hits)', async () => {
  const res = await request(app.server).post('/v1/attacks').send({
    ruleset: 'dnd35',
    attacker: fighter,
    target: { armorClass: { armor: 5 } },
    weapon: longsword,
    options: { concealment: 'concealment' },
    dice: { sequence: [19, 8, 45, 5, 6, 3] }
  }).expect(200)
  assert.equal(res.body.ruleset, 'dnd35')
  assert.equal(typeof res.body.seed, 'string')
  const [a] = res.body.attacks
  assert.deepEqual(Object.keys(a).sort(), ['acBreakdown', 'acType', 'attackBonus', 'attackBreakdown', 'confirmation', 'critical', 'damage', 'hit', 'label', 'missChance', 'roll', 'targetAC', 'threat', 'total'].sort())
  assert.deepEqual([a.label, a.attackBonus, a.targetAC, a.acType, a.roll, a.total, a.hit, a.threat, a.critical], ['primary 1', 7, 15, 'normal', 19, 26, true, true, true])
  assert.deepEqual(a.confirmation, { roll: 8, total: 15, confirmed: true })
  assert.deepEqual(a.missChance, { percent: 20, roll: 45, missed: false })
  // 5 + 6 + 2 × 2 (Str on each roll) + 3 fire once.
  assert.deepEqual([a.damage.total, a.damage.lethal, a.damage.nonlethal, a.damage.multiplier], [18, 18, 0, 2])
  assert.equal(a.damage.breakdown.filter((b: { applied: boolean }) => b.applied).reduce((n: number, b: { value: number }) => n + b.value, 0), 18)
  assert.deepEqual(a.attackBreakdown[0], { source: 'base attack bonus', type: 'untyped', value: 5, applied: true })
  assert.deepEqual(a.acBreakdown, [{ source: 'armor', type: 'armor', value: 5, applied: true }])
  assert.deepEqual(res.body.totals, { damage: 18, lethal: 18, nonlethal: 0, hits: 1, criticals: 1 })
  assert.equal(res.body.coupDeGrace, null)
  assert.deepEqual(res.body.rolls, [
    { purpose: 'attack', die: 20, result: 19 },
    { purpose: 'confirm', die: 20, result: 8 },
    { purpose: 'miss-chance', die: 100, result: 45 },
    { purpose: 'damage', die: 8, result: 5 },
    { purpose: 'damage', die: 8, result: 6 },
    { purpose: 'extra-damage', die: 6, result: 3 }
  ])
})

test('a seed replays the same response; without a seed the response names the one it used', async () => {
  const body = { ruleset: 'pf1e', mode: 'full', attacker: { ...fighter, baseAttackBonus: 16 }, target: { armorClass: { total: 20 } }, weapon: longsword, seed: 'replay' }
  const a = await request(app.server).post('/v1/attacks').send(body).expect(200)
  const b = await request(app.server).post('/v1/attacks').send(body).expect(200)
  assert.deepEqual(a.body, b.body)
  assert.equal(a.body.attacks.length, 4)
  const { seed: _seed, ...unseeded } = body
  const c = await request(app.server).post('/v1/attacks').send(unseeded).expect(200)
  const d = await request(app.server).post('/v1/attacks').send({ ...unseeded, seed: c.body.seed }).expect(200)
  assert.deepEqual(c.body, d.body)
})

test('coup de grace over HTTP reports the save (OpenAPI: coupDeGrace { dc, roll, total, survived })', async () => {
  const res = await request(app.server).post('/v1/attacks').send({
    ruleset: 'dnd35',
    mode: 'coup-de-grace',
    attacker: fighter,
    target: { conditions: ['helpless'], baseSaves: { fortitude: 2 }, abilities: { con: 12 } },
    weapon: { name: 'longsword', damage: '1d8', critRange: 19 },
    dice: { sequence: [4, 5, 10] }
  }).expect(200)
  assert.deepEqual(res.body.coupDeGrace, {
    save: 'fortitude',
    dc: 23,
    roll: 10,
    bonus: 3,
    breakdown: [{ source: 'base fortitude save', type: 'untyped', value: 2, applied: true }, { source: 'Constitution', type: 'untyped', value: 1, applied: true }],
    total: 13,
    survived: false
  })
  assert.equal(res.body.attacks[0].roll, null)
  assert.deepEqual(res.body.rolls.map((r: { purpose: string }) => r.purpose), ['damage', 'damage', 'save'])
})

test('400: a misspelt weapon field is named by its path; 422: an off hand needs a full attack', async () => {
  const res = await request(app.server).post('/v1/attacks').send({ attacker: fighter, target: {}, weapon: { damage: '1d8', critRnage: 19 } }).expect(400)
  assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path), ['/weapon/critRnage'])
  // The schema allows an off hand in any mode; outside a full attack it does not fit: a 422, never a 400.
  assertProblem(await request(app.server).post('/v1/attacks').send({ attacker: fighter, target: {}, weapon: longsword, offHand: longsword }), { type: '/problems/inconsistent-fields', path: '/offHand' })
  const badDice = await request(app.server).post('/v1/attacks').send({ attacker: fighter, target: {}, weapon: { damage: '1d8+' } }).expect(400)
  assert.equal(badDice.body.errors[0].path, '/weapon/damage')
})

test('422: variant full attack and off hand are rule-not-defined; total cover; out of range; a bad die (docs/rules.md §P2.9, §28)', async () => {
  const full = await request(app.server).post('/v1/attacks').send({ ruleset: 'variant', mode: 'full', attacker: fighter, target: {}, weapon: longsword }).expect(422)
  assertProblem(full, { type: '/problems/rule-not-defined', path: '/mode' })
  const off = await request(app.server).post('/v1/attacks').send({ ruleset: 'variant', attacker: fighter, target: {}, weapon: longsword, offHand: longsword }).expect(422)
  assertProblem(off, { type: '/problems/rule-not-defined', path: '/offHand' })
  const cover = await request(app.server).post('/v1/attacks').send({ attacker: fighter, target: {}, weapon: longsword, options: { cover: 'total' } }).expect(422)
  assertProblem(cover, { type: '/problems/not-possible', path: '/options/cover' })
  const far = await request(app.server).post('/v1/attacks').send({ attacker: fighter, target: {}, weapon: { name: 'shortbow', type: 'ranged', damage: '1d6', rangeIncrement: 60 }, options: { distanceFeet: 700 } }).expect(422)
  assertProblem(far, { type: '/problems/out-of-range', path: '/options/distanceFeet' })
  // the 9 is the second die, the longsword's d8 (OpenAPI › dice.sequence)
  const die = await request(app.server).post('/v1/attacks').send({ attacker: fighter, target: {}, weapon: longsword, dice: { sequence: [15, 9] } }).expect(422)
  assertProblem(die, { type: '/problems/invalid-die-value', path: '/dice/sequence/1' })
  const missing = await request(app.server).post('/v1/attacks').send({ attacker: {}, target: {}, weapon: longsword }).expect(422)
  assertProblem(missing, { type: '/problems/missing-field', path: '/attacker/baseAttackBonus' })
})

test('POST /v1/attacks/odds: exact per-attack and action odds, rejecting seed and dice (OpenAPI › POST /v1/attacks/odds)', async () => {
  const body = { ruleset: 'dnd35', attacker: fighter, target: { armorClass: { total: 15 }, hitPoints: { max: 12 } }, weapon: { name: 'longsword', damage: '1d8', critRange: 19 } }
  const res = await request(app.server).post('/v1/attacks/odds').send(body).expect(200)
  assert.equal(res.body.ruleset, 'dnd35')
  const [a] = res.body.attacks
  assert.equal(a.hitChance, 0.65)
  assert.ok(Math.abs(a.critChance - 0.065) < 1e-12, 'critChance')
  assert.ok(Math.abs(a.expectedDamage - (0.585 * 6.5 + 0.065 * 13)) < 1e-12, 'expectedDamage')
  assert.deepEqual(a.damageDistribution[0], { damage: 0, probability: 0.35 })
  const sum = res.body.distribution.reduce((n: number, o: { probability: number }) => n + o.probability, 0)
  assert.ok(Math.abs(sum - 1) < 1e-9, 'sums to 1')
  assert.ok(Math.abs(res.body.expectedDamage - a.expectedDamage) < 1e-12, 'one attack')
  // 12 HP: dying below 0, so 13+ damage: only a critical 2d8+4 reaches it, with 2d8 ≥ 9 (36 of 64) (SRD 3.5 › Dying).
  assert.ok(Math.abs(res.body.dropChance - 0.065 * 36 / 64) < 1e-12, 'dropChance')
  assert.equal(res.body.killChance, 0)
  await request(app.server).post('/v1/attacks/odds').send({ ...body, seed: 's' }).expect(400)
  const big = await request(app.server).post('/v1/attacks/odds').send({ ...body, weapon: { damage: '500d6' } }).expect(422)
  assertProblem(big, { type: '/problems/out-of-range', path: '/weapon/damage' })
})

test('POST /v1/attacks/odds answers the same rules errors as /v1/attacks (docs/rules.md §P2.9, §28)', async () => {
  const full = await request(app.server).post('/v1/attacks/odds').send({ ruleset: 'variant', mode: 'full', attacker: fighter, target: {}, weapon: longsword }).expect(422)
  assertProblem(full, { type: '/problems/rule-not-defined', path: '/mode' })
  assertProblem(await request(app.server).post('/v1/attacks/odds').send({ ruleset: 'pf1e', attacker: fighter, target: {}, weapon: longsword, offHand: longsword }), { type: '/problems/inconsistent-fields', path: '/offHand' })
  const cdg = await request(app.server).post('/v1/attacks/odds').send({
    ruleset: 'variant',
    mode: 'coup-de-grace',
    attacker: fighter,
    target: { conditions: ['helpless'], baseSaves: { death: 2 } },
    weapon: { name: 'axe', damage: '1d8' }
  }).expect(200)
  // +4 against AC 1 (helpless, docs/rules.md §30): only a natural 1 misses. Damage 1d8+7 and the sneak attack's 1d6 (9..21;
  // the helpless target is off-guard, variant › Sneak Attacks), a natural 20 2d8+14+1d6 (17..36);
  // Death save +2 against DC 10 + damage fails on a natural roll up to min(19, damage + 7) (variant › Coup de Grace).
  assert.equal(cdg.body.attacks[0].hitChance, 0.95)
  let normalFails = 0
  for (let d8 = 1; d8 <= 8; d8++) for (let d6 = 1; d6 <= 6; d6++) normalFails += Math.min(19, d8 + 7 + d6 + 7) / 48 / 20
  assert.ok(Math.abs(cdg.body.killChance - (0.9 * normalFails + 0.05 * 0.95)) < 1e-12, `killChance ${cdg.body.killChance}`)
  assert.equal(cdg.body.dropChance, null)
})
