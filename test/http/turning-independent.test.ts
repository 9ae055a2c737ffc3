// An independent check of POST /v1/turning: every expected number below was
// derived by hand from docs/rules.md §P5, the OpenAPI document and the SRD 3.5, not from the code.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset, type RulesetId } from '../../src/rules/rulesets/index.js'
import { resolveTurning, type TurningRequest } from '../../src/rules/turning/index.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

interface Result { id: string, outcome: string, reason: string, effectiveHitDice?: number, hitDiceSpent?: number, durationRounds: number | null, damage?: number | null, healed?: number | null, save?: { dc: number, total: number, success: boolean, automatic: string | null } | null }

async function post (body: Record<string, unknown>, status = 200) {
  const res = await request(app.server).post('/v1/turning').send(body)
  assert.equal(res.status, status, JSON.stringify(res.body))
  return res.body
}

function outcomes (body: { results: Result[] }): Record<string, string> {
  return Object.fromEntries(body.results.map((r) => [r.id, r.outcome]))
}

const cleric = (level: number, cha = 10, extra: Record<string, unknown> = {}) =>
  ({ id: 'cleric', class: 'cleric', level, abilities: { cha }, ...extra })

const d20 = (result: number) => ({ purpose: 'turning-check', die: 20, result })
const d6 = (result: number) => ({ purpose: 'turning-damage', die: 6, result })

// Seven human zombies (2 HD) at 5..35 ft, led by a wight (4 HD) at 40 ft.
const zombieIds = [1, 2, 3, 4, 5, 6, 7].map((n) => `zombie-${n}`)
function sevenZombiesAndAWight (turnedSoFar = 0) {
  return [
    ...zombieIds.map((id, i) => ({ id, hitDice: 2, distanceFeet: 5 * (i + 1), alreadyTurned: i < turnedSoFar })),
    { id: 'wight', hitDice: 4, distanceFeet: 40 }
  ]
}

// SRD 3.5 › How Turning Works (TC-T1, attempt 1): check 9 → 2 HD, damage 11 → five closest zombies
test('TC-T1 attempt 1: check 9 turns 2 HD, damage 11 turns the five closest zombies', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: sevenZombiesAndAWight(), dice: { sequence: [9, 5, 3] } })
  assert.equal(body.effectiveLevel, 3)
  assert.equal(body.turningCheck.roll, 9)
  assert.equal(body.turningCheck.modifier, 0)
  assert.equal(body.turningCheck.total, 9)
  assert.equal(body.turningCheck.maxHitDice, 2) // 7–9 → level − 1
  assert.deepEqual(body.turningDamage.roll, [5, 3])
  assert.equal(body.turningDamage.total, 11) // 2d6 (8) + level 3 + Cha 0
  assert.deepEqual(outcomes(body), {
    'zombie-1': 'turned', 'zombie-2': 'turned', 'zombie-3': 'turned', 'zombie-4': 'turned', 'zombie-5': 'turned',
    'zombie-6': 'unaffected', 'zombie-7': 'unaffected', wight: 'unaffected'
  })
  assert.equal(body.hitDiceUsed, 10)
  // OpenAPI › POST /v1/turning: results in request order
  assert.deepEqual(body.results.map((r: Result) => r.id), [...zombieIds, 'wight'])
  assert.equal(body.results[0].durationRounds, 10) // SRD 3.5 › Effect and Duration of Turning: 10 rounds
  assert.equal(body.results[0].hitDiceSpent, 2)
  // OpenAPI › Dice order: turning check d20; then turning damage 2d6
  assert.deepEqual(body.rolls, [d20(9), d6(5), d6(3)])
})

// SRD 3.5 › How Turning Works (TC-T1, attempt 2): check 21 → 6 HD, damage 7 → two zombies; 3 HD left cannot pay for the wight
test('TC-T1 attempt 2: check 21 reaches 6 HD, damage 7 turns the two remaining zombies but not the wight', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: sevenZombiesAndAWight(5), dice: { sequence: [20, 1, 3] } })
  // d20 20 + Cha 0 = 20 is row 19–21 → level + 3; the seed's 21 lands in the same row.
  assert.equal(body.turningCheck.maxHitDice, 6)
  assert.equal(body.turningDamage.total, 7)
  const o = outcomes(body)
  assert.equal(o['zombie-6'], 'turned')
  assert.equal(o['zombie-7'], 'turned')
  assert.equal(o.wight, 'unaffected')
  for (const id of zombieIds.slice(0, 5)) assert.notEqual(o[id], 'turned', `${id} was already turned and is skipped`) // SRD 3.5 › Turning Checks: you may skip
  assert.equal(body.hitDiceUsed, 4)
  assert.deepEqual(body.rolls, [d20(20), d6(1), d6(3)])
})

// SRD 3.5 › How Turning Works: the seed's exact 21 (Cha +1 makes a d20 20 into 21)
test('TC-T1 attempt 2 with the seed\'s exact check of 21 (Cha 12)', async () => {
  // Cha +1 also raises the damage: 2d6 (3) + 3 + 1 = 7.
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3, 12), undead: sevenZombiesAndAWight(5), dice: { sequence: [20, 1, 2] } })
  assert.equal(body.turningCheck.total, 21)
  assert.equal(body.turningCheck.maxHitDice, 6)
  assert.equal(body.turningDamage.total, 7)
  assert.equal(body.turningDamage.modifier, 4)
  assert.equal(outcomes(body).wight, 'unaffected')
  assert.equal(body.hitDiceUsed, 4)
})

