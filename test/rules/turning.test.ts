import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { assertRuleError } from '../helpers/problems.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveTurning, type TurningRequest, type TurnUndeadResult, type UndeadInput } from '../../src/rules/turning/index.js'
import { maxHitDiceAffected } from '../../src/rules/turning/table.js'
import { shuffleTied } from '../../src/rules/turning/turn-undead.js'

const dnd35 = getRuleset('dnd35')

function turn (request: TurningRequest, sequence: number[]): TurnUndeadResult {
  const result = resolveTurning(dnd35, request, new Dice({ seed: 't', sequence }))
  assert.equal(result.procedure, 'turn-undead')
  return result as TurnUndeadResult
}

const outcomes = (r: TurnUndeadResult) => Object.fromEntries(r.results.map((x) => [x.id, x.outcome]))

// SRD 3.5 › How Turning Works: seven human zombies (2 HD) at 10…70 ft… all within 60 ft, the wight behind them.
const zombies = (turned: number[] = []): UndeadInput[] => [1, 2, 3, 4, 5, 6, 7].map((n) => ({ id: `zombie-${n}`, hitDice: 2, distanceFeet: 5 * n, alreadyTurned: turned.includes(n) }))
const wight: UndeadInput = { id: 'wight', hitDice: 4, distanceFeet: 50 }
// Cha 12 (+1): check 9 is a natural 8; damage 11 = 2d6 (3 + 4) + level 3 + 1.
const cleric = { level: 3, class: 'cleric' as const, energy: 'positive' as const, abilities: { cha: 12 } }

test('TC-T1 attempt 1: check 9, damage 11 turns the five closest zombies (SRD 3.5 › How Turning Works)', () => {
  const r = turn({ action: 'turn', turner: cleric, undead: [wight, ...zombies()] }, [8, 3, 4])
  assert.equal(r.effectiveLevel, 3)
  assert.deepEqual({ ...r.turningCheck, breakdown: undefined }, { roll: 8, modifier: 1, total: 9, maxHitDice: 2, breakdown: undefined })
  assert.deepEqual(r.turningDamage?.roll, [3, 4])
  assert.equal(r.turningDamage?.total, 11)
  assert.equal(r.hitDiceUsed, 10)
  assert.deepEqual(outcomes(r), {
    wight: 'unaffected',
    'zombie-1': 'turned', 'zombie-2': 'turned', 'zombie-3': 'turned', 'zombie-4': 'turned', 'zombie-5': 'turned',
    'zombie-6': 'unaffected', 'zombie-7': 'unaffected'
  })
  assert.deepEqual(r.results.map((x) => x.id), ['wight', ...zombies().map((z) => z.id)], 'results in request order')
  assert.equal(r.results.find((x) => x.id === 'zombie-1')?.durationRounds, 10)
  assert.match(r.results[0]?.reason ?? '', /4 effective HD is above the 2 HD/)
})

test('TC-T1 attempt 2: check 21, damage 7 turns the other two zombies and not the wight (SRD 3.5 › How Turning Works; docs/rules.md §43)', () => {
  const r = turn({ action: 'turn', turner: cleric, undead: [...zombies([1, 2, 3, 4, 5]), wight] }, [20, 1, 2])
  assert.equal(r.turningCheck.maxHitDice, 6)
  assert.equal(r.turningDamage?.total, 7)
  assert.equal(r.hitDiceUsed, 4)
  assert.deepEqual(outcomes(r), {
    'zombie-1': 'unaffected', 'zombie-2': 'unaffected', 'zombie-3': 'unaffected', 'zombie-4': 'unaffected', 'zombie-5': 'unaffected',
    'zombie-6': 'turned', 'zombie-7': 'turned', wight: 'unaffected'
  })
  assert.match(r.results[0]?.reason ?? '', /already turned/)
  assert.match(r.results[7]?.reason ?? '', /needs 4 HD of turning damage; 3 HD left/)
})

test('TC-T2: check 19 reaches a 4-HD wight but damage 3 cannot turn it (SRD 3.5 › Turning Checks)', () => {
  const r = turn({ action: 'turn', turner: { ...cleric, level: 1, abilities: { cha: 10 } }, undead: [wight] }, [19, 1, 1])
  assert.equal(r.turningCheck.maxHitDice, 4)
  assert.equal(r.turningDamage?.total, 3)
  assert.equal(r.results[0]?.outcome, 'unaffected')
  assert.equal(r.hitDiceUsed, 0)
})

