// POST /v1/maneuvers/odds and /v1/grapples/odds: exact odds checked against values computed in the
// test from the published rules, and against the resolving functions run on every way the dice fall.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { assertSameDistribution, everyRoll, tally } from '../helpers/every-roll.js'
import { getRuleset, type RulesetId } from '../../src/rules/rulesets/index.js'
import { resolveGrapple, resolveManeuver, type ManeuverRequest, type ManeuverResult } from '../../src/rules/maneuvers/index.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const maneuverOdds = (body: object) => request(app.server).post('/v1/maneuvers/odds').send(body)
const grappleOdds = (body: object) => request(app.server).post('/v1/grapples/odds').send(body)

const close = (actual: number, expected: number, label: string) => assert.ok(Math.abs(actual - expected) < 1e-12, `${label}: ${actual} vs ${expected}`)

/** P(condition on the two d20s of an opposed check), over the 400 pairs. */
function pairs (when: (a: number, d: number) => boolean): number {
  let n = 0
  for (let a = 1; a <= 20; a++) for (let d = 1; d <= 20; d++) if (when(a, d)) n++
  return n / 400
}

/** A d20 check against a number with the natural 1 and 20 rule (PRD › Combat Maneuvers; SRD 3.5 › Attack Roll). */
const meets = (face: number, bonus: number, dc: number) => face === 20 || (face !== 1 && face + bonus >= dc)

interface Outcome { probability: number, success: boolean, counter: string, state: unknown, damage: { total: number } | null, effect: Record<string, unknown> }
/** JSON with object keys sorted: the response lists an object's fields in its schema's order. */
const canonical = (value: unknown): string => JSON.stringify(value, (_, v: unknown) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v)
const keyOf = (o: { success: boolean, counter: string, state: unknown, damage: unknown, effect: unknown }) => canonical([o.success, o.counter, o.state, o.damage, o.effect])

/** The outcome the resolving function reported, in the odds' terms. */
function outcomeKey (r: ManeuverResult): string {
  const counter = r.steps.find((s) => s.step === 'counter-attempt')
  return keyOf({
    success: r.success,
    counter: counter === undefined ? 'none' : counter.success ? 'succeeded' : 'failed',
    state: r.state,
    damage: r.damage && { total: r.damage.total, lethal: r.damage.lethal, nonlethal: r.damage.nonlethal },
    effect: r.effect
  })
}

function sumsToOne (outcomes: Outcome[]): void {
  const sum = outcomes.reduce((n, o) => n + o.probability, 0)
  assert.ok(Math.abs(sum - 1) < 1e-9, String(sum))
}

test('PRD › Combat Maneuvers, Bull Rush: CMB 9 against CMD 16 succeeds on 7+, pushing 5 ft more per 5 of margin', async () => {
  const res = await maneuverOdds({ ruleset: 'pf1e', maneuver: 'bull-rush', attacker: { cmb: 9 }, defender: { cmd: 16 } }).expect(200)
  const push = new Map<number | null, number>()
  let success = 0
  for (let face = 1; face <= 20; face++) {
    const ok = meets(face, 9, 16)
    if (ok) success += 1 / 20
    tally(push, ok ? 5 + 5 * Math.floor(Math.max(0, face + 9 - 16) / 5) : null, 1 / 20)
  }
  close(res.body.success, success, 'success')
  assert.equal(res.body.counter, null)
  const seen = new Map<number | null, number>()
  for (const o of res.body.outcomes as Outcome[]) tally(seen, (o.effect.pushFeet as number | undefined) ?? null, o.probability)
  assertSameDistribution(seen, push, 'push')
  sumsToOne(res.body.outcomes)
})

test('PRD › Trip: failing by 10 or more knocks the attacker prone; CMB 0 against CMD 20 succeeds only on a natural 20', async () => {
  const res = await maneuverOdds({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 0 }, defender: { cmd: 20 } }).expect(200)
  assert.equal(res.body.success, 0.05)
  const prone = (res.body.outcomes as Outcome[]).filter((o) => (o.state as { attacker: string[] }).attacker.includes('prone'))
  // Margin f − 20 ≤ −10 for faces 1–10.
  close(prone.reduce((n, o) => n + o.probability, 0), 0.5, 'attacker prone')
})

