// The creature the rules see of a combatant (src/encounters/combatants.ts ›
// creatureOf): the stat block's fields, then id, name, hit points and
// condition names. A stat block the encounter made (frozenStatBlock) is never
// changed in place, and creatureOf copies it through a kept shape: the
// creature must be exactly the one a plain copy gives, key order included.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { awareCreatureOf, creatureOf, frozenStatBlock, newCombatant } from '../../src/encounters/combatants.js'
import { applyEvent } from '../../src/encounters/transition.js'
import type { CombatantState } from '../../src/encounters/model.js'
import { getRuleset, RULESET_IDS } from '../../src/rules/rulesets/index.js'

/** The creature as a plain copy of the stat block makes it (what creatureOf gave before it kept shapes). */
function plainCreature (c: CombatantState, creature: ReturnType<typeof creatureOf>): Record<string, unknown> {
  const expected: Record<string, unknown> = Object.assign({}, c.statBlock)
  expected.id = c.id
  if (c.name !== null) expected.name = c.name
  if (c.hitPoints) expected.hitPoints = creature.hitPoints
  if (c.conditions.length > 0) expected.conditions = c.conditions.map((x) => x.name)
  return expected
}

const statBlockArb = fc.record({
  level: fc.integer({ min: 1, max: 20 }),
  baseAttackBonus: fc.integer({ min: 0, max: 20 }),
  abilities: fc.record({ str: fc.integer({ min: 1, max: 30 }), dex: fc.integer({ min: 1, max: 30 }), con: fc.integer({ min: 1, max: 30 }) }),
  feats: fc.array(fc.constantFrom('weapon-focus', 'dodge', 'uncanny-dodge'), { maxLength: 2 }),
  weapons: fc.constant([{ name: 'longsword', damage: '1d8' }])
}, { requiredKeys: ['abilities'] })

const combatantArb = fc.record({
  id: fc.constantFrom('ana', 'bo', 'orc-1'),
  name: fc.option(fc.constantFrom('Ana', 'Bo'), { nil: undefined }),
  hitPoints: fc.option(fc.record({ max: fc.integer({ min: 1, max: 60 }), current: fc.integer({ min: -5, max: 0 }) }).map((h) => ({ max: h.max, current: h.max + h.current })), { nil: undefined }),
  conditions: fc.option(fc.subarray(['prone', 'shaken', 'flat-footed'], { minLength: 1 }), { nil: undefined }),
  aware: fc.boolean(),
  statBlock: statBlockArb
})

test('creatureOf of a frozen stat block is the creature a plain copy gives, key order included, for every set of name, hit points and conditions', () => {
  fc.assert(fc.property(combatantArb, fc.constantFrom(...RULESET_IDS), (entry, rulesetId) => {
    const ruleset = getRuleset(rulesetId)
    const { statBlock, ...own } = entry
    const c = newCombatant({ ...own, ...statBlock }, ruleset)
    assert.ok(Object.isFrozen(c.statBlock), 'the encounter makes its stat blocks frozen')
    // Twice: the second call reads the kept shape.
    for (let i = 0; i < 2; i++) {
      const creature = creatureOf(c, ruleset)
      const expected = plainCreature(c, creature)
      assert.deepEqual(Object.keys(creature), Object.keys(expected))
      assert.deepEqual(creature, expected)
      const aware = awareCreatureOf(c, ruleset)
      assert.deepEqual(Object.keys(aware), [...Object.keys(expected), 'aware'])
      assert.equal(aware.aware, c.aware)
    }
    // Each call its own object: a caller's change to one is not in the next.
    const first = creatureOf(c, ruleset)
    first.level = 99
    assert.notEqual(creatureOf(c, ruleset).level, 99)
  }), { numRuns: 300, seed: 20261202 })
})

test('a frozen stat block is copied, not shared, once its combatant changes: the creature follows the new hit points and conditions', () => {
  const ruleset = getRuleset('dnd35')
  const c = newCombatant({ id: 'ana', baseAttackBonus: 3, abilities: { str: 14, con: 12 }, hitPoints: { max: 20 } }, ruleset)
  assert.equal(creatureOf(c, ruleset).conditions, undefined)
  c.conditions = [{ name: 'prone', endsAt: null }]
  c.hitPoints = { ...c.hitPoints as NonNullable<CombatantState['hitPoints']>, current: 5 }
  const creature = creatureOf(c, ruleset)
  assert.deepEqual(creature.conditions, ['prone'])
  assert.equal(creature.hitPoints?.current, 5)
  // A stat block the encounter did not make (read back from the database) is copied field by field, to the same creature.
  const unfrozen: CombatantState = { ...c, statBlock: { ...c.statBlock } }
  assert.deepEqual(creatureOf(unfrozen, ruleset), creature)
  assert.deepEqual(Object.keys(creatureOf(unfrozen, ruleset)), Object.keys(creature))
  assert.throws(() => { (c.statBlock as Record<string, unknown>).level = 2 }, TypeError, 'a frozen stat block refuses a change in place')
  assert.equal(frozenStatBlock(c.statBlock), c.statBlock)
})

test('a roster update gives the combatant a new stat block and leaves the one it replaces as it was (a simulation\'s runs share stat blocks)', () => {
  const created = applyEvent(null, { type: 'created', request: { id: 'e', name: 'e', ruleset: 'dnd35', combatants: [{ id: 'ana', baseAttackBonus: 3, abilities: { str: 14, con: 12 }, hitPoints: { max: 20 }, weapons: [{ name: 'club', damage: '1d6' }] }] }, createdAt: '2026-12-02T00:00:00.000Z' }).state
  const before = created.combatants[0]?.statBlock as Record<string, unknown>
  const beforeText = JSON.stringify(before)
  const updated = applyEvent(created, { type: 'combatant-updated', request: { combatantId: 'ana', patch: { baseAttackBonus: 6, weapons: null, abilities: { str: 10, con: 12 } } }, createdAt: '2026-12-02T00:00:01.000Z' }, { copy: (s) => ({ ...s, combatants: s.combatants.map((c) => ({ ...c })) }) }).state
  const after = updated.combatants[0]?.statBlock as Record<string, unknown>
  assert.notEqual(after, before)
  assert.equal(JSON.stringify(before), beforeText)
  assert.ok(Object.isFrozen(after))
  assert.deepEqual(after, { baseAttackBonus: 6, abilities: { str: 10, con: 12 } })
  assert.equal(creatureOf(updated.combatants[0] as CombatantState, getRuleset('dnd35')).baseAttackBonus, 6)
})
