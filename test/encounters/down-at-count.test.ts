// The encounter keeps, for the count whose turn it is, who on that count is
// down (docs/rules.md §68: the variant's tie groups read it; dnd35 and pf1e
// keep it too). The turn flow works it out once per advance, for the last
// count it visits (src/encounters/flow.ts › advanceFrom): after every advance
// that gives someone the turn, the list must name exactly the creatures on
// that creature's count that are down, in acting order, as it did when it was
// worked out at every count passed.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { isDown } from '../../src/encounters/combatants.js'
import { advanceFrom, turnIndex, type Draft } from '../../src/encounters/flow.js'
import type { CombatantState, EncounterState } from '../../src/encounters/model.js'
import { applyEvent } from '../../src/encounters/transition.js'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'

/** Few Dexterity scores and a low die for ties: several creatures share a count, some of them down. */
const combatantArb = fc.record({
  dex: fc.constantFrom(10, 12),
  max: fc.integer({ min: 1, max: 12 }),
  // Below 0 dying, far below dead, at 0 disabled: creatures that are down and some that are not.
  current: fc.integer({ min: -14, max: 12 }),
  unconscious: fc.boolean()
})

function downOnCount (state: EncounterState, count: number, ruleset: ReturnType<typeof getRuleset>): string[] {
  const byId = new Map(state.combatants.map((c): [string, CombatantState] => [c.id, c]))
  return state.order.filter((id) => {
    const c = byId.get(id) as CombatantState
    return c.initiative === count && isDown(c, ruleset)
  })
}

for (const rulesetId of ['dnd35', 'pf1e'] as const) {
  test(`${rulesetId}: after each advance the down list names the creatures down on the acting creature's count, in order (docs/rules.md §68)`, () => {
    const ruleset = getRuleset(rulesetId)
    let checked = 0
    fc.assert(fc.property(fc.array(combatantArb, { minLength: 2, maxLength: 7 }), fc.string({ minLength: 1, maxLength: 8 }), (entries, seed) => {
      const combatants = entries.map((e, i) => ({
        id: `c${i}`,
        side: i % 2 === 0 ? 'a' : 'b',
        abilities: { dex: e.dex, con: 12 },
        hitPoints: { max: e.max, current: Math.min(e.max, e.current) },
        ...(e.unconscious ? { conditions: ['unconscious'] } : {})
      }))
      let state = applyEvent(null, { type: 'created', request: { id: 'e', name: 'e', ruleset: rulesetId, combatants }, createdAt: '1970-01-01T00:00:00.000Z' }).state
      state = applyEvent(state, { type: 'started', request: { seed }, createdAt: '1970-01-01T00:00:00.000Z' }).state
      for (let k = 0; k < 12 && state.turn !== null; k++) {
        if (k > 0) {
          const draft: Draft = { state, ruleset, dice: new Dice({ seed: `${seed}:${k}` }), applied: [] }
          advanceFrom(draft, turnIndex(state) + 1)
          if (state.turn === null) break
        }
        assert.deepEqual(state.downAtCount, downOnCount(state, state.turn.initiativeCount, ruleset))
        if (state.downAtCount.length > 0) checked++
      }
    }), { numRuns: 300, seed: 20261202 })
    // The property was met with creatures down on the acting count, not only with empty lists.
    assert.ok(checked > 50, `only ${checked} advances had a creature down on the acting count`)
  })
}
