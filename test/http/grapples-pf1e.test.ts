import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: object) => request(app.server).post('/v1/grapples').send({ ruleset: 'pf1e', ...body })
const sum = (breakdown: Array<{ value: number, applied: boolean }>) => breakdown.filter((b) => b.applied).reduce((n, b) => n + b.value, 0)

test('CMB +9 against CMD 16 succeeds on a d20 of 7; both are then grappled (PRD › Combat Maneuvers; PRD › Grapple)', async () => {
  const res = await post({ action: 'start', attacker: { id: 'a', cmb: 9 }, defender: { id: 'b', cmd: 16 }, dice: { sequence: [7] } }).expect(200)
  const b = res.body
  assert.equal(b.ruleset, 'pf1e')
  assert.equal(b.success, true)
  const check = b.steps[1]
  assert.equal(check.step, 'combat-maneuver-check')
  assert.deepEqual([check.roll, check.modifier, check.total, check.against, check.margin], [7, 9, 16, 16, 0])
  assert.deepEqual(b.state, { attacker: ['grappled'], defender: ['grappled'], others: [] })
  assert.deepEqual(b.rolls, [{ purpose: 'combat-maneuver', die: 20, result: 7 }])
  assert.equal(b.damage, null, 'starting a pf1e grapple deals no damage')
  const miss = await post({ action: 'start', attacker: { cmb: 9 }, defender: { cmd: 16 }, dice: { sequence: [6] } }).expect(200)
  assert.equal(miss.body.success, false)
})

test('CMB = BAB + Str + special size; CMD = 10 + BAB + Str + Dex + size + deflection/dodge (docs/rules.md §35)', async () => {
  const attacker = { size: 'large', baseAttackBonus: 4, abilities: { str: 18 } }
  const defender = { baseAttackBonus: 3, abilities: { str: 12, dex: 14 }, armorClass: { armor: 5, deflection: 1, dodge: 1 } }
  const res = await post({ action: 'start', attacker, defender, options: { attackOfOpportunityDamage: 0 }, dice: { sequence: [10] } }).expect(200)
  const check = res.body.steps[1]
  assert.equal(check.modifier, 4 + 4 + 1)
  assert.equal(sum(check.breakdown), check.modifier)
  assert.equal(check.against, 10 + 3 + 1 + 2 + 1 + 1, 'armor does not count toward CMD')
  assert.equal(sum(check.againstBreakdown) + 10, check.against)
})

test('Tiny creatures use Dex for CMB (docs/rules.md §3, §35); a flat-footed defender adds no Dex to CMD (PRD › Combat Maneuvers)', async () => {
  const res = await post({ action: 'start', attacker: { size: 'tiny', baseAttackBonus: 1, abilities: { str: 4, dex: 18 } }, defender: { baseAttackBonus: 0, abilities: { dex: 16 }, conditions: ['flat-footed'] }, dice: { sequence: [10] } }).expect(200)
  const check = res.body.steps[1]
  assert.equal(check.modifier, 1 + 4 - 2)
  assert.equal(check.against, 10)
})

test('pf1e attack of opportunity damage is a penalty on the check, not a failure (docs/rules.md §P4.3 step 2)', async () => {
  const res = await post({ action: 'start', attacker: { cmb: 9 }, defender: { cmd: 16 }, options: { attackOfOpportunityDamage: 3 }, dice: { sequence: [10] } }).expect(200)
  assert.equal(res.body.steps[1].modifier, 6)
  assert.equal(res.body.success, true)
})

test('a natural 20 always succeeds and a natural 1 always fails (docs/rules.md §P4.3 step 5; docs/rules.md §16)', async () => {
  const high = await post({ action: 'start', attacker: { cmb: 0 }, defender: { cmd: 40 }, dice: { sequence: [20] } }).expect(200)
  assert.equal(high.body.success, true)
  assert.equal(high.body.steps[1].natural, 'natural-20')
  const low = await post({ action: 'start', attacker: { cmb: 30 }, defender: { cmd: 10 }, dice: { sequence: [1] } }).expect(200)
  assert.equal(low.body.success, false)
})

test('an incapacitated target is grappled without a roll (docs/rules.md §P4.3 step 3)', async () => {
  const res = await post({ action: 'start', attacker: { cmb: 0 }, defender: { cmd: 40, conditions: ['unconscious'] } }).expect(200)
  assert.equal(res.body.success, true)
  assert.equal(res.body.steps[1].automatic, 'target-incapacitated')
  assert.deepEqual(res.body.rolls, [])
})

const grappled = (c: object) => ({ ...c, conditions: ['grappled'] })

test('maintaining against the same target gets +5 circumstance (docs/rules.md §38); damage is rolled after the check', async () => {
  const res = await post({ action: 'damage', attacker: grappled({ cmb: 4, abilities: { str: 14 } }), defender: grappled({ cmd: 16 }), options: { maintainedLastRound: true }, dice: { sequence: [7, 3] } }).expect(200)
  assert.equal(res.body.steps[0].modifier, 9)
  assert.equal(res.body.success, true)
  assert.deepEqual(res.body.damage.total, 5)
  assert.equal(res.body.damage.nonlethal, 5)
  assert.deepEqual(res.body.rolls.map((r: { purpose: string }) => r.purpose), ['combat-maneuver', 'damage'])
})