// SRD 3.5 › Turning Checks (TC-T2): check 19 reaches a wight, but damage 3 cannot turn it
test('TC-T2: a 1st-level cleric with check 19 can affect 4 HD but turning damage 3 leaves the wight unaffected', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(1), undead: [{ id: 'wight', hitDice: 4, distanceFeet: 20 }], dice: { sequence: [19, 1, 1] } })
  assert.equal(body.turningCheck.maxHitDice, 4)
  assert.equal(body.turningDamage.total, 3)
  assert.equal(outcomes(body).wight, 'unaffected')
  assert.equal(body.hitDiceUsed, 0)
})

// docs/rules.md §42 (SRD 3.5 › Table: Turning Undead): every row, at level 10 with Cha 10
test('Turning Undead table: each d20 maps to the SRD row (level 10, Cha +0)', async () => {
  const expected: Record<number, number> = { 1: 7, 3: 7, 4: 8, 6: 8, 7: 9, 9: 9, 10: 10, 12: 10, 13: 11, 15: 11, 16: 12, 18: 12, 19: 13, 20: 13 }
  for (const [roll, maxHitDice] of Object.entries(expected)) {
    const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(10), undead: [{ id: 'far', hitDice: 1, distanceFeet: 100 }], dice: { sequence: [Number(roll)] } })
    assert.equal(body.turningCheck.maxHitDice, maxHitDice, `check ${roll}`)
    assert.equal(body.turningDamage, null) // nothing within 60 ft: no damage roll
    assert.deepEqual(body.rolls, [d20(Number(roll))])
  }
})

// docs/rules.md §42: the extreme rows, reached through the Cha modifier
test('Turning Undead table: 0 or lower → level − 4, 22 or higher → level + 4', async () => {
  const cases = [
    { cha: 8, roll: 1, total: 0, max: 6 }, // Cha −1
    { cha: 2, roll: 1, total: -3, max: 6 }, // Cha −4: floor toward −∞ still clamps at −4
    { cha: 14, roll: 20, total: 22, max: 14 }, // Cha +2
    { cha: 30, roll: 20, total: 30, max: 14 } // Cha +10: clamps at +4
  ]
  for (const c of cases) {
    const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(10, c.cha), undead: [], dice: { sequence: [c.roll] } })
    assert.equal(body.turningCheck.total, c.total)
    assert.equal(body.turningCheck.maxHitDice, c.max, `total ${c.total}`)
  }
})

// SRD 3.5 › Destroying Undead: level ≥ 2 × HD destroys (exactly twice counts)
test('destruction: a 4th-level cleric destroys 2-HD zombies; a 3rd-level one only turns them', async () => {
  const undead = [{ id: 'zombie', hitDice: 2, distanceFeet: 10 }, { id: 'ghoul', hitDice: 3, distanceFeet: 20 }]
  const four = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(4), undead, dice: { sequence: [10, 3, 3] } })
  assert.equal(four.turningCheck.maxHitDice, 4)
  assert.equal(four.turningDamage.total, 10)
  assert.deepEqual(outcomes(four), { zombie: 'destroyed', ghoul: 'turned' }) // 4 ≥ 4; 4 < 6
  assert.equal(four.hitDiceUsed, 5) // destroyed undead use turning damage too
  assert.equal(four.results[0].durationRounds, null)
  const three = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead, dice: { sequence: [10, 3, 3] } })
  assert.deepEqual(outcomes(three), { zombie: 'turned', ghoul: 'turned' })
})

// docs/rules.md §44: turn resistance counts for the table and the destruction test, not for the damage spent
test('turn resistance: raises effective HD for the table and destruction, but only actual HD are spent', async () => {
  // Level 6, check 10 → 6 HD; damage 2d6 (2) + 6 = 8.
  // vampire-spawn-ish: 2 HD + TR 4 = 6 effective: turnable (6 ≤ 6), not destroyed (6 < 12), costs 2.
  // Then a 6-HD mummy costs the remaining 6. If TR were spent, only 2 would be left.
  const body = await post({
    ruleset: 'dnd35', action: 'turn', turner: cleric(6),
    undead: [{ id: 'resistant', hitDice: 2, turnResistance: 4, distanceFeet: 10 }, { id: 'mummy', hitDice: 6, distanceFeet: 20 }],
    dice: { sequence: [10, 1, 1] }
  })
  assert.equal(body.turningCheck.maxHitDice, 6)
  assert.equal(body.turningDamage.total, 8)
  assert.deepEqual(outcomes(body), { resistant: 'turned', mummy: 'turned' }) // without TR, 6 ≥ 4 would destroy "resistant"
  assert.equal(body.results[0].effectiveHitDice, 6)
  assert.equal(body.results[0].hitDiceSpent, 2)
  assert.equal(body.hitDiceUsed, 8)
})

