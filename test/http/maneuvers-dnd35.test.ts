import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: object) => request(app.server).post('/v1/maneuvers').send(body)
const purposes = (res: { body: { rolls: Array<{ purpose: string }> } }) => res.body.rolls.map((r) => r.purpose)
const sum = (breakdown: Array<{ value: number, applied: boolean }>) => breakdown.filter((b) => b.applied).reduce((n, b) => n + b.value, 0)

// BAB +2, Str 16 (+3). Defender BAB +1, Str 12 (+1), Dex 14 (+2): touch AC 12.
const brute = { id: 'brute', baseAttackBonus: 2, abilities: { str: 16 } }
const rogue = { id: 'rogue', baseAttackBonus: 1, abilities: { str: 12, dex: 14 } }

test('trip: touch attack, then Str against the better of Str and Dex; a win knocks the defender prone (SRD 3.5 › Trip)', async () => {
  const res = await post({ maneuver: 'trip', attacker: brute, defender: rogue, dice: { sequence: [14, 13, 9] } }).expect(200)
  const b = res.body
  assert.equal(b.maneuver, 'trip')
  assert.equal(b.success, true)
  assert.deepEqual(b.steps.map((s: { step: string }) => s.step), ['attack-of-opportunity', 'touch-attack', 'opposed-check'])
  assert.equal(b.steps[0].provoked, true)
  assert.deepEqual([b.steps[1].total, b.steps[1].against], [19, 12])
  const [a, d] = b.steps[2].sides
  assert.deepEqual([a.modifier, a.total, d.modifier, d.total], [3, 16, 2, 11])
  assert.equal(d.breakdown[0].source, 'Dexterity')
  assert.deepEqual(b.state.defender, ['prone'])
  assert.deepEqual(purposes(res), ['touch-attack', 'maneuver-attacker', 'maneuver-defender'])
})

test('trip: on failure the defender trips back with the same check (SRD 3.5 › Trip)', async () => {
  const res = await post({ maneuver: 'trip', attacker: brute, defender: rogue, dice: { sequence: [14, 5, 15, 12, 8] } }).expect(200)
  assert.equal(res.body.success, false)
  const counter = res.body.steps[3]
  assert.equal(counter.step, 'counter-attempt')
  assert.equal(counter.actor, 'defender')
  assert.deepEqual(counter.sides.map((s: { total: number }) => s.total), [13, 11])
  assert.deepEqual(res.body.state, { attacker: ['prone'], defender: [], others: [] })
  assert.deepEqual(purposes(res), ['touch-attack', 'maneuver-attacker', 'maneuver-defender', 'counter-defender', 'counter-attacker'])
  const noCounter = await post({ maneuver: 'trip', attacker: brute, defender: rogue, options: { counterAttempt: false }, dice: { sequence: [14, 5, 15] } }).expect(200)
  assert.equal(noCounter.body.steps.length, 3)
})

test('trip: ±4 per size from Medium, +4 for a stable defender; Improved Trip provokes nothing and adds +4 (SRD 3.5 › Trip; SRD35 › Feats)', async () => {
  const res = await post({ maneuver: 'trip', attacker: { ...brute, size: 'large', feats: ['improved-trip'] }, defender: { ...rogue, size: 'huge' }, options: { defenderLegs: 4 }, dice: { sequence: [20, 10, 10] } }).expect(200)
  assert.equal(res.body.steps[0].provoked, false)
  const [a, d] = res.body.steps[2].sides
  assert.equal(a.modifier, 3 + 4 + 4)
  assert.equal(d.modifier, 2 + 8 + 4)
  assert.equal(sum(d.breakdown), d.modifier)
})

test('trip: a target more than one size larger is a 422 (SRD 3.5 › Trip)', async () => {
  const res = await post({ maneuver: 'trip', attacker: brute, defender: { ...rogue, size: 'huge' } }).expect(422)
  assertProblem(res, { type: '/problems/not-possible', path: '/defender/size' })
})

// Longsword: BAB 4, Str 14: +6. Dagger (light): BAB 2, Str 10: +2 − 4 = −2.
const knight = { id: 'knight', baseAttackBonus: 4, abilities: { str: 14 } }
const thug = { id: 'thug', baseAttackBonus: 2 }

test('disarm: opposed attack rolls, light weapon −4; the item lies in the defender\'s square (SRD 3.5 › Disarm)', async () => {
  const res = await post({ maneuver: 'disarm', attacker: knight, defender: thug, options: { defenderWeapon: { category: 'light' } }, dice: { sequence: [5, 12] } }).expect(200)
  const [a, d] = res.body.steps[1].sides
  assert.deepEqual([a.modifier, d.modifier], [6, -2])
  assert.equal(res.body.success, true)
  assert.equal(res.body.effect.itemsDropped, 1)
  assert.equal(res.body.effect.attackerHoldsItem, false)
})

