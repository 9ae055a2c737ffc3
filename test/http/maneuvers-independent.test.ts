// An independent check of POST /v1/grapples and POST /v1/maneuvers: every
// expected number below was derived by hand from docs/rules.md §P1.1, §P1.4 and §P4,
// the OpenAPI document and the published rules (SRD 3.5, variant, PRD), not from the implementation.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

interface BreakdownEntry { source: string, value: number, applied: boolean }
interface Side { role: string, roll: number, modifier: number, total: number, breakdown: BreakdownEntry[] }
interface Step {
  step: string
  actor: string
  success: boolean
  summary: string
  automatic?: string | null
  roll?: number
  modifier?: number
  total?: number
  against?: number
  againstBreakdown?: BreakdownEntry[]
  breakdown?: BreakdownEntry[]
  margin?: number
  sides?: Side[]
  winner?: string
  tieBreak?: { rule: string, rerolls: Array<{ actor: number, opponent: number }> } | null
}
interface Body {
  success: boolean
  steps: Step[]
  state: { attacker: string[], defender: string[], others: string[][] }
  damage: { total: number, nonlethal: number, lethal: number } | null
  effect: Record<string, unknown>
  rolls: Array<{ purpose: string, die: number, result: number }>
  type?: string
  detail?: string
}

async function post (path: string, body: Record<string, unknown>, status = 200): Promise<Body> {
  const res = await request(app.server).post(path).send(body)
  assert.equal(res.status, status, JSON.stringify(res.body))
  return res.body as Body
}
const grapple = async (body: Record<string, unknown>, status = 200) => await post('/v1/grapples', body, status)
const maneuver = async (body: Record<string, unknown>, status = 200) => await post('/v1/maneuvers', body, status)

const stepsOf = (body: Body, kind: string) => body.steps.filter((s) => s.step === kind)
function oneStep (body: Body, kind: string): Step {
  const found = stepsOf(body, kind)
  assert.equal(found.length, 1, `exactly one ${kind} step in ${JSON.stringify(body.steps.map((s) => s.step))}`)
  return found[0] as Step
}
const appliedSum = (entries: BreakdownEntry[] = []) => entries.filter((e) => e.applied).reduce((n, e) => n + e.value, 0)
const results = (body: Body) => body.rolls.map((r) => r.result)

// A Medium fighter, BAB +4, Str 14: grapple modifier 4 + 2 + 0 = +6 (SRD 3.5 › Grapple Checks).
const fighter = { id: 'fighter', baseAttackBonus: 4, abilities: { str: 14, dex: 10 } }
// A Large ogre, BAB +3, Str 21 (+5): grapple modifier 3 + 5 + 4 (special size, docs/rules.md §P1.1) = +12; touch AC 10 − 1 (size) = 9.
const ogre = { id: 'ogre', size: 'large', baseAttackBonus: 3, abilities: { str: 21, dex: 10 } }

// ---------------------------------------------------------------- dnd35 grapple

test('dnd35 start: Medium +6 against Large +12; touch, hold, 1d3+2 nonlethal (SRD 3.5 › Grapple Checks; Starting a Grapple)', async () => {
  // Touch: d20 10 + BAB 4 + Str 2 = 16 ≥ touch AC 9. Hold: 15 + 6 = 21 against 5 + 12 = 17. Damage 1d3 (2) + Str 2 = 4 nonlethal.
  const body = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: ogre, dice: { sequence: [10, 15, 5, 2] } })
  assert.equal(body.success, true)
  const touch = oneStep(body, 'touch-attack')
  assert.equal(touch.total, 16)
  assert.equal(touch.against, 9)
  assert.equal(touch.success, true)
  const hold = oneStep(body, 'opposed-check')
  assert.deepEqual(hold.sides?.map((s) => [s.role, s.roll, s.modifier, s.total]), [['attacker', 15, 6, 21], ['defender', 5, 12, 17]])
  for (const side of hold.sides ?? []) assert.equal(appliedSum(side.breakdown), side.modifier)
  // the special size +4 is visible in the ogre's breakdown
  assert.ok(hold.sides?.[1]?.breakdown.some((e) => e.value === 4 && e.applied), JSON.stringify(hold.sides?.[1]?.breakdown))
  assert.equal(hold.winner, 'attacker')
  assert.equal(hold.tieBreak ?? null, null)
  assert.deepEqual(body.damage && [body.damage.total, body.damage.nonlethal, body.damage.lethal], [4, 4, 0])
  assert.deepEqual(results(body), [10, 15, 5, 2])
  assert.deepEqual(body.rolls.map((r) => r.die), [20, 20, 20, 3])
  assert.deepEqual(body.rolls.slice(1, 3).map((r) => r.purpose), ['grapple-attacker', 'grapple-defender'])
  // SRD 3.5 › Step 3: "you and your target are now grappling"
  assert.ok(body.state.attacker.includes('grappling'))
  assert.ok(body.state.defender.includes('grappling'))
})

