import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DiceRequestSchema, DiceResponseSchema } from '../../schemas/dice.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { diceReport, rollDice } from '../../application/dice.js'
import { MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'

const dice: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/dice', {
    schema: {
      tags: ['dice'],
      operationId: 'rollDice',
      summary: 'Roll dice notation',
      description: `Rolls \`NdM\` terms and constants joined by \`+\`/\`-\`. With a \`seed\` the same request gives the same rolls; \`dice.sequence\` fixes the results in notation order (left to right, each die of a term in turn). At most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice in all (beyond: 422 \`out-of-range\` naming \`/notation\`), so that the answer stays under about 50 KB.`,
      body: DiceRequestSchema,
      response: { 200: DiceResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return diceReport(resolution, rollDice(resolution, request.body.notation))
  })
}

export default dice