test('disarm: damage from the attack of opportunity fails it; Improved Disarm provokes nothing (SRD 3.5 › Disarm)', async () => {
  const hurt = await post({ maneuver: 'disarm', attacker: knight, defender: thug, options: { attackOfOpportunityDamage: 4 } }).expect(200)
  assert.equal(hurt.body.success, false)
  assert.deepEqual(hurt.body.rolls, [])
  const feat = await post({ maneuver: 'disarm', attacker: { ...knight, feats: ['improved-disarm'] }, defender: thug, options: { attackOfOpportunityDamage: 4 }, dice: { sequence: [1, 20] } }).expect(200)
  assert.equal(feat.body.steps[0].provoked, false)
  assert.equal(feat.body.steps[1].sides[0].modifier, 10)
  assert.equal(feat.body.steps.length, 2, 'no counter-disarm against Improved Disarm')
})

test('disarm: two-handed +4, +4 per size larger, −4 for a non-melee item, +10 locked gauntlet; the defender disarms back on a failure, unless its item is not a melee weapon (SRD 3.5 › Disarm; docs/rules.md §P4.2)', async () => {
  const res = await post({
    maneuver: 'disarm', attacker: knight, defender: { ...thug, size: 'large' },
    options: { attackerWeapon: { category: 'two-handed' }, defenderWeapon: { meleeWeapon: false, lockedGauntlet: true } },
    dice: { sequence: [2, 10, 15, 3] }
  }).expect(200)
  const [a, d] = res.body.steps[1].sides
  assert.equal(a.modifier, 6 + 4)
  assert.equal(d.modifier, 2 - 1 + 4 - 4 + 10)
  assert.equal(res.body.success, false)
  // SRD 3.5 › Disarm: a defender holding something other than a melee weapon "can't attempt to disarm you in return".
  assert.deepEqual(res.body.steps.map((s: { step: string }) => s.step), ['attack-of-opportunity', 'opposed-check'])
  assert.equal(res.body.effect.attackerDropsWeapon, undefined)
  const melee = await post({
    maneuver: 'disarm', attacker: knight, defender: { ...thug, size: 'large' },
    options: { attackerWeapon: { category: 'two-handed' }, defenderWeapon: { lockedGauntlet: true } },
    dice: { sequence: [2, 10, 15, 3] }
  }).expect(200)
  assert.equal(melee.body.steps[1].sides[1].modifier, 2 - 1 + 4 + 10)
  assert.equal(melee.body.steps[2].step, 'counter-attempt')
  assert.equal(melee.body.effect.attackerDropsWeapon, true)
  const spiked = await post({ maneuver: 'disarm', attacker: knight, defender: thug, options: { defenderWeapon: { spikedGauntlet: true } } }).expect(422)
  assertProblem(spiked, { type: '/problems/not-possible', path: '/options/defenderWeapon/spikedGauntlet' })
})

test('bull rush: opposed Str, +2 charging; pushed 5 ft plus 5 per full 5 of margin (SRD 3.5 › Bull Rush)', async () => {
  const res = await post({ maneuver: 'bull-rush', attacker: { baseAttackBonus: 1, abilities: { str: 18 } }, defender: {}, options: { charging: true }, dice: { sequence: [15, 6] } }).expect(200)
  const [a, d] = res.body.steps[1].sides
  assert.deepEqual([a.total, d.total], [21, 6])
  assert.equal(res.body.effect.pushFeet, 20)
  const fail = await post({ maneuver: 'bull-rush', attacker: {}, defender: { abilities: { str: 14 } }, options: { defenderStable: true }, dice: { sequence: [6, 15] } }).expect(200)
  assert.equal(fail.body.steps[1].sides[1].modifier, 2 + 4)
  assert.equal(fail.body.success, false)
})

test('bull rush: equal totals go to the higher modifier (docs/rules.md §33)', async () => {
  const res = await post({ maneuver: 'bull-rush', attacker: { abilities: { str: 14 } }, defender: {}, dice: { sequence: [8, 10] } }).expect(200)
  assert.deepEqual(res.body.steps[1].tieBreak, { rule: 'higher-modifier', rerolls: [] })
  assert.equal(res.body.effect.pushFeet, 5)
})

