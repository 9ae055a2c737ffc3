import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: object) => request(app.server).post('/v1/grapples').send(body)
const sum = (breakdown: Array<{ value: number, applied: boolean }>) => breakdown.filter((b) => b.applied).reduce((n, b) => n + b.value, 0)

// A Medium fighter, BAB +4, Str 14: grapple modifier +6. A Large ogre, BAB +3, Str 21, Dex 8: +3 +5 +4 = +12; touch AC 10 −1 Dex −1 size = 8.
const fighter = { id: 'fighter', baseAttackBonus: 4, abilities: { str: 14 } }
const ogre = { id: 'ogre', size: 'large', baseAttackBonus: 3, abilities: { str: 21, dex: 8 } }

test('start: a Medium +6 grappler holds a Large ogre (+12) on 18 vs 9 and deals 1d3+2 nonlethal (SRD 3.5 › Starting a Grapple; SRD 3.5 › Grapple Checks)', async () => {
  const res = await post({ action: 'start', attacker: fighter, defender: ogre, dice: { sequence: [15, 18, 9, 2] } }).expect(200)
  const b = res.body
  assert.equal(b.ruleset, 'dnd35')
  assert.equal(b.success, true)
  assert.deepEqual(b.steps.map((s: { step: string }) => s.step), ['attack-of-opportunity', 'touch-attack', 'opposed-check', 'damage'])
  const [aoo, touch, hold] = b.steps
  assert.equal(aoo.provoked, true)
  assert.equal(aoo.attackOfOpportunityDamage, 0)
  assert.equal(touch.total, 15 + 6)
  assert.equal(touch.against, 8)
  assert.equal(touch.acType, 'touch')
  assert.equal(sum(touch.againstBreakdown) + 10, 8)
  assert.equal(hold.sides[0].modifier, 6)
  assert.equal(sum(hold.sides[0].breakdown), 6)
  assert.equal(hold.sides[1].modifier, 12)
  assert.equal(sum(hold.sides[1].breakdown), 12)
  assert.deepEqual(hold.sides.map((s: { total: number }) => s.total), [24, 21])
  assert.equal(hold.winner, 'attacker')
  assert.equal(hold.tieBreak, null)
  assert.deepEqual(b.damage, b.steps[3].damage)
  assert.equal(b.damage.total, 4)
  assert.equal(b.damage.nonlethal, 4)
  assert.equal(b.damage.lethal, 0)
  assert.deepEqual(b.state, { attacker: ['grappling'], defender: ['grappling'], others: [] })
  assert.deepEqual(b.rolls, [
    { purpose: 'touch-attack', die: 20, result: 15 },
    { purpose: 'grapple-attacker', die: 20, result: 18 },
    { purpose: 'grapple-defender', die: 20, result: 9 },
    { purpose: 'damage', die: 3, result: 2 }
  ])
})

test('start: the ogre wins the hold on a higher total; no damage is rolled (SRD 3.5 › Starting a Grapple › Step 3)', async () => {
  const res = await post({ action: 'start', attacker: fighter, defender: ogre, dice: { sequence: [15, 10, 10] } }).expect(200)
  assert.equal(res.body.success, false)
  assert.equal(res.body.steps[2].winner, 'defender')
  assert.equal(res.body.damage, null)
  assert.equal(res.body.rolls.length, 3)
  assert.deepEqual(res.body.state.attacker, [])
})

test('a tie in totals goes to the higher grapple modifier (SRD 3.5 › Starting a Grapple › Step 3)', async () => {
  // +6 rolls 8 = 14; +4 (BAB 4, Str 10) rolls 10 = 14.
  const res = await post({ action: 'start', attacker: fighter, defender: { baseAttackBonus: 4 }, dice: { sequence: [19, 8, 10, 3] } }).expect(200)
  const hold = res.body.steps[2]
  assert.deepEqual(hold.sides.map((s: { total: number }) => s.total), [14, 14])
  assert.equal(hold.winner, 'attacker')
  assert.deepEqual(hold.tieBreak, { rule: 'higher-modifier', rerolls: [] })
  assert.equal(res.body.success, true)
})

