import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: object) => request(app.server).post('/v1/turning').send(body)
const cleric = { id: 'cleric', level: 3, class: 'cleric', energy: 'positive', abilities: { cha: 12 } }
const zombies = (turned: number) => [1, 2, 3, 4, 5, 6, 7].map((n) => ({ id: `zombie-${n}`, hitDice: 2, distanceFeet: 5 * n, alreadyTurned: n <= turned }))
const wight = { id: 'wight', hitDice: 4, distanceFeet: 50, turnResistance: 0 }

test('TC-T1 through HTTP, attempt 1: check 9, damage 11 turns the five closest zombies (SRD 3.5 › How Turning Works)', async () => {
  const res = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric, undead: [...zombies(0), wight], dice: { sequence: [8, 3, 4] } }).expect(200)
  const b = res.body
  assert.equal(b.ruleset, 'dnd35')
  assert.equal(typeof b.seed, 'string')
  assert.equal(b.action, 'turn')
  assert.equal(b.effectiveLevel, 3)
  assert.deepEqual(b.turningCheck, {
    roll: 8, modifier: 1, total: 9, maxHitDice: 2,
    breakdown: [{ source: 'Charisma', type: 'untyped', value: 1, applied: true }]
  })
  assert.deepEqual({ roll: b.turningDamage.roll, modifier: b.turningDamage.modifier, total: b.turningDamage.total }, { roll: [3, 4], modifier: 4, total: 11 })
  assert.equal(b.turningDamage.breakdown.length, 2)
  assert.equal(b.hitDiceUsed, 10)
  assert.equal(b.dispel, null)
  assert.deepEqual(b.usesPerDay, { total: 4, breakdown: [{ source: 'base', type: 'untyped', value: 3, applied: true }, { source: 'Charisma', type: 'untyped', value: 1, applied: true }] })
  assert.deepEqual(b.results.map((r: { outcome: string }) => r.outcome), ['turned', 'turned', 'turned', 'turned', 'turned', 'unaffected', 'unaffected', 'unaffected'])
  assert.deepEqual(b.results[0], { id: 'zombie-1', outcome: 'turned', reason: b.results[0].reason, effectiveHitDice: 2, hitDiceSpent: 2, durationRounds: 10 })
  assert.deepEqual(b.rolls, [
    { purpose: 'turning-check', die: 20, result: 8 },
    { purpose: 'turning-damage', die: 6, result: 3 },
    { purpose: 'turning-damage', die: 6, result: 4 }
  ])
})

test('TC-T1 through HTTP, attempt 2: check 21, damage 7 turns the other two zombies and not the wight (docs/rules.md §43)', async () => {
  const res = await post({ action: 'turn', turner: cleric, undead: [...zombies(5), wight], dice: { sequence: [20, 1, 2] } }).expect(200)
  assert.equal(res.body.turningCheck.total, 21)
  assert.equal(res.body.turningCheck.maxHitDice, 6)
  assert.equal(res.body.turningDamage.total, 7)
  assert.equal(res.body.hitDiceUsed, 4)
  assert.deepEqual(res.body.results.map((r: { outcome: string }) => r.outcome), ['unaffected', 'unaffected', 'unaffected', 'unaffected', 'unaffected', 'turned', 'turned', 'unaffected'])
})

test('turningDamage is null and not rolled when nothing in range could be affected; out-of-range undead', async () => {
  const res = await post({ action: 'turn', turner: cleric, undead: [wight, { id: 'far', hitDice: 1, distanceFeet: 61 }], dice: { sequence: [1] } }).expect(200)
  assert.equal(res.body.turningDamage, null)
  assert.equal(res.body.rolls.length, 1)
  assert.deepEqual(res.body.results.map((r: { outcome: string }) => r.outcome), ['unaffected', 'out-of-range'])
})

