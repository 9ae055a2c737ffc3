// Bounded worst case (issue 14): the most expensive body each stateless
// endpoint accepts (test/helpers/worst-bodies.ts) is answered, and the work it
// counts — dice rolled, convolution steps, table cells — stays within the
// documented budget; one step further is a 422 naming the field. Work is
// counted, never timed: `npm run bench` reports the CPU time of these bodies.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import {
  type WorstBody, worstAttack, worstDamage, worstDice, worstGrapple, worstGrappleDamage, worstHealing, worstInitiative,
  worstManeuverCounter, worstManeuverSunder, worstOddsConvolution, worstOddsDeathSaves, worstOddsTable, worstSaves, worstTurning,
  ESCAPE_FULLY_TIED, TIE_REROLLS
} from '../helpers/worst-bodies.js'
import { ODDS_LIMITS, oddsWork } from '../../src/rules/attacks/odds.js'
import { MAX_DAMAGE_DICE_PER_ACTION } from '../../src/rules/attacks/resolve.js'
import { MAX_DICE_PER_ROLL } from '../../src/rules/dice/notation.js'
import { MAX_SEQUENCE_LENGTH } from '../../src/rules/dice/roller.js'
import { getRuleset, type RulesetId } from '../../src/rules/rulesets/index.js'
import type { AttackRequest } from '../../src/rules/attacks/request.js'
import { BODY_LIMIT } from '../../src/app.js'
import { LIMITS } from '../../src/schemas/common.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

async function post (w: Pick<WorstBody, 'url' | 'body'>, status = 200) {
  const payload = JSON.stringify(w.body)
  assert.ok(Buffer.byteLength(payload) <= BODY_LIMIT, 'the body fits the 256 KiB limit')
  const res = await request(app.server).post(w.url).set('content-type', 'application/json').send(payload).expect(status)
  return { res, bytes: Buffer.byteLength(res.text) }
}

const rollsOf = (body: { rolls: Array<{ purpose: string }> }, purpose: string) => body.rolls.filter((r) => r.purpose === purpose).length

test('POST /v1/dice: 1,000 dice is the most a request rolls (a ~50 KB answer); 1,001 is a 422 naming /notation, before any die', async () => {
  const { res, bytes } = await post(worstDice)
  assert.equal(res.body.rolls.length, MAX_DICE_PER_ROLL)
  assert.ok(bytes < 50_000, `answer ${bytes} bytes`)
  const over = await post({ url: '/v1/dice', body: { notation: Array(19).fill('50d1000').join('+') + '+51d1000' } }, 422)
  assertProblem(over.res, { type: '/problems/out-of-range', path: '/notation' })
  // 20 terms of 50 dice: the same 1,000 in all, accepted
  assert.equal((await post({ url: '/v1/dice', body: { notation: Array(20).fill('50d1000').join('+') } })).res.body.rolls.length, 1000)
})

test('POST /v1/saves: 100 targets × 50 modifiers and a 1,000-die effect answer under 512 KB; a 1,001-die effect is a 422 naming /effect/damage', async () => {
  const { res, bytes } = await post(worstSaves)
  assert.equal(res.body.rolls.length, MAX_DICE_PER_ROLL + 100, 'the effect\'s dice, then one d20 per target')
  assert.equal(res.body.results.length, 100)
  assert.ok(bytes < 512 * 1024, `answer ${bytes} bytes`)
  const body = { ...worstSaves.body, effect: { damage: '500d6+501d6', onSuccess: 'half' } }
  assertProblem((await post({ url: '/v1/saves', body }, 422)).res, { type: '/problems/out-of-range', path: '/effect/damage' })
})