test('Turning Undead table boundaries: 0, 1, 3, 4, 21, 22 and above (docs/rules.md §42)', () => {
  const level = 10
  const rows: Array<[number, number]> = [[-3, -4], [0, -4], [1, -3], [3, -3], [4, -2], [6, -2], [7, -1], [9, -1], [10, 0], [12, 0], [13, 1], [15, 1], [16, 2], [18, 2], [19, 3], [21, 3], [22, 4], [35, 4]]
  for (const [check, offset] of rows) assert.equal(maxHitDiceAffected(dnd35, check, level), level + offset, `check ${check}`)
})

test('table property: max HD = level + clamp(floor((check − 10) / 3), −4, +4) (docs/rules.md §P5.1)', () => {
  fc.assert(fc.property(fc.integer({ min: -30, max: 60 }), fc.integer({ min: 1, max: 40 }), (check, level) => {
    const offset = Math.max(-4, Math.min(4, Math.floor((check - 10) / 3)))
    return maxHitDiceAffected(dnd35, check, level) === level + offset
  }))
})

test('a check of 0 or lower (Cha 1: −5) through the table, and the d20 + Cha + Knowledge (religion) + typed modifiers', () => {
  const low = turn({ action: 'turn', turner: { ...cleric, level: 6, abilities: { cha: 1 } }, undead: [{ id: 'sk', hitDice: 1, distanceFeet: 10 }] }, [5, 6, 6])
  assert.equal(low.turningCheck.total, 0)
  assert.equal(low.turningCheck.maxHitDice, 2)
  assert.equal(low.turningDamage?.total, 12 + 6 - 5)
  // 5 ranks give +2; two sacred bonuses do not stack, a luck bonus does (docs/rules.md §P1.2).
  const r = turn({
    action: 'turn',
    turner: { ...cleric, abilities: { cha: 14 }, knowledgeReligionRanks: 5 },
    checkModifiers: [{ value: 1, type: 'sacred', source: 'a' }, { value: 3, type: 'sacred', source: 'b' }, { value: 1, type: 'luck' }],
    undead: []
  }, [10])
  assert.equal(r.turningCheck.modifier, 2 + 2 + 3 + 1)
  assert.equal(r.turningCheck.total, 18)
  assert.equal(r.turningCheck.breakdown.filter((b) => !b.applied).length, 1)
  assert.equal(r.turningCheck.breakdown.filter((b) => b.applied).reduce((s, b) => s + b.value, 0), r.turningCheck.modifier)
  const fourRanks = turn({ action: 'turn', turner: { ...cleric, knowledgeReligionRanks: 4 }, undead: [] }, [10])
  assert.equal(fourRanks.turningCheck.modifier, 1)
})

test('turning damage is not rolled when nothing in range could be affected (SRD 3.5 › Turning Damage)', () => {
  const dice = new Dice({ seed: 't', sequence: [2] })
  const r = resolveTurning(dnd35, { action: 'turn', turner: cleric, undead: [wight, { id: 'far', hitDice: 1, distanceFeet: 65 }] }, dice) as TurnUndeadResult
  assert.equal(r.turningDamage, null)
  assert.deepEqual(dice.rolls.map((x) => x.purpose), ['turning-check'])
  assert.deepEqual(outcomes(r), { wight: 'unaffected', far: 'out-of-range' })
})

test('out of range: beyond 60 ft or behind total cover; exactly 60 ft is in range (SRD 3.5 › Turning Checks › Range)', () => {
  const r = turn({
    action: 'turn',
    turner: cleric,
    undead: [{ id: 'at60', hitDice: 2, distanceFeet: 60 }, { id: 'at61', hitDice: 2, distanceFeet: 61 }, { id: 'cover', hitDice: 2, distanceFeet: 5, totalCover: true }]
  }, [10, 1, 1])
  assert.deepEqual(outcomes(r), { at60: 'turned', at61: 'out-of-range', cover: 'out-of-range' })
  assert.equal(r.hitDiceUsed, 2)
})

test('destruction at twice the Hit Dice (SRD 3.5 › Destroying Undead); turn resistance counts for the table and destruction, not the budget (docs/rules.md §44)', () => {
  const r = turn({
    action: 'turn',
    turner: { ...cleric, level: 4 },
    undead: [
      { id: 'skeleton', hitDice: 2, distanceFeet: 10 },
      { id: 'ghoul', hitDice: 2, distanceFeet: 15, turnResistance: 1 },
      { id: 'resistant', hitDice: 2, distanceFeet: 20, turnResistance: 3 }
    ]
  }, [10, 1, 1])
  // check 10 + 1: max 4 HD. Budget 2 + 4 + 1 = 7.
  assert.deepEqual(outcomes(r), { skeleton: 'destroyed', ghoul: 'turned', resistant: 'unaffected' })
  assert.deepEqual(r.results.map((x) => x.effectiveHitDice), [2, 3, 5])
  assert.equal(r.hitDiceUsed, 4, 'the ghoul spends its 2 actual HD, not 3')
  assert.equal(r.results[0]?.durationRounds, null)
})