test('rebuke/command, bolster and dispel through HTTP (SRD 3.5 › Evil Clerics and Undead)', async () => {
  const evil = { level: 6, class: 'cleric', energy: 'negative', abilities: { cha: 12 } }
  const rebuke = await post({ action: 'command', turner: evil, commandedHitDice: 4, undead: [{ id: 'z1', hitDice: 2, distanceFeet: 5 }, { id: 'z2', hitDice: 2, distanceFeet: 10 }], dice: { sequence: [10, 1, 1] } }).expect(200)
  assert.deepEqual(rebuke.body.results.map((r: { outcome: string }) => r.outcome), ['commanded', 'rebuked'])
  const bolster = await post({ action: 'bolster', turner: evil, undead: [{ id: 'z1', hitDice: 2, distanceFeet: 5 }], dice: { sequence: [16] } }).expect(200)
  assert.equal(bolster.body.turningDamage, null)
  assert.deepEqual(bolster.body.results[0], { id: 'z1', outcome: 'bolstered', reason: bolster.body.results[0].reason, effectiveHitDice: 8, hitDiceSpent: 0, durationRounds: 10 })
  const dispel = await post({ action: 'dispel', turner: evil, previousTurningCheck: 15, undead: [{ id: 'z1', hitDice: 2, distanceFeet: 5, alreadyTurned: true }], dice: { sequence: [14, 1, 1] } }).expect(200)
  assert.deepEqual(dispel.body.dispel, { previousTurningCheck: 15, succeeded: true })
  assert.equal(dispel.body.results[0].outcome, 'freed')
})

test('a 4th-level paladin turns as a 1st-level cleric; a 3rd-level paladin is a 422 (SRD 3.5 › Paladins and Undead)', async () => {
  const ok = await post({ action: 'turn', turner: { level: 4, class: 'paladin', abilities: { cha: 10 } }, undead: [{ id: 's', hitDice: 1, distanceFeet: 5 }], dice: { sequence: [10, 1, 1] } }).expect(200)
  assert.equal(ok.body.effectiveLevel, 1)
  assert.equal(ok.body.turningCheck.maxHitDice, 1)
  assert.equal(ok.body.turningDamage.total, 3)
  const bad = await post({ action: 'turn', turner: { level: 3, class: 'paladin' }, undead: [] }).expect(422)
  assertProblem(bad, { type: '/problems/not-possible', path: '/turner/level' })
})

test('400s: level 0, a negative distance, unknown fields; 422s: fields of another action, duplicate ids', async () => {
  const level0 = await post({ action: 'turn', turner: { ...cleric, level: 0 }, undead: [] }).expect(400)
  assert.deepEqual(level0.body.errors.map((e: { path: string }) => e.path), ['/turner/level'])
  const negative = await post({ action: 'turn', turner: cleric, undead: [{ id: 'z', hitDice: 2, distanceFeet: -5 }] }).expect(400)
  assert.deepEqual(negative.body.errors.map((e: { path: string }) => e.path), ['/undead/0/distanceFeet'])
  const unknown = await post({ action: 'turn', turner: { ...cleric, clas: 'cleric' }, undead: [{ id: 'z', hitDice: 2, distanceFeet: 5, turnResistence: 2 }] }).expect(400)
  assert.deepEqual(unknown.body.errors.map((e: { path: string }) => e.path).sort(), ['/turner/clas', '/undead/0/turnResistence'])
  // Fields of another action and duplicate ids each fit the schema, not together: 422 inconsistent-fields (OpenAPI › Errors).
  assertProblem(await post({ action: 'turn', turner: cleric, undead: [], targets: [], previousTurningCheck: 3 }), { type: '/problems/inconsistent-fields', path: ['/targets', '/previousTurningCheck'] })
  assertProblem(await post({ ruleset: 'pf1e', action: 'channel-positive', turner: cleric, targets: [], checkModifiers: [], skipAlreadyTurned: true, commandedHitDice: 2 }), { type: '/problems/inconsistent-fields', path: ['/commandedHitDice', '/skipAlreadyTurned', '/checkModifiers'] })
  assertProblem(await post({ action: 'turn', turner: cleric, undead: [{ id: 'z', hitDice: 2, distanceFeet: 5 }, { id: 'z', hitDice: 2, distanceFeet: 5 }] }), { type: '/problems/inconsistent-fields', path: '/undead/1/id' })
  const tooMany = await post({ action: 'turn', turner: cleric, undead: Array.from({ length: 101 }, (_, i) => ({ id: `u${i}`, hitDice: 1, distanceFeet: 5 })) }).expect(400)
  assert.equal(tooMany.body.errors[0].path, '/undead')
})

