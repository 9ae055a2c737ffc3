// docs/rules.md §96: a stat block's `effects` (bless, rage, shield of faith…) as typed modifiers every mechanic
// reads, each a breakdown line; docs/rules.md §95: reach by size (SRD 3.5 › Big and Little Creatures in Combat;
// variant › Reach Weapons). Through HTTP with fixed dice; expected numbers worked by hand.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

type Line = { source: string, type: string, value: number, applied: boolean }
const post = (path: string, body: object) => request(app.server).post(path).send(body)
const find = (lines: Line[], source: string) => lines.find((l) => l.source === source || l.source.startsWith(`${source} `))
const bless = { target: 'attack', value: 1, type: 'morale', source: 'bless' }
const heroism = { target: 'attack', value: 2, type: 'morale', source: 'heroism' }
const longsword = { name: 'longsword', damage: '1d8' }

test('dnd35: two morale bonuses on attack rolls do not stack, each is a line (SRD 3.5 › Bonus Types; docs/rules.md §96)', async () => {
  const res = await post('/v1/attacks', { ruleset: 'dnd35', attacker: { baseAttackBonus: 4, effects: [bless, heroism] }, target: { armorClass: { armor: 2 } }, weapon: longsword, dice: { sequence: [10, 5] } }).expect(200)
  const a = res.body.attacks[0]
  assert.equal(a.attackBonus, 4 + 2)
  assert.deepEqual(find(a.attackBreakdown, 'bless'), { source: 'bless', type: 'morale', value: 1, applied: false })
  assert.deepEqual(find(a.attackBreakdown, 'heroism'), { source: 'heroism', type: 'morale', value: 2, applied: true })
})

test('pf1e: a damage effect is added to each roll of the weapon, so a critical multiplies it; a melee-only one spares a bow (PRD › Critical Hits)', async () => {
  const rage = { target: 'damage.melee', value: 2, type: 'morale', source: 'rage' }
  const crit = await post('/v1/attacks', { ruleset: 'pf1e', attacker: { baseAttackBonus: 4, effects: [rage] }, target: { armorClass: { armor: 2 } }, weapon: longsword, dice: { sequence: [20, 15, 3, 4] } }).expect(200)
  // (3 + 2) + (4 + 2) = 11.
  assert.deepEqual([crit.body.attacks[0].critical, crit.body.attacks[0].damage.total], [true, 11])
  assert.deepEqual(find(crit.body.attacks[0].damage.breakdown, 'rage'), { source: 'rage ×2', type: 'morale', value: 4, applied: true })
  const bow = await post('/v1/attacks', { ruleset: 'pf1e', attacker: { baseAttackBonus: 4, effects: [rage] }, target: { armorClass: { armor: 2 } }, weapon: { name: 'shortbow', type: 'ranged', damage: '1d6', rangeIncrement: 60 }, dice: { sequence: [15, 3] } }).expect(200)
  assert.equal(bow.body.attacks[0].damage.total, 3)
})

test('dnd35: AC effects: deflection counts on every AC, a dodge bonus is lost flat-footed, armor not against touch; ac.touch and ac.flatFooted alone (SRD 3.5 › Armor Class)', async () => {
  const effects = [
    { target: 'ac', value: 2, type: 'deflection', source: 'shield of faith' },
    { target: 'ac', value: 1, type: 'dodge', source: 'haste' },
    { target: 'ac', value: 4, type: 'armor', source: 'mage armor' },
    { target: 'ac.touch', value: 1, type: 'insight', source: 'foresight' },
    { target: 'ac.flatFooted', value: 3, type: 'luck', source: 'charm' }
  ]
  const ac = async (touch: boolean, conditions: string[]) => (await post('/v1/attacks', {
    ruleset: 'dnd35', attacker: { baseAttackBonus: 0 }, target: { effects, conditions }, weapon: { ...longsword, touch }, dice: { sequence: [1] }
  }).expect(200)).body.attacks[0].targetAC
  assert.equal(await ac(false, []), 10 + 2 + 1 + 4)
  assert.equal(await ac(true, []), 10 + 2 + 1 + 1)
  assert.equal(await ac(false, ['flat-footed']), 10 + 2 + 4 + 3)
  assert.equal(await ac(true, ['flat-footed']), 10 + 2 + 1 + 3)
})

test('an ability effect moves every number built on the score: +4 enhancement to Str is +2 on attack and damage (SRD 3.5 › Bull\'s Strength)', async () => {
  const res = await post('/v1/attacks', { ruleset: 'dnd35', attacker: { baseAttackBonus: 1, abilities: { str: 12 }, effects: [{ target: 'str', value: 4, type: 'enhancement', source: 'bull\'s strength' }] }, target: {}, weapon: longsword, dice: { sequence: [10, 5] } }).expect(200)
  assert.deepEqual([res.body.attacks[0].attackBonus, res.body.attacks[0].damage.total], [1 + 3, 5 + 3])
})