test('dnd35 start: the ogre wins the hold, no damage dice are rolled (SRD 3.5 › Step 3)', async () => {
  // 5 + 6 = 11 against 5 + 12 = 17.
  const body = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: ogre, dice: { sequence: [10, 5, 5] } })
  assert.equal(body.success, false)
  assert.equal(oneStep(body, 'opposed-check').winner, 'defender')
  assert.equal(body.damage, null)
  assert.equal(body.rolls.length, 3)
  assert.ok(!body.state.attacker.includes('grappling'))
  assert.ok(!body.state.defender.includes('grappling'))
})

test('dnd35 start: a missed grab ends the attempt before the hold (SRD 3.5 › Step 2)', async () => {
  // 2 + 6 = 8 < touch AC 9
  const body = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: ogre, dice: { sequence: [2, 20, 1] } })
  assert.equal(body.success, false)
  assert.equal(oneStep(body, 'touch-attack').success, false)
  assert.equal(stepsOf(body, 'opposed-check').length, 0)
  assert.deepEqual(results(body), [2])
})

test('dnd35 start: equal totals go to the higher modifier (SRD 3.5 › Step 3)', async () => {
  // 16 + 6 = 22 and 10 + 12 = 22: the ogre's +12 beats +6.
  const lost = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: ogre, dice: { sequence: [15, 16, 10] } })
  const check = oneStep(lost, 'opposed-check')
  assert.deepEqual(check.sides?.map((s) => s.total), [22, 22])
  assert.equal(check.winner, 'defender')
  assert.equal(check.tieBreak?.rule, 'higher-modifier')
  assert.deepEqual(check.tieBreak?.rerolls, [])
  assert.equal(lost.success, false)
  // and the other way round: the ogre grabs the fighter. Touch AC of the fighter 10; ogre touch 5 + 3 + 5 − 1 = 12.
  // Hold 10 + 12 = 22 against 16 + 6 = 22: the ogre wins on its modifier. Damage: Large unarmed 1d4 (3) + Str 5 = 8.
  const won = await grapple({ ruleset: 'dnd35', action: 'start', attacker: ogre, defender: fighter, dice: { sequence: [5, 10, 16, 3] } })
  assert.equal(won.success, true)
  assert.equal(oneStep(won, 'opposed-check').tieBreak?.rule, 'higher-modifier')
  assert.equal(won.damage?.total, 8)
})

test('dnd35 start: a tie in totals and modifiers is re-rolled, attacker first, until settled (SRD 3.5 › Step 3; OpenAPI › Dice order)', async () => {
  const twin = { id: 'twin', baseAttackBonus: 4, abilities: { str: 14 } }
  // touch 12 + 6 = 18 ≥ 10. Hold 12 + 6 = 18 vs 12 + 6 = 18, both +6: re-roll 9/9 (tie again), then 14/3. Damage 1d3 (3) + 2 = 5.
  const body = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: twin, dice: { sequence: [12, 12, 12, 9, 9, 14, 3, 3] } })
  assert.equal(body.success, true)
  const check = oneStep(body, 'opposed-check')
  assert.equal(check.winner, 'attacker')
  assert.equal(check.tieBreak?.rule, 'reroll')
  assert.deepEqual(check.tieBreak?.rerolls, [{ actor: 9, opponent: 9 }, { actor: 14, opponent: 3 }])
  assert.deepEqual(results(body), [12, 12, 12, 9, 9, 14, 3, 3])
  assert.deepEqual(body.rolls.slice(3, 7).map((r) => r.purpose), ['tie-break', 'tie-break', 'tie-break', 'tie-break'])
  assert.equal(body.damage?.total, 5)
  // the defender winning the re-roll
  const lost = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: twin, dice: { sequence: [12, 12, 12, 4, 5] } })
  assert.equal(lost.success, false)
  assert.equal(oneStep(lost, 'opposed-check').winner, 'defender')
})

test('dnd35 start: a target two sizes larger wins the hold whatever the dice (SRD 3.5 › Step 3)', async () => {
  const giant = { id: 'giant', size: 'huge', baseAttackBonus: 0, abilities: { str: 1, dex: 1 } }
  await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), async (a, b) => {
    const body = await grapple({ ruleset: 'dnd35', action: 'start', attacker: { ...fighter, baseAttackBonus: 20, abilities: { str: 30 } }, defender: giant, dice: { sequence: [20, a, b] } })
    assert.equal(body.success, false)
    assert.equal(body.damage, null)
    assert.ok(!body.state.attacker.includes('grappling'))
  }), { numRuns: 15 })
  const body = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: giant, dice: { sequence: [20, 20, 1] } })
  assert.ok(body.steps.some((s) => s.automatic === 'target-two-or-more-sizes-larger' && !s.success), JSON.stringify(body.steps))
})

