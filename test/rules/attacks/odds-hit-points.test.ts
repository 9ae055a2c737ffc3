import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { attackOdds } from '../../../src/rules/attacks/odds.js'
import { getRuleset } from '../../../src/rules/rulesets/index.js'
import type { CombatantInput } from '../../../src/rules/combatant.js'
import { expectedStatus, expectedStatusAfterBlow, type HitPointState } from '../../helpers/hit-point-rules.js'

const DROPPED = ['unconscious', 'dying', 'stable', 'dead']

/**
 * OpenAPI › POST /v1/attacks/odds: dropChance and killChance use "the
 * ruleset's unconscious/dying threshold", which POST /v1/damage (docs/rules.md §P6)
 * owns. A hit of exactly X (1d1 + X − 1; no critical against a target immune
 * to them) lands 19 times in 20 (only a natural 1 misses); the odds must equal
 * 19/20 × what the rules make of X, over the 20 faces of any Death save.
 */
test('property: attack odds drop and kill a target exactly as POST /v1/damage would (docs/rules.md §P6)', () => {
  const arb = fc.record({
    ruleset: fc.constantFrom('dnd35' as const, 'pf1e' as const, 'variant' as const),
    max: fc.integer({ min: 1, max: 30 }),
    taken: fc.integer({ min: 0, max: 40 }),
    nonlethalShare: fc.integer({ min: 0, max: 40 }),
    temporary: fc.integer({ min: 0, max: 5 }),
    con: fc.constantFrom(null, 3, 10, 14),
    deathBonus: fc.integer({ min: -2, max: 8 }),
    recorded: fc.constantFrom(undefined, 'staggered' as const, 'stable' as const, 'unconscious' as const),
    damage: fc.integer({ min: 1, max: 45 }),
    nonlethal: fc.boolean()
  })
  fc.assert(fc.property(arb, (g) => {
    const ruleset = getRuleset(g.ruleset)
    const accumulated = ruleset.hitPoints.model === 'accumulated'
    const current = g.max - g.taken
    const nonlethalHp = accumulated ? Math.min(g.nonlethalShare, g.taken) : g.nonlethalShare
    const target: CombatantInput = {
      abilities: { con: g.con },
      // No criticals and no precision damage: the property is about hit points (a dying variant target is off-guard, docs/rules.md §74).
      feats: ['immune-to-critical-hits', 'immune-to-precision-damage'],
      armorClass: { total: 0, flatFooted: 0 },
      baseSaves: { death: g.deathBonus },
      hitPoints: { max: g.max, current, nonlethal: nonlethalHp, temporary: accumulated ? 0 : g.temporary, status: g.recorded }
    }
    const odds = attackOdds(ruleset, {
      attacker: { baseAttackBonus: 0 },
      target,
      weapon: { name: 'club', damage: '1d1', nonlethal: g.nonlethal },
      options: { damageModifiers: [{ value: g.damage - 1 }] }
    })
    // The expected chances come from the rules written out again in the test
    // helper (test/helpers/hit-point-rules.ts), not from takeDamage or status:
    // over the 20 faces of the variant's Death save d20 (the other rulesets roll none).
    const before: HitPointState = {
      max: g.max, current, nonlethal: nonlethalHp, temporary: accumulated ? 0 : g.temporary, con: g.con, constitutionDamage: 0, recorded: g.recorded ?? null
    }
    let drop = 0
    let kill = 0
    for (let face = 1; face <= 20; face++) {
      const after = expectedStatusAfterBlow(g.ruleset, before, g.damage, g.nonlethal, face, g.deathBonus)
      if (DROPPED.includes(after)) drop++
      if (after === 'dead') kill++
    }
    const missed = expectedStatus(g.ruleset, before)
    const dropWhenMissed = DROPPED.includes(missed) ? 1 : 0
    const killWhenMissed = missed === 'dead' ? 1 : 0
    assert.ok(Math.abs(odds.dropChance! - (0.95 * drop / 20 + 0.05 * dropWhenMissed)) < 1e-12, `drop ${odds.dropChance} vs ${drop}/20`)
    assert.ok(Math.abs(odds.killChance! - (0.95 * kill / 20 + 0.05 * killWhenMissed)) < 1e-12, `kill ${odds.killChance} vs ${kill}/20`)
  }), { numRuns: 400 })
})

