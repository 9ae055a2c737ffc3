// POST /v1/saves/odds: exact odds of a save for each target and of the damage it takes, checked
// against values enumerated in the test over every die, and against POST /v1/saves itself.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { assertSameDistribution, tally } from '../helpers/every-roll.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const odds = (body: object) => request(app.server).post('/v1/saves/odds').send(body)
const saves = (body: object) => request(app.server).post('/v1/saves').send(body)

interface Outcome { damage: number, probability: number }
const asMap = (list: Outcome[]) => new Map(list.map((o) => [o.damage, o.probability]))

/** Every way 2d4 can fall, with its total. */
function twoD4 (): Array<{ dice: number[], total: number }> {
  const out = []
  for (let a = 1; a <= 4; a++) for (let b = 1; b <= 4; b++) out.push({ dice: [a, b], total: a + b })
  return out
}

/** The d20 judgement of a save, restated here from the rule: total ≥ DC, natural 20 succeeds, natural 1 fails (SRD 3.5 › Saving Throws). */
const saves20 = (face: number, bonus: number, dc: number) => face === 20 || (face !== 1 && face + bonus >= dc)

test('SRD 3.5 › Saving Throws, Rogue › Evasion: a rogue with evasion, one with improved evasion and an ogre against a 2d4 Reflex-half effect, DC 15: every number from the 16 × 20 ways the dice fall', async () => {
  const targets = [
    { id: 'rogue', abilities: { dex: 18 }, baseSaves: { reflex: 6 }, feats: ['evasion'] },
    { id: 'master', abilities: { dex: 14 }, baseSaves: { reflex: 3 }, feats: ['improved-evasion'] },
    { id: 'ogre', abilities: { dex: 8 }, baseSaves: { reflex: 0 } }
  ]
  const res = await odds({ ruleset: 'dnd35', save: 'reflex', dc: 15, effect: { damage: '2d4', onSuccess: 'half' }, targets }).expect(200)
  const bonus = [6 + 4, 3 + 2, 0 - 1]
  // Damage taken as the rules say it: evasion 0 on a success; improved evasion also half on a failure; else half on a success.
  const taken = [
    (t: number, ok: boolean) => ok ? 0 : t,
    (t: number, ok: boolean) => ok ? 0 : Math.floor(t / 2),
    (t: number, ok: boolean) => ok ? Math.floor(t / 2) : t
  ]
  const effect = new Map<number, number>()
  for (const { total } of twoD4()) tally(effect, total, 1 / 16)
  assertSameDistribution(asMap(res.body.effectDamage.distribution), effect, 'effect')
  assert.equal(res.body.effectDamage.expected, 5)
  targets.forEach((target, i) => {
    const result = res.body.results[i]
    assert.equal(result.id, target.id)
    assert.equal(result.saveBonus, bonus[i])
    let success = 0
    const damage = new Map<number, number>()
    for (const { total } of twoD4()) {
      for (let face = 1; face <= 20; face++) {
        const ok = saves20(face, bonus[i]!, 15)
        if (ok) success += 1 / 320
        tally(damage, taken[i]!(total, ok), 1 / 320)
      }
    }
    assert.ok(Math.abs(result.successChance - success) < 1e-12, `${target.id} ${result.successChance} vs ${success}`)
    assertSameDistribution(asMap(result.damageDistribution), damage, target.id)
    const mean = [...damage].reduce((n, [d, p]) => n + d * p, 0)
    assert.ok(Math.abs(result.expectedDamage - mean) < 1e-12)
  })
  assert.deepEqual(res.body.results.map((r: { damageRule: string | null }) => r.damageRule), ['evasion', 'improved-evasion', null])
  // The rogue: success 16/20 (needs 5+) → 0; failure → the full 2d4.
  assert.equal(res.body.results[0].successChance, 0.8)
})

