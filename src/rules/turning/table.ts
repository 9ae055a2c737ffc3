import { DomainError } from '../errors.js'
import type { Ruleset } from '../rulesets/types.js'

/**
 * Read a turning check through the ruleset's Turning Undead table (docs/rules.md §42): the
 * most powerful undead affected, in Hit Dice, relative to the effective level.
 */
export function turningTableOffset (ruleset: Ruleset, check: number): number {
  const row = ruleset.turningTable?.find((r) => (r.checkMin === null || check >= r.checkMin) && (r.checkMax === null || check <= r.checkMax))
  if (row === undefined) throw new DomainError('rule-not-defined', `${ruleset.name} has no Turning Undead table row for a check of ${check}`)
  return row.maxHitDiceRelativeToLevel
}

export function maxHitDiceAffected (ruleset: Ruleset, check: number, effectiveLevel: number): number {
  return effectiveLevel + turningTableOffset(ruleset, check)
}