test('dnd35 start: attack-of-opportunity damage fails the attempt; Improved Grapple does not provoke (SRD 3.5 › Step 1)', async () => {
  const hurt = await grapple({ ruleset: 'dnd35', action: 'start', attacker: fighter, defender: ogre, options: { attackOfOpportunityDamage: 3 }, dice: { sequence: [20, 20, 1] } })
  assert.equal(hurt.success, false)
  assert.equal(hurt.rolls.length, 0)
  const feat = await grapple({ ruleset: 'dnd35', action: 'start', attacker: { ...fighter, feats: ['improved-grapple'] }, defender: ogre, options: { attackOfOpportunityDamage: 3 }, dice: { sequence: [10, 15, 5, 2] } })
  assert.equal(feat.success, true)
})

test('dnd35 pin by a creature that is not grappling is a 422 that says why (SRD 3.5 › If You\'re Grappling)', async () => {
  const body = await grapple({ ruleset: 'dnd35', action: 'pin', attacker: fighter, defender: ogre, dice: { sequence: [20, 1] } }, 422)
  assertProblem(body, { type: '/problems/not-possible', path: '/attacker/conditions' })
  assert.match(body.detail ?? '', /grappl/i)
})

test('dnd35 pin between grapplers: opposed check, defender pinned (SRD 3.5 › Pin Your Opponent)', async () => {
  // 14 + 6 = 20 against 3 + 12 = 15
  const body = await grapple({
    ruleset: 'dnd35', action: 'pin',
    attacker: { ...fighter, conditions: ['grappling'] }, defender: { ...ogre, conditions: ['grappling'] },
    dice: { sequence: [14, 3] }
  })
  assert.equal(body.success, true)
  assert.deepEqual(oneStep(body, 'opposed-check').sides?.map((s) => s.total), [20, 15])
  assert.ok(body.state.defender.includes('pinned'))
  assert.ok(body.state.attacker.includes('grappling'))
})

test('dnd35 damage while grappling: lethal costs −4 on the check (SRD 3.5 › If You\'re Grappling › Damage Your Opponent)', async () => {
  // lethal: 10 + 6 − 4 = 12 against 1 + 12 = 13: lost.
  const body = await grapple({
    ruleset: 'dnd35', action: 'damage', options: { lethal: true },
    attacker: { ...fighter, conditions: ['grappling'] }, defender: { ...ogre, conditions: ['grappling'] },
    dice: { sequence: [10, 1] }
  })
  assert.equal(body.success, false)
  assert.equal(oneStep(body, 'opposed-check').sides?.[0]?.modifier, 2)
  // nonlethal: 10 + 6 = 16 against 13: 1d3 (1) + 2 = 3 nonlethal
  const hit = await grapple({
    ruleset: 'dnd35', action: 'damage',
    attacker: { ...fighter, conditions: ['grappling'] }, defender: { ...ogre, conditions: ['grappling'] },
    dice: { sequence: [10, 1, 1] }
  })
  assert.deepEqual(hit.damage && [hit.damage.total, hit.damage.nonlethal], [3, 3])
})

// ----------------------------------------------------------- pf1e grapple and CMB

test('pf1e: CMB +9 against CMD 16 succeeds on a 7 and fails on a 6 (PRD › Combat Maneuvers; docs/rules.md §P4.3 step 5)', async () => {
  const body = (d20: number) => ({ ruleset: 'pf1e', maneuver: 'trip', attacker: { id: 'a', cmb: 9 }, defender: { id: 'b', cmd: 16 }, dice: { sequence: [d20] } })
  const seven = await maneuver(body(7))
  assert.equal(seven.success, true)
  const check = oneStep(seven, 'combat-maneuver-check')
  assert.deepEqual([check.roll, check.total, check.against, check.margin], [7, 16, 16, 0])
  assert.ok(seven.state.defender.includes('prone'))
  const six = await maneuver(body(6))
  assert.equal(six.success, false)
  assert.equal(oneStep(six, 'combat-maneuver-check').margin, -1)
  assert.ok(!six.state.defender.includes('prone'))
  assert.ok(!six.state.attacker.includes('prone')) // failed by 1, not by 10
  assert.deepEqual(results(six), [6])
})

test('pf1e grapple start: CMB +9 against CMD 16 on a 7, both grappled, one die (PRD › Grapple; OpenAPI › Dice order)', async () => {
  const body = await grapple({ ruleset: 'pf1e', action: 'start', attacker: { id: 'a', cmb: 9 }, defender: { id: 'b', cmd: 16 }, dice: { sequence: [7] } })
  assert.equal(body.success, true)
  assert.deepEqual(results(body), [7])
  assert.ok(body.state.attacker.includes('grappled'))
  assert.ok(body.state.defender.includes('grappled'))
})

test('pf1e: a natural 20 always succeeds, a natural 1 always fails (docs/rules.md §P4.3 step 5)', async () => {
  await fc.assert(fc.asyncProperty(fc.integer({ min: -5, max: 30 }), fc.integer({ min: 5, max: 60 }), fc.integer({ min: 1, max: 20 }), async (cmb, cmd, d20) => {
    const body = await maneuver({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb }, defender: { cmd }, dice: { sequence: [d20] } })
    const expected = d20 === 20 || (d20 !== 1 && d20 + cmb >= cmd)
    assert.equal(body.success, expected, `cmb ${cmb} cmd ${cmd} d20 ${d20}`)
  }), { numRuns: 40 })
})

