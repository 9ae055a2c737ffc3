import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset, type RulesetId } from '../../src/rules/rulesets/index.js'
import { hitPointsOf, hitPointsProblems, injury, receiveHealing, reportHitPoints, takeDamage, type Blow, type Healing } from '../../src/rules/hit-points/index.js'
import type { CombatantInput } from '../../src/rules/combatant.js'
import { assertRuleError } from '../helpers/problems.js'

// Boundaries of the hit-point state machine that mutation testing found
// unpinned (docs/mutation-testing.md). Expected states are worked out by hand
// from the rule each test names; no test here rolls a die.

const dice = () => new Dice({ seed: 't', sequence: [] })
const creature = (hitPoints: CombatantInput['hitPoints'], con = 12): CombatantInput =>
  ({ baseSaves: { fortitude: 2, reflex: 0, will: 0 }, abilities: { con }, level: 3, hitPoints })
const afterBlow = (ruleset: RulesetId, c: CombatantInput, blow: Blow) => {
  const r = getRuleset(ruleset)
  return reportHitPoints(takeDamage(r, c, blow, dice()).after, r)
}
const afterHealing = (ruleset: RulesetId, c: CombatantInput, healing: Healing) => {
  const r = getRuleset(ruleset)
  return reportHitPoints(receiveHealing(r, c, healing, dice()).after, r)
}

test('SRD 3.5 › Combat › Injury and Death › Massive Damage: a creature killed by massive damage at positive hit points stays dead when hit again', () => {
  for (const ruleset of ['dnd35', 'pf1e'] as const) {
    const dead = creature({ max: 100, current: 45, status: 'dead' })
    const after = afterBlow(ruleset, dead, { amount: 5 })
    assert.deepEqual([after.current, after.status], [40, 'dead'], ruleset)
    // Nonlethal damage does not bring it back either.
    assert.equal(afterBlow(ruleset, dead, { amount: 5, nonlethal: true }).status, 'dead', ruleset)
  }
})

test('SRD 3.5 › Combat › Injury and Death › Stable Characters and Recovery: lethal damage sets a stable creature dying again, nonlethal does not', () => {
  const stable = creature({ max: 30, current: -3, status: 'stable' })
  assert.deepEqual([afterBlow('dnd35', stable, { amount: 1 })].map((h) => [h.current, h.status]), [[-4, 'dying']])
  assert.deepEqual([afterBlow('dnd35', stable, { amount: 1, nonlethal: true })].map((h) => [h.current, h.status]), [[-3, 'stable']])
})

test('SRD 3.5 › Combat › Injury and Death › Healing: healing of 1 stabilizes a dying creature; healing of 0 does not', () => {
  for (const ruleset of ['dnd35', 'pf1e'] as const) {
    const dying = creature({ max: 30, current: -5 })
    assert.deepEqual([afterHealing(ruleset, dying, { kind: 'magical', amount: 1 })].map((h) => [h.current, h.status]), [[-4, 'stable']], ruleset)
    assert.deepEqual([afterHealing(ruleset, dying, { kind: 'magical', amount: 0 })].map((h) => [h.current, h.status]), [[-5, 'dying']], ruleset)
  }
})

test('SRD 3.5 › Combat › Injury and Death › Disabled: a creature disabled below 0 hit points that is healed but stays below 0 is still disabled, not merely stable', () => {
  const woken = creature({ max: 30, current: -5, status: 'disabled' })
  const healed = afterHealing('dnd35', woken, { kind: 'magical', amount: 2 })
  assert.deepEqual([healed.current, healed.status], [-3, 'disabled'])
  // Healed to 0 or above, the numbers decide again: exactly 0 is disabled, 1 is healthy.
  assert.equal(afterHealing('dnd35', woken, { kind: 'magical', amount: 5 }).status, 'disabled')
  assert.equal(afterHealing('dnd35', woken, { kind: 'magical', amount: 6 }).status, 'healthy')
  // A stable (unconscious) creature healed to exactly 0 is disabled; the record no longer applies.
  assert.equal(afterHealing('dnd35', creature({ max: 30, current: -2, status: 'stable' }), { kind: 'magical', amount: 2 }).status, 'disabled')
})