test('a failed maintain check ends the grapple', async () => {
  const res = await post({ action: 'maintain', attacker: grappled({ cmb: 4 }), defender: grappled({ cmd: 16 }), dice: { sequence: [2] } }).expect(200)
  assert.equal(res.body.success, false)
  assert.deepEqual(res.body.state, { attacker: [], defender: [], others: [] })
})

test('pin: pinned replaces grappled on the target; the pinner stays grappled (PRD › Conditions; Pathfinder FAQ)', async () => {
  const res = await post({ action: 'pin', attacker: grappled({ cmb: 9 }), defender: grappled({ cmd: 16 }), dice: { sequence: [7] } }).expect(200)
  assert.deepEqual(res.body.state, { attacker: ['grappled'], defender: ['pinned'], others: [] })
})

test('a pin by a creature that is not grappling is a 422 giving the reason', async () => {
  const res = await post({ action: 'pin', attacker: { cmb: 9 }, defender: { cmd: 16 } }).expect(422)
  assertProblem(res, { type: '/problems/not-possible', path: '/attacker/conditions' })
  assert.match(res.body.detail, /not grappling/)
})

test('tie up: −10 unless the target is pinned; escape DC 20 + CMB (docs/rules.md §38)', async () => {
  const grappledOnly = await post({ action: 'tie-up', attacker: grappled({ cmb: 9 }), defender: grappled({ cmd: 16 }), dice: { sequence: [15] } }).expect(200)
  assert.equal(grappledOnly.body.steps[0].modifier, -1)
  assert.equal(grappledOnly.body.success, false)
  const pinned = await post({ action: 'tie-up', attacker: grappled({ cmb: 9 }), defender: { cmd: 16, conditions: ['pinned'] }, dice: { sequence: [7] } }).expect(200)
  assert.equal(pinned.body.success, true)
  assert.equal(pinned.body.effect.escapeDc, 29)
  assert.deepEqual(pinned.body.state.defender, ['pinned', 'tied-up'])
})

test('escape: CMB or Escape Artist against the grappler\'s CMD; one success escapes a pin too (PRD › Grapple; Pathfinder FAQ)', async () => {
  const res = await post({ action: 'escape', attacker: { cmb: 5, conditions: ['pinned'] }, defender: grappled({ cmd: 16 }), dice: { sequence: [11] } }).expect(200)
  assert.equal(res.body.success, true)
  assert.deepEqual(res.body.state, { attacker: [], defender: [], others: [] })
  const artist = await post({ action: 'escape', attacker: grappled({ cmb: 0 }), defender: grappled({ cmd: 16 }), options: { useEscapeArtist: 12 }, dice: { sequence: [4] } }).expect(200)
  assert.equal(artist.body.steps[0].modifier, 12)
  assert.equal(artist.body.rolls[0].purpose, 'escape-artist')
  assert.equal(artist.body.success, true)
  const reverse = await post({ action: 'escape', attacker: grappled({ cmb: 5 }), defender: grappled({ cmd: 16 }), options: { reverseGrapple: true }, dice: { sequence: [11] } }).expect(200)
  assert.deepEqual(reverse.body.state, { attacker: ['grappled'], defender: ['grappled'], others: [] })
})

test('the grappled condition: −2 on other combat maneuvers but not to grapple; −4 Dex on CMD (PRD › Conditions)', async () => {
  const res = await post({ action: 'maintain', attacker: grappled({ baseAttackBonus: 5 }), defender: grappled({ baseAttackBonus: 0, abilities: { dex: 14 } }), dice: { sequence: [10] } }).expect(200)
  assert.equal(res.body.steps[0].modifier, 5)
  assert.equal(res.body.steps[0].against, 10, 'Dex 14 − 4 = 10: no Dex modifier left')
})

test('pf1e lacks break-pin; others is rejected in favour of aidingCreatures (+2 each)', async () => {
  const res = await post({ action: 'break-pin', attacker: grappled({ cmb: 5 }), defender: grappled({ cmd: 16 }) }).expect(422)
  assertProblem(res, { type: '/problems/rule-not-defined', path: '/action' })
  const others = await post({ action: 'start', attacker: { cmb: 5 }, defender: { cmd: 16 }, others: [{}] }).expect(422)
  // PRD › Grapple defines helpers as aid (+2 each), not as more grapplers who roll
  assertProblem(others, { type: '/problems/not-possible', path: '/others' })
  const aided = await post({ action: 'start', attacker: { cmb: 5 }, defender: { cmd: 16 }, options: { aidingCreatures: 2 }, dice: { sequence: [7] } }).expect(200)
  assert.equal(aided.body.steps[1].modifier, 9)
})