test('pf1e maintain: +5 circumstance when held last round (docs/rules.md §38)', async () => {
  const body = await grapple({
    ruleset: 'pf1e', action: 'maintain', options: { maintainedLastRound: true },
    attacker: { id: 'a', cmb: 9, conditions: ['grappled'] }, defender: { id: 'b', cmd: 16, conditions: ['grappled'] },
    dice: { sequence: [2] }
  })
  // 2 + 9 + 5 = 16 ≥ 16
  assert.equal(oneStep(body, 'combat-maneuver-check').total, 16)
  assert.equal(body.success, true)
})

test('pf1e CMD = 10 + BAB + Str + Dex + special size; flat-footed loses Dex (PRD › Combat Maneuvers; docs/rules.md §35)', async () => {
  // BAB 5, Str 16 (+3), Dex 14 (+2), Large (+1): 21. Flat-footed: 19.
  const defender = { id: 'bear', size: 'large', baseAttackBonus: 5, abilities: { str: 16, dex: 14 } }
  const body = await maneuver({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 10 }, defender, dice: { sequence: [11] } })
  const check = oneStep(body, 'combat-maneuver-check')
  assert.equal(check.against, 21)
  assert.equal(10 + appliedSum(check.againstBreakdown), 21)
  assert.equal(body.success, true) // 11 + 10 = 21 ≥ 21
  const flat = await maneuver({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 10 }, defender: { ...defender, conditions: ['flat-footed'] }, dice: { sequence: [8] } })
  assert.equal(oneStep(flat, 'combat-maneuver-check').against, 19)
  assert.equal(flat.success, false) // 18 < 19
  // a negative Dex still counts when flat-footed (docs/rules.md §P0.2): Dex 6 (−2) → 10 + 5 + 3 − 2 + 1 = 17
  const clumsy = await maneuver({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 10 }, defender: { ...defender, abilities: { str: 16, dex: 6 }, conditions: ['flat-footed'] }, dice: { sequence: [8] } })
  assert.equal(oneStep(clumsy, 'combat-maneuver-check').against, 17)
})

test('pf1e CMB = BAB + Str + special size; Tiny uses Dex (PRD › Combat Maneuvers; docs/rules.md §3)', async () => {
  // Medium BAB 4 Str 14: +6; d20 10 → 16 against CMD 16.
  const medium = await maneuver({ ruleset: 'pf1e', maneuver: 'trip', attacker: fighter, defender: { cmd: 16 }, dice: { sequence: [10] } })
  assert.deepEqual([oneStep(medium, 'combat-maneuver-check').modifier, medium.success], [6, true])
  // Tiny BAB 2, Str 6 (−2), Dex 16 (+3), size −2: 2 + 3 − 2 = +3
  const tiny = await maneuver({ ruleset: 'pf1e', maneuver: 'dirty-trick', options: { dirtyTrickCondition: 'dazzled' }, attacker: { size: 'tiny', baseAttackBonus: 2, abilities: { str: 6, dex: 16 } }, defender: { cmd: 16 }, dice: { sequence: [10] } })
  assert.equal(oneStep(tiny, 'combat-maneuver-check').modifier, 3)
})

test('pf1e bull rush: 5 ft plus 5 ft per 5 points of margin (PRD › Bull Rush; docs/rules.md §36)', async () => {
  const push = async (d20: number) => (await maneuver({ ruleset: 'pf1e', maneuver: 'bull-rush', attacker: { cmb: 9 }, defender: { cmd: 16 }, dice: { sequence: [d20] } })).effect.pushFeet
  assert.equal(await push(17), 15) // margin 10: 5 + 10
  assert.equal(await push(16), 10) // margin 9: 5 + 5
  assert.equal(await push(7), 5) // margin 0
  assert.equal(await push(6), undefined)
})

// ---------------------------------------------------------------------- variant

test('variant: every grapple action is a 422 rule-not-defined (variant › Grapple: "(WIP) TBD")', async () => {
  for (const action of ['start', 'pin', 'escape']) {
    const body = await grapple({ ruleset: 'variant', action, attacker: fighter, defender: ogre }, 422)
    assertProblem(body, { type: '/problems/rule-not-defined', path: '/action' })
  }
})