test('SRD 3.5 › Combat › Injury and Death › Stable Characters and Recovery: a night of natural healing that leaves a stable creature below 0 leaves it stable', () => {
  // Level 3: 3 hit points a night (SRD 3.5 › Combat › Injury and Death › Natural Healing).
  const stable = creature({ max: 30, current: -7, status: 'stable' })
  const night = afterHealing('dnd35', stable, { kind: 'natural', period: 'night' })
  assert.deepEqual([night.current, night.status], [-4, 'stable'])
  const disabled = creature({ max: 30, current: -7, status: 'disabled' })
  assert.deepEqual([afterHealing('dnd35', disabled, { kind: 'natural', period: 'night' })].map((h) => [h.current, h.status]), [[-4, 'disabled']])
  // Up to exactly 0, the numbers decide: disabled; past it, healthy.
  const nearly = creature({ max: 30, current: -3, status: 'stable' })
  assert.equal(afterHealing('dnd35', nearly, { kind: 'natural', period: 'night' }).status, 'disabled')
  assert.equal(afterHealing('dnd35', nearly, { kind: 'natural', period: 'bed-rest-day' }).status, 'healthy')
})

test('SRD 3.5 › Combat › Injury and Death › Nonlethal Damage: nonlethal damage below current hit points leaves a creature healthy; equal is staggered; above is unconscious', () => {
  for (const ruleset of ['dnd35', 'pf1e'] as const) {
    const status = (current: number, nonlethal: number) => reportHitPoints(hitPointsOf(creature({ max: 20, current, nonlethal }), getRuleset(ruleset)), getRuleset(ruleset)).status
    assert.equal(status(10, 4), 'healthy', ruleset)
    assert.equal(status(10, 9), 'healthy', ruleset)
    assert.equal(status(10, 10), 'staggered', ruleset)
    assert.equal(status(10, 11), 'unconscious', ruleset)
    assert.equal(status(1, 1), 'staggered', ruleset)
    assert.equal(status(10, 0), 'healthy', ruleset)
  }
})

test('d20 variant › Death and Dying: healing a creature dead of Constitution damage is refused at the field that killed it', () => {
  // Con 10 with 10 points of Constitution damage: the damage killed it.
  const drained = { ...creature({ max: 20, current: 5, constitutionDamage: 10 }, 10) }
  assertRuleError(() => receiveHealing(getRuleset('variant'), drained, { kind: 'magical', amount: 5 }, dice()), 'not-possible', '/creature/hitPoints/constitutionDamage')
  // A Constitution score of 0 with no damage: the score itself.
  const none = { ...creature({ max: 20, current: 5 }, 0) }
  assertRuleError(() => receiveHealing(getRuleset('variant'), none, { kind: 'magical', amount: 5 }, dice()), 'not-possible', '/creature/abilities/con')
  // A recorded death comes first: the status field.
  const recorded = { ...creature({ max: 20, current: 5, status: 'dead', constitutionDamage: 10 }, 10) }
  assertRuleError(() => receiveHealing(getRuleset('variant'), recorded, { kind: 'magical', amount: 5 }, dice()), 'not-possible', '/creature/hitPoints/status')
  // Hit points at the threshold: current.
  assertRuleError(() => receiveHealing(getRuleset('dnd35'), creature({ max: 20, current: -10 }), { kind: 'magical', amount: 5 }, dice()), 'not-possible', '/creature/hitPoints/current')
})

const statusOf = (ruleset: RulesetId, hitPoints: CombatantInput['hitPoints'], con: number | null = 12) =>
  reportHitPoints(hitPointsOf({ abilities: { con }, hitPoints }, getRuleset(ruleset)), getRuleset(ruleset))