// docs/rules.md §44: turn resistance can put an undead beyond the table: nothing can be affected, so no damage roll
test('turn resistance past the table result: unaffected, and no turning damage is rolled', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: [{ id: 'skeleton', hitDice: 1, turnResistance: 2, distanceFeet: 10 }], dice: { sequence: [9] } })
  assert.equal(body.turningCheck.maxHitDice, 2)
  assert.equal(outcomes(body).skeleton, 'unaffected')
  assert.equal(body.turningDamage, null) // OpenAPI: null when nothing within range could be affected
  assert.deepEqual(body.rolls, [d20(9)])
})

// SRD 3.5 › Turning Checks › Range: "can't turn undead that are more than 60 feet away": exactly 60 ft is in range
test('range: 60 ft is in range, 60.5 and 61 ft are out of range; total cover is out of range', async () => {
  const body = await post({
    ruleset: 'dnd35', action: 'turn', turner: cleric(5),
    undead: [
      { id: 'at-60', hitDice: 1, distanceFeet: 60 },
      { id: 'at-60.5', hitDice: 1, distanceFeet: 60.5 },
      { id: 'at-61', hitDice: 1, distanceFeet: 61 },
      { id: 'behind-wall', hitDice: 1, distanceFeet: 5, totalCover: true }
    ],
    dice: { sequence: [10, 6, 6] }
  })
  assert.deepEqual(outcomes(body), { 'at-60': 'destroyed', 'at-60.5': 'out-of-range', 'at-61': 'out-of-range', 'behind-wall': 'out-of-range' })
  assert.equal(body.hitDiceUsed, 1)
})

// SRD 3.5 › Turning Damage: only rolled when some undead within 60 ft can be affected
test('range: a turnable undead beyond 60 ft does not cause a damage roll', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(5), undead: [{ id: 'far', hitDice: 1, distanceFeet: 65 }], dice: { sequence: [10] } })
  assert.equal(body.turningDamage, null)
  assert.equal(body.hitDiceUsed, 0)
  assert.deepEqual(body.rolls, [d20(10)])
})

// SRD 3.5 › Cleric (docs/rules.md §P5.1): +2 on turning checks with 5 or more ranks in Knowledge (religion)
test('Knowledge (religion): 4 ranks give nothing, 5 ranks give +2 (and move the row)', async () => {
  const undead = [{ id: 'far', hitDice: 1, distanceFeet: 100 }]
  const four = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3, 10, { knowledgeReligionRanks: 4 }), undead, dice: { sequence: [8] } })
  assert.equal(four.turningCheck.modifier, 0)
  assert.equal(four.turningCheck.total, 8)
  assert.equal(four.turningCheck.maxHitDice, 2)
  const five = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3, 10, { knowledgeReligionRanks: 5 }), undead, dice: { sequence: [8] } })
  assert.equal(five.turningCheck.modifier, 2)
  assert.equal(five.turningCheck.total, 10)
  assert.equal(five.turningCheck.maxHitDice, 3)
  // breakdown sums to the modifier (OpenAPI › Modifier, Breakdown)
  const sum = five.turningCheck.breakdown.filter((b: { applied: boolean }) => b.applied).reduce((s: number, b: { value: number }) => s + b.value, 0)
  assert.equal(sum, 2)
})

// Synergy adds to the check only, not to turning damage (SRD 3.5: damage is 2d6 + level + Cha)
test('Knowledge (religion) does not add to turning damage', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3, 10, { knowledgeReligionRanks: 10 }), undead: [{ id: 'z', hitDice: 2, distanceFeet: 5 }], dice: { sequence: [10, 2, 2] } })
  assert.equal(body.turningDamage.total, 7)
  assert.equal(body.turningDamage.modifier, 3)
})

// SRD 3.5 › Paladins and Undead (TC-T3): from 4th level, turn as a cleric of level − 3 (table, damage, destruction)
test('paladin: 6th level turns as a 3rd-level cleric for the table, the damage and destruction', async () => {
  const paladin = { id: 'paladin', class: 'paladin', level: 6, abilities: { cha: 14 } }
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: paladin, undead: [{ id: 'zombie', hitDice: 2, distanceFeet: 10 }, { id: 'skeleton', hitDice: 1, distanceFeet: 20 }], dice: { sequence: [7, 3, 3] } })
  assert.equal(body.effectiveLevel, 3)
  assert.equal(body.turningCheck.total, 9) // 7 + Cha 2
  assert.equal(body.turningCheck.maxHitDice, 2) // effective 3 − 1, not 6 − 1
  assert.equal(body.turningDamage.total, 11) // 6 + 3 + 2, not 6 + 6 + 2
  assert.deepEqual(outcomes(body), { zombie: 'turned', skeleton: 'destroyed' }) // 3 < 4; 3 ≥ 2
})

// TC-T3: a 4th-level paladin counts as a 1st-level cleric
test('paladin: 4th level is effective level 1', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: { id: 'p', class: 'paladin', level: 4 }, undead: [], dice: { sequence: [10] } })
  assert.equal(body.effectiveLevel, 1)
  assert.equal(body.turningCheck.maxHitDice, 1)
})

// SRD 3.5 › Paladins and Undead: "Beginning at 4th level": a 3rd-level paladin cannot turn
test('paladin below 4th level cannot turn: 422', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: { id: 'p', class: 'paladin', level: 3 }, undead: [{ id: 'z', hitDice: 1, distanceFeet: 5 }], dice: { sequence: [10] } }, 422)
  assertProblem(body, { type: '/problems/not-possible', path: '/turner/level' })
})

