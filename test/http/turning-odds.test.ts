// POST /v1/turning/odds: the turning check's and the turning damage's distributions and each undead's
// chance to be turned or destroyed (dnd35), the channel's odds (pf1e), against values computed in the
// test from the published rules and against the resolving function on every way its dice fall.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { assertSameDistribution, everyRoll, tally } from '../helpers/every-roll.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveTurning, type TurningRequest, type TurnUndeadResult } from '../../src/rules/turning/index.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const odds = (body: object) => request(app.server).post('/v1/turning/odds').send(body)

interface Chance { outcome: string, probability: number }
interface Value { value: number, probability: number }
const outcomesOf = (list: Chance[]) => new Map(list.map((o) => [o.outcome, o.probability]))
const valuesOf = (list: Value[]) => new Map(list.map((o) => [o.value, o.probability]))

/** SRD 3.5 › Turn or Rebuke Undead › Turning Undead table: the most powerful undead affected, relative to the cleric's level. */
function tableOffset (check: number): number {
  if (check <= 0) return -4
  if (check >= 22) return 4
  return Math.floor((check - 1) / 3) - 3
}

interface Undead { id: string, hitDice: number, distanceFeet: number }

/**
 * The turning of undead at distinct distances, restated from SRD 3.5 › Turning Damage: closest first,
 * undead above the table's maximum are passed over, the first the damage left cannot pay for ends the
 * sweep; destroyed when the level is at least twice the Hit Dice.
 */
function sweep (level: number, maxHitDice: number, damage: number, undead: Undead[]): string[] {
  const order = [...undead].sort((a, b) => a.distanceFeet - b.distanceFeet)
  const outcome = new Map<string, string>()
  let budget = damage
  let exhausted = false
  for (const u of order) {
    if (u.distanceFeet > 60) { outcome.set(u.id, 'out-of-range'); continue }
    if (u.hitDice > maxHitDice) { outcome.set(u.id, 'unaffected'); continue }
    if (exhausted || u.hitDice > budget) { exhausted = true; outcome.set(u.id, 'unaffected'); continue }
    budget -= u.hitDice
    outcome.set(u.id, level >= 2 * u.hitDice ? 'destroyed' : 'turned')
  }
  return undead.map((u) => outcome.get(u.id)!)
}

test('SRD 3.5 › Turn or Rebuke Undead: a 5th-level cleric (Cha 12) against two 2-HD zombies, a 4-HD wight and a skeleton out of range', async () => {
  const undead = [
    { id: 'zombie-1', hitDice: 2, distanceFeet: 10 },
    { id: 'zombie-2', hitDice: 2, distanceFeet: 20 },
    { id: 'wight', hitDice: 4, distanceFeet: 30 },
    { id: 'far', hitDice: 1, distanceFeet: 70 }
  ]
  const res = await odds({ ruleset: 'dnd35', action: 'turn', turner: { level: 5, class: 'cleric', abilities: { cha: 12 } }, undead }).expect(200)
  const level = 5
  const cha = 1
  const expected = undead.map(() => new Map<string, number>())
  const maxHitDice = new Map<number, number>()
  const damage = new Map<number, number>()
  let rolled = 0
  for (let face = 1; face <= 20; face++) {
    const max = level + tableOffset(face + cha)
    tally(maxHitDice, max, 1 / 20)
    const affectable = undead.some((u) => u.distanceFeet <= 60 && u.hitDice <= max)
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= 6; b++) {
        const p = 1 / 20 / 36
        const hd = a + b + level + cha
        if (affectable) {
          rolled += p
          tally(damage, hd, p)
        }
        sweep(level, max, affectable ? hd : 0, undead).forEach((o, i) => tally(expected[i]!, o, p))
      }
    }
  }
  undead.forEach((u, i) => assertSameDistribution(outcomesOf(res.body.results[i].outcomes), expected[i]!, u.id))
  assertSameDistribution(valuesOf(res.body.maxHitDice), maxHitDice, 'max HD')
  assertSameDistribution(valuesOf(res.body.turningDamage.distribution), damage, 'turning damage')
  assert.ok(Math.abs(res.body.turningDamage.rolledChance - rolled) < 1e-12)
  assert.equal(res.body.turningCheck.modifier, 1)
  assert.deepEqual(res.body.turningCheck.distribution[0], { total: 2, maxHitDice: 2, probability: 0.05 })
  // Every check affects 2 HD (level 5 − 3) and the damage (8+) pays for both; level 5 ≥ 2 × 2 HD destroys them.
  assertSameDistribution(outcomesOf(res.body.results[0].outcomes), new Map([['destroyed', 1]]), 'zombie-1')
  assertSameDistribution(outcomesOf(res.body.results[3].outcomes), new Map([['out-of-range', 1]]), 'far')
})

