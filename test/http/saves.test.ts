import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: unknown) => request(app.server).post('/v1/saves').send(body as object)
const paths = (res: { body: { errors: Array<{ path: string }> } }) => res.body.errors.map((e) => e.path)

test('POST /v1/saves — SRD 3.5 › Saving Throws: an area effect rolled once, then one d20 per target; every field comes back', async () => {
  const res = await post({
    ruleset: 'dnd35',
    save: 'reflex',
    dc: 15,
    effect: { damage: '3d6', onSuccess: 'half' },
    targets: [
      { id: 'rogue', abilities: { dex: 16 }, baseSaves: { reflex: 4 }, cover: 'cover', modifiers: [{ value: 1, type: 'resistance', source: 'cloak' }] },
      { id: 'ogre', baseSaves: { reflex: 0 } }
    ],
    dice: { sequence: [6, 5, 4, 7, 1] }
  }).expect(200)
  assert.deepEqual(res.body.effectDamage, {
    total: 15,
    nonlethal: false,
    breakdown: [{ source: '+3d6', type: 'untyped', value: 15, applied: true }]
  })
  const [rogue, ogre] = res.body.results
  assert.deepEqual(rogue, {
    id: 'rogue', saveBonus: 10, roll: 7, total: 17, success: true, automatic: null, damage: 7, damageRule: null,
    // The conditions the rules applied to it, listed or implied (OpenAPI › AppliedConditions): none.
    conditions: [],
    breakdown: [
      { source: 'base reflex save', type: 'untyped', value: 4, applied: true },
      { source: 'Dexterity', type: 'untyped', value: 3, applied: true },
      { source: 'cover', type: 'untyped', value: 2, applied: true },
      { source: 'cloak', type: 'resistance', value: 1, applied: true }
    ]
  })
  assert.deepEqual([ogre.roll, ogre.success, ogre.automatic, ogre.damage], [1, false, 'natural-1', 15])
  assert.deepEqual(res.body.rolls.map((r: { purpose: string, die: number }) => `${r.purpose}:d${r.die}`), ['damage:d6', 'damage:d6', 'damage:d6', 'save:d20', 'save:d20'])
  assert.deepEqual([res.body.save, res.body.dc, res.body.ruleset], ['reflex', 15, 'dnd35'])
})

test('POST /v1/saves — variant Charm uses the better of Cha and Wis; natural 20 succeeds', async () => {
  const res = await post({ ruleset: 'variant', save: 'charm', dc: 30, targets: [{ id: 'bard', abilities: { cha: 18, wis: 12 }, baseSaves: { charm: 2 } }], dice: { sequence: [20] } }).expect(200)
  assert.deepEqual([res.body.results[0].saveBonus, res.body.results[0].success, res.body.results[0].automatic, res.body.results[0].damage], [6, true, 'natural-20', null])
  assert.equal(res.body.effectDamage, null)
})

test('POST /v1/saves — bad input: a save the ruleset lacks is a 422; a dc of 1000 and 101 targets are 400s', async () => {
  const unknown = await post({ ruleset: 'dnd35', save: 'charm', dc: 10, targets: [{ baseSaves: { will: 1 } }] }).expect(422)
  assertProblem(unknown, { type: '/problems/unknown-save', path: '/save' })
  const fortInVariant = await post({ ruleset: 'variant', save: 'fortitude', dc: 10, targets: [{ baseSaves: { death: 1 } }] }).expect(422)
  assertProblem(fortInVariant, { type: '/problems/unknown-save', path: '/save' })
  const dc = await post({ save: 'will', dc: 1000, targets: [{ baseSaves: { will: 1 } }] }).expect(400)
  assert.match(dc.headers['content-type'] ?? '', /problem\+json/)
  assert.deepEqual(paths(dc), ['/dc'])
  const many = await post({ save: 'will', dc: 10, targets: Array.from({ length: 101 }, () => ({ baseSaves: { will: 1 } })) }).expect(400)
  assert.deepEqual(paths(many), ['/targets'])
  const missing = await post({ save: 'will', dc: 10, targets: [{ id: 'a' }] }).expect(422)
  assertProblem(missing, { type: '/problems/missing-field', path: '/targets/0/baseSaves/will' })
})
