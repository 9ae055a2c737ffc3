import type { CombatantInput } from '../combatant.js'
import type { Ruleset } from '../rulesets/types.js'
import { accumulateDamage, deathSaveDc } from '../hit-points/accumulated.js'
import { countdownDamage } from '../hit-points/countdown.js'
import { hitPointsOf } from '../hit-points/state.js'
import { accumulatedDamage, status } from '../hit-points/status.js'
import type { HitPoints } from '../hit-points/types.js'

/**
 * Where a target stands after an action's damage, as far as the attack
 * endpoints need it (RULES.md §6): whether it drops (unconscious, dying)
 * and whether it dies outright. The arithmetic and the numbers are the
 * hit-points module's and the ruleset's `hitPoints` policy, so the odds agree
 * with POST /v1/damage. The variant never dies outright from damage: reaching
 * its HP calls for a Death save (`deathSave`).
 */
export interface AfterDamage {
  dropped: boolean
  dead: boolean
  /** variant: the Death save the damage calls for, or null. */
  deathSave: {
    dc: number
    /** Failing by this much or more kills (after lethal damage). */
    deadlyFailureMargin: number
    /** The creature was already dying or stable, so a natural 1 kills it too (D51). */
    naturalOneKills: boolean
  } | null
}

/** CONTRACT › Combatant: a missing ability score counts as 10 (the /v1/damage endpoint asks for pf1e's Con instead). */
function targetHitPoints (ruleset: Ruleset, target: CombatantInput): HitPoints {
  const abilities = target.abilities?.con === undefined ? { ...target.abilities, con: 10 } : target.abilities
  return hitPointsOf({ ...target, abilities }, ruleset)
}

export function afterDamage (ruleset: Ruleset, target: CombatantInput, lethal: number, nonlethal: number): AfterDamage | null {
  if (!target.hitPoints) return null
  const policy = ruleset.hitPoints
  const before = targetHitPoints(ruleset, target)
  if (policy.model === 'countdown') {
    const after = countdownDamage(countdownDamage(before, policy, lethal, false), policy, nonlethal, true)
    const now = status(after, ruleset)
    const dead = now === 'dead'
    return { dropped: dead || after.current < 0 || now === 'unconscious', dead, deathSave: null }
  }
  const after = accumulateDamage(accumulateDamage(before, policy, lethal, false).hp, policy, nonlethal, true).hp
  if (accumulatedDamage(after) < after.max) return { dropped: false, dead: false, deathSave: null }
  const was = status(before, ruleset)
  return {
    dropped: false,
    dead: false,
    deathSave: { dc: deathSaveDc(after, policy), deadlyFailureMargin: policy.deadlyFailureMargin, naturalOneKills: was === 'dying' || was === 'stable' }
  }
}
