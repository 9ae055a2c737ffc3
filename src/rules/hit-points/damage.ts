import type { CombatantInput } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { type ParsedNotation, boundedNotation } from '../dice/notation.js'
import { atPath, ruleNotDefined } from '../errors.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { saveBonus } from '../saves/save-bonus.js'
import { rollSave } from '../saves/saving-throw.js'
import { accumulateDamage, deathSaveAfterDamage, deathSaveDc } from './accumulated.js'
import { withRecorded } from './copy.js'
import { countdownDamage } from './countdown.js'
import type { CountdownPolicy } from './policy.js'
import { hitPointsOf } from './state.js'
import { accumulatedDamage, status } from './status.js'
import type { HitPoints } from './types.js'

export interface Blow {
  /** A fixed amount, or dice notation rolled first. */
  amount?: number
  dice?: string
  nonlethal?: boolean
  /** Default true: the damage is from one attack, so massive damage applies. */
  singleAttack?: boolean
  /** variant: a critical hit; a wound it causes is a nasty wound (docs/rules.md §50). */
  critical?: boolean
  /** pf1e: apply the optional massive-damage rule (docs/rules.md §47). */
  massiveDamageRule?: boolean
}

export interface SaveReport {
  dc: number
  roll: number
  total: number
  success: boolean
  margin: number
  breakdown: BreakdownEntry[]
}

export interface DamageOutcome {
  amount: number
  before: HitPoints
  after: HitPoints
  massiveDamage: { dc: number, roll: number, total: number, survived: boolean, breakdown: BreakdownEntry[] } | null
  deathSave: SaveReport | null
  /** variant: wound points this blow recorded, and whether the wound is nasty. */
  wound: { points: number, nasty: boolean } | null
}

/**
 * Apply one blow to a creature (OpenAPI › POST /v1/damage). Dice order: the
 * damage dice, then the massive-damage Fortitude d20 if triggered, then the
 * variant's Death save d20 if triggered. A rolled total below 0 deals 0.
 * `detail: false` is the fast path (docs/architecture.md › The fast path): the
 * same numbers from the same dice, the damage dice without their terms.
 */
// Stryker disable next-line BooleanLiteral: equivalent: `detail` only picks rollNotation or rollTotal, which draw the same dice in the same order for the same purposes (dice/roller.ts) to the same total, and the outcome keeps only that total
export function takeDamage (ruleset: Ruleset, creature: CombatantInput, blow: Blow, dice: Dice, detail = true): DamageOutcome {
  const before = atPath('/creature', () => hitPointsOf(creature, ruleset))
  const amount = blow.dice !== undefined ? Math.max(0, rollBlow(boundedNotation(blow.dice, '/damage/dice'), dice, detail)) : (blow.amount ?? 0)
  const policy = ruleset.hitPoints
  if (policy.model === 'countdown') {
    let after = countdownDamage(before, policy, amount, blow.nonlethal ?? false)
    const massiveDamage = massiveDamageSave(ruleset, policy, creature, blow, amount, after, dice)
    if (massiveDamage && !massiveDamage.survived) after = withRecorded(after, 'dead')
    return { amount, before, after, massiveDamage, deathSave: null, wound: null }
  }

  if (before.temporary > 0) throw ruleNotDefined(ruleset.name, 'temporary hit points', '/creature/hitPoints/temporary')
  // the variant has no massive-damage rule: asking for it must not pass silently.
  if (blow.massiveDamageRule === true) throw ruleNotDefined(ruleset.name, 'massive damage', '/damage/massiveDamageRule')
  const nonlethal = blow.nonlethal ?? false
  const statusBefore = status(before, ruleset)
  const added = accumulateDamage(before, policy, amount, nonlethal)
  let after = added.hp
  let deathSave: SaveReport | null = null
  if (amount > 0 && statusBefore !== 'dead' && accumulatedDamage(after) >= after.max) {
    const bonus = atPath('/creature', () => saveBonus(ruleset, creature, policy.deathSave))
    const dc = deathSaveDc(after, policy)
    const save = rollSave(dice, bonus.value, dc, 'death-save')
    after = deathSaveAfterDamage(after, statusBefore, policy, save, nonlethal)
    deathSave = { dc, roll: save.roll, total: save.total, success: save.success, margin: save.margin, breakdown: bonus.breakdown }
  }
  const wound = nonlethal ? null : { points: added.woundPoints, nasty: (blow.critical ?? false) && added.woundPoints > 0 }
  return { amount, before, after, massiveDamage: null, deathSave, wound }
}

function rollBlow (notation: ParsedNotation, dice: Dice, detail: boolean): number {
  return detail ? dice.rollNotation(notation, 'damage').total : dice.rollTotal(notation, 'damage')
}

/**
 * SRD 3.5 › Massive Damage: one attack of 50 or more lethal damage that does not
 * kill outright forces a DC 15 Fortitude save or death; several attacks adding
 * up to 50 do not. pf1e: optional, threshold max(50, ½ maximum HP) (docs/rules.md §47).
 */
function massiveDamageSave (
  ruleset: Ruleset, policy: CountdownPolicy, creature: CombatantInput, blow: Blow, amount: number, after: HitPoints, dice: Dice
): DamageOutcome['massiveDamage'] {
  const rule = policy.massiveDamage
  if (blow.nonlethal || blow.singleAttack === false) return null
  if (rule.optional && !blow.massiveDamageRule) return null
  const threshold = Math.max(rule.minimum, Math.floor(after.max * rule.fractionOfMaxHitPoints))
  if (amount < threshold || status(after, ruleset) === 'dead') return null
  const bonus = atPath('/creature', () => saveBonus(ruleset, creature, rule.save))
  const save = rollSave(dice, bonus.value, rule.dc, 'massive-damage')
  return { dc: rule.dc, roll: save.roll, total: save.total, survived: save.success, breakdown: bonus.breakdown }
}
