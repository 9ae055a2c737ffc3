// The one d20 judgement (issue 11): natural 1 / natural 20 / total ≥ DC, with the rule each roll has.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { judgeD20 } from '../../src/rules/d20.js'
import { confirmationHits } from '../../src/rules/attacks/resolve.js'
import { attack, first } from './attacks/helpers.js'

test('attack rolls and saves: a natural 1 fails and a natural 20 succeeds whatever the total (SRD 3.5 › Attack Roll; SRD 3.5 › Saving Throws; docs/rules.md §16)', () => {
  assert.deepEqual(judgeD20(1, 30, 10), { success: false, automatic: 'natural-1', margin: 20 })
  assert.deepEqual(judgeD20(20, 5, 30), { success: true, automatic: 'natural-20', margin: -25 })
  assert.deepEqual([judgeD20(10, 15, 15).success, judgeD20(9, 14, 15).success], [true, false])
})

test('checks: no automatic results; the pf1e stabilization check only succeeds on a natural 20 (docs/rules.md §46)', () => {
  assert.equal(judgeD20(20, 5, 30, 'none').success, false)
  assert.equal(judgeD20(1, 30, 10, 'none').success, true)
  assert.equal(judgeD20(20, 5, 30, 'natural-20-succeeds').success, true)
  assert.equal(judgeD20(1, 30, 10, 'natural-20-succeeds').success, true)
})

test('docs/rules.md §65: a natural 20 on the confirmation roll is nothing special; a natural 1 fails it', () => {
  assert.equal(confirmationHits(20, 0, 21), false)
  assert.equal(confirmationHits(1, 30, 10), false)
  // A threat on 20 against AC 30 with +0: the confirmation 20 totals 20 < 30, so a normal hit.
  const a = first(attack('dnd35', { attacker: { baseAttackBonus: 0 }, target: { armorClass: { total: 30 } }, weapon: { name: 'dagger', damage: '1d4' } }, [20, 20, 3]))
  assert.deepEqual([a.hit, a.threat, a.critical, a.confirmation?.confirmed], [true, true, false, false])
})
