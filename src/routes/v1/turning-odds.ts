import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TurningOddsRequestSchema, TurningOddsResponseSchema } from '../../schemas/turning-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { resolveTurning, type TurningRequest } from '../../rules/turning/index.js'
import { turningOdds } from '../../rules/turning/odds.js'
import { checkTurningFields } from '../../application/turning.js'
import { operationDetails } from '../../openapi/readme.js'

const turningOddsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/turning/odds', {
    schema: {
      tags: ['turning'],
      operationId: 'turningOdds',
      summary: 'Exact odds of turning undead (dnd35) or channelling energy (pf1e)',
      description: `The same body as POST /v1/turning without \`seed\` and \`dice\`, and the same refusals. Exact, never sampled, by the resolving procedure itself. dnd35: the turning check's and the turning damage's distributions and each undead's chance of each outcome; pf1e: the channel total and, per target, its Will save and its healing or damage distribution. Work is counted before the enumeration (beyond its bound: 422 \`out-of-range\` naming \`/undead\` or \`/targets\`). ${operationDetails('turningOdds', 'The bounds')}`,
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
