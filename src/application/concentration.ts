import { resolutionEcho, type Resolution } from './resolution.js'
import { rollConcentration, type ConcentrationOutcome, type ConcentrationRequest } from '../rules/concentration/check.js'

/** A concentration check as an operation (POST /v1/concentration and the encounter `cast` action). */
export function concentration (resolution: Resolution, body: ConcentrationRequest): ConcentrationOutcome {
  return rollConcentration(resolution.ruleset, body, resolution.dice)
}

/** The POST /v1/concentration answer: the echo (ruleset, seed, rolls) around the check. */
export function concentrationReport (resolution: Resolution, result: ConcentrationOutcome) {
  return { ...resolutionEcho(resolution), ...result }
}
