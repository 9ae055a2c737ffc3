import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { GrappleOddsRequestSchema, GrappleOddsResponseSchema, ManeuverOddsRequestSchema, ManeuverOddsResponseSchema } from '../../schemas/maneuver-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { resolveGrapple, resolveManeuver } from '../../rules/maneuvers/index.js'
import { MANEUVER_ODDS_LIMITS, maneuverOdds } from '../../rules/maneuvers/odds.js'

const HOW = 'Computed exactly, never sampled: the resolving endpoint\'s own procedure is run once per way its dice can fall, each way weighted by its exact probability, so every bonus, DC, tie rule, re-roll and counter is the one it applies, and the odds refuse what it refuses. An opposed check\'s two d20s are taken by their difference (the only thing the rules read), a tie the modifiers cannot break by which side wins its re-rolls, a touch attack by whether it hits, damage dice by their total. A tie still standing after every allowed re-roll (chance 20^−20 per check, which the resolving endpoint refuses) is left out of the outcomes.'

const WORK = `Bounded work, counted from the body before any is done, in runs of the procedure (at most ${MANEUVER_ODDS_LIMITS.runs.toLocaleString('en-US')}): a touch attack 2, an opposed check 41 (38 differences and the 3 ends of a tie), a single d20 20, each counter as many again, times the totals of the damage dice; beyond, a 422 \`out-of-range\` naming the damage dice (or \`/others\`, whose d20s each multiply the runs by 22 against the actor's one d20).`

const maneuverOddsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/maneuvers/odds', {
    schema: {
      tags: ['grapples'],
      operationId: 'maneuverOdds',
      summary: 'Exact odds of a combat maneuver',
      description: `The same body as POST /v1/maneuvers without \`seed\` and \`dice\`. The chance of success, of the defender's counter attempt (dnd35 and variant trip, disarm and overrun) and of its success, the distribution of damage (sunder: to the item), and every distinct outcome the resolving endpoint can report (success, counter, conditions afterwards, damage and effect, such as the push distance), most likely first. ${HOW} ${WORK}`,
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
      description: `The same body as POST /v1/grapples without \`seed\` and \`dice\`. The chance of success, the distribution of damage, and every distinct outcome the resolving endpoint can report (success, conditions afterwards, damage and effect), most likely first. ${HOW} ${WORK}`,
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
