import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DiceRequestSchema, DiceResponseSchema } from '../../schemas/dice.js'
import { errorResponses } from '../../schemas/common.js'
import { resolutionEcho, startResolution } from '../../application/resolution.js'
import { boundedNotation, MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'

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
    const rolled = resolution.dice.rollNotation(boundedNotation(request.body.notation, '/notation'), 'dice')
    return { ...resolutionEcho(resolution), notation: rolled.notation, total: rolled.total, terms: rolled.terms }
  })
}

export default dice