test('SRD 3.5 › Closest Creature: equally close undead ordered by the dice, as the resolving function rolls them on every way its dice fall', async () => {
  const request: TurningRequest = {
    action: 'turn',
    turner: { level: 2, class: 'cleric', abilities: { cha: 10 } },
    undead: [
      { id: 'a', hitDice: 2, distanceFeet: 10 },
      { id: 'b', hitDice: 3, distanceFeet: 10 },
      { id: 'c', hitDice: 1, distanceFeet: 10 },
      { id: 'd', hitDice: 4, distanceFeet: 20 }
    ]
  }
  const res = await odds({ ruleset: 'dnd35', ...request }).expect(200)
  const ruleset = getRuleset('dnd35')
  const expected = request.undead!.map(() => new Map<string, number>())
  const used = new Map<number, number>()
  everyRoll((dice) => resolveTurning(ruleset, request, dice) as TurnUndeadResult, (r, p) => {
    r.results.forEach((u, i) => tally(expected[i]!, u.outcome, p))
    tally(used, r.hitDiceUsed, p)
  })
  request.undead!.forEach((u, i) => assertSameDistribution(outcomesOf(res.body.results[i].outcomes), expected[i]!, u.id))
  assertSameDistribution(valuesOf(res.body.hitDiceUsed), used, 'hit dice used')
})

test('SRD 3.5 › Rebuke, Dispel: the rebuke commands what a turn would destroy; a dispel succeeds when the check reaches the previous one', async () => {
  const turner = { level: 4, class: 'cleric' as const, energy: 'negative' as const, abilities: { cha: 10 } }
  const rebuke = await odds({ ruleset: 'dnd35', action: 'rebuke', turner, undead: [{ id: 'z', hitDice: 1, distanceFeet: 5 }] }).expect(200)
  // Level 4 ≥ 2 × 1 HD: commanded whenever affected, i.e. when the check affects at least 1 HD (total ≥ 1: every face).
  assertSameDistribution(outcomesOf(rebuke.body.results[0].outcomes), new Map([['commanded', 1]]), 'rebuke')
  const dispel = await odds({ ruleset: 'dnd35', action: 'dispel', turner, previousTurningCheck: 15, undead: [{ id: 'z', hitDice: 1, distanceFeet: 5, alreadyTurned: true }] }).expect(200)
  // The check d20 + 0 reaches 15 on faces 15–20.
  assert.ok(Math.abs(dispel.body.dispelChance - 0.3) < 1e-12)
  assert.ok(Math.abs(outcomesOf(dispel.body.results[0].outcomes).get('freed')! - 0.3) < 1e-12)
  const bolster = await odds({ ruleset: 'dnd35', action: 'bolster', turner, undead: [{ id: 'z', hitDice: 1, distanceFeet: 5 }] }).expect(200)
  assert.equal(bolster.body.turningDamage, null)
})

test('PRD › Cleric › Channel Energy: a 3rd-level cleric (Cha 16) channels 2d6, healing a wounded ally to its maximum and harming a zombie that saves for half against DC 14', async () => {
  const res = await odds({
    ruleset: 'pf1e',
    action: 'channel-positive',
    turner: { level: 3, class: 'cleric', abilities: { cha: 16 } },
    targets: [
      { id: 'fighter', kind: 'living', hitPoints: { max: 40, current: 35 } },
      { id: 'zombie', kind: 'undead', baseSaves: { will: 3 }, distanceFeet: 20 },
      { id: 'far', kind: 'undead', baseSaves: { will: 0 }, distanceFeet: 40 }
    ]
  }).expect(200)
  assert.equal(res.body.saveDc, 14)
  const channel = new Map<number, number>()
  const healed = new Map<number, number>()
  const damage = new Map<number, number>()
  // The zombie saves on 11+ (Will +3 against DC 14).
  const saves = 10 / 20
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const t = a + b
      tally(channel, t, 1 / 36)
      tally(healed, Math.min(t, 5), 1 / 36)
      tally(damage, Math.floor(t / 2), saves / 36)
      tally(damage, t, (1 - saves) / 36)
    }
  }
  assertSameDistribution(valuesOf(res.body.channel.distribution), channel, 'channel')
  const [fighter, zombie, far] = res.body.results
  assertSameDistribution(valuesOf(fighter.healed), healed, 'healed')
  assertSameDistribution(outcomesOf(fighter.outcomes), new Map([['healed', 1]]), 'fighter')
  assert.equal(fighter.save, null)
  assert.equal(zombie.save.successChance, 0.5)
  assertSameDistribution(valuesOf(zombie.damage), damage, 'damage')
  assertSameDistribution(outcomesOf(far.outcomes), new Map([['out-of-range', 1]]), 'far')
  const feat = await odds({
    ruleset: 'pf1e', action: 'turn-undead', turner: { level: 3, class: 'cleric', abilities: { cha: 16 }, feats: ['turn-undead'] },
    targets: [{ id: 'zombie', kind: 'undead', baseSaves: { will: 3 } }]
  }).expect(200)
  assert.equal(feat.body.channel, null)
  assertSameDistribution(outcomesOf(feat.body.results[0].outcomes), new Map([['turned', 0.5], ['unaffected', 0.5]]), 'turn undead feat')
})