// SRD 3.5 › Evil Clerics and Undead: would-be turned → rebuked, would-be destroyed → commanded
test('rebuke: a 4th-level evil cleric commands a 2-HD zombie and rebukes a 4-HD wight', async () => {
  const body = await post({
    ruleset: 'dnd35', action: 'rebuke', turner: cleric(4, 10, { energy: 'negative' }),
    undead: [{ id: 'zombie', hitDice: 2, distanceFeet: 10 }, { id: 'wight', hitDice: 4, distanceFeet: 20 }],
    dice: { sequence: [13, 3, 3] }
  })
  assert.equal(body.turningCheck.maxHitDice, 5) // 13–15 → level + 1
  assert.equal(body.turningDamage.total, 10)
  assert.deepEqual(outcomes(body), { zombie: 'commanded', wight: 'rebuked' })
  assert.equal(body.results[1].durationRounds, 10) // SRD 3.5 › Rebuked: 10 rounds
  assert.equal(body.hitDiceUsed, 6)
  assert.deepEqual(body.rolls, [d20(13), d6(3), d6(3)])
})

// SRD 3.5 › Commanded: total commanded HD at most the cleric's level
test('command: commanded HD stop at the cleric\'s level; the next one that would be commanded is rebuked', async () => {
  const undead = [1, 2, 3].map((n) => ({ id: `z${n}`, hitDice: 2, distanceFeet: 10 * n }))
  const body = await post({ ruleset: 'dnd35', action: 'command', turner: cleric(4, 10, { energy: 'negative' }), undead, dice: { sequence: [10, 6, 6] } })
  assert.deepEqual(outcomes(body), { z1: 'commanded', z2: 'commanded', z3: 'rebuked' })
  // Already commanding 2 HD: only one more fits.
  const more = await post({ ruleset: 'dnd35', action: 'command', commandedHitDice: 2, turner: cleric(4, 10, { energy: 'negative' }), undead, dice: { sequence: [10, 6, 6] } })
  assert.deepEqual(outcomes(more), { z1: 'commanded', z2: 'rebuked', z3: 'rebuked' })
})

// OpenAPI: turn needs positive energy; a good cleric cannot rebuke (SRD 3.5 › Neutral Clerics and Undead)
test('energy that does not match the action is a 422', async () => {
  const turn = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(4, 10, { energy: 'negative' }), undead: [], dice: { sequence: [10] } }, 422)
  assertProblem(turn, { type: '/problems/not-possible', path: '/turner/energy' })
  const rebuke = await post({ ruleset: 'dnd35', action: 'rebuke', turner: cleric(4, 10, { energy: 'positive' }), undead: [], dice: { sequence: [10] } }, 422)
  assertProblem(rebuke, { type: '/problems/not-possible', path: '/turner/energy' })
})

// SRD 3.5 › Bolstering Undead: the table result becomes the effective HD when higher; 10 rounds; no turning damage
test('bolster: a check of 16 at level 5 bolsters a 3-HD undead to 7 HD, not a 9-HD one', async () => {
  const body = await post({
    ruleset: 'dnd35', action: 'bolster', turner: cleric(5, 10, { energy: 'negative' }),
    undead: [{ id: 'ghoul', hitDice: 3, distanceFeet: 10 }, { id: 'vampire', hitDice: 9, distanceFeet: 20 }],
    dice: { sequence: [16] }
  })
  assert.equal(body.turningCheck.maxHitDice, 7)
  assert.equal(body.turningDamage, null)
  assert.deepEqual(outcomes(body), { ghoul: 'bolstered', vampire: 'unaffected' })
  assert.equal(body.results[0].effectiveHitDice, 7)
  assert.equal(body.results[0].durationRounds, 10)
  assert.deepEqual(body.rolls, [d20(16)])
})

// docs/rules.md §44 + SRD 3.5 › Bolstering Undead: a bolstered undead uses the higher effective HD against a later turn
test('bolstered hit dice make an undead unturnable at the old check', async () => {
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(5), undead: [{ id: 'ghoul', hitDice: 3, bolsteredHitDice: 7, distanceFeet: 10 }], dice: { sequence: [10] } })
  assert.equal(body.turningCheck.maxHitDice, 5)
  assert.equal(outcomes(body).ghoul, 'unaffected')
  assert.equal(body.turningDamage, null)
})

// SRD 3.5 › Dispelling Turning: check ≥ the good cleric's check frees turned undead up to 2d6 + level + Cha HD
test('dispel: an equal check frees already-turned undead, closest first, up to the turning damage', async () => {
  const undead = [1, 2, 3, 4].map((n) => ({ id: `z${n}`, hitDice: 2, distanceFeet: 10 * n, alreadyTurned: true }))
  const body = await post({ ruleset: 'dnd35', action: 'dispel', previousTurningCheck: 12, turner: cleric(3, 10, { energy: 'negative' }), undead, dice: { sequence: [12, 2, 2] } })
  assert.equal(body.dispel.succeeded, true)
  assert.equal(body.dispel.previousTurningCheck, 12)
  assert.equal(body.turningDamage.total, 7)
  assert.deepEqual(outcomes(body), { z1: 'freed', z2: 'freed', z3: 'freed', z4: 'unaffected' })
  assert.equal(body.hitDiceUsed, 6)
})

