// Who cannot act (docs/rules.md §73): the conditions in force, listed or
// implied, say what the creature cannot do as data (`forbids` in the ruleset's
// effects table); the stateless mechanics refuse with a 422 `not-possible`
// naming the field that brought the condition, the encounter with a 409.
import type { CombatantInput } from './combatant.js'
import { type ActionNeeds, type ActiveEffect, effectiveStats } from './effects.js'
import { DomainError, atPath } from './errors.js'
import type { Ruleset } from './rulesets/types.js'

export interface Refusal {
  /** The condition that forbids the action, as the table names it. */
  condition: string
  /** The field that brought it, relative to the creature: `/conditions/2` or `/hitPoints`. */
  path: string
  message: string
}

function describe (needs: ActionNeeds): string {
  if (needs.charge === true) return 'charge'
  if (needs.spell === true) return 'cast or concentrate on a spell'
  if (needs.slot === 'fullRound') return needs.attack ? 'take a full-round attack action' : 'take a full-round action'
  return needs.attack ? 'attack' : 'take this action'
}

/** Why the creature's conditions forbid an action with these needs, or null when they allow it. */
export function actionRefusal (ruleset: Ruleset, creature: CombatantInput, needs: ActionNeeds): Refusal | null {
  const effect: ActiveEffect | null = effectiveStats(ruleset, creature).forbidding(needs)
  if (effect === null) return null
  const index = creature.conditions?.indexOf(effect.origin) ?? -1
  const path = effect.impliedBy === 'hitPoints' || index < 0 ? '/hitPoints' : `/conditions/${index}`
  const why = effect.impliedBy === undefined ? '' : effect.impliedBy === 'hitPoints' ? ' (implied by its hit points)' : ` (implied by ${effect.impliedBy})`
  return { condition: effect.name, path, message: `a ${effect.name} creature${why} cannot ${describe(needs)}` }
}

/** Throws a 422 `not-possible` naming the condition's path under `prefix` (`/attacker/conditions/2`) when the creature cannot act so. */
export function assertCanAct (ruleset: Ruleset, creature: CombatantInput, needs: ActionNeeds, prefix: string): void {
  const refusal = atPath(prefix, () => actionRefusal(ruleset, creature, needs))
  if (refusal === null) return
  throw new DomainError('not-possible', refusal.message, [{ path: `${prefix}${refusal.path}`, message: refusal.message }])
}