test('SRD 3.5 › Combat › Injury and Death › Dead: a creature without a Constitution score is not dead at positive hit points, and is destroyed at 0', () => {
  // Undead and constructs: "destroyed" at 0 (SRD 3.5 › Types › Undead, Construct).
  for (const ruleset of ['dnd35', 'pf1e'] as const) {
    assert.equal(statusOf(ruleset, { max: 20, current: 7 }, null).status, 'healthy', ruleset)
    assert.equal(statusOf(ruleset, { max: 20, current: 1 }, null).status, 'healthy', ruleset)
    assert.equal(statusOf(ruleset, { max: 20, current: 0 }, null).status, 'dead', ruleset)
  }
  assert.equal(statusOf('variant', { max: 20, current: 7 }, null).status, 'healthy')
})

test('d20 variant › Death and Dying: damage equal to hit points (D = HP) is dying; one less is healthy', () => {
  // D counts up: max 20, current 0 means D = 20.
  assert.equal(statusOf('variant', { max: 20, current: 0 }).status, 'dying')
  assert.equal(statusOf('variant', { max: 20, current: 1 }).status, 'healthy')
})

test('d20 variant › Hit Points: wounded from D ≥ ¾ HP (⌈15⌉ of 20) even without wound points, bloodied from D ≥ ½ HP; each −1', () => {
  const at = (current: number) => {
    const r = statusOf('variant', { max: 20, current })
    return [r.bloodied, r.wounded, r.penalty]
  }
  assert.deepEqual(at(5), [true, true, -2], 'D = 15 = ¾ of 20: wounded (and so bloodied)')
  assert.deepEqual(at(6), [true, false, -1], 'D = 14: bloodied only')
  assert.deepEqual(at(10), [true, false, -1], 'D = 10 = ½ of 20: bloodied')
  assert.deepEqual(at(11), [false, false, 0], 'D = 9: neither')
  // Max 21: ¾ is 15.75, so 16 (rounded up); ½ is 10.5, so 11.
  const odd = (current: number) => {
    const r = statusOf('variant', { max: 21, current })
    return [r.bloodied, r.wounded]
  }
  assert.deepEqual([odd(5), odd(6), odd(10), odd(11)], [[true, true], [true, false], [true, false], [false, false]])
})

test('d20 variant › Hit Points: the bloodied and wounded thresholds are the ruleset\'s fractions of HP (a ⅔ and 9⁄10 ruleset)', () => {
  const variant = getRuleset('variant').hitPoints
  assert.ok(variant.model === 'accumulated')
  const policy = { ...variant, bloodied: { numerator: 2, denominator: 3 }, wounded: { numerator: 9, denominator: 10 } }
  // Max 30: bloodied from D = 20 (⅔ × 30), wounded from D = 27 (9⁄10 × 30).
  const at = (damage: number) => {
    const r = injury({ max: 30, current: 30 - damage, woundPoints: 0 }, policy)
    return [r.bloodied, r.wounded]
  }
  assert.deepEqual([at(10), at(19), at(20), at(26), at(27)], [[false, false], [false, false], [true, false], [true, false], [true, true]])
})

test('SRD 3.5 › Combat › Injury and Death › Disabled: a strenuous action costs a disabled creature 1 hit point, after which it is dying', () => {
  for (const ruleset of ['dnd35', 'pf1e'] as const) {
    // At exactly 0: down to −1, dying.
    const atZero = afterHealing(ruleset, creature({ max: 30, current: 0 }), { kind: 'strenuous-action' })
    assert.deepEqual([atZero.current, atZero.status], [-1, 'dying'], ruleset)
    // Woken below 0 (disabled by a recovery roll): one more point, and dying again.
    const woken = afterHealing(ruleset, creature({ max: 30, current: -3, status: 'disabled' }), { kind: 'strenuous-action' })
    assert.deepEqual([woken.current, woken.status], [-4, 'dying'], ruleset)
  }
})

