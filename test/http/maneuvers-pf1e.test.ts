import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: object) => request(app.server).post('/v1/maneuvers').send({ ruleset: 'pf1e', ...body })
const cmb9 = { id: 'a', cmb: 9 }
const cmd16 = { id: 'b', cmd: 16 }

test('bull rush beating CMD by 10 pushes 10 ft more: 15 ft in all (PRD › Bull Rush; docs/rules.md §36)', async () => {
  const res = await post({ maneuver: 'bull-rush', attacker: cmb9, defender: cmd16, dice: { sequence: [17] } }).expect(200)
  const check = res.body.steps[1]
  assert.deepEqual([check.total, check.against, check.margin], [26, 16, 10])
  assert.equal(res.body.effect.pushFeet, 15)
  assert.deepEqual(res.body.rolls, [{ purpose: 'combat-maneuver', die: 20, result: 17 }])
  const just = await post({ maneuver: 'bull-rush', attacker: cmb9, defender: cmd16, dice: { sequence: [7] } }).expect(200)
  assert.equal(just.body.success, true)
  assert.equal(just.body.effect.pushFeet, 5)
  const charge = await post({ maneuver: 'bull-rush', attacker: cmb9, defender: cmd16, options: { charging: true }, dice: { sequence: [5] } }).expect(200)
  assert.equal(charge.body.steps[1].modifier, 11)
  assert.equal(charge.body.success, true)
})

test('the Improved feat: no attack of opportunity, +2 CMB, and +2 CMD for a defender with it (PRD › Feats)', async () => {
  const res = await post({ maneuver: 'trip', attacker: { ...cmb9, feats: ['improved-trip'] }, defender: { ...cmd16, feats: ['improved-trip'] }, options: { attackOfOpportunityDamage: 5 }, dice: { sequence: [10] } }).expect(200)
  assert.equal(res.body.steps[0].provoked, false)
  assert.equal(res.body.steps[1].modifier, 11)
  assert.equal(res.body.steps[1].against, 18)
})

test('attack of opportunity damage is a penalty on the check (docs/rules.md §P4.3 step 2)', async () => {
  const res = await post({ maneuver: 'trip', attacker: cmb9, defender: cmd16, options: { attackOfOpportunityDamage: 4 }, dice: { sequence: [10] } }).expect(200)
  assert.equal(res.body.steps[1].modifier, 5)
  assert.equal(res.body.success, false)
})

test('trip: prone on success; +2 CMD per leg beyond two; failing by 10 or more trips the attacker; legless is a 422 (PRD › Trip; docs/rules.md §36)', async () => {
  const ok = await post({ maneuver: 'trip', attacker: cmb9, defender: cmd16, dice: { sequence: [7] } }).expect(200)
  assert.deepEqual(ok.body.state.defender, ['prone'])
  const quad = await post({ maneuver: 'trip', attacker: cmb9, defender: cmd16, options: { defenderLegs: 4 }, dice: { sequence: [7] } }).expect(200)
  assert.equal(quad.body.steps[1].against, 20)
  const bad = await post({ maneuver: 'trip', attacker: cmb9, defender: cmd16, dice: { sequence: [2] } }).expect(200)
  assert.equal(bad.body.steps[1].margin, -5)
  assert.deepEqual(bad.body.state.attacker, [])
  const worse = await post({ maneuver: 'trip', attacker: { cmb: 0 }, defender: cmd16, dice: { sequence: [6] } }).expect(200)
  assert.deepEqual(worse.body.state.attacker, ['prone'])
  const legless = await post({ maneuver: 'trip', attacker: cmb9, defender: cmd16, options: { defenderLegs: 0 } }).expect(422)
  assertProblem(legless, { type: '/problems/not-possible', path: '/options/defenderLegs' })
})

test('disarm: one item; beating CMD by 10 drops both; unarmed −4; failing by 10 drops the attacker\'s weapon (PRD › Disarm)', async () => {
  const one = await post({ maneuver: 'disarm', attacker: cmb9, defender: cmd16, dice: { sequence: [7] } }).expect(200)
  assert.equal(one.body.effect.itemsDropped, 1)
  const two = await post({ maneuver: 'disarm', attacker: cmb9, defender: cmd16, dice: { sequence: [17] } }).expect(200)
  assert.equal(two.body.effect.itemsDropped, 2)
  const unarmed = await post({ maneuver: 'disarm', attacker: cmb9, defender: cmd16, options: { attackerWeapon: { category: 'unarmed' } }, dice: { sequence: [11] } }).expect(200)
  assert.equal(unarmed.body.steps[1].modifier, 5)
  assert.equal(unarmed.body.effect.attackerHoldsItem, true)
  const fumble = await post({ maneuver: 'disarm', attacker: { cmb: 0 }, defender: cmd16, dice: { sequence: [6] } }).expect(200)
  assert.equal(fumble.body.effect.attackerDropsWeapon, true)
})

test('overrun: through on success, prone as well when beating CMD by 5; the target may let it pass (PRD › Overrun)', async () => {
  const through = await post({ maneuver: 'overrun', attacker: cmb9, defender: cmd16, dice: { sequence: [11] } }).expect(200)
  assert.deepEqual(through.body.state.defender, [])
  const prone = await post({ maneuver: 'overrun', attacker: cmb9, defender: cmd16, dice: { sequence: [12] } }).expect(200)
  assert.deepEqual(prone.body.state.defender, ['prone'])
  const pass = await post({ maneuver: 'overrun', attacker: cmb9, defender: cmd16, options: { defenderAvoids: true } }).expect(200)
  assert.equal(pass.body.success, true)
  assert.deepEqual(pass.body.rolls, [])
})

