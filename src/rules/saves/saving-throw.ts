import { judgeD20, type Natural } from '../d20.js'
import type { Dice } from '../dice/roller.js'

export type AutomaticResult = Natural

export interface SaveRoll {
  roll: number
  total: number
  dc: number
  success: boolean
  /** Signed: total − DC (a failure by 10 is −10). */
  margin: number
  automatic: AutomaticResult
}

/**
 * One saving throw: d20 + bonus against the DC; a natural 1 always fails and
 * a natural 20 always succeeds (SRD 3.5 › Saving Throws; variant › Saving Throws; docs/rules.md §16).
 */
export function rollSave (dice: Dice, bonus: number, dc: number, purpose = 'save'): SaveRoll {
  const roll = dice.d20(purpose)
  return judgeSave(roll, bonus, dc)
}

export function judgeSave (roll: number, bonus: number, dc: number): SaveRoll {
  const total = roll + bonus
  const { success, automatic, margin } = judgeD20(roll, total, dc, 'both')
  return { roll, total, dc, success, margin, automatic }
}