test('overrun: the defender may step aside; a block is Str against Str or Dex; the counter knocks the attacker prone (SRD 3.5 › Overrun)', async () => {
  const avoid = await post({ maneuver: 'overrun', attacker: brute, defender: rogue, options: { defenderAvoids: true } }).expect(200)
  assert.equal(avoid.body.success, true)
  assert.deepEqual(avoid.body.rolls, [])
  const blocked = await post({ maneuver: 'overrun', attacker: brute, defender: rogue, dice: { sequence: [2, 15, 15, 3] } }).expect(200)
  assert.equal(blocked.body.success, false)
  assert.deepEqual(blocked.body.state.attacker, ['prone'])
  const through = await post({ maneuver: 'overrun', attacker: { ...brute, feats: ['improved-overrun'] }, defender: rogue, options: { defenderAvoids: true }, dice: { sequence: [10, 10] } }).expect(200)
  assert.equal(through.body.steps[1].step, 'opposed-check', 'Improved Overrun: the defender cannot avoid')
  assert.deepEqual(through.body.state.defender, ['prone'])
})

test('overrun during a charge is a 422 in dnd35 (docs/rules.md §34)', async () => {
  const res = await post({ maneuver: 'overrun', attacker: brute, defender: rogue, options: { charging: true } }).expect(422)
  assertProblem(res, { type: '/problems/not-possible', path: '/options/charging' })
})

test('sunder: opposed attack rolls, then weapon damage less hardness against the item (SRD 3.5 › Sunder; docs/rules.md §60)', async () => {
  const res = await post({
    maneuver: 'sunder', attacker: knight, defender: thug,
    options: { attackerWeapon: { damage: '1d8' }, item: { hardness: 5, hitPoints: 5 } }, dice: { sequence: [12, 3, 8] }
  }).expect(200)
  assert.equal(res.body.success, true)
  assert.equal(res.body.damage.total, 10)
  assert.deepEqual([res.body.effect.itemDamage, res.body.effect.itemHitPointsLeft, res.body.effect.itemDestroyed], [5, 0, true])
  assert.deepEqual(purposes(res), ['maneuver-attacker', 'maneuver-defender', 'damage'])
  const missing = await post({ maneuver: 'sunder', attacker: knight, defender: thug, options: { attackerWeapon: { damage: '1d8' } }, dice: { sequence: [12, 3] } }).expect(422)
  assertProblem(missing, { type: '/problems/missing-field', path: '/options/item/hardness' })
})

test('sunder without the item\'s hardness or hit points is a 422 whatever the opposed roll: checked before any die', async () => {
  // SRD 3.5 › Sunder: the item's hardness and hit points decide the damage; the service has no equipment tables.
  // knight +6 against thug +2: [12, 3] strikes the item (18 against 5), [2, 15] does not (8 against 17).
  for (const sequence of [[12, 3], [2, 15]]) {
    for (const [item, path] of [[undefined, '/options/item/hardness'], [{ hitPoints: 5 }, '/options/item/hardness'], [{ hardness: 5 }, '/options/item/hitPoints']] as const) {
      const res = await post({ maneuver: 'sunder', attacker: knight, defender: thug, options: { attackerWeapon: { damage: '1d8' }, ...(item ? { item } : {}) }, dice: { sequence } })
      assertProblem(res, { type: '/problems/missing-field', path })
    }
  }
})

test('feint: Bluff against Sense Motive + BAB; a tie fails; nonhumanoid −4, animal −8; mindless impossible (SRD 3.5 › Feint; docs/rules.md §33)', async () => {
  const tie = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 3 }, options: { bluff: 5, senseMotive: 2 }, dice: { sequence: [10, 10] } }).expect(200)
  assert.equal(tie.body.success, false)
  assert.deepEqual(purposes(tie), ['bluff', 'sense-motive'])
  const win = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 3 }, options: { bluff: 5, senseMotive: 2 }, dice: { sequence: [11, 10] } }).expect(200)
  assert.equal(win.body.success, true)
  assert.equal(win.body.effect.deniesDexToNextMeleeAttack, true)
  const animal = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 3 }, options: { bluff: 5, senseMotive: 2, defenderKind: 'animal' }, dice: { sequence: [11, 10] } }).expect(200)
  assert.equal(animal.body.steps[1].sides[0].modifier, -3)
  const mindless = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 3 }, options: { bluff: 5, senseMotive: 2, defenderKind: 'mindless' } }).expect(422)
  assertProblem(mindless, { type: '/problems/not-possible', path: '/options/defenderKind' })
  const missing = await post({ maneuver: 'feint', attacker: {}, defender: { baseAttackBonus: 3 }, options: { senseMotive: 2 } }).expect(422)
  assertProblem(missing, { type: '/problems/missing-field', path: '/options/bluff' })
})

test('a maneuver the ruleset lacks is a 422; an unknown one is a 400', async () => {
  const res = await post({ maneuver: 'drag', attacker: brute, defender: rogue }).expect(422)
  assertProblem(res, { type: '/problems/rule-not-defined', path: '/maneuver' })
  const bad = await post({ maneuver: 'piledriver', attacker: brute, defender: rogue }).expect(400)
  assert.equal(bad.body.errors[0].path, '/maneuver')
})
