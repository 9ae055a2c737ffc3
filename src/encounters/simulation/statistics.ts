// Sampled probabilities with their uncertainty (docs/rules.md §84): every
// probability a simulation reports carries a 95% Wilson score interval.

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054

export interface Estimate {
  probability: number
  interval: [number, number]
}

/**
 * The share `successes / runs` and its 95% Wilson score interval (E. B.
 * Wilson, 1927): unlike the normal approximation it stays inside [0, 1] and
 * is not empty at 0 or 1 successes.
 */
export function wilson (successes: number, runs: number): Estimate {
  const p = successes / runs
  const z2 = Z95 * Z95
  const denominator = 1 + z2 / runs
  const centre = (p + z2 / (2 * runs)) / denominator
  const half = (Z95 * Math.sqrt(p * (1 - p) / runs + z2 / (4 * runs * runs))) / denominator
  // Rounding can leave the bounds a hair outside [0, 1] or past p itself at the extremes.
  const lo = successes === 0 ? 0 : Math.max(0, Math.min(p, centre - half))
  const hi = successes === runs ? 1 : Math.min(1, Math.max(p, centre + half))
  return { probability: p, interval: [lo, hi] }
}