test('POST /v1/damage and /v1/healing: at most 1,000 dice in `dice`, else a 422 naming it', async () => {
  assert.equal(rollsOf((await post(worstDamage)).res.body, 'damage'), MAX_DICE_PER_ROLL)
  assert.equal(rollsOf((await post(worstHealing)).res.body, 'healing'), MAX_DICE_PER_ROLL)
  const damage = { ...worstDamage.body, damage: { dice: '1000d6+1d6' } }
  assertProblem((await post({ url: '/v1/damage', body: damage }, 422)).res, { type: '/problems/out-of-range', path: '/damage/dice' })
  const healing = { ...worstHealing.body, healing: { kind: 'magical', dice: '1000d6+1d6' } }
  assertProblem((await post({ url: '/v1/healing', body: healing }, 422)).res, { type: '/problems/out-of-range', path: '/healing/dice' })
})

test('POST /v1/attacks: seven critical hits roll 9,998 damage dice, within the 10,000 an action may roll', async () => {
  const { res } = await post(worstAttack)
  assert.equal(res.body.attacks.length, 7)
  assert.equal(res.body.totals.criticals, 7, 'every attack a critical with this seed')
  const damageDice = rollsOf(res.body, 'damage')
  assert.equal(damageDice, 4 * 700 * 2 + 3 * 733 * 2)
  assert.ok(damageDice <= MAX_DAMAGE_DICE_PER_ACTION)
})

for (const [w, grow, path] of [
  [worstOddsDeathSaves, (b: AttackRequest) => ({ ...b, weapon: { ...b.weapon, damage: '3d698' } }), '/weapon/damage'],
  [worstOddsConvolution, (b: AttackRequest) => ({ ...b, weapon: { ...b.weapon, damage: '59d20' } }), '/weapon/damage'],
  [worstOddsTable, (b: AttackRequest) => ({ ...b, weapon: { ...b.weapon, damage: '7d6' } }), '/offHand/damage']
] as const) {
  test(`POST /v1/attacks/odds, ${w.name}: counted work within the budget, one die or face more is a 422 before any work`, async () => {
    const body = w.body as unknown as AttackRequest & { ruleset: RulesetId }
    const work = oddsWork(getRuleset(body.ruleset), body)
    assert.ok(work.steps <= ODDS_LIMITS.work, `${work.steps} steps`)
    assert.ok(work.steps > 0.85 * ODDS_LIMITS.work, `${work.steps} steps: near the limit, so the most expensive of its kind`)
    assert.ok(work.cells <= ODDS_LIMITS.jointCells)
    const { res } = await post(w)
    assert.ok(Math.abs(res.body.distribution.reduce((n: number, o: { probability: number }) => n + o.probability, 0) - 1) < 1e-9, 'sums to 1')
    assertProblem((await post({ url: w.url, body: grow(body) as unknown as Record<string, unknown> }, 422)).res, { type: '/problems/out-of-range', path })
  })
}

test('POST /v1/initiative, /v1/turning with 100 entries: one roll per entry and its roll-offs, no more', async () => {
  const initiative = (await post(worstInitiative)).res.body
  assert.equal(initiative.order.length, 100)
  assert.ok(initiative.rolls.length < 1000, `${initiative.rolls.length} dice`)
  const turning = (await post(worstTurning)).res.body
  assert.equal(turning.results.length, 100)
  assert.ok(turning.rolls.length <= 3 + 100, `${turning.rolls.length} dice`)
})

/** Breakdown lines of each side of a maneuver's opposed checks, in order. */
const sideLines = (body: { steps: Array<{ sides?: Array<{ breakdown: unknown[] }> }> }) => body.steps.flatMap((s) => (s.sides ?? []).map((x) => x.breakdown.length))
/**
 * A side's lines besides its 50 modifiers come from a fixed set of rules, not
 * from a list in the body: BAB, Str, attack size, weapon category, larger
 * size, the Improved feat, the defender's item (not a melee weapon, locked
 * gauntlet) and the condition penalties (seven or eight a ruleset).
 */
const SIDE_OWN_LINES = 16
/**
 * A maneuver answer: at most 1,042 rolls (about 45 bytes each) and the damage
 * dice twice more (about 57 KB), or at most four check sides of 66 lines with
 * 200-character sources (about 80 KB): under 128 KB either way.
 */