test('variant trip: Str check against DC 10 + better of Str/Dex bonus + size + 4 stable; counter-trip on failure (variant › Trip; docs/rules.md §39)', async () => {
  // attacker BCB 2, Str 16 (+3): touch 10 + 5 = 15 ≥ 10 + 3 (Dex 16) = 13.
  // DC 10 + 3 (Dex beats Str +1) + 0 + 4 (four legs) = 17.
  const attacker = { id: 'a', baseAttackBonus: 2, abilities: { str: 16, dex: 10 } }
  const defender = { id: 'd', baseAttackBonus: 0, abilities: { str: 12, dex: 16 } }
  const won = await maneuver({ ruleset: 'variant', maneuver: 'trip', attacker, defender, options: { defenderLegs: 4 }, dice: { sequence: [10, 14] } })
  const check = oneStep(won, 'strength-check')
  assert.deepEqual([check.total, check.against], [17, 17])
  assert.equal(10 + appliedSum(check.againstBreakdown), 17)
  assert.equal(won.success, true)
  assert.ok(won.state.defender.includes('prone'))
  // 13 + 3 = 16 < 17; counter: defender Str +1 + d20 12 = 13 against DC 10 + 3 (attacker's Str) = 13: attacker prone.
  const lost = await maneuver({ ruleset: 'variant', maneuver: 'trip', attacker, defender, options: { defenderLegs: 4 }, dice: { sequence: [10, 13, 12] } })
  assert.equal(lost.success, false)
  const counter = oneStep(lost, 'counter-attempt')
  assert.deepEqual([counter.total, counter.against, counter.success], [13, 13, true])
  assert.ok(lost.state.attacker.includes('prone'))
  // Large defender: DC 10 + 3 + 4 = 17 with no legs bonus
  const large = await maneuver({ ruleset: 'variant', maneuver: 'trip', attacker, defender: { ...defender, size: 'large' }, dice: { sequence: [10, 14] } })
  assert.equal(oneStep(large, 'strength-check').against, 17)
})

// -------------------------------------------------------------- dnd35 maneuvers

test('dnd35 trip: touch, opposed Str vs better of Str/Dex, size and stability, counter-trip (SRD 3.5 › Trip; docs/rules.md §33)', async () => {
  // attacker BAB 2, Str 16 (+3): touch 14 + 5 = 19 ≥ 10 + 2 = 12. Str 13 + 3 = 16 vs Dex 9 + 2 = 11.
  const attacker = { id: 'a', baseAttackBonus: 2, abilities: { str: 16, dex: 10 } }
  const defender = { id: 'd', baseAttackBonus: 1, abilities: { str: 12, dex: 14 } }
  const won = await maneuver({ ruleset: 'dnd35', maneuver: 'trip', attacker, defender, dice: { sequence: [14, 13, 9] } })
  assert.equal(won.success, true)
  assert.deepEqual(oneStep(won, 'opposed-check').sides?.map((s) => [s.modifier, s.total]), [[3, 16], [2, 11]])
  assert.ok(won.state.defender.includes('prone'))
  assert.deepEqual(results(won), [14, 13, 9])

  // Large four-legged defender, Str 18 (+4), Dex 10: +4 + 4 size + 4 stable = +12; touch AC 10 − 1 = 9.
  // 15 + 3 = 18 vs 6 + 12 = 18: tie, higher modifier (defender) wins. Counter: defender Str +4 + size 4 = 8,
  // 10 + 8 = 18 vs attacker's better of Str/Dex +3, 10 + 3 = 13: the attacker is prone.
  const horse = { id: 'horse', size: 'large', baseAttackBonus: 1, abilities: { str: 18, dex: 10 } }
  const lost = await maneuver({ ruleset: 'dnd35', maneuver: 'trip', attacker, defender: horse, options: { defenderLegs: 4 }, dice: { sequence: [10, 15, 6, 10, 10] } })
  const check = oneStep(lost, 'opposed-check')
  assert.deepEqual(check.sides?.map((s) => s.modifier), [3, 12])
  assert.equal(check.winner, 'defender')
  assert.equal(check.tieBreak?.rule, 'higher-modifier')
  assert.equal(lost.success, false)
  const counter = oneStep(lost, 'counter-attempt')
  assert.equal(counter.success, true)
  assert.ok(lost.state.attacker.includes('prone'))
  assert.ok(!lost.state.defender.includes('prone'))
})