test('SRD 3.5 › Combat › Injury and Death › Loss of Hit Points: a blow given as dice deals their total; a total below 0 deals 0', () => {
  const r = getRuleset('dnd35')
  const c = creature({ max: 30, current: 20 })
  const rolled = takeDamage(r, c, { dice: '2d6+1' }, new Dice({ seed: 't', sequence: [3, 4] }))
  assert.deepEqual([rolled.amount, rolled.after.current], [3 + 4 + 1, 20 - 8])
  const negative = takeDamage(r, c, { dice: '1d4-5' }, new Dice({ seed: 't', sequence: [2] }))
  assert.deepEqual([negative.amount, negative.after.current], [0, 20])
})

test('d20 variant › Hit Points: temporary hit points and the massive-damage rule are not in the variant (a 422 naming the field); massiveDamageRule false is accepted', () => {
  const r = getRuleset('variant')
  assertRuleError(() => takeDamage(r, creature({ max: 20, current: 20, temporary: 3 }), { amount: 5 }, dice()), 'rule-not-defined', '/creature/hitPoints/temporary')
  assertRuleError(() => takeDamage(r, creature({ max: 20, current: 20 }), { amount: 5, massiveDamageRule: true }, dice()), 'rule-not-defined', '/damage/massiveDamageRule')
  assert.equal(takeDamage(r, creature({ max: 20, current: 20 }), { amount: 5, massiveDamageRule: false }, dice()).after.current, 15)
})

test('d20 variant › Death and Dying: a blow of 0 at or past HP calls for no Death save and changes nothing', () => {
  const r = getRuleset('variant')
  const d = dice()
  const outcome = takeDamage(r, { ...creature({ max: 20, current: -4 }), baseSaves: { death: 2 } }, { amount: 0 }, d)
  assert.equal(outcome.deathSave, null)
  assert.deepEqual(d.rolls, [], 'no d20 was rolled')
  assert.equal(reportHitPoints(outcome.after, r).status, 'dying')
})

test('PRD › Combat › Injury and Death › Massive Damage (optional): pf1e applies it only when asked; then 50 or more (or half max HP) calls for a DC 15 Fortitude save', () => {
  const r = getRuleset('pf1e')
  const c = creature({ max: 100, current: 100 })
  assert.equal(takeDamage(r, c, { amount: 60 }, dice()).massiveDamage, null, 'not asked for: no save')
  // Asked for, with a natural 1 on the save: dead at 40 hit points.
  const asked = takeDamage(r, c, { amount: 60, massiveDamageRule: true }, new Dice({ seed: 't', sequence: [1] }))
  assert.deepEqual(asked.massiveDamage && [asked.massiveDamage.dc, asked.massiveDamage.roll, asked.massiveDamage.survived], [15, 1, false])
  assert.deepEqual([asked.after.current, reportHitPoints(asked.after, r).status], [40, 'dead'])
})

test('SRD 3.5 › Combat › Injury and Death › Natural Healing: per character level (level 1 heals 1 a night); no level is a 422 naming it; a dying creature does not heal naturally', () => {
  const r = getRuleset('dnd35')
  const at = (extra: Partial<CombatantInput>) => ({ abilities: { con: 12 }, hitPoints: { max: 30, current: 10 }, ...extra })
  assert.equal(receiveHealing(r, at({ level: 1 }), { kind: 'natural', period: 'night' }, dice()).after.current, 11)
  assert.equal(receiveHealing(r, at({ hitDice: 2 }), { kind: 'natural', period: 'night' }, dice()).after.current, 12)
  assertRuleError(() => receiveHealing(r, at({ level: 0 }), { kind: 'natural', period: 'night' }, dice()), 'missing-field', '/creature/level')
  assertRuleError(() => receiveHealing(r, at({}), { kind: 'natural', period: 'night' }, dice()), 'missing-field', '/creature/level')
  assertRuleError(() => receiveHealing(r, creature({ max: 30, current: -3 }), { kind: 'natural', period: 'night' }, dice()), 'not-possible', '/creature/hitPoints')
})