test('equally close undead: a die decides which counts as closest, when it matters (SRD 3.5 › Closest Creature)', () => {
  // Budget 2 + 3 + 1 = 6 pays for three of four: d4 = 4 picks d, d3 = 1 picks a, d2 = 2 picks c; b is last.
  const dice = new Dice({ seed: 't', sequence: [10, 1, 1, 4, 1, 2] })
  const r = resolveTurning(dnd35, { action: 'turn', turner: cleric, undead: ['a', 'b', 'c', 'd'].map((id) => ({ id, hitDice: 2, distanceFeet: 20 })) }, dice) as TurnUndeadResult
  assert.deepEqual(outcomes(r), { a: 'turned', b: 'unaffected', c: 'turned', d: 'turned' })
  assert.deepEqual(dice.rolls.map((x) => `${x.purpose}:d${x.die}`), ['turning-check:d20', 'turning-damage:d6', 'turning-damage:d6', 'tie-break:d4', 'tie-break:d3', 'tie-break:d2'])
  // All three affordable: the order cannot change an outcome, so no die is rolled.
  const calm = new Dice({ seed: 't', sequence: [10, 1, 1] })
  const all = resolveTurning(dnd35, { action: 'turn', turner: cleric, undead: ['a', 'b', 'c'].map((id) => ({ id, hitDice: 2, distanceFeet: 20 })) }, calm) as TurnUndeadResult
  assert.deepEqual(outcomes(all), { a: 'turned', b: 'turned', c: 'turned' })
  assert.equal(calm.rolls.length, 3)
})

test('property: tie-break dice put every tied undead in the order exactly once', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 30 }), fc.string(), (k, seed) => {
    const group = Array.from({ length: k }, (_, i) => i)
    const dice = new Dice({ seed })
    const order = shuffleTied(group, dice)
    return [...order].sort((a, b) => a - b).join() === group.join() && dice.rolls.length === k - 1 && dice.rolls.every((r, i) => r.die === k - i)
  }))
})

test('no tie-break die when no tied undead can be paid for', () => {
  const dice = new Dice({ seed: 't', sequence: [20, 1, 1] })
  // Check 21: max 6 HD; damage 2 + 3 + 1 = 6 pays for the 5-HD ghast, then 1 HD is left for two tied 4-HD wights.
  const r = resolveTurning(dnd35, { action: 'turn', turner: cleric, undead: [{ id: 'ghast', hitDice: 5, distanceFeet: 5 }, { id: 'w1', hitDice: 4, distanceFeet: 10 }, { id: 'w2', hitDice: 4, distanceFeet: 10 }] }, dice) as TurnUndeadResult
  assert.deepEqual(outcomes(r), { ghast: 'turned', w1: 'unaffected', w2: 'unaffected' })
  assert.equal(dice.rolls.length, 3)
})

test('TC-T1 with all seven zombies equally close: tie dice pick the five turned (SRD 3.5 › How Turning Works; Closest Creature)', () => {
  const dice = new Dice({ seed: 't', sequence: [8, 3, 4, 7, 1, 1, 1, 1, 1] })
  const undead = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ id: `zombie-${n}`, hitDice: 2, distanceFeet: 30 }))
  const r = resolveTurning(dnd35, { action: 'turn', turner: cleric, undead: [...undead, wight] }, dice) as TurnUndeadResult
  assert.deepEqual(r.results.filter((x) => x.outcome === 'turned').map((x) => x.id), ['zombie-1', 'zombie-2', 'zombie-3', 'zombie-4', 'zombie-7'])
  assert.deepEqual(dice.rolls.slice(3).map((x) => x.die), [7, 6, 5, 4, 3, 2])
  assert.equal(r.hitDiceUsed, 10)
})

test('a tie decided by the command limit rolls too (SRD 3.5 › Evil Clerics and Undead › Commanded)', () => {
  const evilCleric = { level: 6, class: 'cleric' as const, energy: 'negative' as const, abilities: { cha: 10 } }
  const dice = new Dice({ seed: 't', sequence: [10, 6, 6, 2] })
  const r = resolveTurning(dnd35, { action: 'rebuke', turner: evilCleric, commandedHitDice: 4, undead: [{ id: 'a', hitDice: 2, distanceFeet: 10 }, { id: 'b', hitDice: 2, distanceFeet: 10 }] }, dice) as TurnUndeadResult
  assert.deepEqual(outcomes(r), { a: 'rebuked', b: 'commanded' })
  assert.equal(dice.rolls[3]?.purpose, 'tie-break')
})

