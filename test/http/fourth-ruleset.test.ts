// Issue 11: a fourth ruleset is one module plus one registration. Registered
// here, before the app is imported, it must be listed by GET /v1/rulesets,
// accepted by config validation, and resolve an attack through the shared
// mechanics, with no other file changed.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { getRuleset, registerRuleset, type RulesetDefinition } from '../../src/rules/rulesets/index.js'
import { on } from '../../src/rules/effects.js'

// A dummy module: dnd35's policies with its own name, no grapple, no turning, and a condition of its own.
const dnd35 = getRuleset('dnd35')
const { capabilities: _derived, ...dnd35Definition } = dnd35
const dummy: RulesetDefinition = {
  ...dnd35Definition,
  id: 'dummy',
  name: 'Dummy d20',
  description: 'A test ruleset registered at test time.',
  effects: { ...dnd35.effects, confused: { changes: on(-3, 'attack.melee', 'attack.ranged') } },
  maneuvers: { ...dnd35.maneuvers, grapple: null },
  turning: { turnUndead: null, channelEnergy: null },
  turningTable: undefined
}
registerRuleset(dummy)

let app: FastifyInstance
let loadConfig: typeof import('../../src/config.js').loadConfig
before(async () => {
  // Imported after the registration, as a service would be built after its modules load.
  const helpers = await import('../helpers/app.js')
  loadConfig = (await import('../../src/config.js')).loadConfig
  app = await helpers.statelessApp({ DEFAULT_RULESET: 'dummy' })
})
after(async () => { await app.close() })

test('GET /v1/rulesets lists the fourth ruleset, with capabilities derived from its policies', async () => {
  const res = await request(app.server).get('/v1/rulesets').expect(200)
  assert.deepEqual(res.body.rulesets.map((r: { id: string }) => r.id), ['dnd35', 'pf1e', 'variant', 'dummy'])
  const one = await request(app.server).get('/v1/rulesets/dummy').expect(200)
  assert.equal(one.body.name, 'Dummy d20')
  assert.deepEqual(one.body.capabilities.grappleActions, [])
  assert.deepEqual(one.body.capabilities.turningActions, [])
  assert.deepEqual(one.body.capabilities.attacks.modes, ['single', 'full', 'coup-de-grace'])
  assert.equal(one.body.turningTable, undefined)
})

test('config validation accepts the registered id and names it among the choices of a bad one', () => {
  assert.equal(loadConfig({ DEFAULT_RULESET: 'dummy' }).defaultRuleset, 'dummy')
  assert.throws(() => loadConfig({ DEFAULT_RULESET: 'nope' }), /DEFAULT_RULESET must be one of dnd35, pf1e, variant, dummy/)
})

test('an attack under the fourth ruleset goes through the shared mechanics, its own condition included (SRD 3.5 › Attack Bonus)', async () => {
  const res = await request(app.server).post('/v1/attacks').send({
    ruleset: 'dummy',
    attacker: { baseAttackBonus: 5, abilities: { str: 14 }, conditions: ['confused', 'shaken'] },
    target: { armorClass: { armor: 4 } },
    weapon: { name: 'longsword', damage: '1d8' },
    dice: { sequence: [10, 6] }
  }).expect(200)
  assert.equal(res.body.ruleset, 'dummy')
  const [a] = res.body.attacks
  // 5 BAB + 2 Str − 3 confused (its own row) − 2 shaken = +2; 10 + 2 = 12 < AC 14.
  assert.deepEqual([a.attackBonus, a.targetAC, a.total, a.hit], [2, 14, 12, false])
  // The default ruleset is the fourth one too.
  const byDefault = await request(app.server).post('/v1/attacks').send({
    attacker: { baseAttackBonus: 5 }, target: { armorClass: { armor: 4 } }, weapon: { name: 'longsword', damage: '1d8' }, dice: { sequence: [10, 6] }
  }).expect(200)
  assert.equal(byDefault.body.ruleset, 'dummy')
})

test('a grapple under the fourth ruleset is a 422 rule-not-defined, from its null grapple policy', async () => {
  const res = await request(app.server).post('/v1/grapples').send({
    ruleset: 'dummy', action: 'start', attacker: { baseAttackBonus: 1 }, defender: { baseAttackBonus: 1 }
  }).expect(422)
  assert.equal(res.body.type, '/problems/rule-not-defined')
  assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path), ['/action'])
})