test('a tie in totals and modifiers is re-rolled until it breaks, actor first (SRD 3.5 › Starting a Grapple › Step 3)', async () => {
  const twin = { baseAttackBonus: 4, abilities: { str: 14 } }
  const res = await post({ action: 'start', attacker: fighter, defender: twin, dice: { sequence: [19, 10, 10, 5, 5, 3, 12] } }).expect(200)
  const hold = res.body.steps[2]
  assert.deepEqual(hold.tieBreak, { rule: 'reroll', rerolls: [{ actor: 5, opponent: 5 }, { actor: 3, opponent: 12 }] })
  assert.equal(hold.winner, 'defender')
  assert.equal(res.body.success, false)
  assert.deepEqual(res.body.rolls.map((r: { purpose: string }) => r.purpose), ['touch-attack', 'grapple-attacker', 'grapple-defender', 'tie-break', 'tie-break', 'tie-break', 'tie-break'])
})

test('against a target two or more sizes larger the hold fails whatever the dice, and no check is rolled (SRD 3.5 › Starting a Grapple › Step 3)', async () => {
  const huge = { size: 'huge', baseAttackBonus: 0, abilities: { str: 1 } }
  const res = await post({ action: 'start', attacker: fighter, defender: huge, dice: { sequence: [20, 20, 1] } }).expect(200)
  assert.equal(res.body.success, false)
  const last = res.body.steps.at(-1)
  assert.equal(last.step, 'size-check')
  assert.equal(last.automatic, 'target-two-or-more-sizes-larger')
  assert.deepEqual(res.body.rolls, [{ purpose: 'touch-attack', die: 20, result: 20 }])
})

test('any damage from the attack of opportunity fails the attempt before the grab (SRD 3.5 › Starting a Grapple › Step 1)', async () => {
  const res = await post({ action: 'start', attacker: fighter, defender: ogre, options: { attackOfOpportunityDamage: 1 }, dice: { sequence: [20, 20, 1] } }).expect(200)
  assert.equal(res.body.success, false)
  assert.equal(res.body.steps.length, 1)
  assert.equal(res.body.steps[0].success, false)
  assert.deepEqual(res.body.rolls, [])
})

test('Improved Grapple provokes nothing and adds +4 to the grapple check (SRD 3.5 › Step 1; SRD35 › Feats)', async () => {
  const res = await post({ action: 'start', attacker: { ...fighter, feats: ['improved-grapple'] }, defender: ogre, options: { attackOfOpportunityDamage: 5 }, dice: { sequence: [15, 10, 10, 1] } }).expect(200)
  assert.equal(res.body.steps[0].provoked, false)
  assert.equal(res.body.steps[2].sides[0].modifier, 10)
})

test('a natural 1 on the grab misses whatever the bonus (SRD 3.5 › Attack Roll)', async () => {
  const res = await post({ action: 'start', attacker: { baseAttackBonus: 20, abilities: { str: 30 } }, defender: {}, dice: { sequence: [1] } }).expect(200)
  assert.equal(res.body.steps[1].natural, 'natural-1')
  assert.equal(res.body.success, false)
})

test('joining: no attack of opportunity, the grab succeeds, the check is against the chosen opponent (SRD 3.5 › Joining a Grapple)', async () => {
  const res = await post({
    action: 'start', attacker: fighter, defender: { ...ogre, conditions: ['grappling'] }, others: [{ id: 'ally', conditions: ['grappling'] }],
    dice: { sequence: [19, 2, 1] }
  }).expect(200)
  assert.deepEqual(res.body.steps.map((s: { step: string }) => s.step), ['grapple-limit', 'attack-of-opportunity', 'touch-attack', 'opposed-check', 'damage'])
  assert.equal(res.body.steps[2].automatic, 'joining-a-grapple')
  assert.equal(res.body.rolls[0].purpose, 'grapple-attacker')
  assert.equal(res.body.success, true)
})

test('at most four grapplers per target: two Large grapplers on a Medium target count 4, so a third cannot join (SRD 3.5 › Multiple Grapplers)', async () => {
  const large = { size: 'large', conditions: ['grappling'] }
  const res = await post({ action: 'start', attacker: fighter, defender: { conditions: ['grappling'] }, others: [large, large] }).expect(422)
  assertProblem(res, { type: '/problems/not-possible', path: '/others' })
  // Three Small ones count ½ each against a Medium target: 1.5 + 1 leaves room.
  const small = { size: 'small', conditions: ['grappling'] }
  await post({ action: 'start', attacker: fighter, defender: { baseAttackBonus: 1, conditions: ['grappling'] }, others: [small, small, small] }).expect(200)
})

const grappling = (c: object) => ({ ...c, conditions: ['grappling'] })

