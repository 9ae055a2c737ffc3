import { test } from 'node:test'
import assert from 'node:assert/strict'
import { listRulesets } from '../../src/rules/rulesets/index.js'

// GET /v1/rulesets publishes `capabilities` so clients can grey out what a
// ruleset lacks; they must say what the policies actually do.
test('published capabilities agree with the policies the mechanics read', () => {
  for (const r of listRulesets()) {
    assert.equal(r.capabilities.attacks.twoWeaponFighting, r.attacks.twoWeaponFighting, r.id)
    assert.equal(r.capabilities.attacks.modes.includes('full'), r.attacks.fullAttack, r.id)
    assert.equal(r.capabilities.attacks.criticalConfirmation, r.attacks.critical.confirmation, r.id)
    assert.equal(r.capabilities.grappleActions.length === 0, r.maneuvers.grapple === null, r.id)
    assert.equal(r.capabilities.initiative.ties, r.initiative.ties, r.id)
  }
})

test('variant: no grapple, no turning, no full attack (docs/rules.md §P10; variant › Grapple "(WIP) TBD")', () => {
  const variant = listRulesets().find((r) => r.id === 'variant')
  assert.ok(variant)
  assert.deepEqual(variant.capabilities.grappleActions, [])
  assert.deepEqual(variant.capabilities.turningActions, [])
  assert.deepEqual(variant.saves, ['charm', 'reflex', 'death', 'fear', 'spell'])
})