test('saves: `saves` on every save, `saves.will` on the Will save only; resistance bonuses do not stack (SRD 3.5 › Saving Throws)', async () => {
  const effects = [
    { target: 'saves', value: 1, type: 'resistance', source: 'cloak of resistance' },
    { target: 'saves', value: 2, type: 'resistance', source: 'resistance' },
    { target: 'saves.will', value: 2, type: 'morale', source: 'heroism' }
  ]
  const save = async (name: string) => (await post('/v1/saves', { ruleset: 'dnd35', save: name, dc: 15, targets: [{ id: 'x', baseSaves: { will: 1, reflex: 1 }, effects }], dice: { sequence: [10] } }).expect(200)).body.results[0]
  const will = await save('will')
  assert.equal(will.saveBonus, 1 + 2 + 2)
  assert.equal(find(will.breakdown, 'cloak of resistance')?.applied, false)
  assert.equal((await save('reflex')).saveBonus, 1 + 2)
  // The variant has no Will save: a target naming it is refused, not ignored.
  const variant = await post('/v1/saves', { ruleset: 'variant', save: 'reflex', dc: 15, targets: [{ id: 'x', baseSaves: { reflex: 1 }, effects: [{ target: 'saves.will', value: 2, source: 'heroism' }] }] })
  assertProblem(variant, { type: '/problems/rule-not-defined', path: '/targets/0/effects/0/target' })
})

test('initiative: an initiative effect is a line of the modifier (SRD 3.5 › Initiative)', async () => {
  const res = await post('/v1/initiative', { ruleset: 'dnd35', combatants: [{ id: 'a', effects: [{ target: 'initiative', value: 2, type: 'insight', source: 'guidance of fate' }] }], dice: { sequence: [10] } }).expect(200)
  assert.deepEqual([res.body.order[0].modifier, res.body.order[0].total], [2, 12])
})

test('pf1e: cmb and cmd effects; in dnd35, which has no CMB, a 422 naming the target (PRD › Combat Maneuvers; docs/rules.md §96)', async () => {
  const res = await post('/v1/maneuvers', {
    ruleset: 'pf1e', maneuver: 'trip',
    attacker: { id: 'a', cmb: 9, effects: [{ target: 'cmb', value: 2, type: 'competence', source: 'trained' }] },
    defender: { id: 'b', cmd: 16, effects: [{ target: 'cmd', value: 3, type: 'insight', source: 'foresight' }] },
    dice: { sequence: [10] }
  }).expect(200)
  assert.deepEqual([res.body.steps[1].modifier, res.body.steps[1].against], [11, 19])
  const dnd = await post('/v1/attacks', { ruleset: 'dnd35', attacker: { baseAttackBonus: 1, effects: [bless, { target: 'cmb', value: 2, source: 'x' }] }, target: {}, weapon: longsword })
  assertProblem(dnd, { type: '/problems/rule-not-defined', path: '/attacker/effects/1/target' })
})

test('the odds read effects as resolution does (docs/rules.md §96)', async () => {
  const body = { ruleset: 'dnd35', attacker: { baseAttackBonus: 4, effects: [heroism] }, target: { armorClass: { armor: 2 } }, weapon: longsword }
  const odds = await post('/v1/attacks/odds', body).expect(200)
  // +6 against AC 12: hits on 6–20, 15 faces of 20.
  assert.deepEqual([odds.body.attacks[0].attackBonus, odds.body.attacks[0].hitChance], [6, 0.75])
})

for (const ruleset of ['dnd35', 'pf1e', 'variant'] as const) {
  test(`${ruleset}: a Tiny attacker (natural reach 0) strikes only in its foe's square: 5 ft is a 422 naming distanceFeet (docs/rules.md §95)`, async () => {
    const body = { ruleset, attacker: { baseAttackBonus: 1, size: 'tiny' }, target: {}, weapon: { name: 'dagger', damage: '1d2' } }
    assertProblem(await post('/v1/attacks', { ...body, options: { distanceFeet: 5 } }), { type: '/problems/out-of-range', path: '/options/distanceFeet' })
    await post('/v1/attacks', { ...body, options: { distanceFeet: 0 } }).expect(200)
  })
}

test('variant: a Large creature\'s reach weapon reaches double its natural reach, 20 ft, and not within its 10 ft (variant › Reach Weapons)', async () => {
  const body = { ruleset: 'variant', attacker: { baseAttackBonus: 3, size: 'large' }, target: {}, weapon: { name: 'longspear', damage: '2d6', reach: true } }
  await post('/v1/attacks', { ...body, options: { distanceFeet: 20 } }).expect(200)
  await post('/v1/attacks', { ...body, options: { distanceFeet: 15 } }).expect(200)
  assertProblem(await post('/v1/attacks', { ...body, options: { distanceFeet: 10 } }), { type: '/problems/not-possible', path: '/options/distanceFeet' })
  assertProblem(await post('/v1/attacks', { ...body, options: { distanceFeet: 25 } }), { type: '/problems/out-of-range', path: '/options/distanceFeet' })
  // A Medium one: one square further, 10 ft, and its adjacent foe at −4 (variant › Attack).
  const medium = await post('/v1/attacks', { ...body, attacker: { baseAttackBonus: 3 }, options: { distanceFeet: 5 }, dice: { sequence: [10, 1, 1] } }).expect(200)
  assert.equal(find(medium.body.attacks[0].attackBreakdown, 'reach weapon against an adjacent foe')?.value, -4)
  assertProblem(await post('/v1/attacks', { ...body, attacker: { baseAttackBonus: 3 }, options: { distanceFeet: 15 } }), { type: '/problems/out-of-range', path: '/options/distanceFeet' })
})
