import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (path: string, body: unknown) => request(app.server).post(path).send(body as object)
const paths = (res: { body: { errors: Array<{ path: string }> } }) => res.body.errors.map((e) => e.path)

test('POST /v1/damage — SRD 3.5 › Dying: 5 HP taking 6 is dying at −1; every HitPoints field comes back', async () => {
  const res = await post('/v1/damage', { ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 5 } }, damage: { amount: 6 } }).expect(200)
  assert.equal(res.body.ruleset, 'dnd35')
  assert.equal(res.body.amount, 6)
  assert.deepEqual(res.body.before, { max: 20, current: 5, temporary: 0, nonlethal: 0, status: 'healthy' })
  assert.deepEqual(res.body.after, { max: 20, current: -1, temporary: 0, nonlethal: 0, status: 'dying' })
  assert.equal(res.body.massiveDamage, null)
  assert.equal(res.body.deathSave, null)
  assert.deepEqual(res.body.rolls, [])
})

test('POST /v1/damage — SRD 3.5 › Massive Damage: dice first, then the Fortitude d20', async () => {
  const res = await post('/v1/damage', {
    ruleset: 'dnd35',
    creature: { abilities: { con: 14 }, baseSaves: { fortitude: 4 }, hitPoints: { max: 120 } },
    damage: { dice: '10d6' },
    dice: { sequence: [6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 8] }
  }).expect(200)
  assert.equal(res.body.amount, 55)
  assert.deepEqual(res.body.massiveDamage.dc, 15)
  assert.deepEqual([res.body.massiveDamage.roll, res.body.massiveDamage.total, res.body.massiveDamage.survived], [8, 8 + 4 + 2, false])
  assert.equal(res.body.massiveDamage.breakdown.reduce((s: number, b: { value: number }) => s + b.value, 0), 6)
  assert.deepEqual(res.body.after.status, 'dead')
  assert.deepEqual(res.body.rolls.map((r: { purpose: string }) => r.purpose), [...Array(10).fill('damage'), 'massive-damage'])
})

test('POST /v1/damage — variant: HP 20 taking 24 rolls a DC 12 Death save; the variant fields come back', async () => {
  const res = await post('/v1/damage', {
    ruleset: 'variant',
    creature: { baseSaves: { death: 1 }, hitPoints: { max: 20 } },
    damage: { amount: 24, critical: true },
    dice: { sequence: [5] }
  }).expect(200)
  assert.deepEqual(res.body.deathSave, { dc: 12, roll: 5, total: 6, success: false, margin: -6, breakdown: [{ source: 'base death save', type: 'untyped', value: 1, applied: true }] })
  assert.deepEqual(res.body.after, {
    max: 20, current: -4, temporary: 0, nonlethal: 0, status: 'dying', damageTaken: 24, woundPoints: 10,
    deathSaves: { successes: 0, failures: 0 }, constitutionDamage: 0, bloodied: true, wounded: true, penalty: -2
  })
  assert.deepEqual(res.body.wound, { points: 10, nasty: true })
  assert.deepEqual(res.body.rolls, [{ purpose: 'death-save', die: 20, result: 5 }])
})

test('POST /v1/damage — bad input: negative max, current above max, both amount and dice', async () => {
  const negative = await post('/v1/damage', { creature: { hitPoints: { max: -5 } }, damage: { amount: 1 } }).expect(400)
  assert.match(negative.headers['content-type'] ?? '', /problem\+json/)
  assert.deepEqual(paths(negative), ['/creature/hitPoints/max'])
  // Fields that each fit the schema but not together: 422 inconsistent-fields (OpenAPI › Errors: never a 400).
  assertProblem(await post('/v1/damage', { creature: { hitPoints: { max: 10, current: 12 } }, damage: { amount: 1 } }), { type: '/problems/inconsistent-fields', path: '/creature/hitPoints/current' })
  assertProblem(await post('/v1/damage', { creature: { hitPoints: { max: 10 } }, damage: { amount: 1, dice: '1d6' } }), { type: '/problems/inconsistent-fields', path: '/damage/dice' })
  assertProblem(await post('/v1/damage', { creature: { hitPoints: { max: 10 } }, damage: {} }), { type: '/problems/inconsistent-fields', path: '/damage/amount' })
  const missing = await post('/v1/damage', { creature: {}, damage: { amount: 1 } }).expect(400)
  assert.deepEqual(paths(missing), ['/creature/hitPoints'])
})

test('POST /v1/damage — pf1e without Con is a 422 naming /creature/abilities/con', async () => {
  const res = await post('/v1/damage', { ruleset: 'pf1e', creature: { hitPoints: { max: 10 } }, damage: { amount: 1 } }).expect(422)
  assertProblem(res, { type: '/problems/missing-field', path: '/creature/abilities/con' })
})

