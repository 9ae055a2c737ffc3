import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset, RULESET_IDS } from '../../src/rules/rulesets/index.js'
import { RuleError } from '../../src/rules/errors.js'
import { HIT_POINT_STATUSES, hitPointsOf, receiveHealing, reportHitPoints, status, takeDamage, type Healing, type HitPoints } from '../../src/rules/hit-points/index.js'
import type { CombatantInput } from '../../src/rules/combatant.js'
import { expectedStatus, type RulesetName } from '../helpers/hit-point-rules.js'

const rulesetArb = fc.constantFrom(...RULESET_IDS).map(getRuleset)

/** Any valid HitPoints input (current ≤ max; in the variant the nonlethal share and wound points inside D). */
const hitPointsArb = fc.record({
  max: fc.integer({ min: 1, max: 200 }),
  damage: fc.integer({ min: 0, max: 260 }),
  nonlethalShare: fc.integer({ min: 0, max: 100 }),
  woundShare: fc.integer({ min: 0, max: 100 }),
  temporary: fc.integer({ min: 0, max: 20 }),
  status: fc.option(fc.constantFrom(...HIT_POINT_STATUSES), { nil: undefined }),
  successes: fc.integer({ min: 0, max: 3 }),
  failures: fc.integer({ min: 0, max: 2 })
}).map((r) => {
  const nonlethal = Math.floor((r.damage * r.nonlethalShare) / 100)
  return {
    max: r.max,
    current: r.max - r.damage,
    nonlethal,
    woundPoints: Math.floor(((r.damage - nonlethal) * r.woundShare) / 100),
    temporary: r.temporary,
    status: r.status,
    deathSaves: { successes: r.successes, failures: r.failures }
  }
})

const healingArb: fc.Arbitrary<Healing> = fc.oneof(
  fc.record({ kind: fc.constant('magical' as const), amount: fc.integer({ min: 0, max: 500 }) }),
  fc.record({ kind: fc.constant('natural' as const), period: fc.constantFrom('night' as const, 'bed-rest-day' as const), count: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('nonlethal-recovery' as const), hours: fc.integer({ min: 1, max: 48 }) }),
  fc.record({ kind: fc.constant('temporary' as const), amount: fc.integer({ min: 0, max: 50 }) }),
  fc.constant({ kind: 'stabilize' as const }),
  fc.record({ kind: fc.constant('heal-check' as const), checkBonus: fc.integer({ min: -5, max: 20 }) }),
  fc.record({ kind: fc.constant('recover' as const), period: fc.constantFrom('hour' as const, 'day' as const), tended: fc.boolean() })
)

const creatureOf = (hitPoints: CombatantInput['hitPoints']): CombatantInput =>
  ({ abilities: { con: 14 }, level: 5, baseSaves: { fortitude: 3, death: 3 }, hitPoints })

test('property (SRD 3.5 › Healing): hit points never exceed maximum after any healing, in any ruleset', () => {
  fc.assert(fc.property(rulesetArb, hitPointsArb, healingArb, fc.integer({ min: 0, max: 1000 }), (ruleset, hp, healing, seed) => {
    const input = ruleset.hitPoints.model === 'accumulated' ? { ...hp, temporary: 0 } : hp
    try {
      const outcome = receiveHealing(ruleset, creatureOf(input), healing, new Dice({ seed }))
      assert.ok(outcome.after.current <= outcome.after.max)
      assert.ok(outcome.after.nonlethal >= 0 && outcome.after.woundPoints >= 0)
    } catch (error) {
      // Healing the dead, or a kind the state or ruleset does not allow, is a 422, never a wrong number,
      // and it names the creature's field or the healing's field that is at fault.
      assert.ok(error instanceof RuleError, String(error))
      assert.ok(['not-possible', 'rule-not-defined', 'missing-field'].includes(error.kind), error.message)
      assert.ok(error.errors.length > 0 && error.errors.every((e) => /^\/(creature|healing)\/[^/]/.test(e.path)), JSON.stringify(error.errors))
    }
  }), { numRuns: 2000 })
})

test('property: status is the rules\' status of the hit points (SRD 3.5 › Combat › Injury and Death; PRD; d20 variant › Death and Dying), a pure function, and a reported status reads back the same', () => {
  fc.assert(fc.property(rulesetArb, hitPointsArb, (ruleset, hp) => {
    const a = hitPointsOf(creatureOf(hp), ruleset)
    const b: HitPoints = structuredClone(a)
    const first = status(a, ruleset)
    // The expected status from the rules written out again (test/helpers/hit-point-rules.ts), not from status().
    const expected = expectedStatus(ruleset.id as RulesetName, {
      max: hp.max, current: hp.current, nonlethal: hp.nonlethal, temporary: hp.temporary, con: 14, constitutionDamage: 0, recorded: hp.status ?? null
    })
    assert.equal(first, expected, JSON.stringify(hp))
    assert.equal(status(b, ruleset), first)
    assert.deepEqual(a, b, 'status does not change its argument')
    // Feeding a reported HitPoints object back in (as a client or an encounter does) keeps its status.
    const reported = reportHitPoints(a, ruleset)
    const again = hitPointsOf(creatureOf({ ...hp, status: reported.status }), ruleset)
    assert.equal(status(again, ruleset), first)
  }), { numRuns: 2000 })
})

test('property: from a healthy state, lethal damage then equal magical healing returns to the same current hit points', () => {
  fc.assert(fc.property(rulesetArb, fc.integer({ min: 1, max: 200 }), fc.nat(), fc.nat(), (ruleset, max, currentSeed, amountSeed) => {
    const current = 1 + (currentSeed % max)
    const hp = { max, current }
    const creature = creatureOf(hp)
    assert.equal(status(hitPointsOf(creature, ruleset), ruleset), 'healthy')
    // Any blow that does not kill outright: every d20 a natural 20, so massive-damage and Death saves succeed.
    const headroom = ruleset.hitPoints.model === 'countdown' ? current + (ruleset.id === 'pf1e' ? 14 : 10) - 1 : 2 * max
    const amount = amountSeed % (headroom + 1)
    const natural20s = () => new Dice({ seed: 1, sequence: [20, 20] })
    const hurt = takeDamage(ruleset, creature, { amount }, natural20s())
    assert.notEqual(status(hurt.after, ruleset), 'dead')
    const after = hurt.after
    const healed = receiveHealing(ruleset, creatureOf({ max, current: after.current, nonlethal: after.nonlethal, temporary: after.temporary, woundPoints: after.woundPoints, status: status(after, ruleset) }),
      { kind: 'magical', amount }, natural20s())
    assert.equal(healed.after.current, current)
    assert.equal(status(healed.after, ruleset), 'healthy')
  }), { numRuns: 2000 })
})
