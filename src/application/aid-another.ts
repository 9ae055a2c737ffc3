// Aid another as an operation: the encounter's `aid` action calls it; its
// report has the ruleset, seed and rolls around the result, as every
// operation's answer does.
import { aidAnother as roll, type AidAnotherRequest, type AidAnotherResult } from '../rules/attacks/aid-another.js'
import { resolutionEcho, type Resolution } from './resolution.js'

export function aidAnother (resolution: Resolution, request: AidAnotherRequest): AidAnotherResult {
  return roll(resolution.ruleset, request, resolution.dice)
}

export function aidAnotherReport (resolution: Resolution, result: AidAnotherResult) {
  const echo = resolutionEcho(resolution)
  return { ruleset: echo.ruleset, seed: echo.seed, ...result, rolls: echo.rolls }
}
