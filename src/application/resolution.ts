import { randomBytes } from 'node:crypto'
import { Dice } from '../rules/dice/roller.js'
import type { Seed } from '../rules/dice/prng.js'
import { getRuleset, type Ruleset, type RulesetId } from '../rules/rulesets/index.js'

export interface ResolutionInput {
  ruleset?: RulesetId
  seed?: Seed
  dice?: { sequence?: number[] }
}

export interface Resolution {
  ruleset: Ruleset
  dice: Dice
}

// Seeds are drawn from a pool of random bytes refilled every 512 seeds: one
// randomBytes() call per request was a system call on the hot path.
const SEED_BYTES = 9
const POOL_SIZE = SEED_BYTES * 512
let pool = randomBytes(POOL_SIZE)
let offset = 0

/** A fresh seed for a request that brought none; returned in the response so the result can be replayed. */
export function newSeed (): string {
  if (offset + SEED_BYTES > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE)
    offset = 0
  }
  const seed = pool.toString('base64url', offset, offset + SEED_BYTES)
  offset += SEED_BYTES
  return seed
}

/** The ruleset and dice a stateless request resolves with. */
export function startResolution (input: ResolutionInput, defaultRuleset: RulesetId): Resolution {
  const ruleset = getRuleset(input.ruleset ?? defaultRuleset)
  const dice = new Dice({ seed: input.seed ?? newSeed(), sequence: input.dice?.sequence })
  return { ruleset, dice }
}

/** The fields every resolution response carries: the ruleset, the seed used, and every die rolled. */
export function resolutionEcho (resolution: Resolution): { ruleset: RulesetId, seed: Seed, rolls: Dice['rolls'] } {
  // A copy: an encounter action keeps rolling on the same dice after the result is taken.
  return { ruleset: resolution.ruleset.id, seed: resolution.dice.seed, rolls: [...resolution.dice.rolls] }
}
