import { resolutionEcho, type Resolution } from './resolution.js'
import { resolveGrapple, resolveManeuver, type ManeuverRequest } from '../rules/maneuvers/index.js'

/** POST /v1/grapples as a function (the stateless route and the encounter `grapple` action). */
export function grappleResponse (resolution: Resolution, body: ManeuverRequest & { action: string }) {
  const result = resolveGrapple(resolution.ruleset, resolution.dice, body.action, body)
  return { ...resolutionEcho(resolution), action: body.action, ...result }
}

/** POST /v1/maneuvers as a function (the stateless route and the encounter `maneuver` action). */
export function maneuverResponse (resolution: Resolution, body: ManeuverRequest & { maneuver: string }) {
  const result = resolveManeuver(resolution.ruleset, resolution.dice, body.maneuver, body)
  return { ...resolutionEcho(resolution), maneuver: body.maneuver, ...result }
}