test('damage: opposed check, then 1d3 + Str nonlethal; lethal costs −4 unless Improved Unarmed Strike (SRD 3.5 › Damage Your Opponent)', async () => {
  const res = await post({ action: 'damage', attacker: grappling(fighter), defender: grappling(ogre), dice: { sequence: [20, 1, 3] } }).expect(200)
  assert.equal(res.body.success, true)
  assert.deepEqual(res.body.damage.total, 5)
  assert.equal(res.body.damage.nonlethal, 5)
  assert.deepEqual(res.body.rolls.map((r: { purpose: string }) => r.purpose), ['grapple-attacker', 'grapple-defender', 'damage'])
  const lethal = await post({ action: 'damage', attacker: grappling(fighter), defender: grappling(ogre), options: { lethal: true }, dice: { sequence: [20, 1, 3] } }).expect(200)
  assert.equal(lethal.body.steps[0].sides[0].modifier, 2)
  assert.equal(lethal.body.damage.lethal, 5)
  const monk = await post({ action: 'damage', attacker: grappling({ ...fighter, feats: ['improved-unarmed-strike'] }), defender: grappling(ogre), options: { lethal: true, unarmedDamage: '1d6' }, dice: { sequence: [20, 1, 6] } }).expect(200)
  assert.equal(monk.body.steps[0].sides[0].modifier, 6)
  assert.equal(monk.body.damage.lethal, 8)
  assert.equal(monk.body.damage.dice, '1d6')
})

test('pin: a win pins the opponent (SRD 3.5 › Pin Your Opponent)', async () => {
  const res = await post({ action: 'pin', attacker: grappling(fighter), defender: grappling(ogre), dice: { sequence: [18, 2] } }).expect(200)
  assert.equal(res.body.success, true)
  assert.deepEqual(res.body.state.defender, ['grappling', 'pinned'])
  assert.deepEqual(res.body.state.attacker, ['grappling'])
})

test('a pin requested by a creature that is not grappling is a 422 giving the reason', async () => {
  const res = await post({ action: 'pin', attacker: fighter, defender: ogre }).expect(422)
  assertProblem(res, { type: '/problems/not-possible', path: '/attacker/conditions' })
  assert.match(res.body.detail, /not grappling/)
})

test('a pinned creature can only escape the pin (SRD 3.5 › If You\'re Pinned by an Opponent)', async () => {
  const res = await post({ action: 'damage', attacker: { ...fighter, conditions: ['grappling', 'pinned'] }, defender: grappling(ogre) }).expect(422)
  assertProblem(res, { type: '/problems/not-possible', path: '/attacker/conditions' })
  assert.match(res.body.detail, /pinned/)
})

test('escape must beat every grappler; one loss keeps the escaper in (SRD 3.5 › Escape from Grapple)', async () => {
  const body = { action: 'escape', attacker: grappling(fighter), defender: grappling({ id: 'g1', baseAttackBonus: 2 }), others: [grappling({ id: 'g2', baseAttackBonus: 2 })] }
  const win = await post({ ...body, dice: { sequence: [10, 5, 9] } }).expect(200)
  assert.equal(win.body.success, true)
  assert.equal(win.body.steps.length, 2)
  assert.deepEqual(win.body.rolls.map((r: { purpose: string }) => r.purpose), ['grapple-attacker', 'grapple-defender', 'grapple-defender'])
  assert.deepEqual(win.body.state, { attacker: [], defender: [], others: [[]] })
  const lose = await post({ ...body, dice: { sequence: [10, 5, 19] } }).expect(200)
  assert.equal(lose.body.success, false)
  assert.equal(lose.body.steps[1].winner, 'others/0')
  assert.deepEqual(lose.body.state.attacker, ['grappling'])
})

test('escape with Escape Artist uses the skill bonus instead of the grapple check (SRD 3.5 › Escape from Grapple)', async () => {
  const res = await post({ action: 'escape', attacker: grappling(fighter), defender: grappling(ogre), options: { useEscapeArtist: 15 }, dice: { sequence: [10, 10] } }).expect(200)
  assert.equal(res.body.steps[0].sides[0].modifier, 15)
  assert.equal(res.body.rolls[0].purpose, 'escape-artist')
  assert.equal(res.body.success, true)
})

test('a pinned creature that escapes the pin is still grappling (SRD 3.5 › If You\'re Pinned by an Opponent)', async () => {
  const res = await post({ action: 'escape', attacker: { ...fighter, conditions: ['grappling', 'pinned'] }, defender: grappling(ogre), others: [grappling({})], dice: { sequence: [20, 1] } }).expect(200)
  assert.equal(res.body.steps.length, 1, 'only the pinner is opposed')
  assert.deepEqual(res.body.state.attacker, ['grappling'])
})