test('SRD 3.5 › Combat › Injury and Death › Stable Characters and Recovery: only an untended creature disabled below 0 makes the daily roll', () => {
  const r = getRuleset('dnd35')
  // Disabled at exactly 0 and at 2 (numbers alone): natural healing instead.
  assertRuleError(() => receiveHealing(r, creature({ max: 30, current: 0 }), { kind: 'recover', period: 'day' }, dice()), 'not-possible', '/creature/hitPoints/current')
  const woken = creature({ max: 30, current: -2, status: 'disabled' })
  assertRuleError(() => receiveHealing(r, woken, { kind: 'recover', period: 'day', tended: true }, dice()), 'not-possible', '/healing/tended')
  // Untended: a d% of 10 or less (10%) succeeds and it starts healing naturally, unchanged today.
  const ok = receiveHealing(r, woken, { kind: 'recover', period: 'day' }, new Dice({ seed: 't', sequence: [10] }))
  assert.deepEqual([ok.after.current, reportHitPoints(ok.after, r).status], [-2, 'disabled'])
})

test('d20 variant › Death and Dying: no continuous-damage stabilization and no daily recovery roll (a 422 naming the field)', () => {
  const r = getRuleset('variant')
  const dying = { ...creature({ max: 20, current: -2 }), baseSaves: { death: 0 } }
  assertRuleError(() => receiveHealing(r, dying, { kind: 'stabilize', continuousDamage: true }, dice()), 'rule-not-defined', '/healing/continuousDamage')
  const stable = { ...creature({ max: 20, current: -2, status: 'stable' }), baseSaves: { death: 0 } }
  assertRuleError(() => receiveHealing(r, stable, { kind: 'recover', period: 'day' }, dice()), 'rule-not-defined', '/healing/period')
})

test('d20 variant › Death and Dying: a failed DC 15 Heal check leaves a dying creature dying', () => {
  const r = getRuleset('variant')
  const dying = { ...creature({ max: 20, current: -2 }), baseSaves: { death: 0 } }
  const failed = receiveHealing(r, dying, { kind: 'heal-check', checkBonus: 4 }, new Dice({ seed: 't', sequence: [10] }))
  assert.deepEqual([failed.check?.total, failed.check?.success, reportHitPoints(failed.after, r).status], [14, false, 'dying'])
  const made = receiveHealing(r, dying, { kind: 'heal-check', checkBonus: 4 }, new Dice({ seed: 't', sequence: [11] }))
  assert.deepEqual([made.check?.total, made.check?.success, reportHitPoints(made.after, r).status], [15, true, 'stable'])
})

test('d20 variant › Death and Dying › Staggered: a major action calls for a Death save (DC 10 + 1 per 2 points past HP); failure leaves the creature dying', () => {
  const r = getRuleset('variant')
  // Max 20 and current −2: D = 22, 2 past HP, so DC 11; Death save bonus +1.
  const staggered = { ...creature({ max: 20, current: -2, status: 'staggered' }), baseSaves: { death: 1 } }
  const kept = receiveHealing(r, staggered, { kind: 'strenuous-action' }, new Dice({ seed: 't', sequence: [10] }))
  assert.deepEqual([kept.check?.dc, kept.check?.total, reportHitPoints(kept.after, r).status], [11, 11, 'staggered'])
  const lost = receiveHealing(r, staggered, { kind: 'strenuous-action' }, new Dice({ seed: 't', sequence: [9] }))
  assert.deepEqual([lost.check?.total, reportHitPoints(lost.after, r).status], [10, 'dying'])
  // Only a staggered creature: a healthy one is refused at its status.
  assertRuleError(() => receiveHealing(r, { ...creature({ max: 20, current: 20 }), baseSaves: { death: 1 } }, { kind: 'strenuous-action' }, dice()), 'not-possible', '/creature/hitPoints/status')
})