const MANEUVER_ANSWER = 128 * 1024

test('POST /v1/maneuvers: a sunder rolls at most 1,042 dice (42 d20s of a check tied 20 times, 1,000 damage dice) in under 128 KB; a 1,001st damage die, a 21st tie, a 51st modifier or a longer string is refused', async () => {
  const { res, bytes } = await post(worstManeuverSunder)
  const body = res.body
  assert.equal(body.success, true)
  assert.deepEqual(body.steps.map((s: { step: string }) => s.step), ['attack-of-opportunity', 'opposed-check', 'damage'])
  assert.equal(body.steps[1].tieBreak.rerolls.length, TIE_REROLLS, 'the most re-rolls one opposed check makes')
  assert.equal(rollsOf(body, 'damage'), MAX_DICE_PER_ROLL)
  assert.equal(body.damage.rolls.length, MAX_DICE_PER_ROLL)
  assert.equal(body.rolls.length, 2 + 2 * TIE_REROLLS + MAX_DICE_PER_ROLL, 'the check\'s two d20s, 20 re-roll pairs, the damage dice')
  for (const lines of sideLines(body)) assert.ok(lines >= LIMITS.modifiers && lines <= LIMITS.modifiers + SIDE_OWN_LINES, `${lines} lines on a side`)
  assert.ok(bytes < MANEUVER_ANSWER, `answer ${bytes} bytes`)

  const options = worstManeuverSunder.body.options as { attackerWeapon: Record<string, unknown>, attackerModifiers: Array<{ value: number, source?: string }> }
  const refused = async (change: Record<string, unknown>, type: '/problems/out-of-range' | '/problems/not-possible' | '/problems/validation-failed', path: string) =>
    assertProblem((await post({ url: worstManeuverSunder.url, body: { ...worstManeuverSunder.body, ...change } }, type === '/problems/validation-failed' ? 400 : 422)).res, { type, path })
  // One die more is refused before any die is rolled: the same with an opposed roll the attacker loses, which rolls no damage.
  const oneDieMore = { ...options, attackerWeapon: { ...options.attackerWeapon, damage: `${MAX_DICE_PER_ROLL}d1000+1d6` } }
  await refused({ options: oneDieMore }, '/problems/out-of-range', '/options/attackerWeapon/damage')
  await refused({ options: oneDieMore, dice: { sequence: [1, 20] } }, '/problems/out-of-range', '/options/attackerWeapon/damage')
  // The first d20s and 20 re-rolls all tied: the re-roll limit, a 422 rather than a 21st pair.
  await refused({ dice: { sequence: Array(2 * (TIE_REROLLS + 1)).fill(10) } }, '/problems/not-possible', '/dice/sequence')
  await refused({ dice: { sequence: Array(MAX_SEQUENCE_LENGTH + 1).fill(10) } }, '/problems/validation-failed', '/dice/sequence')
  await refused({ options: { ...options, attackerModifiers: [...options.attackerModifiers, { value: 1 }] } }, '/problems/validation-failed', '/options/attackerModifiers')
  await refused({ options: { ...options, attackerModifiers: [{ value: 1, source: 'x'.repeat(LIMITS.string + 1) }] } }, '/problems/validation-failed', '/options/attackerModifiers/0/source')
  const attacker = worstManeuverSunder.body.attacker as { feats: string[] }
  await refused({ attacker: { ...attacker, feats: [...attacker.feats, 'one-more'] } }, '/problems/validation-failed', '/attacker/feats')
})

