import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

export type Seed = string | number

/**
 * FNV-1a over the seed's text: a seed may be any string or integer, and the
 * generator wants a 32-bit integer. `1` and `"1"` are the same seed on purpose,
 * so a seed copied out of a JSON response replays whatever type it lands as.
 */
export function seedToInt (seed: Seed): number {
  return continueSeedHash(FNV_OFFSET_BASIS, String(seed))
}

const FNV_OFFSET_BASIS = 0x811c9dc5

/**
 * The hash `seedToInt` gives `<text of the hash so far>` + `text`: FNV-1a
 * reads the text one character at a time, so a seed's common prefix (a
 * simulated run's `<run seed>:`) is hashed once and each event's seed
 * continues from it.
 */
export function continueSeedHash (hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash | 0
}

/** `seedToInt` of `prefix`, to continue with `continueSeedHash`. */
export function seedPrefixHash (prefix: string): number {
  return continueSeedHash(FNV_OFFSET_BASIS, prefix)
}

/** pure-rand's xoroshiro128+ (uniform, unbiased integer draws), seeded with a hash from `seedToInt` (or `continueSeedHash`). */
export type SeededGenerator = ReturnType<typeof xoroshiro128plus>

export function generatorOfSeedInt (seedInt: number): SeededGenerator {
  return xoroshiro128plus(seedInt)
}

/**
 * One die of `faces` faces from the generator. pure-rand works the draw out
 * in floating point, so unoptimised code hands back a heap number even for a
 * whole one; `| 0` (exact: a die has at most MAX_FACES faces) makes it the
 * small integer every other whole number in the rules is. Without it, the
 * first die stored in an object turns that field into a double, V8 discards
 * the code it optimised for small integers, and every later object of that
 * shape carries a boxed number (docs/architecture.md › The fast path).
 */
export function rollSeeded (rng: SeededGenerator, faces: number): number {
  return uniformInt(rng, 1, faces) | 0
}