test('422s: missing undead, variant (rule-not-defined), a dnd35 action under pf1e, a bad die value', async () => {
  const missing = await post({ action: 'turn', turner: cleric }).expect(422)
  assertProblem(missing, { type: '/problems/missing-field', path: '/undead' })
  const variant = await post({ ruleset: 'variant', action: 'turn', turner: cleric, undead: [] }).expect(422)
  assertProblem(variant, { type: '/problems/rule-not-defined', path: '/action' })
  const pfTurn = await post({ ruleset: 'pf1e', action: 'turn', turner: cleric, undead: [] }).expect(422)
  assertProblem(pfTurn, { type: '/problems/rule-not-defined', path: '/action' })
  const die = await post({ action: 'turn', turner: cleric, undead: [{ id: 'z', hitDice: 2, distanceFeet: 5 }], dice: { sequence: [10, 7] } }).expect(422)
  // the 7 is the second die, a d6 of turning damage (SRD 3.5 › Turning Checks: turning damage is 2d6 + level + Cha)
  assertProblem(die, { type: '/problems/invalid-die-value', path: '/dice/sequence/1' })
})

test('pf1e channel-positive: heals the living, harms undead with a Will save for half; every field declared (docs/rules.md §45)', async () => {
  const res = await post({
    ruleset: 'pf1e',
    action: 'channel-positive',
    turner: { level: 5, class: 'cleric', abilities: { cha: 16 } },
    targets: [
      { id: 'fighter', kind: 'living', hitPoints: { max: 40, current: 30 } },
      { id: 'zombie', kind: 'undead', baseSaves: { will: 3 }, distanceFeet: 20 },
      { id: 'ghoul', kind: 'undead', baseSaves: { will: 5 }, abilities: { wis: 14 }, modifiers: [{ value: 2, type: 'profane' }] },
      { id: 'far', kind: 'undead', baseSaves: { will: 0 }, distanceFeet: 40 }
    ],
    dice: { sequence: [4, 5, 6, 11, 11] }
  }).expect(200)
  const b = res.body
  assert.equal(b.ruleset, 'pf1e')
  assert.deepEqual(b.channel, { dice: '3d6', roll: [4, 5, 6], total: 15 })
  assert.equal(b.saveDc.total, 15)
  assert.equal(b.usesPerDay.total, 6)
  assert.equal(b.turningCheck, undefined)
  // Each target lists the conditions applied to it, the turner under `conditions.turner` (docs/rules.md §145).
  assert.deepEqual(b.results[0], { id: 'fighter', kind: 'living', outcome: 'healed', reason: b.results[0].reason, save: null, healed: 10, damage: null, durationRounds: null, conditions: [] })
  assert.deepEqual(b.conditions, { turner: [] })
  assert.equal(b.results[1].outcome, 'harmed')
  assert.equal(b.results[1].damage, 15)
  assert.deepEqual({ ...b.results[1].save, breakdown: undefined }, { dc: 15, bonus: 3, roll: 11, total: 14, success: false, automatic: null, breakdown: undefined })
  assert.equal(b.results[2].save.total, 11 + 5 + 2 + 2)
  assert.equal(b.results[2].damage, 7)
  assert.equal(b.results[3].outcome, 'out-of-range')
  assert.deepEqual(b.rolls.map((r: { purpose: string }) => r.purpose), ['channel', 'channel', 'channel', 'save', 'save'])
})