// SRD 3.5 › Dispelling Turning: a lower check frees nothing
test('dispel: a lower check frees nothing', async () => {
  const undead = [{ id: 'z1', hitDice: 2, distanceFeet: 10, alreadyTurned: true }]
  const body = await post({ ruleset: 'dnd35', action: 'dispel', previousTurningCheck: 12, turner: cleric(3, 10, { energy: 'negative' }), undead, dice: { sequence: [11, 2, 2] } })
  assert.equal(body.dispel.succeeded, false)
  assert.equal(outcomes(body).z1, 'unaffected')
  assert.equal(body.hitDiceUsed, 0)
})

// docs/rules.md §43: the sweep stops at the first turnable undead the remaining damage cannot pay for
test('§43: a cheap undead behind one the budget cannot pay for is not turned', async () => {
  const body = await post({
    ruleset: 'dnd35', action: 'turn', turner: cleric(5),
    undead: [{ id: 'a', hitDice: 4, distanceFeet: 10 }, { id: 'b', hitDice: 4, distanceFeet: 20 }, { id: 'c', hitDice: 1, distanceFeet: 30 }],
    dice: { sequence: [13, 1, 1] }
  })
  assert.equal(body.turningCheck.maxHitDice, 6)
  assert.equal(body.turningDamage.total, 7)
  assert.deepEqual(outcomes(body), { a: 'turned', b: 'unaffected', c: 'unaffected' })
  assert.equal(body.hitDiceUsed, 4)
})

// docs/rules.md §P5.1 algorithm: an undead above the table result is passed over, it does not stop the sweep
test('an untouchable undead closer in does not stop the sweep', async () => {
  const body = await post({
    ruleset: 'dnd35', action: 'turn', turner: cleric(3),
    undead: [{ id: 'wight', hitDice: 4, distanceFeet: 5 }, { id: 'zombie', hitDice: 2, distanceFeet: 10 }],
    dice: { sequence: [9, 1, 1] }
  })
  assert.deepEqual(outcomes(body), { wight: 'unaffected', zombie: 'turned' })
})

// Request order does not matter, distance does (SRD 3.5 › Range: closest first)
test('closest first regardless of request order', async () => {
  const body = await post({
    ruleset: 'dnd35', action: 'turn', turner: cleric(3, 6),
    undead: [{ id: 'far', hitDice: 2, distanceFeet: 50 }, { id: 'near', hitDice: 2, distanceFeet: 10 }],
    dice: { sequence: [11, 1, 1] } // Cha −2: check 9 → 2 HD; damage 2 + 3 − 2 = 3: one zombie
  })
  assert.equal(body.turningDamage.total, 3)
  assert.deepEqual(outcomes(body), { far: 'unaffected', near: 'turned' })
})

// SRD 3.5 › Closest Creature: equal distance → a die decides; route docs: dk picks the closest in request order
test('tie of distance that matters: a tie-break d2 after the damage dice picks who counts as closest', async () => {
  const undead = [{ id: 'a', hitDice: 2, distanceFeet: 10 }, { id: 'b', hitDice: 2, distanceFeet: 10 }]
  // Cha 6 (−2): check 11 − 2 = 9 → 2 HD; damage 2 + 3 − 2 = 3: only one of the two.
  const body = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3, 6), undead, dice: { sequence: [11, 1, 1, 2] } })
  assert.equal(body.turningDamage.total, 3)
  assert.deepEqual(outcomes(body), { a: 'unaffected', b: 'turned' })
  assert.deepEqual(body.rolls, [d20(11), d6(1), d6(1), { purpose: 'tie-break', die: 2, result: 2 }])
})

// SRD 3.5 › Cleric: uses per day 3 + Cha modifier; Extra Turning +4 (docs/rules.md §P5.1)
test('uses per day: 3 + Cha modifier, +4 per Extra Turning', async () => {
  const plain = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3, 14), undead: [], dice: { sequence: [10] } })
  assert.equal(plain.usesPerDay.total, 5)
  const extra = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3, 14, { feats: ['extra-turning'] }), undead: [], dice: { sequence: [10] } })
  assert.equal(extra.usesPerDay.total, 9)
})

// ---- pf1e channel energy (docs/rules.md §P5.3, §45) ----

const pfCleric = (level: number, cha = 10, extra: Record<string, unknown> = {}) => ({ id: 'cleric', class: 'cleric', level, abilities: { cha }, ...extra })
const undeadTarget = (id: string, will: number, extra: Record<string, unknown> = {}) => ({ id, kind: 'undead', baseSaves: { will }, abilities: { wis: 10 }, ...extra })

// docs/rules.md §45 (PRD › Cleric › Channel Energy): ceil(level / 2)d6
test('pf1e channel dice: ceil(level / 2)d6 at levels 1, 2, 3, 5, 20', async () => {
  for (const [level, count] of [[1, 1], [2, 1], [3, 2], [5, 3], [20, 10]] as const) {
    const body = await post({ ruleset: 'pf1e', action: 'channel-positive', turner: pfCleric(level), targets: [{ id: 'ally', kind: 'living' }], dice: { sequence: Array(count).fill(2) } })
    assert.equal(body.channel.dice, `${count}d6`, `level ${level}`)
    assert.equal(body.channel.roll.length, count)
    assert.equal(body.channel.total, 2 * count)
    assert.equal(body.rolls.length, count) // healing rolls no save
  }
})