test('SRD 3.5 › Trip: touch attack, then Strength against the better of Strength and Dexterity (ties to the higher modifier), then the counter-trip', async () => {
  const body = {
    ruleset: 'dnd35',
    maneuver: 'trip',
    attacker: { baseAttackBonus: 2, abilities: { str: 16, dex: 10 } },
    defender: { baseAttackBonus: 1, abilities: { str: 12, dex: 14 } }
  }
  const res = await maneuverOdds(body).expect(200)
  // Touch +5 (BAB 2, Str 3) against touch AC 12 (Dex 2); the check +3 against +2: a tie goes to the attacker's higher modifier;
  // the counter: the defender's Str +1 against the attacker's better of Str +3 / Dex 0, ties again to the attacker.
  let hit = 0
  for (let f = 1; f <= 20; f++) if (meets(f, 5, 12)) hit += 1 / 20
  const wins = pairs((a, d) => a + 3 >= d + 2)
  const counterWins = pairs((d, a) => d + 1 > a + 3)
  close(res.body.success, hit * wins, 'success')
  close(res.body.counter.attempted, hit * (1 - wins), 'counter attempted')
  close(res.body.counter.succeeded, hit * (1 - wins) * counterWins, 'counter succeeded')
  const attackerProne = (res.body.outcomes as Outcome[]).find((o) => o.counter === 'succeeded')!
  assert.deepEqual(attackerProne.state, { attacker: ['prone'], defender: [], others: [] })
  sumsToOne(res.body.outcomes)
  const none = await maneuverOdds({ ...body, options: { counterAttempt: false } }).expect(200)
  assert.equal(none.body.counter, null)
  close(none.body.success, hit * wins, 'without the counter')
})

test('SRD 3.5 › Bull Rush, Opposed Checks: equal modifiers tie to re-rolls until one side wins; a tie won by re-roll pushes 5 ft', async () => {
  const res = await maneuverOdds({ ruleset: 'dnd35', maneuver: 'bull-rush', attacker: { abilities: { str: 14 } }, defender: { abilities: { str: 14 } } }).expect(200)
  // Each re-roll round: the actor wins 190/400, ties 20/400; at most 20 rounds (a tie after the 20th is refused, left out).
  let rerollWin = 0
  for (let k = 0; k < 20; k++) rerollWin += (1 / 20) ** k * (190 / 400)
  const push = new Map<number | null, number>()
  for (let a = 1; a <= 20; a++) {
    for (let d = 1; d <= 20; d++) {
      if (a > d) tally(push, 5 + 5 * Math.floor((a - d) / 5), 1 / 400)
      else if (a < d) tally(push, null, 1 / 400)
      else {
        tally(push, 5, rerollWin / 400)
        tally(push, null, rerollWin / 400)
      }
    }
  }
  close(res.body.success, 190 / 400 + 20 / 400 * rerollWin, 'success')
  close(res.body.success, 0.5, 'symmetric')
  const seen = new Map<number | null, number>()
  for (const o of res.body.outcomes as Outcome[]) tally(seen, (o.effect.pushFeet as number | undefined) ?? null, o.probability)
  assertSameDistribution(seen, push, 'push')
})

test('SRD 3.5 › Feint: Bluff must exceed Sense Motive + BAB; a tie fails (no re-roll)', async () => {
  const res = await maneuverOdds({
    ruleset: 'dnd35', maneuver: 'feint', attacker: { baseAttackBonus: 1 }, defender: { baseAttackBonus: 2 }, options: { bluff: 5, senseMotive: 3 }
  }).expect(200)
  close(res.body.success, pairs((a, d) => a + 5 > d + 5), 'feint')
  close(res.body.success, 190 / 400, 'a tie fails')
})

