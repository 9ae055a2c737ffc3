import { test } from 'node:test'
import assert from 'node:assert/strict'
import { stackModifiers } from '../../src/rules/modifiers.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { abilityModifier, modifierOf } from '../../src/rules/abilities.js'
import { sizeRow, sizeSteps } from '../../src/rules/size.js'

const dnd35 = getRuleset('dnd35').stacking
const pf1e = getRuleset('pf1e').stacking

// docs/rules.md §P1.2: same-type bonuses do not stack; only the highest applies.
test('two morale bonuses: only the higher applies, the other is listed as not applied', () => {
  const r = stackModifiers([{ value: 1, type: 'morale', source: 'bless' }, { value: 2, type: 'morale', source: 'heroism' }], dnd35)
  assert.equal(r.total, 2)
  assert.deepEqual(r.breakdown.map((b) => b.applied), [false, true])
})

test('dodge, racial and untyped bonuses stack', () => {
  const r = stackModifiers([
    { value: 1, type: 'dodge', source: 'a' }, { value: 2, type: 'dodge', source: 'b' },
    { value: 1, source: 'x' }, { value: 1, source: 'x' }
  ], dnd35)
  assert.equal(r.total, 5)
})

test('circumstance bonuses stack unless from the same source', () => {
  const r = stackModifiers([
    { value: 2, type: 'circumstance', source: 'high ground' },
    { value: 2, type: 'circumstance', source: 'aid' },
    { value: 1, type: 'circumstance', source: 'aid' }
  ], dnd35)
  assert.equal(r.total, 4)
  assert.deepEqual(r.breakdown.map((b) => b.applied), [true, true, false])
})

test('pf1e: circumstance bonuses stack unless from the same source ("most circumstance bonuses", PRD › Bonus Types)', () => {
  const r = stackModifiers([
    { value: 2, type: 'circumstance', source: 'flanking ally' },
    { value: 1, type: 'circumstance', source: 'higher ground' },
    { value: 2, type: 'circumstance', source: 'higher ground' }
  ], pf1e)
  assert.equal(r.total, 4)
  assert.deepEqual(r.breakdown.map((b) => b.applied), [true, false, true])
})

test('pf1e: untyped bonuses from the same source do not stack (PRD › Bonus Types)', () => {
  assert.equal(stackModifiers([{ value: 1, source: 'x' }, { value: 1, source: 'x' }], pf1e).total, 1)
  assert.equal(stackModifiers([{ value: 1, source: 'x' }, { value: 1, source: 'y' }], pf1e).total, 2)
})

test('untyped penalties always stack; typed penalties apply only the worst (docs/rules.md §5); bonuses and penalties offset', () => {
  assert.equal(stackModifiers([{ value: -2 }, { value: -2 }], dnd35).total, -4)
  const r = stackModifiers([{ value: -2, type: 'morale' }, { value: -4, type: 'morale' }, { value: 3, type: 'morale' }], dnd35)
  assert.equal(r.total, -1)
  assert.deepEqual(r.breakdown.map((b) => b.applied), [false, true, true])
})

test('ability modifiers: floor((score − 10) / 2), 0 gives −5, null gives none (docs/rules.md §P0.2)', () => {
  assert.equal(abilityModifier(0), -5)
  assert.equal(abilityModifier(9), -1)
  assert.equal(abilityModifier(10), 0)
  assert.equal(abilityModifier(17), 3)
  assert.equal(modifierOf({ con: null }, 'con'), null)
  assert.equal(modifierOf({}, 'str'), 0)
})

test('size table (docs/rules.md §P1.1, §2, §3)', () => {
  assert.equal(sizeRow('large').attackAndAc, -1)
  assert.equal(sizeRow('large').grapple, 4)
  assert.equal(sizeRow('tiny').combatManeuver, -2)
  assert.equal(sizeRow(undefined).size, 'medium')
  assert.equal(sizeSteps('medium', 'huge'), 2)
})