test('pf1e channel-negative harms the living and heals undead; turn-undead needs the feat', async () => {
  const turner = { level: 2, class: 'cleric', abilities: { cha: 10 }, energy: 'negative' }
  const res = await post({ ruleset: 'pf1e', action: 'channel-negative', turner, targets: [{ id: 'p', kind: 'living', baseSaves: { will: 2 } }, { id: 'z', kind: 'undead' }], dice: { sequence: [6, 9] } }).expect(200)
  // 1d6 = 6; DC 10 + 1 + 0 = 11; 9 + 2 = 11 saves: 3.
  assert.deepEqual(res.body.results.map((r: { outcome: string, damage: number | null, healed: number | null }) => [r.outcome, r.damage, r.healed]), [['harmed', 3, null], ['healed', null, 6]])
  const noFeat = await post({ ruleset: 'pf1e', action: 'turn-undead', turner: { level: 2, class: 'cleric' }, targets: [] }).expect(422)
  assertProblem(noFeat, { type: '/problems/not-possible', path: '/turner/feats' })
  // `undead` fits the schema; a channel acts on `targets`: the fields do not fit together (422, never a 400).
  assertProblem(await post({ ruleset: 'pf1e', action: 'channel-positive', turner, undead: [] }), { type: '/problems/inconsistent-fields', path: '/undead' })
})

test('equally close zombies: tie-break dice after the turning damage pick the five turned (SRD 3.5 › Closest Creature)', async () => {
  const undead = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ id: `zombie-${n}`, hitDice: 2, distanceFeet: 30 }))
  const res = await post({ action: 'turn', turner: cleric, undead, dice: { sequence: [8, 3, 4, 2, 6, 1, 1, 1, 1] } }).expect(200)
  // d7 = 2 → zombie-2; d6 = 6 → zombie-7; then zombie-1, -3, -4 (turning damage 11 pays for five).
  assert.deepEqual(res.body.results.filter((r: { outcome: string }) => r.outcome === 'turned').map((r: { id: string }) => r.id), ['zombie-1', 'zombie-2', 'zombie-3', 'zombie-4', 'zombie-7'])
  assert.deepEqual(res.body.rolls.map((r: { purpose: string, die: number }) => `${r.purpose}:d${r.die}`), [
    'turning-check:d20', 'turning-damage:d6', 'turning-damage:d6', 'tie-break:d7', 'tie-break:d6', 'tie-break:d5', 'tie-break:d4', 'tie-break:d3', 'tie-break:d2'
  ])
})

test('the same seed replays the same turning', async () => {
  const body = { action: 'turn', turner: cleric, undead: zombies(0), seed: 42 }
  const a = await post(body).expect(200)
  const b = await post(body).expect(200)
  assert.deepEqual(a.body, b.body)
  assert.equal(a.body.seed, 42)
})

test('GET /v1/rulesets/dnd35 publishes the Turning Undead table (docs/rules.md §42); turning actions per ruleset', async () => {
  const res = await request(app.server).get('/v1/rulesets/dnd35').expect(200)
  assert.deepEqual(res.body.turningTable, [
    { checkMin: null, checkMax: 0, maxHitDiceRelativeToLevel: -4 },
    { checkMin: 1, checkMax: 3, maxHitDiceRelativeToLevel: -3 },
    { checkMin: 4, checkMax: 6, maxHitDiceRelativeToLevel: -2 },
    { checkMin: 7, checkMax: 9, maxHitDiceRelativeToLevel: -1 },
    { checkMin: 10, checkMax: 12, maxHitDiceRelativeToLevel: 0 },
    { checkMin: 13, checkMax: 15, maxHitDiceRelativeToLevel: 1 },
    { checkMin: 16, checkMax: 18, maxHitDiceRelativeToLevel: 2 },
    { checkMin: 19, checkMax: 21, maxHitDiceRelativeToLevel: 3 },
    { checkMin: 22, checkMax: null, maxHitDiceRelativeToLevel: 4 }
  ])
  const pf = await request(app.server).get('/v1/rulesets/pf1e').expect(200)
  assert.equal(pf.body.turningTable, undefined)
  assert.deepEqual(pf.body.capabilities.turningActions, ['channel-positive', 'channel-negative', 'turn-undead'])
  const v = await request(app.server).get('/v1/rulesets/variant').expect(200)
  assert.deepEqual(v.body.capabilities.turningActions, [])
})
