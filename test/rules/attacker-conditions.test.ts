// RULES.md §1.4: the penalties a creature's own conditions put on its rolls.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { attackerConditionPenalties } from '../../src/rules/attacker-conditions.js'
import { getRuleset, RULESET_IDS } from '../../src/rules/rulesets/index.js'

const sum = (mods: Array<{ value: number }>) => mods.reduce((n, m) => n + m.value, 0)

test('dnd35: prone −4 melee only; shaken −2 on melee and checks (SRD35 › Conditions)', () => {
  const table = getRuleset('dnd35').attackerConditions
  assert.equal(sum(attackerConditionPenalties(table, { conditions: ['prone', 'shaken'] }, 'melee')), -6)
  assert.equal(sum(attackerConditionPenalties(table, { conditions: ['prone', 'shaken'] }, 'checks')), -2)
  // 000 › If You're Grappling: attacks made while grappling take −4, once for either name; the grapple checks do not.
  assert.equal(sum(attackerConditionPenalties(table, { conditions: ['grappled', 'grappling'] }, 'melee')), -4)
  assert.equal(sum(attackerConditionPenalties(table, { conditions: ['grappling'] }, 'melee', { toGrapple: true })), 0)
})

test('pf1e: grappled −2 except to grapple or escape (PRD › Conditions)', () => {
  const table = getRuleset('pf1e').attackerConditions
  assert.equal(sum(attackerConditionPenalties(table, { conditions: ['grappled'] }, 'melee')), -2)
  assert.equal(sum(attackerConditionPenalties(table, { conditions: ['grappled'] }, 'melee', { toGrapple: true })), 0)
})

test('variant: wounded brings bloodied; sickened counts as bloodied, once (001 › Conditions; D63)', () => {
  const table = getRuleset('variant').attackerConditions
  assert.deepEqual(attackerConditionPenalties(table, { conditions: ['wounded'] }, 'checks').map((m) => [m.source, m.value]), [['wounded', -1], ['bloodied (wounded)', -1]])
  assert.equal(sum(attackerConditionPenalties(table, { conditions: ['sickened', 'bloodied'] }, 'melee')), -1)
})

test('property: penalties are never bonuses, and naming a condition twice or in another order changes nothing', () => {
  const names = ['prone', 'shaken', 'frightened', 'panicked', 'dazzled', 'entangled', 'sickened', 'squeezing', 'grappled', 'bloodied', 'wounded', 'disoriented', 'stunned']
  fc.assert(fc.property(fc.constantFrom(...RULESET_IDS), fc.array(fc.constantFrom(...names), { maxLength: 8 }), fc.constantFrom('melee', 'ranged', 'checks' as const), (id, conditions, roll) => {
    const table = getRuleset(id).attackerConditions
    const once = sum(attackerConditionPenalties(table, { conditions }, roll))
    assert.ok(once <= 0)
    assert.equal(sum(attackerConditionPenalties(table, { conditions: [...conditions, ...conditions].reverse() }, roll)), once)
  }))
})
