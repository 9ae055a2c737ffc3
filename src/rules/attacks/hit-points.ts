import type { CombatantInput } from '../combatant.js'
import type { Ruleset } from '../rulesets/types.js'
import { accumulateDamage, deathSaveAfterDamage, deathSaveDc } from '../hit-points/accumulated.js'
import { countdownDamage } from '../hit-points/countdown.js'
import { hitPointsOf } from '../hit-points/state.js'
import { accumulatedDamage, status } from '../hit-points/status.js'
import type { HitPoints } from '../hit-points/types.js'
import { judgeSave } from '../saves/saving-throw.js'

/**
 * Where a target stands after an action's damage, as far as the attack
 * endpoints need it (docs/rules.md §P6): the chances that it drops (unconscious,
 * dying) and that it dies. The arithmetic and the numbers are the hit-points
 * module's and the ruleset's `hitPoints` policy, so the odds agree with
 * POST /v1/damage. dnd35/pf1e: certain outcomes. variant: reaching HP calls
 * for a Death save (bonus `baseSaves.death`), weighed over its 20 faces.
 */
export interface AfterDamage {
  dropped: number
  dead: number
  /** variant: the damage called for a Death save (a coup de grace makes its own instead). */
  deathSave: boolean
}

/** OpenAPI › Combatant: a missing ability score counts as 10 (the /v1/damage endpoint asks for pf1e's Con instead). */
export function targetHitPoints (ruleset: Ruleset, target: CombatantInput): HitPoints {
  const abilities = target.abilities?.con === undefined ? { ...target.abilities, con: 10 } : target.abilities
  return hitPointsOf({ ...target, abilities }, ruleset)
}

const DROPPED = new Set(['unconscious', 'dying', 'stable', 'dead'])

/** `before` may be passed in: the odds ask this for every cell of a table about one target. */
export function afterDamage (ruleset: Ruleset, target: CombatantInput, lethal: number, nonlethal: number, deathSaveBonus = 0, known?: HitPoints): AfterDamage | null {
  if (!target.hitPoints) return null
  const policy = ruleset.hitPoints
  const before = known ?? targetHitPoints(ruleset, target)
  if (policy.model === 'countdown') {
    const after = countdownDamage(countdownDamage(before, policy, lethal, false), policy, nonlethal, true)
    const now = status(after, ruleset)
    const dead = now === 'dead' ? 1 : 0
    return { dropped: dead || after.current < 0 || now === 'unconscious' ? 1 : 0, dead, deathSave: false }
  }
  // Stryker disable next-line BooleanLiteral: equivalent: the flag only moves the nonlethal share and wound points, which neither the status nor the Death save's DC reads (the save takes `lethal === 0` below)
  const after = accumulateDamage(accumulateDamage(before, policy, lethal, false).hp, policy, nonlethal, true).hp
  const was = status(before, ruleset)
  // Below HP there is no Death save; a miss (no damage) calls for none either and leaves the status as it was.
  if (accumulatedDamage(after) < after.max || lethal + nonlethal === 0) {
    return { dropped: DROPPED.has(was) ? 1 : 0, dead: was === 'dead' ? 1 : 0, deathSave: false }
  }
  const dc = deathSaveDc(after, policy)
  let dropped = 0
  let dead = 0
  for (let roll = 1; roll <= 20; roll++) {
    const result = status(deathSaveAfterDamage(after, was, policy, judgeSave(roll, deathSaveBonus, dc), lethal === 0), ruleset)
    if (DROPPED.has(result)) dropped++
    if (result === 'dead') dead++
  }
  return { dropped: dropped / 20, dead: dead / 20, deathSave: true }
}