// docs/rules.md §45: DC 10 + ½ level + Cha; half on a save (rounded down); rolls: channel dice then saves in request order
test('pf1e channel-positive: DC 15 at level 5 Cha 16; failed save full damage, made save half, living healed up to max HP', async () => {
  const body = await post({
    ruleset: 'pf1e', action: 'channel-positive', turner: pfCleric(5, 16),
    targets: [
      undeadTarget('zombie-fails', 3),
      { id: 'fighter', kind: 'living', hitPoints: { max: 40, current: 30 } },
      undeadTarget('zombie-saves', 3)
    ],
    dice: { sequence: [4, 5, 6, 11, 12] }
  })
  assert.equal(body.saveDc.total, 15)
  assert.equal(body.channel.total, 15)
  const byId = Object.fromEntries(body.results.map((r: Result) => [r.id, r]))
  assert.equal(byId['zombie-fails'].outcome, 'harmed')
  assert.equal(byId['zombie-fails'].save.total, 14)
  assert.equal(byId['zombie-fails'].save.success, false)
  assert.equal(byId['zombie-fails'].damage, 15)
  assert.equal(byId['zombie-saves'].save.total, 15) // meets the DC
  assert.equal(byId['zombie-saves'].save.success, true)
  assert.equal(byId['zombie-saves'].damage, 7) // half of 15, rounded down
  assert.equal(byId.fighter.outcome, 'healed')
  assert.equal(byId.fighter.healed, 10) // capped at max HP
  assert.deepEqual(body.rolls.map((r: { purpose: string, die: number, result: number }) => [r.purpose, r.die, r.result]),
    [['channel', 6, 4], ['channel', 6, 5], ['channel', 6, 6], ['save', 20, 11], ['save', 20, 12]])
})

// docs/rules.md §45: negative energy harms the living, heals undead
test('pf1e channel-negative: harms the living (Will half), heals undead', async () => {
  const body = await post({
    ruleset: 'pf1e', action: 'channel-negative', turner: pfCleric(4, 12, { energy: 'negative' }),
    targets: [{ id: 'fighter', kind: 'living', baseSaves: { will: 1 }, abilities: { wis: 12 } }, { id: 'ghoul', kind: 'undead' }],
    dice: { sequence: [3, 4, 10] }
  })
  // DC 10 + 2 + 1 = 13; Will 10 + 1 + 1 = 12 fails; damage 7. Ghoul healed 7.
  assert.equal(body.saveDc.total, 13)
  assert.deepEqual(outcomes(body), { fighter: 'harmed', ghoul: 'healed' })
  assert.equal(body.results[0].damage, 7)
  assert.equal(body.results[0].save.total, 12)
  assert.equal(body.results[1].healed, 7)
})

// docs/rules.md §P3: natural 1 always fails, natural 20 always succeeds
test('pf1e channel save: natural 1 fails even when the total beats the DC; natural 20 succeeds', async () => {
  const body = await post({
    ruleset: 'pf1e', action: 'channel-positive', turner: pfCleric(20, 30),
    targets: [undeadTarget('lich', 30), undeadTarget('zombie', 0)],
    dice: { sequence: [...Array(10).fill(1), 1, 20] }
  })
  // DC 10 + 10 + 10 = 30; lich 1 + 30 = 31 ≥ 30 but natural 1; zombie 20 + 0 = 20 < 30 but natural 20.
  assert.equal(body.saveDc.total, 30)
  assert.equal(body.results[0].save.success, false)
  assert.equal(body.results[0].save.automatic, 'natural-1')
  assert.equal(body.results[0].damage, 10)
  assert.equal(body.results[1].save.success, true)
  assert.equal(body.results[1].save.automatic, 'natural-20')
  assert.equal(body.results[1].damage, 5)
})

// docs/rules.md §45: a 30-ft burst: 30 ft in, 31 ft out
test('pf1e channel burst: 30 ft is inside, 31 ft is out of range and rolls no save', async () => {
  const body = await post({
    ruleset: 'pf1e', action: 'channel-positive', turner: pfCleric(1),
    targets: [undeadTarget('in', 0, { distanceFeet: 30 }), undeadTarget('out', 0, { distanceFeet: 31 })],
    dice: { sequence: [6, 2] }
  })
  assert.deepEqual(outcomes(body), { in: 'harmed', out: 'out-of-range' })
  assert.equal(body.rolls.length, 2)
})

// PRD › Paladin (docs/rules.md §P5.3): from 4th level, channels positive energy at paladin level
test('pf1e paladin: 6th level channels 3d6 at DC 10 + 3 + Cha', async () => {
  const body = await post({
    ruleset: 'pf1e', action: 'channel-positive', turner: { id: 'pal', class: 'paladin', level: 6, abilities: { cha: 14 } },
    targets: [undeadTarget('zombie', 0)], dice: { sequence: [1, 1, 1, 2] }
  })
  assert.equal(body.effectiveLevel, 6)
  assert.equal(body.channel.dice, '3d6')
  assert.equal(body.saveDc.total, 15)
  assert.equal(body.results[0].damage, 3)
})

