import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TurningOddsRequestSchema, TurningOddsResponseSchema } from '../../schemas/turning-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { resolveTurning, type TurningRequest } from '../../rules/turning/index.js'
import { TURNING_ODDS_LIMITS, turningOdds } from '../../rules/turning/odds.js'
import { checkTurningFields } from '../../application/turning.js'

const turningOddsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/turning/odds', {
    schema: {
      tags: ['turning'],
      operationId: 'turningOdds',
      summary: 'Exact odds of turning undead (dnd35) or channelling energy (pf1e)',
      description: [
        'The same body as POST /v1/turning without `seed` and `dice`, and the same refusals. Exact, never sampled, by the resolving procedure itself.',
        '**dnd35**: the turning check (each d20 face: total and most powerful undead affected), the turning damage (total Hit Dice affected), the Hit Dice spent, a dispel\'s chance, and each undead\'s chance of each outcome. The procedure runs once per table result, 2d6 total and order of equally close undead.',
        '**pf1e**: the channel total, and per target its Will save, outcome chances and healing or damage distribution. The procedure runs twice per channel total (all saves made, all failed).',
        `Work counted before the enumeration: runs × (1 + creatures) at most ${TURNING_ODDS_LIMITS.work.toLocaleString('en-US')} (dnd35) or ${TURNING_ODDS_LIMITS.channelWork.toLocaleString('en-US')} (pf1e); beyond, a 422 \`out-of-range\` naming \`/undead\` or \`/targets\`.`
      ].join('\n\n'),
      body: TurningOddsRequestSchema,
      response: { 200: TurningOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const ruleset = getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset)
    const body = request.body
    // The resolving endpoint's cross-field refusals; the rules' own come from the procedure the odds enumerate.
    checkTurningFields(body)
    const odds = turningOdds(ruleset, body as TurningRequest, (dice) => resolveTurning(ruleset, body as TurningRequest, dice))
    return { ruleset: ruleset.id, action: body.action, ...odds }
  })
}

export default turningOddsRoutes
