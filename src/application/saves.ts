import { resolutionEcho, type Resolution } from './resolution.js'
import { resolveSaves, type SaveRequest, type SavesOutcome } from '../rules/saves/area-effect.js'

/** A saving throw for a batch of targets as an operation (POST /v1/saves and the encounter `save` action). */
export function saves (resolution: Resolution, body: SaveRequest): SavesOutcome {
  return resolveSaves(resolution.ruleset, body, resolution.dice)
}

/** The POST /v1/saves answer. */
export function savesReport (resolution: Resolution, body: Pick<SaveRequest, 'save' | 'dc'>, result: SavesOutcome) {
  return { ...resolutionEcho(resolution), save: body.save, dc: body.dc, effectDamage: result.effectDamage, results: result.results }
}