test('skipAlreadyTurned: false spends turning on undead already turned (SRD 3.5 › Turning Damage: "may skip")', () => {
  const r = turn({ action: 'turn', turner: cleric, skipAlreadyTurned: false, undead: [{ id: 'a', hitDice: 2, distanceFeet: 5, alreadyTurned: true }] }, [10, 1, 1])
  assert.equal(r.results[0]?.outcome, 'turned')
})

const evil = { level: 6, class: 'cleric' as const, energy: 'negative' as const, abilities: { cha: 12 } }

test('rebuke and command: would-be-turned rebuked, would-be-destroyed commanded, up to the level in HD (SRD 3.5 › Evil Clerics and Undead)', () => {
  const undead: UndeadInput[] = [
    { id: 'z1', hitDice: 2, distanceFeet: 5 },
    { id: 'z2', hitDice: 2, distanceFeet: 10 },
    { id: 'z3', hitDice: 2, distanceFeet: 15 },
    { id: 'z4', hitDice: 2, distanceFeet: 20 },
    { id: 'ghast', hitDice: 4, distanceFeet: 25 }
  ]
  for (const action of ['rebuke', 'command'] as const) {
    // check 10 + 1 = 11: max 6 HD; damage 6 + 6 + 6 + 1 = 19.
    const r = turn({ action, turner: evil, undead, commandedHitDice: 2 }, [10, 6, 6])
    assert.equal(r.turningDamage?.total, 19)
    // 2 HD already commanded: z1 and z2 bring it to 6 (the limit); z3 and z4 would be commanded but are rebuked.
    assert.deepEqual(outcomes(r), { z1: 'commanded', z2: 'commanded', z3: 'rebuked', z4: 'rebuked', ghast: 'rebuked' })
    assert.match(r.results[2]?.reason ?? '', /command limit of 6/)
    assert.equal(r.results[4]?.durationRounds, 10)
    assert.equal(r.hitDiceUsed, 12)
  }
})

test('bolster: the table result becomes the effective HD when above the actual HD, for 10 rounds; no turning damage (SRD 3.5 › Bolstering Undead)', () => {
  const dice = new Dice({ seed: 't', sequence: [16] })
  // check 16 + 1 = 17: level 6 + 2 = 8 HD.
  const r = resolveTurning(dnd35, { action: 'bolster', turner: evil, undead: [{ id: 'z', hitDice: 2, distanceFeet: 5 }, { id: 'vampire', hitDice: 8, distanceFeet: 10 }, { id: 'far', hitDice: 2, distanceFeet: 70 }] }, dice) as TurnUndeadResult
  assert.equal(r.turningDamage, null)
  assert.deepEqual(dice.rolls.map((x) => x.purpose), ['turning-check'])
  assert.deepEqual(outcomes(r), { z: 'bolstered', vampire: 'unaffected', far: 'out-of-range' })
  assert.equal(r.results[0]?.effectiveHitDice, 8)
  assert.equal(r.results[0]?.durationRounds, 10)
  // The bolstered zombie now resists a 3rd-level cleric's check of 21 (max 6 HD).
  const later = turn({ action: 'turn', turner: cleric, undead: [{ id: 'z', hitDice: 2, distanceFeet: 5, bolsteredHitDice: 8 }] }, [20])
  assert.equal(later.results[0]?.outcome, 'unaffected')
  assert.equal(later.turningDamage, null)
})

test('dispel: a check at or above the good cleric\'s frees turned undead up to 2d6 + level + Cha HD (SRD 3.5 › Dispelling Turning)', () => {
  const undead: UndeadInput[] = [
    { id: 'a', hitDice: 4, distanceFeet: 5, alreadyTurned: true },
    { id: 'b', hitDice: 4, distanceFeet: 10, alreadyTurned: true },
    { id: 'c', hitDice: 4, distanceFeet: 15, alreadyTurned: true },
    { id: 'free', hitDice: 1, distanceFeet: 1 }
  ]
  // check 14 + 1 = 15 ≥ 15; damage 1 + 1 + 6 + 1 = 9: a and b freed (8), c needs 4 with 1 left.
  const r = turn({ action: 'dispel', turner: evil, previousTurningCheck: 15, undead }, [14, 1, 1])
  assert.deepEqual(r.dispel, { previousTurningCheck: 15, succeeded: true })
  assert.deepEqual(outcomes(r), { a: 'freed', b: 'freed', c: 'unaffected', free: 'unaffected' })
  assert.equal(r.hitDiceUsed, 8)
  const fail = turn({ action: 'dispel', turner: evil, previousTurningCheck: 16, undead }, [14])
  assert.deepEqual(fail.dispel, { previousTurningCheck: 16, succeeded: false })
  assert.equal(fail.turningDamage, null)
  assert.ok(fail.results.every((x) => x.outcome === 'unaffected'))
})