test('dnd35 disarm: opposed attack rolls, two-handed +4, light −4, +4 per size, −4 for a non-melee item (SRD 3.5 › Disarm)', async () => {
  // attacker Large, two-handed, printed +7: 7 + 4 + 4 (one size larger) = 15. Defender light, printed +5: 5 − 4 = 1.
  const base = {
    ruleset: 'dnd35', maneuver: 'disarm',
    attacker: { id: 'a', size: 'large', baseAttackBonus: 5 }, defender: { id: 'd', baseAttackBonus: 5 }
  }
  const won = await maneuver({ ...base, options: { attackerWeapon: { category: 'two-handed', attackBonus: 7 }, defenderWeapon: { category: 'light', attackBonus: 5 } }, dice: { sequence: [5, 18] } })
  const check = oneStep(won, 'opposed-check')
  assert.deepEqual(check.sides?.map((s) => [s.modifier, s.total]), [[15, 20], [1, 19]])
  assert.equal(won.success, true)
  // the item is a wand: defender −4 → −3; 2 + 15 = 17 vs 20 − 3 = 17: tie to the higher modifier, the attacker.
  const wand = await maneuver({ ...base, options: { attackerWeapon: { category: 'two-handed', attackBonus: 7 }, defenderWeapon: { category: 'light', attackBonus: 5, meleeWeapon: false } }, dice: { sequence: [2, 20] } })
  assert.deepEqual(oneStep(wand, 'opposed-check').sides?.map((s) => s.total), [17, 17])
  assert.equal(wand.success, true)
  // locked gauntlet +10: defender 1 + 10 = 11; 5 + 15 = 20 vs 18 + 11 = 29: fails; counter-disarm offered.
  const locked = await maneuver({ ...base, options: { attackerWeapon: { category: 'two-handed', attackBonus: 7 }, defenderWeapon: { category: 'light', attackBonus: 5, lockedGauntlet: true } }, dice: { sequence: [5, 18, 1, 20] } })
  assert.equal(oneStep(locked, 'opposed-check').sides?.[1]?.modifier, 11)
  assert.equal(locked.success, false)
  // spiked gauntlet: cannot be disarmed
  const spiked = await maneuver({ ...base, options: { defenderWeapon: { spikedGauntlet: true } } }, 422)
  assertProblem(spiked, { type: '/problems/not-possible', path: '/options/defenderWeapon/spikedGauntlet' })
})

test('dnd35 bull rush: opposed Str, +2 charging, 5 ft + 5 ft per full 5 points (SRD 3.5 › Bull Rush)', async () => {
  // attacker Str 18 (+4) + 2 charging = 6; defender Str 12 (+1).
  const push = async (a: number, d: number) => await maneuver({
    ruleset: 'dnd35', maneuver: 'bull-rush', options: { charging: true },
    attacker: { id: 'a', abilities: { str: 18 } }, defender: { id: 'd', abilities: { str: 12 } }, dice: { sequence: [a, d] }
  })
  const far = await push(15, 5) // 21 vs 6: margin 15 → 20 ft
  assert.deepEqual(oneStep(far, 'opposed-check').sides?.map((s) => s.modifier), [6, 1])
  assert.equal(far.effect.pushFeet, 20)
  assert.equal((await push(14, 5)).effect.pushFeet, 15) // margin 14
  assert.equal((await push(5, 10)).effect.pushFeet, 5) // 11 vs 11: tie to the higher modifier, margin 0 (docs/rules.md §33)
  const failed = await push(1, 20)
  assert.equal(failed.success, false)
  assert.equal(failed.effect.pushFeet, undefined)
})

test('dnd35 feint: Bluff must exceed Sense Motive + BAB; nonhumanoid −4, animal −8, mindless impossible (SRD 3.5 › Feint; docs/rules.md §33)', async () => {
  const feint = async (kind: string, d: number[], status = 200) => await maneuver({
    ruleset: 'dnd35', maneuver: 'feint', options: { bluff: 8, senseMotive: 2, defenderKind: kind },
    attacker: { id: 'a' }, defender: { id: 'd', baseAttackBonus: 3 }, dice: { sequence: d }
  }, status)
  // nonhumanoid: 10 + 8 − 4 = 14 vs 9 + 2 + 3 = 14: equal, not exceeding → fails
  const tie = await feint('nonhumanoid', [10, 9])
  assert.equal(tie.success, false)
  const won = await feint('nonhumanoid', [10, 8]) // 14 vs 13
  assert.equal(won.success, true)
  assert.equal(won.effect.deniesDexToNextMeleeAttack, true)
  // animal: 15 + 0 = 15 vs 10 + 5 = 15: fails; humanoid would be 23 and win
  assert.equal((await feint('animal', [15, 10])).success, false)
  assert.equal((await feint('humanoid', [15, 10])).success, true)
  assertProblem(await feint('mindless', [15, 10], 422), { type: '/problems/not-possible', path: '/options/defenderKind' })
})

test('pf1e feint: DC 10 + BAB + Wis, or 10 + Sense Motive when trained and higher (PRD › Feint; docs/rules.md §37)', async () => {
  // BAB 3, Wis 14 (+2): DC 15; trained SM +7: DC 17. Bluff +5.
  const defender = { id: 'd', baseAttackBonus: 3, abilities: { wis: 14 } }
  const feint = async (d20: number, trained: boolean) => await maneuver({
    ruleset: 'pf1e', maneuver: 'feint', options: { bluff: 5, senseMotive: 7, senseMotiveTrained: trained },
    attacker: { id: 'a' }, defender, dice: { sequence: [d20] }
  })
  const untrained = await feint(10, false)
  assert.equal(untrained.success, true) // 15 ≥ 15
  assert.equal(oneStep(untrained, 'skill-check').against, 15)
  const trained = await feint(11, true)
  assert.equal(oneStep(trained, 'skill-check').against, 17)
  assert.equal(trained.success, false) // 16 < 17
})

// ------------------------------------------------------------------------ errors