test('POST /v1/healing — SRD 3.5 › Stabilizing: −3 healed by 3 is disabled at 0, by 4 healthy at 1', async () => {
  const three = await post('/v1/healing', { ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: -3 } }, healing: { kind: 'magical', amount: 3 } }).expect(200)
  assert.deepEqual([three.body.after.current, three.body.after.status, three.body.before.status, three.body.amount, three.body.check], [0, 'disabled', 'dying', 3, null])
  const four = await post('/v1/healing', { ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: -3 } }, healing: { kind: 'magical', amount: 4 } }).expect(200)
  assert.deepEqual([four.body.after.current, four.body.after.status], [1, 'healthy'])
})

test('POST /v1/healing — docs/rules.md §46: pf1e stabilization at −4 with Con 12 succeeds on a 13, fails on a 12', async () => {
  const body = (roll: number) => ({ ruleset: 'pf1e', creature: { abilities: { con: 12 }, hitPoints: { max: 20, current: -4 } }, healing: { kind: 'stabilize' }, dice: { sequence: [roll] } })
  const ok = await post('/v1/healing', body(13)).expect(200)
  assert.deepEqual(ok.body.check, {
    die: 20, roll: 13, total: 10, dc: 10, success: true,
    breakdown: [{ source: 'Constitution', type: 'untyped', value: 1, applied: true }, { source: 'negative hit points', type: 'untyped', value: -4, applied: true }]
  })
  assert.equal(ok.body.after.status, 'stable')
  assert.deepEqual(ok.body.rolls, [{ purpose: 'stabilize', die: 20, result: 13 }])
  const no = await post('/v1/healing', body(12)).expect(200)
  assert.deepEqual([no.body.check.success, no.body.after.current, no.body.after.status], [false, -5, 'dying'])
})

test('POST /v1/healing — the after object can be sent back: a stable creature\'s hourly recovery', async () => {
  const stabilized = await post('/v1/healing', { ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: -4 } }, healing: { kind: 'stabilize' }, dice: { sequence: [4] } }).expect(200)
  assert.equal(stabilized.body.after.status, 'stable')
  const woke = await post('/v1/healing', { ruleset: 'dnd35', creature: { hitPoints: stabilized.body.after }, healing: { kind: 'recover', period: 'hour', tended: true }, dice: { sequence: [9] } }).expect(200)
  assert.deepEqual([woke.body.check.die, woke.body.after.status, woke.body.after.current], [100, 'disabled', -4])
})

test('POST /v1/healing — variant tallies: a dying creature\'s end-of-round Death save', async () => {
  const res = await post('/v1/healing', {
    ruleset: 'variant',
    creature: { baseSaves: { death: 0 }, hitPoints: { max: 20, current: -2, deathSaves: { successes: 0, failures: 2 } } },
    healing: { kind: 'stabilize' },
    dice: { sequence: [7] }
  }).expect(200)
  assert.deepEqual([res.body.check.dc, res.body.check.success], [11, false])
  assert.deepEqual([res.body.after.deathSaves, res.body.after.constitutionDamage, res.body.after.status], [{ successes: 0, failures: 3 }, 1, 'dead'])
  assert.deepEqual(res.body.rolls, [{ purpose: 'death-save', die: 20, result: 7 }])
})

test('POST /v1/healing — fields that do not fit the kind are 422 inconsistent-fields naming them; the dead and the variant\'s undefined kinds are 422s', async () => {
  // Each field fits the schema; only the kind makes them wrong (OpenAPI › Errors: never a 400).
  assertProblem(await post('/v1/healing', { creature: { hitPoints: { max: 20 } }, healing: { kind: 'natural', amount: 3 } }), { type: '/problems/inconsistent-fields', path: ['/healing/period', '/healing/amount'] })
  assertProblem(await post('/v1/healing', { creature: { hitPoints: { max: 20 } }, healing: { kind: 'natural', period: 'hour' } }), { type: '/problems/inconsistent-fields', path: '/healing/period' })
  assertProblem(await post('/v1/healing', { creature: { hitPoints: { max: 20, current: -3 } }, healing: { kind: 'stabilize', amount: 1 } }), { type: '/problems/inconsistent-fields', path: '/healing/amount' })
  const dead = await post('/v1/healing', { creature: { hitPoints: { max: 20, current: -12 } }, healing: { kind: 'magical', amount: 5 } }).expect(422)
  assertProblem(dead, { type: '/problems/not-possible', path: '/creature/hitPoints/current' })
  const undefinedKind = await post('/v1/healing', { ruleset: 'variant', creature: { level: 3, hitPoints: { max: 20, current: 5 } }, healing: { kind: 'natural', period: 'night' } }).expect(422)
  assertProblem(undefinedKind, { type: '/problems/rule-not-defined', path: '/healing/kind' })
})
