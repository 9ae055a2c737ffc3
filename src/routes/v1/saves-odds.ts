import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SaveOddsRequestSchema, SaveOddsResponseSchema } from '../../schemas/saves-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { saveOdds, SAVE_ODDS_LIMITS } from '../../rules/saves/odds.js'

const savesOdds: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/saves/odds', {
    schema: {
      tags: ['saves'],
      operationId: 'saveOdds',
      summary: 'Exact odds of a saving throw for a batch of targets',
      description: `The same body as POST /v1/saves without \`seed\` and \`dice\`, and the same refusals. Exact, never sampled: each target's chance to save over the d20 with the bonus POST /v1/saves uses and, with an \`effect\`, the effect's damage dice convolved and each total put through the damage rule POST /v1/saves applies (half, none, full; evasion, improved evasion). Work counted before it is done: the damage's totals × (targets + 1) at most ${SAVE_ODDS_LIMITS.cells.toLocaleString('en-US')}; beyond, a 422 \`out-of-range\` naming \`/effect/damage\`.`,
      body: SaveOddsRequestSchema,
      response: { 200: SaveOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const ruleset = getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset)
    return { ruleset: ruleset.id, save: request.body.save, dc: request.body.dc, ...saveOdds(ruleset, request.body) }
  })
}

export default savesOdds