test('POST /v1/maneuvers: a disarm and its counter, each tied 20 times, roll 84 d20s and list four sides of 50 modifiers and their rule lines in under 128 KB', async () => {
  const { res, bytes } = await post(worstManeuverCounter)
  const body = res.body
  assert.equal(body.success, false)
  assert.deepEqual(body.steps.map((s: { step: string }) => s.step), ['attack-of-opportunity', 'opposed-check', 'counter-attempt'])
  for (const step of body.steps.slice(1)) assert.equal(step.tieBreak.rerolls.length, TIE_REROLLS)
  assert.equal(body.rolls.length, 2 * (2 + 2 * TIE_REROLLS), 'two opposed checks, each two d20s and 20 re-roll pairs')
  const lines = sideLines(body)
  assert.equal(lines.length, 4)
  for (const n of lines) assert.ok(n >= LIMITS.modifiers && n <= LIMITS.modifiers + SIDE_OWN_LINES, `${n} lines on a side`)
  assert.ok(bytes < MANEUVER_ANSWER, `answer ${bytes} bytes`)
})

/** A dnd35 escape's opponents: the defender and at most 100 further grapplers. */
const ESCAPE_OPPONENTS = 1 + LIMITS.listItems
/**
 * A grapple escape answer: one opposed step per opponent, each listing the
 * escaper's side again (at most 50 modifiers with 200-character sources and
 * SIDE_OWN_LINES, under 16 KiB), the opponent's (under 16 KiB for the
 * defender, about 1 KiB for a further grappler, which takes no modifiers) and
 * at most 20 re-roll pairs (under 1 KiB); then at most 4,142 rolls (about 45
 * bytes each): about 2 MiB. The escaper's side repeated in every step is most
 * of it.
 */
const GRAPPLE_ANSWER = (16 + 16) * 1024 + LIMITS.listItems * (16 + 2 + 1) * 1024 + 200 * 1024

test('POST /v1/grapples: an escape from 101 grapplers, each check tied, rolls at most 4,142 d20s and lists the escaper\'s 50 modifiers in each of the 101 steps, under about 2 MiB; a 102nd grappler or a 51st modifier is refused', async () => {
  const { res, bytes } = await post(worstGrapple)
  const body = res.body
  assert.equal(body.steps.length, ESCAPE_OPPONENTS)
  assert.ok(body.steps.every((s: { step: string }) => s.step === 'opposed-check'))
  for (const step of body.steps.slice(0, ESCAPE_FULLY_TIED)) assert.equal(step.tieBreak.rerolls.length, TIE_REROLLS, 'tied up to the re-roll limit')
  // The escaper's d20 and one per opponent, then at most 20 re-roll pairs per opponent; the 1,000 fixed dice all used.
  assert.ok(body.rolls.length >= MAX_SEQUENCE_LENGTH, `${body.rolls.length} dice`)
  assert.ok(body.rolls.length <= 1 + ESCAPE_OPPONENTS * (1 + 2 * TIE_REROLLS), `${body.rolls.length} dice`)
  const lines = sideLines(body)
  assert.equal(lines.length, 2 * ESCAPE_OPPONENTS)
  for (const [i, n] of lines.entries()) {
    const withModifiers = i % 2 === 0 || i === 1 // the escaper's side in every step; the defender's in the first
    assert.ok(withModifiers ? n >= LIMITS.modifiers && n <= LIMITS.modifiers + SIDE_OWN_LINES : n <= SIDE_OWN_LINES, `${n} lines on side ${i}`)
  }
  assert.ok(bytes < GRAPPLE_ANSWER, `answer ${bytes} bytes`)

  const options = worstGrapple.body.options as { attackerModifiers: Array<{ value: number, source?: string }> }
  const others = worstGrapple.body.others as unknown[]
  const refused = async (change: Record<string, unknown>, path: string) =>
    assertProblem((await post({ url: worstGrapple.url, body: { ...worstGrapple.body, ...change } }, 400)).res, { type: '/problems/validation-failed', path })
  await refused({ others: [...others, others[0]] }, '/others')
  await refused({ options: { ...options, attackerModifiers: [...options.attackerModifiers, { value: 1 }] } }, '/options/attackerModifiers')
})