test('d20 variant › Death and Dying: hit while dying, a natural 1 on the Death save kills even when the total beats the DC', () => {
  const r = getRuleset('variant')
  // Max 20, D 22: dying. A blow of 1 makes D 23, DC 10 + ⌊3 / 2⌋ = 11; bonus +20 makes the total 21.
  const dying = { ...creature({ max: 20, current: -2 }), baseSaves: { death: 20 } }
  const one = takeDamage(r, dying, { amount: 1 }, new Dice({ seed: 't', sequence: [1] }))
  assert.deepEqual([one.deathSave?.dc, one.deathSave?.total, reportHitPoints(one.after, r).status], [11, 21, 'dead'])
  const two = takeDamage(r, dying, { amount: 1 }, new Dice({ seed: 't', sequence: [2] }))
  assert.equal(reportHitPoints(two.after, r).status, 'dying')
})

test('d20 variant › Hit Points; Death and Dying: magical healing removes lethal damage and as much of the nonlethal share; at or past HP only a dying creature is stabilized, by 1 or more', () => {
  const r = getRuleset('variant')
  const heal = (hitPoints: CombatantInput['hitPoints'], amount: number) =>
    reportHitPoints(receiveHealing(r, { ...creature(hitPoints), baseSaves: { death: 0 } }, { kind: 'magical', amount }, dice()).after, r)
  // D 10 of which 4 nonlethal (6 lethal); healing 3 leaves 3 lethal and 1 nonlethal: D 4.
  const mixed = heal({ max: 20, current: 10, nonlethal: 4 }, 3)
  assert.deepEqual([mixed.current, mixed.nonlethal, mixed.damageTaken], [16, 1, 4])
  // Dying at D 22: healing 2 brings D to exactly 20 = HP, still at HP, so stabilized, not healthy.
  assert.deepEqual([heal({ max: 20, current: -2 }, 2)].map((h) => [h.current, h.status]), [[0, 'stable']])
  assert.deepEqual([heal({ max: 20, current: -2 }, 1)].map((h) => [h.current, h.status]), [[-1, 'stable']])
  assert.deepEqual([heal({ max: 20, current: -2 }, 0)].map((h) => [h.current, h.status]), [[-2, 'dying']])
  assert.deepEqual([heal({ max: 20, current: -2 }, 3)].map((h) => [h.current, h.status]), [[1, 'healthy']])
  // Staggered (conscious) past HP: healed but still past it, staggered, not "stabilized".
  assert.deepEqual([heal({ max: 20, current: -5, status: 'staggered' }, 2)].map((h) => [h.current, h.status]), [[-3, 'staggered']])
  assert.deepEqual([heal({ max: 20, current: -5, status: 'unconscious' }, 2)].map((h) => [h.current, h.status]), [[-3, 'unconscious']])
})

test('PRD › Combat › Injury and Death › Dying: the DC 10 Constitution check to stabilize adds the Con modifier (after Con damage) and the negative hit points as a penalty', () => {
  const r = getRuleset('pf1e')
  // Con 14 (+2) at −3: a d20 of 11 makes 11 + 2 − 3 = 10, DC 10: stable.
  const made = receiveHealing(r, creature({ max: 30, current: -3 }, 14), { kind: 'stabilize' }, new Dice({ seed: 't', sequence: [11] }))
  assert.deepEqual(made.check && [made.check.die, made.check.total, made.check.dc, made.check.success], [20, 10, 10, true])
  assert.deepEqual(made.check?.breakdown.map((b) => [b.value, b.applied]), [[2, true], [-3, true]])
  assert.equal(reportHitPoints(made.after, r).status, 'stable')
  // 4 points of Constitution damage make Con 10 (+0): the same 11 totals 8 and fails, costing 1 hit point.
  const drained = receiveHealing(r, creature({ max: 30, current: -3, constitutionDamage: 4 }, 14), { kind: 'stabilize' }, new Dice({ seed: 't', sequence: [11] }))
  assert.deepEqual(drained.check && [drained.check.total, drained.check.success], [8, false])
  assert.deepEqual([drained.after.current, reportHitPoints(drained.after, r).status], [-4, 'dying'])
})

