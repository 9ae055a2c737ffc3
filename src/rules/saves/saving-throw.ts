import type { Dice } from '../dice/roller.js'

export type AutomaticResult = 'natural-1' | 'natural-20' | null

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
 * a natural 20 always succeeds (000 › Saving Throws; 001 › Saving Throws; D16).
 */
export function rollSave (dice: Dice, bonus: number, dc: number, purpose = 'save'): SaveRoll {
  const roll = dice.d20(purpose)
  return judgeSave(roll, bonus, dc)
}

export function judgeSave (roll: number, bonus: number, dc: number): SaveRoll {
  const total = roll + bonus
  const automatic: AutomaticResult = roll === 1 ? 'natural-1' : roll === 20 ? 'natural-20' : null
  const success = automatic === 'natural-20' ? true : automatic === 'natural-1' ? false : total >= dc
  return { roll, total, dc, success, margin: total - dc, automatic }
}
