import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

export type Seed = string | number

/**
 * FNV-1a over the seed's text: a seed may be any string or integer, and the
 * generator wants a 32-bit integer. `1` and `"1"` are the same seed on purpose,
 * so a seed copied out of a JSON response replays whatever type it lands as.
 */
export function seedToInt (seed: Seed): number {
  const text = String(seed)
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash | 0
}

/** A die-rolling function backed by pure-rand's xoroshiro128+ (uniform, unbiased integer draws). */
export function seededDie (seed: Seed): (faces: number) => number {
  const rng = xoroshiro128plus(seedToInt(seed))
  return (faces: number) => uniformInt(rng, 1, faces)
}