test('SRD 3.5 › Combat › Injury and Death › Dying: the 10% roll to stabilize is a d% with nothing added; a Heal check shows its bonus only when it has one', () => {
  const dnd35 = getRuleset('dnd35')
  const dying = creature({ max: 30, current: -3 })
  const pct = receiveHealing(dnd35, dying, { kind: 'stabilize' }, new Dice({ seed: 't', sequence: [10] }))
  assert.deepEqual(pct.check, { die: 100, roll: 10, total: 10, dc: 10, success: true, breakdown: [] })
  // SRD 3.5 › Skills › Heal: DC 15 to stabilize a dying character.
  const helped = receiveHealing(dnd35, dying, { kind: 'heal-check', checkBonus: 4 }, new Dice({ seed: 't', sequence: [11] }))
  assert.deepEqual(helped.check && [helped.check.total, helped.check.success, helped.check.breakdown.map((b) => [b.value, b.applied])], [15, true, [[4, true]]])
  const unskilled = receiveHealing(dnd35, dying, { kind: 'heal-check', checkBonus: 0 }, new Dice({ seed: 't', sequence: [15] }))
  assert.deepEqual(unskilled.check && [unskilled.check.total, unskilled.check.success, unskilled.check.breakdown], [15, true, []])
})

test('docs/rules.md › Hit points: current may equal max but not exceed it; in the variant nonlethal and wound points fit inside the damage taken; dnd35 keeps nonlethal apart', () => {
  const problems = (ruleset: RulesetId, input: NonNullable<CombatantInput['hitPoints']>) => hitPointsProblems(input, getRuleset(ruleset))
  assert.deepEqual(problems('dnd35', { max: 20, current: 20 }), [])
  assert.deepEqual(problems('dnd35', { max: 20, current: 21 }).map((p) => p.path), ['/current'])
  // dnd35: nonlethal damage is a running total beside current hit points, not part of the damage taken.
  assert.deepEqual(problems('dnd35', { max: 20, current: 20, nonlethal: 5 }), [])
  assert.deepEqual(problems('variant', { max: 20, current: 20, nonlethal: 5 }).map((p) => p.path), ['/nonlethal'])
  // Variant D = 10 of which 4 nonlethal: at most 6 wound points.
  assert.deepEqual(problems('variant', { max: 20, current: 10, nonlethal: 4, woundPoints: 6 }), [])
  const wounds = problems('variant', { max: 20, current: 10, nonlethal: 4, woundPoints: 7 })
  assert.deepEqual(wounds.map((p) => p.path), ['/woundPoints'])
  assert.match(wounds[0]!.message, /\(6\)/, 'the message names the 6 points of lethal damage')
})

test('docs/rules.md › Hit points: a creature without hitPoints is a 422 naming them; a missing Constitution counts as 10 except in pf1e, which needs it', () => {
  assertRuleError(() => takeDamage(getRuleset('dnd35'), { abilities: { con: 12 } }, { amount: 1 }, dice()), 'missing-field', '/creature/hitPoints')
  assertRuleError(() => takeDamage(getRuleset('pf1e'), { hitPoints: { max: 10 } }, { amount: 1 }, dice()), 'missing-field', '/creature/abilities/con')
  // The variant has no Constitution threshold: no Con is fine, and it counts as 10 against Constitution damage.
  const variant = getRuleset('variant')
  const noCon = (constitutionDamage: number): CombatantInput => ({ baseSaves: { death: 0 }, hitPoints: { max: 20, current: 15, constitutionDamage } })
  assert.equal(reportHitPoints(takeDamage(variant, noCon(0), { amount: 1 }, dice()).after, variant).status, 'healthy')
  assert.equal(reportHitPoints(hitPointsOf(noCon(9), variant), variant).status, 'healthy')
  assert.equal(reportHitPoints(hitPointsOf(noCon(10), variant), variant).status, 'dead')
})
