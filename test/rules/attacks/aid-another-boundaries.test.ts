// Aid another's attack roll (SRD 3.5 › Aid Another; PRD › Combat › Aid Another;
// docs/rules.md §105): boundaries mutation testing found unpinned. Expected
// values are worked by hand; the one d20 is fixed.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { aidAnother } from '../../../src/rules/attacks/aid-another.js'
import { Dice } from '../../../src/rules/dice/roller.js'
import { getRuleset } from '../../../src/rules/rulesets/index.js'

const mace = { name: 'mace', damage: '1d8' }
const helper = { baseAttackBonus: 2, abilities: { str: 12 } }

test('SRD 3.5 › Aid Another: the helper\'s roll is an attack roll, so the options\' attack modifiers count (BAB 2 + Str 1 + morale 1 = +4; d20 6 → 10 succeeds)', () => {
  const options = { attackModifiers: [{ source: 'bless', value: 1, type: 'morale' as const }] }
  const r = aidAnother(getRuleset('dnd35'), { helper, weapon: mace, choice: 'ac', options }, new Dice({ seed: 1, sequence: [6] }))
  assert.deepEqual([r.choice, r.attackBonus, r.roll, r.total, r.success, r.bonus], ['ac', 4, 6, 10, true, 2])
  assert.deepEqual(r.attackBreakdown.filter((b) => b.applied).map((b) => b.value).reduce((a, b) => a + b, 0), 4)
  // Without them the same d20 gives 9: a failure, no bonus.
  const plain = aidAnother(getRuleset('dnd35'), { helper, weapon: mace, choice: 'attack' }, new Dice({ seed: 1, sequence: [6] }))
  assert.deepEqual([plain.choice, plain.attackBonus, plain.total, plain.success, plain.bonus], ['attack', 3, 9, false, 0])
})

test('SRD 3.5 › Aid Another: a natural 20 succeeds and a natural 1 fails whatever the total (BAB 0 with −15 against AC 10; BAB 15)', () => {
  // BAB 0 and −15: a natural 20 makes 5, short of 10, and succeeds all the same.
  const hopeless = aidAnother(getRuleset('pf1e'), { helper: { baseAttackBonus: 0 }, weapon: mace, choice: 'attack', options: { attackModifiers: [{ source: 'curse', value: -15, type: 'untyped' as const }] } }, new Dice({ seed: 1, sequence: [20] }))
  assert.deepEqual([hopeless.total, hopeless.success, hopeless.bonus], [5, true, 2])
  const strong = aidAnother(getRuleset('variant'), { helper: { baseAttackBonus: 15 }, weapon: mace, choice: 'ac' }, new Dice({ seed: 1, sequence: [1] }))
  assert.deepEqual([strong.total, strong.success, strong.bonus], [16, false, 0])
})