test('errors: unknown action or maneuver is a 400; one the ruleset lacks is a 422 (OpenAPI › Errors)', async () => {
  await grapple({ ruleset: 'dnd35', action: 'suplex', attacker: fighter, defender: ogre }, 400)
  await maneuver({ ruleset: 'dnd35', maneuver: 'suplex', attacker: fighter, defender: ogre }, 400)
  const tie = await grapple({ ruleset: 'dnd35', action: 'tie-up', attacker: fighter, defender: ogre }, 422)
  assertProblem(tie, { type: '/problems/rule-not-defined', path: '/action' })
  const breakPin = await grapple({ ruleset: 'pf1e', action: 'break-pin', attacker: fighter, defender: ogre }, 422)
  assertProblem(breakPin, { type: '/problems/rule-not-defined', path: '/action' })
  const drag = await maneuver({ ruleset: 'dnd35', maneuver: 'drag', attacker: fighter, defender: ogre }, 422)
  assertProblem(drag, { type: '/problems/rule-not-defined', path: '/maneuver' })
  const driveBack = await maneuver({ ruleset: 'pf1e', maneuver: 'drive-back', attacker: fighter, defender: ogre }, 422)
  assertProblem(driveBack, { type: '/problems/rule-not-defined', path: '/maneuver' })
})

// ------------------------------------------------- the roller's own conditions

const sourcesOf = (entries: BreakdownEntry[] = []) => entries.filter((e) => e.applied && e.value < 0).map((e) => [e.source, e.value])

test('pf1e CMB takes the attacker\'s attack penalties: prone −4, shaken −2 (docs/rules.md §P1.4; §P4.3 step 4)', async () => {
  // 9 − 4 − 2 = 3: a 13 meets CMD 16, a 12 does not.
  const body = (d20: number) => ({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 9, conditions: ['prone', 'shaken'] }, defender: { cmd: 16 }, dice: { sequence: [d20] } })
  const met = await maneuver(body(13))
  const check = oneStep(met, 'combat-maneuver-check')
  assert.equal(check.modifier, 3)
  assert.deepEqual(sourcesOf(check.breakdown), [['prone', -4], ['shaken', -2]])
  assert.equal(met.success, true)
  assert.equal((await maneuver(body(12))).success, false)
  // frightened brings shaken with it: −2 once, not −4; dazzled −1, entangled −2
  const scared = await maneuver({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 9, conditions: ['shaken', 'frightened', 'dazzled', 'entangled'] }, defender: { cmd: 16 }, dice: { sequence: [10] } })
  assert.equal(oneStep(scared, 'combat-maneuver-check').modifier, 9 - 2 - 1 - 2)
})

test('pf1e grappled: −2 on other maneuvers, none to grapple (PRD › Conditions › Grappled)', async () => {
  const trip = await maneuver({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 9, conditions: ['grappled'] }, defender: { cmd: 16 }, dice: { sequence: [8] } })
  assert.equal(oneStep(trip, 'combat-maneuver-check').total, 15) // 8 + 9 − 2
  assert.equal(trip.success, false)
  const pin = await grapple({ ruleset: 'pf1e', action: 'pin', attacker: { cmb: 9, conditions: ['grappled'] }, defender: { cmd: 16, conditions: ['grappled'] }, dice: { sequence: [7] } })
  assert.equal(oneStep(pin, 'combat-maneuver-check').total, 16)
  assert.equal(pin.success, true)
  assert.ok(pin.state.defender.includes('pinned'))
})

test('dnd35 grapple: a prone grappler takes −4 on the grab and on the grapple check; a shaken defender −2 (SRD 3.5 › Grapple Checks: "like a melee attack roll")', async () => {
  // touch 6 − 4 = +2: a 7 makes 9 against the ogre's touch AC 9. Hold +2 against 12 − 2 = +10.
  const body = await grapple({
    ruleset: 'dnd35', action: 'start', attacker: { ...fighter, conditions: ['prone'] }, defender: { ...ogre, conditions: ['shaken'] },
    dice: { sequence: [7, 18, 9, 1] }
  })
  assert.equal(oneStep(body, 'touch-attack').total, 9)
  const hold = oneStep(body, 'opposed-check')
  assert.deepEqual(hold.sides?.map((s) => [s.modifier, s.total]), [[2, 20], [10, 19]])
  assert.equal(body.success, true)
  const miss = await grapple({ ruleset: 'dnd35', action: 'start', attacker: { ...fighter, conditions: ['prone'] }, defender: ogre, dice: { sequence: [6] } })
  assert.equal(miss.success, false)
})

