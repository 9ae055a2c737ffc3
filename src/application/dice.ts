import { resolutionEcho, type Resolution } from './resolution.js'
import { boundedNotation } from '../rules/dice/notation.js'

export type DiceResult = ReturnType<Resolution['dice']['rollNotation']>

/** Dice notation rolled as an operation (POST /v1/dice); at most MAX_DICE_PER_ROLL dice. */
export function rollDice (resolution: Resolution, notation: string): DiceResult {
  return resolution.dice.rollNotation(boundedNotation(notation, '/notation'), 'dice')
}

/** The POST /v1/dice answer. */
export function diceReport (resolution: Resolution, result: DiceResult) {
  return { ...resolutionEcho(resolution), notation: result.notation, total: result.total, terms: result.terms }
}