test('SRD 3.5 › Disarm: opposed attack rolls, then the counter-disarm, which makes the attacker drop its weapon', async () => {
  const res = await maneuverOdds({
    ruleset: 'dnd35', maneuver: 'disarm', attacker: { baseAttackBonus: 4, abilities: { str: 12 } }, defender: { baseAttackBonus: 2, abilities: { str: 12 } },
    options: { attackerWeapon: { attackBonus: 5 }, defenderWeapon: { attackBonus: 3 } }
  }).expect(200)
  const wins = pairs((a, d) => a + 5 >= d + 3)
  const counter = pairs((d, a) => d + 3 > a + 5)
  close(res.body.success, wins, 'disarm')
  close(res.body.counter.succeeded, (1 - wins) * counter, 'counter-disarm')
  const dropped = (res.body.outcomes as Outcome[]).filter((o) => o.effect.attackerDropsWeapon === true).reduce((n, o) => n + o.probability, 0)
  close(dropped, (1 - wins) * counter, 'attacker drops its weapon')
})

/** Every outcome of the resolving function, enumerated in the test by replaying fixed dice. */
function enumerated (resolve: (dice: Parameters<Parameters<typeof everyRoll>[0]>[0]) => ManeuverResult, maxRuns = 100_000): Map<string, number> {
  const out = new Map<string, number>()
  everyRoll(resolve, (r, p) => tally(out, outcomeKey(r), p), maxRuns)
  return out
}

const CASES: Array<{ label: string, ruleset: RulesetId, kind: 'maneuver' | 'grapple', name: string, body: ManeuverRequest }> = [
  { label: 'pf1e sunder 2d4 against hardness 2', ruleset: 'pf1e', kind: 'maneuver', name: 'sunder', body: { attacker: { cmb: 6, abilities: { str: 12 } }, defender: { cmd: 15 }, options: { attackerWeapon: { damage: '2d4' }, item: { hardness: 2, hitPoints: 5 } } } },
  { label: 'pf1e grapple start', ruleset: 'pf1e', kind: 'grapple', name: 'start', body: { attacker: { cmb: 7 }, defender: { cmd: 17 } } },
  { label: 'variant trip with its counter', ruleset: 'variant', kind: 'maneuver', name: 'trip', body: { attacker: { baseAttackBonus: 3, abilities: { str: 16, dex: 12 } }, defender: { baseAttackBonus: 2, abilities: { str: 14, dex: 12 } } } },
  { label: 'dnd35 trip without the counter', ruleset: 'dnd35', kind: 'maneuver', name: 'trip', body: { attacker: { baseAttackBonus: 3, abilities: { str: 16 } }, defender: { abilities: { str: 14, dex: 12 } }, options: { counterAttempt: false } } },
  { label: 'dnd35 grapple start with its 1d3 damage', ruleset: 'dnd35', kind: 'grapple', name: 'start', body: { attacker: { baseAttackBonus: 3, abilities: { str: 16 } }, defender: { baseAttackBonus: 2, abilities: { str: 14 } } } }
]

for (const c of CASES) {
  test(`the resolving function on every way its dice fall gives the odds' outcomes: ${c.label}`, async () => {
    const ruleset = getRuleset(c.ruleset)
    const body = { ruleset: c.ruleset, ...(c.kind === 'maneuver' ? { maneuver: c.name } : { action: c.name }), ...c.body }
    const res = await (c.kind === 'maneuver' ? maneuverOdds(body) : grappleOdds(body)).expect(200)
    const seen = new Map<string, number>()
    for (const o of res.body.outcomes as Outcome[]) tally(seen, keyOf(o), o.probability)
    const expected = enumerated((dice) => c.kind === 'maneuver' ? resolveManeuver(ruleset, dice, c.name, c.body) : resolveGrapple(ruleset, dice, c.name, c.body))
    assertSameDistribution(seen, expected, c.label)
  })
}

