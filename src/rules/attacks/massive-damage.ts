import type { CombatantInput } from '../combatant.js'
import { atPath } from '../errors.js'
import type { Ruleset } from '../rulesets/types.js'
import { saveBonus } from '../saves/save-bonus.js'
import { d20Chance } from '../d20.js'

/**
 * Massive damage for the odds (SRD 3.5 › Massive Damage; docs/rules.md §P6.1): one
 * attack dealing at least the threshold of lethal damage forces a Fortitude
 * save or death, whatever the hit points. The numbers are the ruleset's
 * `hitPoints.massiveDamage`; pf1e's optional rule (docs/rules.md §47) has no switch on an
 * attack request, so it stays off, as POST /v1/damage leaves it by default.
 */
export interface MassiveDamageOdds {
  /** Lethal damage from one attack at or above this calls for the save. */
  threshold: number
  /**
   * Chance the save fails (d20 + Fortitude against the DC; 1 fails, 20
   * succeeds). Asked only when an attack can reach the threshold, so that
   * `baseSaves.fortitude` is needed only then.
   */
  deathChance: () => number
}

export function massiveDamageOdds (ruleset: Ruleset, target: CombatantInput): MassiveDamageOdds | null {
  const policy = ruleset.hitPoints
  if (!target.hitPoints || policy.model !== 'countdown' || policy.massiveDamage.optional) return null
  const rule = policy.massiveDamage
  const deathChance = (): number => {
    const bonus = atPath('/target', () => saveBonus(ruleset, target, rule.save)).value
    return 1 - d20Chance(bonus, rule.dc)
  }
  return { threshold: Math.max(rule.minimum, Math.floor(target.hitPoints.max * rule.fractionOfMaxHitPoints)), deathChance }
}
