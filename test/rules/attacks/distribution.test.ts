// The exact damage distributions the odds are built on (docs/rules.md §84: exact, never
// sampled): every notation's distribution, subtracted dice included, against an
// enumeration of every way its dice fall, written here.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { addNotation, point } from '../../../src/rules/attacks/distribution.js'
import { parseNotation } from '../../../src/rules/dice/notation.js'

/** Every total of `terms` (signed dice and constants) with its probability, by brute force. */
function enumerate (terms: Array<{ sign: 1 | -1, faces: number } | { constant: number }>): Map<number, number> {
  let totals = new Map<number, number>([[0, 1]])
  for (const term of terms) {
    const next = new Map<number, number>()
    for (const [total, p] of totals) {
      if ('constant' in term) next.set(total + term.constant, (next.get(total + term.constant) ?? 0) + p)
      else for (let face = 1; face <= term.faces; face++) next.set(total + term.sign * face, (next.get(total + term.sign * face) ?? 0) + p / term.faces)
    }
    totals = next
  }
  return totals
}

function asMap (notation: string, start = 0): Map<number, number> {
  const d = addNotation(point(start), parseNotation(notation))
  const out = new Map<number, number>()
  d.p.forEach((p, i) => { if (p > 0) out.set(d.offset + i, p) })
  return out
}

function assertSame (actual: Map<number, number>, expected: Map<number, number>): void {
  assert.deepEqual([...actual.keys()].sort((a, b) => a - b), [...expected.keys()].sort((a, b) => a - b))
  for (const [total, p] of expected) assert.ok(Math.abs(actual.get(total)! - p) < 1e-12, `P(${total}) = ${actual.get(total)} vs ${p}`)
}

test('OpenAPI › Dice: a subtracted die lowers the total: 1d6−1d4 spans −3..5, each total as often as its ways (6 × 4 = 24)', () => {
  const d = asMap('1d6-1d4')
  // Ways to make each total of d6 − d4, counted by hand: −3:1 −2:2 −1:3 0:4 1:4 2:4 3:3 4:2 5:1.
  const ways: Array<[number, number]> = [[-3, 1], [-2, 2], [-1, 3], [0, 4], [1, 4], [2, 4], [3, 3], [4, 2], [5, 1]]
  assertSame(d, new Map(ways.map(([total, n]) => [total, n / 24])))
})

test('OpenAPI › Dice: a notation starting from an offset and with constants: 2+(−1d3) from 10 is 9..11, thirds each', () => {
  assertSame(asMap('2-1d3', 10), new Map([[9, 1 / 3], [10, 1 / 3], [11, 1 / 3]]))
})

test('property: any notation of up to three signed dice terms and a constant has the distribution its dice enumerate', () => {
  const term = fc.record({ count: fc.integer({ min: 1, max: 2 }), faces: fc.constantFrom(2, 3, 4, 6, 8), minus: fc.boolean() })
  fc.assert(fc.property(fc.array(term, { minLength: 1, maxLength: 3 }), fc.integer({ min: -5, max: 5 }), (terms, constant) => {
    const notation = terms.map((t, i) => `${t.minus ? '-' : i === 0 ? '' : '+'}${t.count}d${t.faces}`).join('') + (constant < 0 ? `${constant}` : `+${constant}`)
    const flat = terms.flatMap((t) => Array.from({ length: t.count }, () => ({ sign: (t.minus ? -1 : 1) as 1 | -1, faces: t.faces })))
    assertSame(asMap(notation), enumerate([...flat, { constant }]))
  }))
})