// PRD › Paladin: no channel before 4th level, and positive energy only
test('pf1e paladin: below 4th level or negative energy is a 422', async () => {
  const young = await post({ ruleset: 'pf1e', action: 'channel-positive', turner: { id: 'pal', class: 'paladin', level: 3 }, targets: [{ id: 'a', kind: 'living' }] }, 422)
  assertProblem(young, { type: '/problems/not-possible', path: '/turner/level' })
  const negative = await post({ ruleset: 'pf1e', action: 'channel-negative', turner: { id: 'pal', class: 'paladin', level: 8 }, targets: [{ id: 'a', kind: 'living' }] }, 422)
  assertProblem(negative, { type: '/problems/not-possible', path: '/action' })
})

// PRD › Feats › Turn Undead: undead in 30 ft flee for 1 minute unless a Will save (same DC); no channel dice
test('pf1e turn-undead feat: failed save → turned for 10 rounds; made save → unaffected; no channel dice', async () => {
  const body = await post({
    ruleset: 'pf1e', action: 'turn-undead', turner: pfCleric(5, 16, { feats: ['turn-undead'] }),
    targets: [undeadTarget('z1', 3), undeadTarget('z2', 3), { id: 'ally', kind: 'living' }],
    dice: { sequence: [10, 12] }
  })
  assert.equal(body.channel, null)
  assert.equal(body.saveDc.total, 15)
  assert.deepEqual(outcomes(body), { z1: 'turned', z2: 'unaffected', ally: 'unaffected' })
  assert.equal(body.results[0].durationRounds, 10)
  assert.deepEqual(body.rolls.map((r: { purpose: string }) => r.purpose), ['save', 'save'])
})

// docs/rules.md §P5.4: variant has no turning
test('variant: 422 rule-not-defined', async () => {
  const body = await post({ ruleset: 'variant', action: 'turn', turner: cleric(3), undead: [] }, 422)
  assertProblem(body, { type: '/problems/rule-not-defined', path: '/action' })
})

// dnd35 has no channel energy; pf1e has no turn table (OpenAPI: an action the ruleset lacks is 422)
test('an action the ruleset lacks is a 422 rule-not-defined', async () => {
  const a = await post({ ruleset: 'dnd35', action: 'channel-positive', turner: cleric(3), targets: [] }, 422)
  assertProblem(a, { type: '/problems/rule-not-defined', path: '/action' })
  const b = await post({ ruleset: 'pf1e', action: 'turn', turner: cleric(3), undead: [] }, 422)
  assertProblem(b, { type: '/problems/rule-not-defined', path: '/action' })
})

// ---- odd input: never a 500 (BRIEF) ----

test('odd input: empty list, 100 undead, huge hit dice, null Cha, missing fields never give a 500', async () => {
  const empty = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: [], dice: { sequence: [10] } })
  assert.deepEqual(empty.results, [])
  assert.equal(empty.turningDamage, null)

  const hundred = Array.from({ length: 100 }, (_, i) => ({ id: `u${i}`, hitDice: 1, distanceFeet: 10 }))
  const many = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(20), undead: hundred, seed: 'many' })
  assert.equal(many.results.length, 100)
  assert.ok(many.hitDiceUsed <= many.turningDamage.total)
  const again = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(20), undead: hundred, seed: 'many' })
  assert.deepEqual(again, many)

  await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: Array.from({ length: 101 }, (_, i) => ({ id: `u${i}`, hitDice: 1, distanceFeet: 10 })) }, 400)

  const huge = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: [{ id: 'god', hitDice: 1000, turnResistance: 100, distanceFeet: 10 }], dice: { sequence: [20] } })
  assert.equal(outcomes(huge).god, 'unaffected')
  await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: [{ id: 'x', hitDice: 1e9, distanceFeet: 10 }] }, 400)

  const nullCha = await post({ ruleset: 'dnd35', action: 'turn', turner: { id: 'c', class: 'cleric', level: 3, abilities: { cha: null } }, undead: [] }, 422)
  // null is "no Charisma score" (a mindless creature), not a field left out: such a creature cannot turn
  assertProblem(nullCha, { type: '/problems/not-possible', path: '/turner/abilities/cha' })

  const noLevel = await post({ ruleset: 'dnd35', action: 'turn', turner: { id: 'c', class: 'cleric' }, undead: [] }, 422)
  assertProblem(noLevel, { type: '/problems/missing-field', path: '/turner/level' })
  const noClass = await post({ ruleset: 'dnd35', action: 'turn', turner: { id: 'c', level: 3 }, undead: [] }, 422)
  assertProblem(noClass, { type: '/problems/missing-field', path: '/turner/class' })
  const noUndead = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3) }, 422)
  assertProblem(noUndead, { type: '/problems/missing-field', path: '/undead' })
  await post({ ruleset: 'dnd35', turner: cleric(3), undead: [] }, 400)
  await post({ ruleset: 'dnd35', action: 'turn', undead: [] }, 400)
  const dispel = await post({ ruleset: 'dnd35', action: 'dispel', turner: cleric(3, 10, { energy: 'negative' }), undead: [] }, 422)
  assertProblem(dispel, { type: '/problems/missing-field', path: '/previousTurningCheck' })
  await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: [{ id: 'z', hitDice: 1, distanceFeet: 5, hitdice: 2 }] }, 400)
  await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: [{ id: 'z', hitDice: 1, distanceFeet: -5 }] }, 400)
  await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(0), undead: [] }, 400)
  const noWill = await post({ ruleset: 'pf1e', action: 'channel-positive', turner: pfCleric(5), targets: [{ id: 'z', kind: 'undead' }], dice: { sequence: [1, 1, 1] } }, 422) // undead must save: no baseSaves.will
  assertProblem(noWill, { type: '/problems/missing-field', path: '/targets/0/baseSaves/will' })
  const d21 = await post({ ruleset: 'dnd35', action: 'turn', turner: cleric(3), undead: [], dice: { sequence: [21] } }, 422)
  assertProblem(d21, { type: '/problems/invalid-die-value', path: '/dice/sequence/0' })
})

