// docs/rules.md §P1.4: the penalties a creature's own conditions put on its rolls.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { effectiveStats, type EffectTarget } from '../../src/rules/effects.js'
import { getRuleset, RULESET_IDS, type RulesetId } from '../../src/rules/rulesets/index.js'

/** The penalties a creature's conditions put on one of its own rolls, through the shared effective stats. */
function penalties (id: RulesetId, creature: { conditions: string[] }, roll: 'melee' | 'ranged' | 'checks', opts: { toGrapple?: boolean } = {}) {
  const target: EffectTarget = roll === 'checks' ? 'check' : `attack.${roll}`
  return effectiveStats(getRuleset(id), creature).changes(target, opts)
}

const sum = (mods: Array<{ value: number }>) => mods.reduce((n, m) => n + m.value, 0)

test('dnd35: prone −4 melee only; shaken −2 on melee and checks (SRD35 › Conditions)', () => {
  assert.equal(sum(penalties('dnd35', { conditions: ['prone', 'shaken'] }, 'melee')), -6)
  assert.equal(sum(penalties('dnd35', { conditions: ['prone', 'shaken'] }, 'checks')), -2)
  // SRD 3.5 › If You're Grappling: attacks made while grappling take −4, once for either name; the grapple checks do not.
  assert.equal(sum(penalties('dnd35', { conditions: ['grappled', 'grappling'] }, 'melee')), -4)
  assert.equal(sum(penalties('dnd35', { conditions: ['grappling'] }, 'melee', { toGrapple: true })), 0)
})

test('pf1e: grappled −2 except to grapple or escape (PRD › Conditions)', () => {
  assert.equal(sum(penalties('pf1e', { conditions: ['grappled'] }, 'melee')), -2)
  assert.equal(sum(penalties('pf1e', { conditions: ['grappled'] }, 'melee', { toGrapple: true })), 0)
})

test('variant: wounded brings bloodied; sickened counts as bloodied, once (variant › Conditions; docs/rules.md §63)', () => {
  assert.deepEqual(penalties('variant', { conditions: ['wounded'] }, 'checks').map((m) => [m.source, m.value]), [['wounded', -1], ['bloodied (wounded)', -1]])
  assert.equal(sum(penalties('variant', { conditions: ['sickened', 'bloodied'] }, 'melee')), -1)
})

test('property: penalties are never bonuses, and naming a condition twice or in another order changes nothing', () => {
  const names = ['prone', 'shaken', 'frightened', 'panicked', 'dazzled', 'entangled', 'sickened', 'squeezing', 'grappled', 'bloodied', 'wounded', 'disoriented', 'stunned']
  fc.assert(fc.property(fc.constantFrom(...RULESET_IDS), fc.array(fc.constantFrom(...names), { maxLength: 8 }), fc.constantFrom('melee', 'ranged', 'checks' as const), (id, drawn, roll) => {
    // Only the names the ruleset defines (the variant's disoriented is refused elsewhere, docs/rules.md §85).
    const conditions = drawn.filter((name) => getRuleset(id).effects[name] !== undefined)
    const once = sum(penalties(id, { conditions }, roll))
    assert.ok(once <= 0)
    assert.equal(sum(penalties(id, { conditions: [...conditions, ...conditions].reverse() }, roll)), once)
  }))
})
