import type { ParsedNotation } from '../dice/notation.js'

/** An exact probability distribution over consecutive integers: P(offset + i) = p[i]. */
export interface Distribution {
  offset: number
  p: Float64Array
}

export function point (value: number): Distribution {
  return { offset: value, p: Float64Array.of(1) }
}

export function shift (d: Distribution, by: number): Distribution {
  return { offset: d.offset + by, p: d.p }
}

/**
 * Add one die of `faces` faces (negated when `sign` is −1). A sliding window
 * over prefix sums makes this linear in the span, whatever the faces.
 */
export function addDie (d: Distribution, faces: number, sign: 1 | -1): Distribution {
  const n = d.p.length
  const out = new Float64Array(n + faces - 1)
  const prefix = new Float64Array(n + 1)
  // Stryker disable next-line EqualityOperator: equivalent: one step further writes past the typed array's end, which a Float64Array ignores
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + d.p[i]!
  // out[j] = (1/f) Σ d.p[j − k], k = 0..f−1 (with offsets handled below).
  // Stryker disable next-line EqualityOperator: equivalent: one step further writes past the typed array's end, which a Float64Array ignores
  for (let j = 0; j < out.length; j++) {
    const hi = Math.min(j, n - 1)
    const lo = Math.max(0, j - faces + 1)
    out[j] = (prefix[hi + 1]! - prefix[lo]!) / faces
  }
  // X − Y has the shape of X + (f + 1 − Y), shifted down by f + 1.
  return { offset: sign === 1 ? d.offset + 1 : d.offset - faces, p: out }
}

/** The distribution of a notation's total added to `d`. */
export function addNotation (d: Distribution, notation: ParsedNotation): Distribution {
  let out = d
  for (const term of notation.terms) {
    if (term.kind === 'constant') {
      out = shift(out, term.sign * term.value)
      continue
    }
    for (let i = 0; i < term.count; i++) out = addDie(out, term.faces, term.sign)
  }
  return out
}
