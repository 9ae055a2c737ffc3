import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { GrappleOddsRequestSchema, GrappleOddsResponseSchema, ManeuverOddsRequestSchema, ManeuverOddsResponseSchema } from '../../schemas/maneuver-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { resolveGrapple, resolveManeuver } from '../../rules/maneuvers/index.js'
import { MANEUVER_ODDS_LIMITS, maneuverOdds } from '../../rules/maneuvers/odds.js'
import { operationDetails } from '../../openapi/readme.js'

const HOW = `Exact, never sampled: the resolving procedure runs once per way its dice can fall, weighted by its probability, so it refuses what the resolving endpoint refuses. At most ${MANEUVER_ODDS_LIMITS.runs.toLocaleString('en-US')} runs (beyond: 422 \`out-of-range\` naming the damage dice or \`/others\`).`

const maneuverOddsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/maneuvers/odds', {
    schema: {
      tags: ['grapples'],
      operationId: 'maneuverOdds',
      summary: 'Exact odds of a combat maneuver',
      description: `The same body as POST /v1/maneuvers without \`seed\` and \`dice\`. Chances of success and of the counter attempt, the damage distribution (sunder: to the item) and every distinct outcome the resolving endpoint can report. ${HOW} ${operationDetails('maneuverOdds', 'The bound on the work')}`,
      body: ManeuverOddsRequestSchema,
      response: { 200: ManeuverOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const ruleset = getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset)
    const body = request.body
    const odds = maneuverOdds(ruleset, { kind: 'maneuver', name: body.maneuver }, body, (dice) => resolveManeuver(ruleset, dice, body.maneuver, body))
    return { ruleset: ruleset.id, maneuver: body.maneuver, ...odds }
  })

  fastify.post('/v1/grapples/odds', {
    schema: {
      tags: ['grapples'],
      operationId: 'grappleOdds',
      summary: 'Exact odds of a grapple action',
      description: `The same body as POST /v1/grapples without \`seed\` and \`dice\`. Chance of success, the damage distribution and every distinct outcome the resolving endpoint can report. ${HOW} ${operationDetails('grappleOdds', 'The bound on the work')}`,
      body: GrappleOddsRequestSchema,
      response: { 200: GrappleOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const ruleset = getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset)
    const body = request.body
    const odds = maneuverOdds(ruleset, { kind: 'grapple', name: body.action }, body, (dice) => resolveGrapple(ruleset, dice, body.action, body))
    return { ruleset: ruleset.id, action: body.action, ...odds }
  })
}

export default maneuverOddsRoutes