test('property: for any pf1e maneuver numbers, the outcomes sum to 1 and each d20 face resolves as the odds weigh it', async () => {
  const ruleset = getRuleset('pf1e')
  await fc.assert(fc.asyncProperty(
    fc.constantFrom('bull-rush', 'trip', 'disarm', 'drag', 'reposition', 'steal', 'overrun'), fc.integer({ min: -5, max: 30 }), fc.integer({ min: 5, max: 40 }),
    async (maneuver, cmb, cmd) => {
      const body = { attacker: { cmb }, defender: { cmd } }
      const res = await maneuverOdds({ ruleset: 'pf1e', maneuver, ...body }).expect(200)
      sumsToOne(res.body.outcomes)
      const seen = new Map<string, number>()
      for (const o of res.body.outcomes as Outcome[]) tally(seen, keyOf(o), o.probability)
      assertSameDistribution(seen, enumerated((dice) => resolveManeuver(ruleset, dice, maneuver, body)), maneuver)
    }), { numRuns: 25 })
})

test('odds refuse what the resolving endpoints refuse, the same way', async () => {
  const cases: Array<[string, object, string, string]> = [
    ['/v1/maneuvers', { ruleset: 'dnd35', maneuver: 'drag', attacker: {}, defender: {} }, '/problems/rule-not-defined', '/maneuver'],
    ['/v1/maneuvers', { ruleset: 'dnd35', maneuver: 'sunder', attacker: { baseAttackBonus: 1 }, defender: {}, options: { attackerWeapon: { damage: '1d8' } } }, '/problems/missing-field', '/options/item/hardness'],
    ['/v1/maneuvers', { ruleset: 'dnd35', maneuver: 'trip', attacker: { baseAttackBonus: 1 }, defender: { size: 'huge' } }, '/problems/not-possible', '/defender/size'],
    ['/v1/grapples', { ruleset: 'variant', action: 'start', attacker: {}, defender: {} }, '/problems/rule-not-defined', '/action'],
    ['/v1/grapples', { ruleset: 'dnd35', action: 'pin', attacker: { baseAttackBonus: 1 }, defender: {} }, '/problems/not-possible', '/attacker/conditions']
  ]
  for (const [path, body, type, field] of cases) {
    assertProblem(await request(app.server).post(path).send(body), { type: type as '/problems/not-possible', path: field })
    assertProblem(await request(app.server).post(`${path}/odds`).send(body), { type: type as '/problems/not-possible', path: field })
  }
})

test('work is counted before it is done: too many damage totals or opposed grapplers are a 422 out-of-range naming the field; seed and dice are not part of the body', async () => {
  const item = { hardness: 5, hitPoints: 20 }
  // 50d6: 251 totals, each after up to 2 × 41 ways the opposed check can go: beyond 10,000 runs.
  assertProblem(await maneuverOdds({ ruleset: 'dnd35', maneuver: 'sunder', attacker: { baseAttackBonus: 1, abilities: { str: 12 } }, defender: { baseAttackBonus: 1 }, options: { attackerWeapon: { damage: '50d6' }, item } }),
    { type: '/problems/out-of-range', path: '/options/attackerWeapon/damage' })
  await maneuverOdds({ ruleset: 'dnd35', maneuver: 'sunder', attacker: { baseAttackBonus: 1, abilities: { str: 12 } }, defender: { baseAttackBonus: 1 }, options: { attackerWeapon: { damage: '2d6' }, item } }).expect(200)
  const grappling = { baseAttackBonus: 2, abilities: { str: 12 }, conditions: ['grappling'] }
  assertProblem(await grappleOdds({ ruleset: 'dnd35', action: 'escape', attacker: grappling, defender: grappling, others: [grappling, grappling] }),
    { type: '/problems/out-of-range', path: '/others' })
  assertProblem(await grappleOdds({ ruleset: 'dnd35', action: 'start', attacker: {}, defender: {}, seed: 's' }), { type: '/problems/validation-failed', path: '/seed' })
  assertProblem(await maneuverOdds({ ruleset: 'dnd35', maneuver: 'trip', attacker: {}, defender: {}, dice: { sequence: [1] } }), { type: '/problems/validation-failed', path: '/dice' })
})
