import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset, type RulesetId } from '../../src/rules/rulesets/index.js'
import { hitPointsOf, receiveHealing, reportHitPoints, takeDamage, type Blow, type Healing } from '../../src/rules/hit-points/index.js'
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
