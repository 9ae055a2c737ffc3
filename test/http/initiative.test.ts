import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: unknown) => request(app.server).post('/v1/initiative').send(body as object)
const paths = (res: { body: { errors: Array<{ path: string }> } }) => res.body.errors.map((e) => e.path)

test('POST /v1/initiative — SRD 3.5 › Initiative, Surprise: order, roll-off, surprise round, flat-footed; every field comes back', async () => {
  const res = await post({
    ruleset: 'dnd35',
    combatants: [
      { id: 'fighter', abilities: { dex: 12 }, feats: ['improved-initiative'] },
      { id: 'goblin', abilities: { dex: 12 }, initiativeBonus: 4, aware: false },
      { id: 'rogue', abilities: { dex: 18 }, feats: ['uncanny-dodge'] }
    ],
    dice: { sequence: [10, 10, 2, 6, 11] }
  }).expect(200)
  assert.deepEqual(res.body.order[0], {
    id: 'goblin', roll: 10, modifier: 5, total: 15, tieBreak: [11], simultaneousWith: [],
    breakdown: [{ source: 'Dexterity', type: 'untyped', value: 1, applied: true }, { source: 'initiative bonus', type: 'untyped', value: 4, applied: true }]
  })
  assert.deepEqual(res.body.order.map((e: { id: string, total: number, tieBreak: number[] }) => [e.id, e.total, e.tieBreak]), [['goblin', 15, [11]], ['fighter', 15, [6]], ['rogue', 6, []]])
  assert.equal(res.body.surpriseRound, true)
  assert.deepEqual(res.body.surpriseActors, ['fighter', 'rogue'])
  assert.deepEqual(res.body.flatFooted, ['goblin', 'fighter'])
  assert.deepEqual(res.body.rolls.map((r: { purpose: string }) => r.purpose), ['initiative', 'initiative', 'initiative', 'tie-break', 'tie-break'])
})

test('POST /v1/initiative — variant ties are simultaneous', async () => {
  const res = await post({ ruleset: 'variant', combatants: [{ id: 'a', baseAttackBonus: 1 }, { id: 'b', baseAttackBonus: 1 }], dice: { sequence: [9, 9] } }).expect(200)
  assert.deepEqual(res.body.order.map((e: { id: string, simultaneousWith: string[] }) => [e.id, e.simultaneousWith]), [['a', ['b']], ['b', ['a']]])
  assert.equal(res.body.rolls.length, 2)
})

test('POST /v1/initiative — bad input: more than 100 combatants are a 400; duplicate ids a 422 inconsistent-fields; variant without BCB a 422', async () => {
  assertProblem(await post({ combatants: [{ id: 'a' }, { id: 'a' }] }), { type: '/problems/inconsistent-fields', path: '/combatants/1/id' })
  const many = await post({ combatants: Array.from({ length: 101 }, (_, i) => ({ id: `c${i}` })) }).expect(400)
  assert.deepEqual(paths(many), ['/combatants'])
  const noId = await post({ combatants: [{ abilities: { dex: 12 } }] }).expect(400)
  assert.deepEqual(paths(noId), ['/combatants/0/id'])
  const bcb = await post({ ruleset: 'variant', combatants: [{ id: 'a' }] }).expect(422)
  assert.deepEqual(paths(bcb), ['/combatants/0/baseAttackBonus'])
  assertProblem(bcb, { type: '/problems/missing-field', path: '/combatants/0/baseAttackBonus' })
})