test('move: +4 to move a pinned opponent when no one else is in the grapple; half speed (SRD 3.5 › Move)', async () => {
  const res = await post({ action: 'move', attacker: grappling(fighter), defender: { ...ogre, conditions: ['grappling', 'pinned'] }, options: { speedFeet: 30 }, dice: { sequence: [15, 5] } }).expect(200)
  assert.equal(res.body.steps[0].sides[0].modifier, 10)
  assert.equal(res.body.success, true)
  assert.equal(res.body.effect.moveFeet, 15)
  const crowd = await post({ action: 'move', attacker: grappling(fighter), defender: { ...ogre, conditions: ['grappling', 'pinned'] }, others: [grappling({ baseAttackBonus: 0 })], dice: { sequence: [10, 10, 1] } }).expect(200)
  assert.equal(crowd.body.steps[0].sides[0].modifier, 6)
  assert.equal(crowd.body.steps.length, 2)
})

test('break another\'s pin frees the pinned ally, still grappling (SRD 3.5 › Break Another\'s Pin)', async () => {
  const res = await post({ action: 'break-pin', attacker: grappling(fighter), defender: grappling(ogre), others: [{ id: 'ally', conditions: ['grappling', 'pinned'] }], dice: { sequence: [19, 2] } }).expect(200)
  assert.equal(res.body.success, true)
  assert.equal(res.body.effect.pinBroken, true)
  assert.deepEqual(res.body.state.others, [['grappling']])
})

test('use the opponent\'s light weapon: opposed check, then the attack at −4 (SRD 3.5 › Use Opponent\'s Weapon)', async () => {
  const res = await post({ action: 'use-opponent-weapon', attacker: grappling(fighter), defender: grappling(ogre), dice: { sequence: [19, 2] } }).expect(200)
  assert.equal(res.body.effect.followUpAttackPenalty, -4)
})

test('release is a free action without dice; both stop grappling', async () => {
  const res = await post({ action: 'release', attacker: grappling(fighter), defender: { ...ogre, conditions: ['grappling', 'pinned', 'prone'] } }).expect(200)
  assert.deepEqual(res.body.state, { attacker: [], defender: ['prone'], others: [] })
  assert.deepEqual(res.body.rolls, [])
})

test('an action the ruleset lacks is a 422 rule-not-defined; an unknown action is a 400', async () => {
  const res = await post({ action: 'tie-up', attacker: grappling(fighter), defender: grappling(ogre) }).expect(422)
  assertProblem(res, { type: '/problems/rule-not-defined', path: '/action' })
  const bad = await post({ action: 'suplex', attacker: fighter, defender: ogre }).expect(400)
  assert.equal(bad.body.errors[0].path, '/action')
  const extra = await post({ action: 'start', attacker: fighter, defender: ogre, options: { lethl: true } }).expect(400)
  assert.equal(extra.body.errors[0].path, '/options/lethl')
})

test('a missing baseAttackBonus is a 422 naming its path', async () => {
  const res = await post({ action: 'pin', attacker: grappling({}), defender: grappling(ogre) }).expect(422)
  assertProblem(res, { type: '/problems/missing-field', path: '/attacker/baseAttackBonus' })
})

test('variant: every grapple action is a 422 saying the ruleset does not define grappling (variant › Grapple)', async () => {
  for (const action of ['start', 'pin', 'escape', 'release', 'maintain']) {
    const res = await post({ ruleset: 'variant', action, attacker: fighter, defender: ogre }).expect(422)
    // the field asking for the undefined rule, as /mode and /offHand do for attacks (`ruleset` may be left to the default)
    assertProblem(res, { type: '/problems/rule-not-defined', path: '/action' })
    assert.match(res.body.detail, /does not define grappling/)
  }
})

test('a monster with improved grab provokes nothing when it grapples (SRD 3.5 › Starting a Grapple › Step 1)', async () => {
  const res = await post({ action: 'start', attacker: { ...ogre, feats: ['improved-grab'] }, defender: fighter, options: { attackOfOpportunityDamage: 9 }, dice: { sequence: [15, 10, 10, 1] } }).expect(200)
  assert.equal(res.body.steps[0].provoked, false)
  assert.equal(res.body.success, true)
})
