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
      description: `The same body as POST /v1/saves without \`seed\` and \`dice\`, and the same refusals. Computed exactly, never sampled: each target's chance to save over the d20 (total ≥ DC; a natural 1 fails, a natural 20 succeeds) with the bonus and breakdown POST /v1/saves uses, and with an \`effect\`, the distribution of the effect's damage (its dice convolved) and of the damage each target takes, through the same rule POST /v1/saves applies on a success and on a failure (half, none or full; evasion and improved evasion, or improved cover, against a Reflex-half effect). The effect is rolled once for all targets, so each target's odds stand alone. Bounded work, counted before any is done: the effect's damage may span at most ${SAVE_ODDS_LIMITS.span.toLocaleString('en-US')} totals and targets × totals may be at most ${SAVE_ODDS_LIMITS.cells.toLocaleString('en-US')}; beyond, a 422 \`out-of-range\` naming \`/effect/damage\`.`,
      body: SaveOddsRequestSchema,
      response: { 200: SaveOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const ruleset = getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset)
    return { ruleset: ruleset.id, save: request.body.save, dc: request.body.dc, ...saveOdds(ruleset, request.body) }
  })
}

export default savesOdds
