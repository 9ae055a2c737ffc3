import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SavesRequestSchema, SavesResponseSchema } from '../../schemas/saves.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { saves as rollSaves, savesReport } from '../../application/saves.js'
import { MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'
import { operationDetails } from '../../openapi/readme.js'

const saves: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/saves', {
    schema: {
      tags: ['saves'],
      operationId: 'rollSaves',
      summary: 'Roll a saving throw for a batch of targets',
      description: `Every target saves against one DC: d20 + base save + ability + cover on Reflex + condition penalties + \`modifiers\`, stacked per the ruleset; a natural 1 fails, a natural 20 succeeds. An optional area \`effect\` is rolled once and applied to each target (half, none or full; evasion). Its \`damage\` rolls at most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice (beyond: 422 \`out-of-range\` naming \`/effect/damage\`). ${operationDetails('rollSaves', 'The abilities per ruleset and the dice order')}`,
      body: SavesRequestSchema,
      response: { 200: SavesResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return savesReport(resolution, request.body, rollSaves(resolution, request.body))
  })
}

export default saves