test('dnd35 Strength checks take shaken but not prone; disarm attack rolls take dazzled (SRD35 › Conditions)', async () => {
  // bull rush: Str 18 (+4), shaken −2, prone ignored: +2 against Str 12 (+1).
  const rush = await maneuver({ ruleset: 'dnd35', maneuver: 'bull-rush', attacker: { id: 'a', abilities: { str: 18 }, conditions: ['shaken', 'prone'] }, defender: { id: 'd', abilities: { str: 12 } }, dice: { sequence: [10, 10] } })
  assert.deepEqual(oneStep(rush, 'opposed-check').sides?.map((s) => s.modifier), [2, 1])
  // disarm: printed +7 one-handed, dazzled −1 = +6 against a printed +5 one-handed.
  const disarm = await maneuver({
    ruleset: 'dnd35', maneuver: 'disarm', attacker: { id: 'a', conditions: ['dazzled'] }, defender: { id: 'd' },
    options: { attackerWeapon: { attackBonus: 7 }, defenderWeapon: { attackBonus: 5 } }, dice: { sequence: [10, 10] }
  })
  assert.deepEqual(oneStep(disarm, 'opposed-check').sides?.map((s) => s.modifier), [6, 5])
})

test('variant: bloodied −1 and wounded a further −1 on the trip\'s touch attack and Strength check; sickened counts as bloodied (variant › Conditions; docs/rules.md §63)', async () => {
  const attacker = (conditions: string[]) => ({ id: 'a', baseAttackBonus: 2, abilities: { str: 16 }, conditions })
  const defender = { id: 'd', abilities: { str: 12, dex: 10 } }
  // touch 2 + 3 − 2 = 3; Str 3 − 2 = +1; DC 10 + 1 = 11.
  const wounded = await maneuver({ ruleset: 'variant', maneuver: 'trip', attacker: attacker(['wounded']), defender, dice: { sequence: [10, 10] } })
  assert.equal(oneStep(wounded, 'touch-attack').modifier, 3)
  const check = oneStep(wounded, 'strength-check')
  assert.deepEqual([check.modifier, check.against, check.success], [1, 11, true])
  const both = await maneuver({ ruleset: 'variant', maneuver: 'trip', attacker: attacker(['bloodied', 'sickened']), defender, dice: { sequence: [10, 10] } })
  assert.equal(oneStep(both, 'strength-check').modifier, 2)
})

test('trip: a defender without a Strength score resists with Dexterity (SRD 3.5 › Trip: the better of Str and Dex)', async () => {
  // touch 10 + 5 = 15 ≥ 10 + 2 (Dex 14); attacker Str +3 against Dex +2.
  const body = await maneuver({
    ruleset: 'dnd35', maneuver: 'trip', attacker: { id: 'a', baseAttackBonus: 2, abilities: { str: 16 } },
    defender: { id: 'shade', abilities: { str: null, dex: 14 } }, dice: { sequence: [10, 10, 10] }
  })
  assert.deepEqual(oneStep(body, 'opposed-check').sides?.map((s) => s.modifier), [3, 2])
  assert.equal(body.success, true)
})

test('variant: hit points alone make a creature bloodied (D ≥ ½ HP) or wounded (D ≥ ¾ HP), as for initiative (variant › Hit Points; docs/rules.md §49)', async () => {
  const trip = async (hitPoints: Record<string, number>, conditions: string[] = []) => await maneuver({
    ruleset: 'variant', maneuver: 'trip', attacker: { id: 'a', baseAttackBonus: 2, abilities: { str: 16 }, hitPoints, conditions },
    defender: { id: 'd', abilities: { str: 12, dex: 10 } }, dice: { sequence: [10, 10] }
  })
  // max 20: 10 damage is bloodied (−1), 16 damage is wounded (−2); 9 damage is neither.
  assert.equal(oneStep(await trip({ max: 20, current: 11 }), 'strength-check').modifier, 3)
  assert.equal(oneStep(await trip({ max: 20, current: 10 }), 'strength-check').modifier, 2)
  assert.equal(oneStep(await trip({ max: 20, current: 10 }, ['bloodied']), 'strength-check').modifier, 2)
  const wounded = await trip({ max: 20, current: 4 })
  assert.equal(oneStep(wounded, 'touch-attack').modifier, 2 + 3 - 2)
  assert.equal(oneStep(wounded, 'strength-check').modifier, 1)
})

test('pf1e: +4 on maneuvers against a stunned target, whose −2 AC also lowers its CMD (PRD › Combat Maneuvers; docs/rules.md §35, §36)', async () => {
  // CMB 9 + 4 = 13 against printed CMD 16 − 2 = 14: a 1 fails (natural), a 2 makes 15.
  const body = (d20: number, conditions: string[]) => ({ ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 9 }, defender: { cmd: 16, conditions }, dice: { sequence: [d20] } })
  const stunned = await maneuver(body(2, ['stunned']))
  const check = oneStep(stunned, 'combat-maneuver-check')
  assert.deepEqual([check.modifier, check.against, stunned.success], [13, 14, true])
  assert.equal((await maneuver(body(1, ['stunned']))).success, false)
  assert.equal((await maneuver(body(2, []))).success, false)
  const grapple = await post('/v1/grapples', { ruleset: 'pf1e', action: 'start', attacker: { cmb: 9 }, defender: { cmd: 16, conditions: ['stunned'] }, dice: { sequence: [2] } })
  assert.equal(oneStep(grapple, 'combat-maneuver-check').modifier, 13)
})
