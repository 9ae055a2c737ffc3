import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { GrappleOddsRequestSchema, GrappleOddsResponseSchema, ManeuverOddsRequestSchema, ManeuverOddsResponseSchema } from '../../schemas/maneuver-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { resolveGrapple, resolveManeuver } from '../../rules/maneuvers/index.js'
import { MANEUVER_ODDS_LIMITS, maneuverOdds } from '../../rules/maneuvers/odds.js'

const HOW = 'Exact, never sampled: the resolving procedure runs once per way its dice can fall, weighted by its probability, so its bonuses, tie rules, re-rolls and counters apply and it refuses what the resolving endpoint refuses. A tie standing after every re-roll (20^−20) is left out.'

const WORK = `Work counted from the body before any is done, in runs of the procedure (at most ${MANEUVER_ODDS_LIMITS.runs.toLocaleString('en-US')}): touch attack 2, opposed check 41, single d20 20, a counter as many again, times the damage dice's totals; each of \`others\` multiplies by 22. Beyond: 422 \`out-of-range\` naming the damage dice or \`/others\`.`

const maneuverOddsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/maneuvers/odds', {
    schema: {
      tags: ['grapples'],
      operationId: 'maneuverOdds',
      summary: 'Exact odds of a combat maneuver',
      description: `The same body as POST /v1/maneuvers without \`seed\` and \`dice\`. Chances of success and of the counter attempt, the damage distribution (sunder: to the item) and every distinct outcome the resolving endpoint can report. ${HOW} ${WORK}`,
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
      description: `The same body as POST /v1/grapples without \`seed\` and \`dice\`. Chance of success, the damage distribution and every distinct outcome the resolving endpoint can report. ${HOW} ${WORK}`,
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