test('dirty trick lasts 1 round + 1 per 5 of margin; drag and reposition move 5 ft + 5 per 5 (APG; docs/rules.md §36)', async () => {
  const trick = await post({ maneuver: 'dirty-trick', attacker: cmb9, defender: cmd16, options: { dirtyTrickCondition: 'blinded' }, dice: { sequence: [17] } }).expect(200)
  assert.equal(trick.body.effect.durationRounds, 3)
  assert.deepEqual(trick.body.state.defender, ['blinded'])
  const lucky = await post({ maneuver: 'dirty-trick', attacker: { cmb: 0 }, defender: cmd16, options: { dirtyTrickCondition: 'dazzled' }, dice: { sequence: [20] } }).expect(200)
  assert.equal(lucky.body.success, true, 'a natural 20 succeeds')
  assert.equal(lucky.body.effect.durationRounds, 1, 'a natural 20 short of the CMD still lasts 1 round')
  const missing = await post({ maneuver: 'dirty-trick', attacker: cmb9, defender: cmd16 }).expect(422)
  assertProblem(missing, { type: '/problems/missing-field', path: '/options/dirtyTrickCondition' })
  const drag = await post({ maneuver: 'drag', attacker: cmb9, defender: cmd16, dice: { sequence: [12] } }).expect(200)
  assert.equal(drag.body.effect.moveFeet, 10)
  const repo = await post({ maneuver: 'reposition', attacker: cmb9, defender: cmd16, dice: { sequence: [7] } }).expect(200)
  assert.equal(repo.body.effect.moveFeet, 5)
  // APG › Drag: no more than one size category larger
  const huge = await post({ maneuver: 'drag', attacker: cmb9, defender: { ...cmd16, size: 'huge' } }).expect(422)
  assertProblem(huge, { type: '/problems/not-possible', path: '/defender/size' })
})

test('steal: +5 CMD for a fastened item (APG › Steal; docs/rules.md §36)', async () => {
  const res = await post({ maneuver: 'steal', attacker: cmb9, defender: cmd16, options: { itemFastened: true }, dice: { sequence: [11] } }).expect(200)
  assert.equal(res.body.steps[1].against, 21)
  assert.equal(res.body.success, false)
})

test('sunder: damage less hardness; broken at half hit points or less (PRD › Sunder)', async () => {
  const res = await post({
    maneuver: 'sunder', attacker: { ...cmb9, abilities: { str: 14 } }, defender: cmd16,
    options: { attackerWeapon: { damage: '1d8' }, item: { hardness: 5, hitPoints: 10 } }, dice: { sequence: [10, 6] }
  }).expect(200)
  assert.equal(res.body.damage.total, 8)
  assert.deepEqual([res.body.effect.itemDamage, res.body.effect.itemHitPointsLeft, res.body.effect.itemBroken, res.body.effect.itemDestroyed], [3, 7, false, false])
  const broken = await post({
    maneuver: 'sunder', attacker: { ...cmb9, abilities: { str: 14 } }, defender: cmd16,
    options: { attackerWeapon: { damage: '1d8' }, item: { hardness: 5, hitPoints: 10 } }, dice: { sequence: [10, 8] }
  }).expect(200)
  assert.equal(broken.body.effect.itemBroken, true)
  assert.equal(broken.body.effect.itemHitPointsLeft, 5)
})

test('sunder without the item\'s hardness or hit points is a 422 whatever the combat maneuver check: checked before any die', async () => {
  // PRD › Combat › Sunder: the item's hardness and hit points decide the damage; the service has no equipment tables.
  // CMB 9 against CMD 16: a 10 succeeds (19), a 2 fails (11).
  for (const sequence of [[10], [2]]) {
    for (const [item, path] of [[undefined, '/options/item/hardness'], [{ hitPoints: 10 }, '/options/item/hardness'], [{ hardness: 5 }, '/options/item/hitPoints']] as const) {
      const res = await post({ maneuver: 'sunder', attacker: cmb9, defender: cmd16, options: { attackerWeapon: { damage: '1d8' }, ...(item ? { item } : {}) }, dice: { sequence } })
      assertProblem(res, { type: '/problems/missing-field', path })
    }
  }
})

test('feint is a Bluff check against 10 + BAB + Wis, or 10 + trained Sense Motive if higher (docs/rules.md §37)', async () => {
  const res = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 3, abilities: { wis: 14 } }, options: { bluff: 5 }, dice: { sequence: [10] } }).expect(200)
  assert.equal(res.body.steps[0].against, 15)
  assert.equal(res.body.success, true)
  const trained = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 3, abilities: { wis: 14 } }, options: { bluff: 5, senseMotive: 9, senseMotiveTrained: true }, dice: { sequence: [10] } }).expect(200)
  assert.equal(trained.body.steps[0].against, 19)
  assert.equal(trained.body.success, false)
  assert.deepEqual(trained.body.rolls.map((r: { purpose: string }) => r.purpose), ['bluff'])
})

test('a grappled attacker takes −2 on maneuvers other than grapple (PRD › Conditions › Grappled)', async () => {
  const res = await post({ maneuver: 'trip', attacker: { ...cmb9, conditions: ['grappled'] }, defender: cmd16, dice: { sequence: [7] } }).expect(200)
  assert.equal(res.body.steps[1].modifier, 7)
  assert.equal(res.body.success, false)
})

test('drive back is the variant\'s alone: a 422 in pf1e', async () => {
  const res = await post({ maneuver: 'drive-back', attacker: cmb9, defender: cmd16 }).expect(422)
  assertProblem(res, { type: '/problems/rule-not-defined', path: '/maneuver' })
})