test('property: every undead\'s outcomes sum to 1, and the turning damage\'s distribution sums to the chance it is rolled', async () => {
  await fc.assert(fc.asyncProperty(
    fc.integer({ min: 1, max: 12 }), fc.integer({ min: 3, max: 20 }),
    fc.array(fc.record({ hitDice: fc.integer({ min: 1, max: 10 }), distanceFeet: fc.constantFrom(5, 10, 30, 65) }), { minLength: 1, maxLength: 4 }),
    async (level, cha, list) => {
      const undead = list.map((u, i) => ({ id: `u${i}`, ...u }))
      const res = await odds({ ruleset: 'dnd35', action: 'turn', turner: { level, class: 'cleric', abilities: { cha } }, undead })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      for (const r of res.body.results) {
        const sum = r.outcomes.reduce((n: number, o: Chance) => n + o.probability, 0)
        assert.ok(Math.abs(sum - 1) < 1e-9, String(sum))
      }
      const rolled = res.body.turningDamage.distribution.reduce((n: number, o: Value) => n + o.probability, 0)
      assert.ok(Math.abs(rolled - res.body.turningDamage.rolledChance) < 1e-9)
    }), { numRuns: 20 })
})

test('odds refuse what POST /v1/turning refuses, the same way; too many orders of equally close undead is a 422 out-of-range naming /undead', async () => {
  const cleric = { level: 3, class: 'cleric', abilities: { cha: 12 } }
  const cases: Array<[object, string, string]> = [
    [{ ruleset: 'variant', action: 'turn', turner: cleric, undead: [] }, '/problems/rule-not-defined', '/action'],
    [{ ruleset: 'dnd35', action: 'turn', turner: cleric, undead: [], targets: [] }, '/problems/inconsistent-fields', '/targets'],
    [{ ruleset: 'dnd35', action: 'turn', turner: cleric }, '/problems/missing-field', '/undead'],
    [{ ruleset: 'pf1e', action: 'channel-negative', turner: cleric, targets: [{ id: 'x', kind: 'living' }] }, '/problems/missing-field', '/targets/0/baseSaves/will']
  ]
  for (const [body, type, path] of cases) {
    assertProblem(await request(app.server).post('/v1/turning').send(body), { type: type as '/problems/missing-field', path })
    assertProblem(await odds(body), { type: type as '/problems/missing-field', path })
  }
  const horde = Array.from({ length: 9 }, (_, i) => ({ id: `z${i}`, hitDice: 2, distanceFeet: 10 }))
  assertProblem(await odds({ ruleset: 'dnd35', action: 'turn', turner: cleric, undead: horde }), { type: '/problems/out-of-range', path: '/undead' })
  // A 100th-level channel (50d6) weighed for 100 targets: 2 runs per total, each over every target.
  const crowd = Array.from({ length: 100 }, (_, i) => ({ id: `t${i}`, kind: 'living', baseSaves: { will: 1 } }))
  assertProblem(await odds({ ruleset: 'pf1e', action: 'channel-negative', turner: { ...cleric, level: 100 }, targets: crowd }), { type: '/problems/out-of-range', path: '/targets' })
  await odds({ ruleset: 'pf1e', action: 'channel-negative', turner: { ...cleric, level: 100 }, targets: crowd.slice(0, 5) }).expect(200)
  assertProblem(await odds({ ruleset: 'dnd35', action: 'turn', turner: cleric, undead: [], seed: 1 }), { type: '/problems/validation-failed', path: '/seed' })
})
