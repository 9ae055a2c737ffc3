// Aid another in melee (SRD 3.5 › Aid Another; PRD › Combat › Aid Another;
// variant › Aid Another; docs/rules.md §12, §105): an attack roll against
// AC 10 with the helper's own attack bonus; success grants the ally +2 on
// its next attack against the opponent, or +2 AC against the opponent's next
// attack. Pure: the one d20 comes from the dice given.
import type { CombatantInput } from '../combatant.js'
import { judgeD20 } from '../d20.js'
import type { Dice } from '../dice/roller.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { planAction } from './plan.js'
import type { AttackOptions } from './request.js'
import type { WeaponInput } from './weapon.js'

export interface AidAnotherRequest {
  helper: CombatantInput
  weapon: WeaponInput
  choice: 'attack' | 'ac'
  options?: AttackOptions
}

export interface AidAnotherResult {
  choice: 'attack' | 'ac'
  /** The number the attack roll must reach (AC 10). */
  armorClass: number
  attackBonus: number
  attackBreakdown: BreakdownEntry[]
  roll: number
  total: number
  success: boolean
  /** The bonus the ally gains on success (0 on a failure). */
  bonus: number
}

/** Dice order: the one d20 of the helper's attack roll. */
export function aidAnother (ruleset: Ruleset, request: AidAnotherRequest, dice: Dice): AidAnotherResult {
  const rule = ruleset.turnFlow.combatOptions.aidAnother
  // The roll is the helper's attack with its weapon, against a plain AC 10 rather than the opponent's.
  const plan = planAction(ruleset, {
    attacker: request.helper,
    // Stryker disable next-line ObjectLiteral: equivalent: the plan's target AC is never read (the roll is judged against rule.armorClass below) and a target without conditions changes no attack bonus
    target: { armorClass: { total: rule.armorClass } },
    weapon: request.weapon,
    mode: 'single',
    ...(request.options ? { options: request.options } : {})
  })
  const attack = plan.attacks[0]!
  const roll = dice.d20('aid another: attack roll against AC 10')
  const total = roll + attack.attackBonus
  const success = judgeD20(roll, total, rule.armorClass, 'both').success
  return {
    choice: request.choice,
    armorClass: rule.armorClass,
    attackBonus: attack.attackBonus,
    attackBreakdown: attack.attackBreakdown,
    roll,
    total,
    success,
    bonus: success ? rule.bonus : 0
  }
}