// BRIEF (cross-field input JSON Schema cannot express, e.g. `current` above `max`): a 400 naming the field,
// not a silent "healed 0" computed from an impossible stat block.
test('pf1e channel target with current hit points above max is a 422 inconsistent-fields naming the field', async () => {
  // Each number fits the schema; together they do not: never a 400 (OpenAPI › Errors).
  const body = await post({ ruleset: 'pf1e', action: 'channel-positive', turner: pfCleric(3), targets: [{ id: 'ok', kind: 'living', hitPoints: { max: 10, current: 10 } }, { id: 'a', kind: 'living', hitPoints: { max: 10, current: 20 } }] }, 422)
  assertProblem(body, { type: '/problems/inconsistent-fields', path: '/targets/1/hitPoints/current' })
})

// BRIEF (response schemas silently drop undeclared fields): whatever the rules library returns reaches the client unchanged.
test('property: the HTTP body is exactly the rules result (nothing dropped by the serializer), dnd35 and pf1e', async () => {
  const undead = fc.array(fc.record({
    hitDice: fc.integer({ min: 1, max: 12 }),
    distanceFeet: fc.constantFrom(5, 10, 10, 30, 60, 65),
    turnResistance: fc.integer({ min: 0, max: 4 }),
    alreadyTurned: fc.boolean(),
    bolsteredHitDice: fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined }),
    totalCover: fc.boolean()
  }, { requiredKeys: ['hitDice', 'distanceFeet'] }), { maxLength: 8 })
  const dnd35 = fc.record({
    action: fc.constantFrom('turn', 'rebuke', 'command', 'bolster', 'dispel'),
    level: fc.integer({ min: 1, max: 20 }),
    cha: fc.integer({ min: 1, max: 30 }),
    ranks: fc.integer({ min: 0, max: 10 }),
    undead,
    seed: fc.string({ maxLength: 8 })
  }).map(({ action, level, cha, ranks, undead, seed }) => ({
    ruleset: 'dnd35', action, seed,
    turner: cleric(level, cha, { knowledgeReligionRanks: ranks, feats: ['extra-turning'] }),
    undead: undead.map((u, i) => ({ id: `u${i}`, ...u })),
    ...(action === 'dispel' ? { previousTurningCheck: 12 } : {})
  }))
  const pf1e = fc.record({
    action: fc.constantFrom('channel-positive', 'channel-negative', 'turn-undead'),
    level: fc.integer({ min: 1, max: 20 }),
    cha: fc.integer({ min: 1, max: 30 }),
    targets: fc.array(fc.record({ kind: fc.constantFrom('living', 'undead'), distanceFeet: fc.constantFrom(0, 30, 31), will: fc.integer({ min: -2, max: 15 }), max: fc.integer({ min: 1, max: 50 }), missing: fc.integer({ min: 0, max: 50 }) }), { maxLength: 6 }),
    seed: fc.string({ maxLength: 8 })
  }).map(({ action, level, cha, targets, seed }) => ({
    ruleset: 'pf1e', action, seed,
    turner: pfCleric(level, cha, { feats: ['turn-undead'] }),
    targets: targets.map((t, i) => ({ id: `t${i}`, kind: t.kind, distanceFeet: t.distanceFeet, baseSaves: { will: t.will }, hitPoints: { max: t.max, current: t.max - t.missing } }))
  }))
  await fc.assert(fc.asyncProperty(fc.oneof(dnd35, pf1e), async (body) => {
    const res = await request(app.server).post('/v1/turning').send(body)
    const dice = new Dice({ seed: body.seed })
    let expected: unknown
    try {
      const { procedure: _procedure, ...fields } = resolveTurning(getRuleset(body.ruleset as RulesetId), body as unknown as TurningRequest, dice)
      expected = { ruleset: body.ruleset, seed: body.seed, ...fields, rolls: dice.rolls }
    } catch (error) {
      assert.equal(res.status, 422, JSON.stringify(res.body))
      assert.equal(res.body.type, `/problems/${(error as { kind: string }).kind}`)
      assert.deepEqual(res.body.errors, (error as { errors: unknown }).errors, 'the same fields as the rules library names')
      return
    }
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body, JSON.parse(JSON.stringify(expected)))
  }), { numRuns: 60 })
})
