import { resolutionEcho, type Resolution } from './resolution.js'
import { resolveSaves, type SaveRequest } from '../rules/saves/area-effect.js'

/** POST /v1/saves as a function (the stateless route and the encounter `save` action). */
export function savesResponse (resolution: Resolution, body: SaveRequest) {
  const outcome = resolveSaves(resolution.ruleset, body, resolution.dice)
  return { ...resolutionEcho(resolution), save: body.save, dc: body.dc, effectDamage: outcome.effectDamage, results: outcome.results }
}
