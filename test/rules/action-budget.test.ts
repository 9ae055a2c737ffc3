// The action budget of a turn (docs/rules.md §70; SRD 3.5 › Action Types,
// Restricted Activity): every list of slots spent, up to four, against every
// next slot, checked against the budget stated as what a turn may hold.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { budgetRefusal, type Slot } from '../../src/rules/turn-flow.js'

const SLOTS: readonly Slot[] = ['primary', 'secondary', 'fullRound', 'swift', 'free']

function lists (length: number): Slot[][] {
  if (length === 0) return [[]]
  return lists(length - 1).flatMap((l) => SLOTS.map((s) => [...l, s]))
}

/**
 * Whether the turn may hold `spent` plus `slot`, read off the budget: at most
 * one standard (primary) and one move (secondary), or two moves (a move in the
 * standard's place), or one full-round action alone; one swift; free actions
 * without limit. In restricted activity (the surprise round, staggered,
 * disabled), one standard or one move in all and no full-round action.
 */
function fits (all: readonly Slot[], restricted: boolean): boolean {
  const n = (s: Slot) => all.filter((x) => x === s).length
  if (n('swift') > 1) return false
  const [p, m, f] = [n('primary'), n('secondary'), n('fullRound')]
  if (restricted) return f === 0 && p + m <= 1
  if (f > 0) return f === 1 && p + m === 0
  return (p <= 1 && m <= 1) || (p === 0 && m <= 2)
}

test('docs/rules.md §70: a slot is refused exactly when the turn could not hold it with what it spent (every list up to 4 slots, restricted or not)', () => {
  let checked = 0
  for (let length = 0; length <= 4; length++) {
    for (const spent of lists(length)) {
      for (const restricted of [false, true]) {
        // Only turns that got there by allowed steps: each prefix fitted the budget.
        if (!spent.every((_, i) => fits(spent.slice(0, i + 1), restricted))) continue
        for (const slot of SLOTS) {
          const refusal = budgetRefusal(spent, slot, restricted)
          assert.equal(refusal === null, fits([...spent, slot], restricted), `${restricted ? 'restricted ' : ''}[${spent.join(', ')}] then ${slot}: ${refusal}`)
          checked++
        }
      }
    }
  }
  assert.ok(checked > 500, `${checked} cases`)
})

test('docs/rules.md §70: each refusal says what is spent (the 409 names it)', () => {
  assert.equal(budgetRefusal(['swift'], 'swift', false), 'the swift action of this turn is spent')
  assert.equal(budgetRefusal([], 'fullRound', true), 'restricted activity allows one standard or move action, no full-round action')
  assert.equal(budgetRefusal(['secondary'], 'primary', true), 'restricted activity allows only one standard or move action, already taken')
  assert.equal(budgetRefusal(['fullRound'], 'secondary', false), 'a full-round action was taken this turn')
  assert.equal(budgetRefusal(['secondary'], 'fullRound', false), 'a full-round action needs the whole turn, and part of it is spent')
  assert.equal(budgetRefusal(['primary'], 'primary', false), 'the standard action of this turn is spent')
  assert.equal(budgetRefusal(['secondary', 'secondary'], 'primary', false), 'the standard action of this turn is spent')
  assert.equal(budgetRefusal(['primary', 'secondary'], 'secondary', false), 'no move action is left this turn')
  assert.equal(budgetRefusal(['free', 'free', 'swift'], 'free', true), null)
})