/** Bodies that roll the unarmed strike: dnd35 `damage` (both grappling) and pf1e `damage` (both grappled). */
const grappling = (ruleset: 'dnd35' | 'pf1e', unarmedDamage: string, sequence: number[]) => {
  const conditions = [ruleset === 'dnd35' ? 'grappling' : 'grappled']
  return {
    url: '/v1/grapples',
    body: {
      ruleset, action: 'damage', seed: 'over',
      attacker: { baseAttackBonus: 10, abilities: { str: 18 }, conditions },
      defender: { baseAttackBonus: 10, abilities: { str: 18 }, conditions },
      options: { unarmedDamage },
      dice: { sequence }
    }
  }
}

test('POST /v1/grapples: the unarmed strike rolls at most 1,000 dice (a dnd35 start tied 20 times: 1,043 dice, under 128 KB); one die more is a 422 naming /options/unarmedDamage before any die, whatever the checks would roll', async () => {
  const { res, bytes } = await post(worstGrappleDamage)
  const body = res.body
  assert.equal(body.success, true)
  assert.deepEqual(body.steps.map((s: { step: string }) => s.step), ['attack-of-opportunity', 'touch-attack', 'opposed-check', 'damage'])
  assert.equal(body.steps[2].tieBreak.rerolls.length, TIE_REROLLS, 'the most re-rolls one opposed check makes')
  assert.equal(rollsOf(body, 'damage'), MAX_DICE_PER_ROLL)
  assert.equal(body.damage.rolls.length, MAX_DICE_PER_ROLL)
  assert.equal(body.rolls.length, 1 + 2 + 2 * TIE_REROLLS + MAX_DICE_PER_ROLL, 'the touch attack, the check\'s two d20s, 20 re-roll pairs, the damage dice')
  assert.ok(bytes < MANEUVER_ANSWER, `answer ${bytes} bytes`)

  const path = '/options/unarmedDamage'
  const oneDieMore = `${MAX_DICE_PER_ROLL}d1000+1d6`
  const options = worstGrappleDamage.body.options as Record<string, unknown>
  const over = async (w: { url: string, body: Record<string, unknown> }) => assertProblem((await post(w, 422)).res, { type: '/problems/out-of-range', path })
  // dnd35 start: refused as it stands, and with a touch attack that misses (no damage would follow).
  await over({ url: worstGrappleDamage.url, body: { ...worstGrappleDamage.body, options: { ...options, unarmedDamage: oneDieMore } } })
  await over({ url: worstGrappleDamage.url, body: { ...worstGrappleDamage.body, options: { ...options, unarmedDamage: oneDieMore }, dice: { sequence: [1] } } })
  // dnd35 damage: the 20 terms of 1000d1000 the schema allows, and one die more with a check the attacker would win or lose.
  await over(grappling('dnd35', Array(20).fill('1000d1000').join('+'), [20, 1]))
  await over(grappling('dnd35', oneDieMore, [20, 1]))
  await over(grappling('dnd35', oneDieMore, [1, 20]))
  // pf1e damage: likewise, whether the combat maneuver check succeeds or fails.
  await over(grappling('pf1e', oneDieMore, [20]))
  await over(grappling('pf1e', oneDieMore, [1]))
  // At the bound both answer: 1,000 damage dice after the check's d20s.
  const dnd35 = (await post(grappling('dnd35', `${MAX_DICE_PER_ROLL}d1000`, [20, 1]))).res.body
  assert.equal(dnd35.damage.rolls.length, MAX_DICE_PER_ROLL)
  assert.equal(dnd35.rolls.length, 2 + MAX_DICE_PER_ROLL)
  const pf1e = (await post(grappling('pf1e', `${MAX_DICE_PER_ROLL}d1000`, [20]))).res.body
  assert.equal(pf1e.damage.rolls.length, MAX_DICE_PER_ROLL)
  assert.equal(pf1e.rolls.length, 1 + MAX_DICE_PER_ROLL)
  // The variant defines no grapple: every action is refused before any die, the dice whatever they are.
  assertProblem((await post({ url: '/v1/grapples', body: { ...grappling('dnd35', oneDieMore, []).body, ruleset: 'variant' } }, 422)).res, { type: '/problems/rule-not-defined', path: '/action' })
})
