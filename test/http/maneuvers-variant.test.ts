import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: object) => request(app.server).post('/v1/maneuvers').send({ ruleset: 'variant', ...body })

// Str 16 (+3); defender Str 12 (+1), Dex 14 (+2).
const brute = { id: 'brute', baseAttackBonus: 2, abilities: { str: 16 } }
const rogue = { id: 'rogue', baseAttackBonus: 1, abilities: { str: 12, dex: 14 } }

test('bull rush: d20 + Str + size (+2 charging) against DC 10 + the defender\'s Str + size + 4 stable; 5 ft + 5 per 5 over the DC (variant › Bull Rush; docs/rules.md §39)', async () => {
  const res = await post({ maneuver: 'bull-rush', attacker: brute, defender: rogue, options: { charging: true }, dice: { sequence: [16] } }).expect(200)
  const check = res.body.steps[1]
  assert.equal(check.step, 'strength-check')
  assert.deepEqual([check.modifier, check.total, check.against, check.margin], [5, 21, 11, 10])
  assert.equal(res.body.effect.pushFeet, 15)
  const stable = await post({ maneuver: 'bull-rush', attacker: brute, defender: { ...rogue, size: 'large' }, options: { defenderLegs: 4 }, dice: { sequence: [16] } }).expect(200)
  assert.equal(stable.body.steps[1].against, 10 + 1 + 4 + 4)
  assert.equal(stable.body.success, true, '19 meets DC 19')
  assert.equal(stable.body.effect.pushFeet, 5)
})

test('trip: touch attack (BCB + Str, no size), then DC 10 + the better of Str and Dex; failure lets the defender trip back (variant › Trip)', async () => {
  const res = await post({ maneuver: 'trip', attacker: brute, defender: rogue, dice: { sequence: [7, 9] } }).expect(200)
  assert.equal(res.body.steps[1].modifier, 5)
  assert.equal(res.body.steps[1].against, 12)
  assert.equal(res.body.steps[2].against, 12)
  assert.equal(res.body.success, true)
  assert.deepEqual(res.body.state.defender, ['prone'])
  const fail = await post({ maneuver: 'trip', attacker: brute, defender: rogue, dice: { sequence: [7, 8, 12] } }).expect(200)
  assert.equal(fail.body.success, false)
  assert.equal(fail.body.steps[3].step, 'counter-attempt')
  assert.equal(fail.body.steps[3].against, 13)
  assert.equal(fail.body.steps[3].total, 13)
  assert.deepEqual(fail.body.state.attacker, ['prone'], '13 meets the DC of 13 (docs/rules.md §39)')
  assert.deepEqual(fail.body.rolls.map((r: { purpose: string }) => r.purpose), ['touch-attack', 'strength-check', 'counter-defender'])
})

test('trip: only within one size category, smaller targets included (docs/rules.md §41)', async () => {
  for (const size of ['tiny', 'huge']) {
    const res = await post({ maneuver: 'trip', attacker: brute, defender: { ...rogue, size } }).expect(422)
    assertProblem(res, { type: '/problems/not-possible', path: '/defender/size' })
  }
})

test('pushing past: the enemy may let the attacker pass; a failed push lets it knock the attacker prone (variant › Combat Maneuvers)', async () => {
  const pass = await post({ maneuver: 'overrun', attacker: brute, defender: rogue, options: { defenderAvoids: true } }).expect(200)
  assert.equal(pass.body.success, true)
  const fail = await post({ maneuver: 'overrun', attacker: brute, defender: rogue, dice: { sequence: [2, 18] } }).expect(200)
  assert.equal(fail.body.success, false)
  assert.deepEqual(fail.body.state.attacker, ['prone'])
})

test('disarm as dnd35, with no attack size modifier in the variant (variant › Disarm; docs/rules.md §P1.1)', async () => {
  const res = await post({ maneuver: 'disarm', attacker: { ...brute, size: 'large' }, defender: rogue, dice: { sequence: [10, 10] } }).expect(200)
  const [a, d] = res.body.steps[1].sides
  assert.equal(a.modifier, 2 + 3 + 4, 'BCB + Str + 4 for the larger, no −1 attack size modifier')
  assert.equal(d.modifier, 1 + 1)
  assert.equal(res.body.success, true)
})

test('drive back: the target steps back 5 ft, or stands and the attack gets +2 (variant › Drive Back)', async () => {
  const back = await post({ maneuver: 'drive-back', attacker: brute, defender: rogue, options: { defenderChoice: 'step-back' } }).expect(200)
  assert.equal(back.body.effect.moveFeet, 5)
  assert.deepEqual(back.body.rolls, [])
  const stand = await post({ maneuver: 'drive-back', attacker: brute, defender: rogue, options: { defenderChoice: 'stand' } }).expect(200)
  assert.equal(stand.body.effect.attackBonus, 2)
  const missing = await post({ maneuver: 'drive-back', attacker: brute, defender: rogue }).expect(422)
  assertProblem(missing, { type: '/problems/missing-field', path: '/options/defenderChoice' })
})

test('feint: Bluff against Sense Motive + BCB; no number for non-humanoids, so those are a 422 (variant › Feint)', async () => {
  const res = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 2 }, options: { bluff: 4, senseMotive: 1 }, dice: { sequence: [12, 10] } }).expect(200)
  assert.equal(res.body.success, true)
  const beast = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 2 }, options: { bluff: 4, senseMotive: 1, defenderKind: 'animal' } }).expect(422)
  assertProblem(beast, { type: '/problems/rule-not-defined', path: '/options/defenderKind' })
})

test('the variant has no drag, reposition, steal or dirty trick (422)', async () => {
  for (const maneuver of ['drag', 'reposition', 'steal', 'dirty-trick']) {
    const res = await post({ maneuver, attacker: brute, defender: rogue }).expect(422)
    assertProblem(res, { type: '/problems/rule-not-defined', path: '/maneuver' })
  }
})

test('the OpenAPI document describes both operations with their dice order and examples', async () => {
  const doc = await request(app.server).get('/openapi.json').expect(200)
  for (const [path, id] of [['/v1/grapples', 'resolveGrapple'], ['/v1/maneuvers', 'resolveManeuver']] as const) {
    const op = doc.body.paths[path].post
    assert.equal(op.operationId, id)
    assert.match(op.description, /Dice order|d20/)
    assert.ok(op.responses['422'])
    assert.ok(Object.keys(op.requestBody.content['application/json'].examples).length > 0)
  }
})
