import { resolutionEcho, type Resolution } from './resolution.js'
import { resolveGrapple, resolveManeuver, type ManeuverRequest, type ManeuverResult } from '../rules/maneuvers/index.js'

/** One grapple action as an operation (POST /v1/grapples and the encounter `grapple` action). */
export function grapple (resolution: Resolution, body: ManeuverRequest & { action: string }): ManeuverResult {
  return resolveGrapple(resolution.ruleset, resolution.dice, body.action, body)
}

/** The POST /v1/grapples answer. */
export function grappleReport (resolution: Resolution, action: string, result: ManeuverResult) {
  return { ...resolutionEcho(resolution), action, ...result }
}

/** One combat maneuver as an operation (POST /v1/maneuvers and the encounter `maneuver` action). */
export function maneuver (resolution: Resolution, body: ManeuverRequest & { maneuver: string }): ManeuverResult {
  return resolveManeuver(resolution.ruleset, resolution.dice, body.maneuver, body)
}

/** The POST /v1/maneuvers answer. */
export function maneuverReport (resolution: Resolution, maneuver: string, result: ManeuverResult) {
  return { ...resolutionEcho(resolution), maneuver, ...result }
}
