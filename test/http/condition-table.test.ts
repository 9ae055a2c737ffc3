// docs/rules.md §72, §73, §85, §88 through HTTP: each class of defect of the condition table, as a client
// meets it. Every one of these was answered wrongly before (a plain 200 with unchanged numbers, or a 400/200
// where a condition was unknown or ignored). Dice are fixed; expected numbers are worked by hand.
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

const longsword = { name: 'longsword', type: 'melee', damage: '1d8' }
const attacker = (conditions: string[] = [], more: Body = {}): Body => ({ baseAttackBonus: 2, abilities: { str: 10 }, conditions, ...more })
const target = (more: Body = {}): Body => ({ armorClass: { total: 12, touch: 10, flatFooted: 12 }, ...more })

async function post (path: string, body: Body, status: number) {
  const res = await request(app.server).post(path).send(body)
  assert.equal(res.status, status, JSON.stringify(res.body))
  return res.body
}

function assertProblem (body: Body, type: string, path: string): void {
  assert.equal(body.type, type, JSON.stringify(body))
  assert.deepEqual((body.errors as Array<{ path: string }>).map((e) => e.path), [path])
}

for (const ruleset of ['dnd35', 'pf1e', 'variant']) {
  test(`${ruleset}: a dazed or stunned attacker cannot attack: 422 not-possible naming the condition (docs/rules.md §73; SRD 3.5 › Conditions › Dazed, Stunned; variant › Conditions)`, async () => {
    for (const name of ['dazed', 'stunned', 'cowering', 'paralyzed']) {
      const body = await post('/v1/attacks', { ruleset, attacker: attacker(['shaken', name]), target: target(), weapon: longsword, dice: { sequence: [15, 4] } }, 422)
      assertProblem(body, '/problems/not-possible', '/attacker/conditions/1')
    }
  })
}

test('dnd35: a dead attacker (−10 HP, nothing listed) is refused, naming its hit points (docs/rules.md §73; SRD 3.5 › Dead)', async () => {
  const body = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker([], { hitPoints: { max: 10, current: -10 } }), target: target(), weapon: longsword, dice: { sequence: [15, 4] } }, 422)
  assertProblem(body, '/problems/not-possible', '/attacker/hitPoints')
})

test('dnd35: a staggered attacker may attack once but not make a full attack (SRD 3.5 › Conditions › Staggered; docs/rules.md §73)', async () => {
  await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(['staggered']), target: target(), weapon: longsword, dice: { sequence: [15, 4] } }, 200)
  const body = await post('/v1/attacks', { ruleset: 'dnd35', mode: 'full', attacker: attacker(['staggered']), target: target(), weapon: longsword, dice: { sequence: [15, 4] } }, 422)
  assertProblem(body, '/problems/not-possible', '/attacker/conditions/0')
})

test('dnd35: a nauseated creature cannot trip, a panicked one cannot attack (SRD 3.5 › Conditions › Nauseated, Panicked)', async () => {
  const trip = await post('/v1/maneuvers', { ruleset: 'dnd35', maneuver: 'trip', attacker: attacker(['nauseated']), defender: { baseAttackBonus: 1 }, dice: { sequence: [10, 10, 10] } }, 422)
  assertProblem(trip, '/problems/not-possible', '/attacker/conditions/0')
  const hit = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(['panicked']), target: target(), weapon: longsword, dice: { sequence: [15, 4] } }, 422)
  assertProblem(hit, '/problems/not-possible', '/attacker/conditions/0')
})

test('dnd35: a fatigued creature cannot charge (SRD 3.5 › Conditions › Fatigued)', async () => {
  const body = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(['fatigued']), target: target(), weapon: longsword, options: { charging: true }, dice: { sequence: [15, 4] } }, 422)
  assertProblem(body, '/problems/not-possible', '/attacker/conditions/0')
})

test('dnd35: sickened takes 2 off weapon damage, named as its source (SRD 3.5 › Conditions › Sickened)', async () => {
  // Attack +2 (BAB) − 2 sickened = +0; d20 15 hits AC 12; 1d8 6 + Str 0 − 2 = 4.
  const res = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(['sickened']), target: target(), weapon: longsword, dice: { sequence: [15, 6] } }, 200)
  const a = res.attacks[0]
  assert.deepEqual([a.attackBonus, a.hit, a.damage.total], [0, true, 4])
  assert.ok(a.damage.breakdown.some((e: Entry) => e.source === 'sickened' && e.value === -2 && e.applied))
  assert.deepEqual(res.conditions.attacker, [{ name: 'sickened' }])
})

test('variant: fatigued lowers every score by 2, exhausted by 4: Str 14 → 12 / 10 on attack and damage (variant › Conditions)', async () => {
  // variant attack: BCB 2 + Str; damage 1d8 + Str + BCB 2. Str 14 (+2) → 12 (+1) → 10 (0).
  const hit = async (conditions: string[]) => (await post('/v1/attacks', { ruleset: 'variant', attacker: { baseAttackBonus: 2, abilities: { str: 14 }, conditions }, target: { armorClass: { total: 5 } }, weapon: longsword, dice: { sequence: [15, 6] } }, 200)).attacks[0]
  const fresh = await hit([])
  const fatigued = await hit(['fatigued'])
  const exhausted = await hit(['exhausted'])
  assert.deepEqual([fresh.attackBonus, fresh.damage.total], [4, 10])
  assert.deepEqual([fatigued.attackBonus, fatigued.damage.total], [3, 9])
  assert.deepEqual([exhausted.attackBonus, exhausted.damage.total], [2, 8])
})