test('POST /v1/saves, fixed to each of the 320 ways its dice can fall, reports the damage the odds weigh: the odds are the resolving endpoint enumerated', async () => {
  const body = {
    ruleset: 'pf1e',
    save: 'reflex',
    dc: 14,
    effect: { damage: '2d4', onSuccess: 'half' },
    targets: [
      { id: 'behind-cover', abilities: { dex: 12 }, baseSaves: { reflex: 2 }, cover: 'partial' },
      { id: 'improved-cover', baseSaves: { reflex: 1 }, cover: 'improved' }
    ]
  }
  const res = await odds(body).expect(200)
  const expected = body.targets.map(() => new Map<number, number>())
  const success = body.targets.map(() => 0)
  for (const { dice } of twoD4()) {
    for (let face = 1; face <= 20; face++) {
      // The same face for both targets: each target's odds stand alone.
      const rolled = await saves({ ...body, dice: { sequence: [...dice, face, face] } }).expect(200)
      rolled.body.results.forEach((r: { damage: number, success: boolean }, i: number) => {
        tally(expected[i]!, r.damage, 1 / 320)
        if (r.success) success[i]! += 1 / 320
      })
    }
  }
  res.body.results.forEach((r: { damageDistribution: Outcome[], successChance: number }, i: number) => {
    assertSameDistribution(asMap(r.damageDistribution), expected[i]!, body.targets[i]!.id)
    assert.ok(Math.abs(r.successChance - success[i]!) < 1e-12)
  })
  // PRD › Cover: partial cover +1 Reflex; improved cover +4 and improved evasion.
  assert.deepEqual(res.body.results.map((r: { saveBonus: number }) => r.saveBonus), [2 + 1 + 1, 1 + 4])
  assert.equal(res.body.results[1].damageRule, 'improved-evasion')
})

test('an effect that deals nothing on a success, or full damage either way; no effect: only the save chances', async () => {
  const target = { id: 'a', baseSaves: { will: 4 } }
  const none = await odds({ ruleset: 'dnd35', save: 'will', dc: 20, effect: { damage: '1d6+1', onSuccess: 'none' }, targets: [target] }).expect(200)
  // Saves on 16+ (a natural 20 included): 5/20; then 0, else 1d6+1.
  const expected = new Map<number, number>([[0, 0.25]])
  for (let d = 1; d <= 6; d++) tally(expected, d + 1, 0.75 / 6)
  assertSameDistribution(asMap(none.body.results[0].damageDistribution), expected, 'none')
  const full = await odds({ ruleset: 'dnd35', save: 'will', dc: 20, effect: { damage: '1d6+1', onSuccess: 'full' }, targets: [target] }).expect(200)
  assertSameDistribution(asMap(full.body.results[0].damageDistribution), asMap(full.body.effectDamage.distribution), 'full')
  const plain = await odds({ ruleset: 'variant', save: 'fear', dc: 30, targets: [{ baseSaves: { fear: 0 } }] }).expect(200)
  // Only a natural 20 saves against an unreachable DC; a natural 1 fails against any.
  assert.equal(plain.body.results[0].successChance, 0.05)
  assert.equal(plain.body.effectDamage, null)
  assert.equal(plain.body.results[0].damageDistribution, null)
  const easy = await odds({ ruleset: 'variant', save: 'fear', dc: -5, targets: [{ baseSaves: { fear: 0 } }] })
  assert.equal(easy.status, 400, 'a DC below 0 fails the schema, as in POST /v1/saves')
})