test('a 4th-level paladin turns as a 1st-level cleric, for the table and the damage (SRD 3.5 › Paladins and Undead; TC-T3)', () => {
  const r = turn({ action: 'turn', turner: { level: 4, class: 'paladin', abilities: { cha: 14 } }, undead: [{ id: 'sk', hitDice: 1, distanceFeet: 5 }] }, [8, 3, 3])
  assert.equal(r.effectiveLevel, 1)
  // check 8 + 2 = 10: level 1 + 0 = 1 HD; damage 6 + 1 + 2 = 9; not destroyed (1 < 2).
  assert.equal(r.turningCheck.maxHitDice, 1)
  assert.equal(r.turningDamage?.total, 9)
  assert.equal(r.results[0]?.outcome, 'turned')
})

test('uses per day: 3 + Cha modifier, +4 with Extra Turning, never below 0 (SRD 3.5 › Times per Day)', () => {
  assert.equal(turn({ action: 'turn', turner: { ...cleric, abilities: { cha: 16 } }, undead: [] }, [10]).usesPerDay.total, 6)
  assert.equal(turn({ action: 'turn', turner: { ...cleric, abilities: { cha: 16 }, feats: ['extra-turning'] }, undead: [] }, [10]).usesPerDay.total, 10)
  assert.equal(turn({ action: 'turn', turner: { ...cleric, abilities: { cha: 1 } }, undead: [] }, [10]).usesPerDay.total, 0)
})

test('422s: a 3rd-level paladin, a missing level or class, energy that does not fit the action, the variant', () => {
  const dice = () => new Dice({ seed: 't' })
  assertRuleError(() => resolveTurning(dnd35, { action: 'turn', turner: { level: 3, class: 'paladin' }, undead: [] }, dice()), 'not-possible', '/turner/level')
  assertRuleError(() => resolveTurning(dnd35, { action: 'turn', turner: { class: 'cleric' }, undead: [] }, dice()), 'missing-field', '/turner/level')
  assertRuleError(() => resolveTurning(dnd35, { action: 'turn', turner: { level: 3 }, undead: [] }, dice()), 'missing-field', '/turner/class')
  assertRuleError(() => resolveTurning(dnd35, { action: 'rebuke', turner: cleric, undead: [] }, dice()), 'not-possible', '/turner/energy')
  assertRuleError(() => resolveTurning(dnd35, { action: 'dispel', turner: evil, undead: [] }, dice()), 'missing-field', '/previousTurningCheck')
  assertRuleError(() => resolveTurning(dnd35, { action: 'turn', turner: { ...cleric, abilities: { cha: null } }, undead: [] }, dice()), 'not-possible', '/turner/abilities/cha')
  assertRuleError(() => resolveTurning(dnd35, { action: 'channel-positive', turner: cleric, targets: [] }, dice()), 'rule-not-defined', '/action')
  assertRuleError(() => resolveTurning(getRuleset('variant'), { action: 'turn', turner: cleric, undead: [] }, dice()), 'rule-not-defined', '/action')
})

test('property: the sweep never spends more than the turning damage, and affects nothing above the table result', () => {
  const undeadArb = fc.array(fc.record({ hitDice: fc.integer({ min: 1, max: 12 }), distanceFeet: fc.integer({ min: 0, max: 80 }), turnResistance: fc.integer({ min: 0, max: 4 }) }), { maxLength: 12 })
  fc.assert(fc.property(undeadArb, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (list, level, d20, a, b) => {
    const undead = list.map((u, i) => ({ id: `u${i}`, ...u }))
    const r = turn({ action: 'turn', turner: { ...cleric, level }, undead }, [d20, a, b])
    const affected = r.results.filter((x) => x.outcome === 'turned' || x.outcome === 'destroyed')
    const spent = affected.reduce((s, x) => s + x.hitDiceSpent, 0)
    return spent === r.hitDiceUsed &&
      spent <= (r.turningDamage?.total ?? 0) &&
      affected.every((x) => x.effectiveHitDice <= r.turningCheck.maxHitDice) &&
      affected.every((x) => (x.outcome === 'destroyed') === (r.effectiveLevel >= 2 * x.effectiveHitDice))
  }))
})