test('variant debilitated is accepted there and refused by dnd35 and pf1e, naming it (docs/rules.md §85; variant › Conditions)', async () => {
  // A debilitated creature has a single minor action: an attack (a major action) is refused.
  const variant = await post('/v1/attacks', { ruleset: 'variant', attacker: attacker(['debilitated']), target: target(), weapon: longsword, dice: { sequence: [15, 6] } }, 422)
  assertProblem(variant, '/problems/not-possible', '/attacker/conditions/0')
  await post('/v1/saves', { ruleset: 'variant', save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 0 }, conditions: ['debilitated'] }], dice: { sequence: [10] } }, 200)
  for (const ruleset of ['dnd35', 'pf1e']) {
    const body = await post('/v1/saves', { ruleset, save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 0 }, conditions: ['shaken', 'debilitated'] }], dice: { sequence: [10] } }, 422)
    assertProblem(body, '/problems/rule-not-defined', '/targets/0/conditions/1')
  }
})

test('dnd35: attacks against a rebuked undead, or a turned one that cowers, get +2 (SRD 3.5 › Turn Undead)', async () => {
  // +2 BAB, +2 against it: the rebuked one also cowers (−2 AC, no Dex): printed flat-footed 12 − 2 = 10.
  const rebuked = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(), target: target({ conditions: ['rebuked'] }), weapon: longsword, dice: { sequence: [6, 3] } }, 200)
  const a = rebuked.attacks[0]
  assert.deepEqual([a.attackBonus, a.targetAC, a.total, a.hit], [4, 10, 10, true])
  assert.ok(a.attackBreakdown.some((e: Entry) => e.source === 'rebuked' && e.value === 2))
  assert.deepEqual(rebuked.conditions.target, [{ name: 'rebuked' }, { name: 'cowering', impliedBy: 'rebuked' }])
  const turned = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(), target: target({ conditions: ['turned', 'cowering'] }), weapon: longsword, dice: { sequence: [6, 3] } }, 200)
  assert.equal(turned.attacks[0].attackBonus, 4)
  const fleeing = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(), target: target({ conditions: ['turned'] }), weapon: longsword, dice: { sequence: [6] } }, 200)
  assert.equal(fleeing.attacks[0].attackBonus, 2)
})

test('pf1e: an incorporeal attacker\'s touch attack ignores cover; dnd35 keeps it (PRD › Special Abilities › Incorporeal)', async () => {
  const touch = { name: 'corrupting touch', type: 'melee', damage: '1d6', touch: true }
  const pf1e = await post('/v1/attacks', { ruleset: 'pf1e', attacker: attacker(['incorporeal']), target: target(), weapon: touch, options: { cover: 'cover' }, dice: { sequence: [2] } }, 200)
  assert.equal(pf1e.attacks[0].targetAC, 10)
  const dnd35 = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(['incorporeal']), target: target(), weapon: touch, options: { cover: 'cover' }, dice: { sequence: [2] } }, 200)
  assert.equal(dnd35.attacks[0].targetAC, 14)
})

test('responses list the conditions applied and why: a dying target is unconscious and helpless by its hit points (docs/rules.md §71, §88)', async () => {
  const res = await post('/v1/attacks', { ruleset: 'dnd35', attacker: attacker(), target: { armorClass: { armor: 2 }, hitPoints: { max: 10, current: -3 } }, weapon: longsword, dice: { sequence: [2, 3] } }, 200)
  assert.deepEqual(res.conditions, {
    attacker: [],
    target: [{ name: 'dying', impliedBy: 'hitPoints' }, { name: 'unconscious', impliedBy: 'hitPoints' }, { name: 'helpless', impliedBy: 'hitPoints' }]
  })
  const odds = await post('/v1/attacks/odds', { ruleset: 'dnd35', attacker: attacker(), target: { armorClass: { armor: 2 }, conditions: ['paralyzed'] }, weapon: longsword }, 200)
  assert.deepEqual(odds.conditions.target, [{ name: 'paralyzed' }, { name: 'helpless', impliedBy: 'paralyzed' }])
  const saves = await post('/v1/saves', { ruleset: 'pf1e', save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 0 }, conditions: ['helpless'] }], dice: { sequence: [10] } }, 200)
  assert.deepEqual(saves.results[0].conditions, [{ name: 'helpless' }, { name: 'flat-footed', impliedBy: 'helpless' }])
  const trip = await post('/v1/maneuvers', { ruleset: 'dnd35', maneuver: 'trip', attacker: attacker(['shaken']), defender: { baseAttackBonus: 1, conditions: ['frightened'] }, options: { attackOfOpportunityDamage: 0 }, dice: { sequence: [10, 10, 10, 10] } }, 200)
  assert.deepEqual(trip.conditions, { attacker: [{ name: 'shaken' }], defender: [{ name: 'frightened' }, { name: 'shaken', impliedBy: 'frightened' }], others: [] })
})