test('property: the probabilities of every target sum to 1 and never leave [0, 1], for any bonus, DC and effect', async () => {
  await fc.assert(fc.asyncProperty(
    fc.constantFrom('dnd35', 'pf1e'), fc.integer({ min: -5, max: 25 }), fc.integer({ min: 0, max: 40 }),
    fc.constantFrom('1d4', '2d6+3', '3d8-10', '1d12'), fc.constantFrom('half', 'none', 'full'), fc.subarray(['evasion', 'improved-evasion']),
    async (ruleset, base, dc, damage, onSuccess, feats) => {
      const res = await odds({ ruleset, save: 'reflex', dc, effect: { damage, onSuccess }, targets: [{ baseSaves: { reflex: base }, feats }] })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const [r] = res.body.results
      const sum = r.damageDistribution.reduce((n: number, o: Outcome) => n + o.probability, 0)
      assert.ok(Math.abs(sum - 1) < 1e-9, String(sum))
      for (const o of r.damageDistribution) assert.ok(o.probability > 0 && o.probability <= 1 && o.damage >= 0)
      assert.ok(r.successChance >= 0.05 && r.successChance <= 0.95)
    }), { numRuns: 30 })
})

test('odds refuse what POST /v1/saves refuses, the same way', async () => {
  const bodies: Array<[object, string, string]> = [
    [{ ruleset: 'dnd35', save: 'charm', dc: 10, targets: [{ baseSaves: { will: 1 } }] }, '/problems/unknown-save', '/save'],
    [{ ruleset: 'dnd35', save: 'reflex', dc: 10, targets: [{ baseSaves: { will: 1 } }] }, '/problems/missing-field', '/targets/0/baseSaves/reflex'],
    [{ ruleset: 'dnd35', save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 1 }, cover: 'partial' }] }, '/problems/rule-not-defined', '/targets/0/cover'],
    [{ ruleset: 'dnd35', save: 'reflex', dc: 10, effect: { damage: '600d6+600d6', onSuccess: 'half' }, targets: [{ baseSaves: { reflex: 1 } }] }, '/problems/out-of-range', '/effect/damage']
  ]
  for (const [body, type, path] of bodies) {
    const resolved = await saves(body)
    assertProblem(resolved, { type: type as '/problems/out-of-range', path })
    assertProblem(await odds(body), { type: type as '/problems/out-of-range', path })
  }
})

test('work is counted before it is done: an effect spanning too many totals, or too many targets × totals, is a 422 out-of-range naming /effect/damage; seed and dice are not part of the body', async () => {
  assertProblem(await odds({ ruleset: 'dnd35', save: 'reflex', dc: 10, effect: { damage: '100d1000', onSuccess: 'half' }, targets: [{ baseSaves: { reflex: 1 } }] }),
    { type: '/problems/out-of-range', path: '/effect/damage' })
  const many = Array.from({ length: 100 }, () => ({ baseSaves: { reflex: 1 } }))
  assertProblem(await odds({ ruleset: 'dnd35', save: 'reflex', dc: 10, effect: { damage: '30d100', onSuccess: 'half' }, targets: many }),
    { type: '/problems/out-of-range', path: '/effect/damage' })
  // The same 30d100 for one target is within the limits.
  await odds({ ruleset: 'dnd35', save: 'reflex', dc: 10, effect: { damage: '30d100', onSuccess: 'half' }, targets: [{ baseSaves: { reflex: 1 } }] }).expect(200)
  assertProblem(await odds({ save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 1 } }], seed: 'x' }), { type: '/problems/validation-failed', path: '/seed' })
  assertProblem(await odds({ save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 1 } }], dice: { sequence: [20] } }), { type: '/problems/validation-failed', path: '/dice' })
})

test('docs/rules.md §67: an expected value the dice make exact is answered exactly (2d6 averages 7, not 6.999999999999998)', async () => {
  const res = await odds({ ruleset: 'dnd35', save: 'fortitude', dc: 30, effect: { damage: '2d6', onSuccess: 'none' }, targets: [{ id: 'ogre', abilities: { con: 10 }, baseSaves: { fortitude: 0 } }] }).expect(200)
  // 2d6: 252 / 36 = 7. DC 30 with +0: only a natural 20 saves (1/20), so the ogre takes 7 × 19/20 = 6.65 on average.
  assert.equal(res.body.effectDamage.expected, 7)
  assert.equal(res.body.results[0].expectedDamage, 6.65)
})
