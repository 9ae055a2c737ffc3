import { operationDetails } from '../../openapi/readme.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ConcentrationRequestSchema, ConcentrationResponseSchema } from '../../schemas/concentration.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { concentration as checkConcentration, concentrationReport } from '../../application/concentration.js'

const concentration: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/concentration', {
    schema: {
      tags: ['spells'],
      operationId: 'rollConcentration',
      summary: 'Roll a concentration check to keep a spell',
      description: `d20 + bonus against the situation's DC (dnd35: the caster's \`concentration\`; pf1e: \`casterLevel\` + the \`castingAbility\` modifier); the variant defines none (422 \`rule-not-defined\`). Dice order: the one d20.

${operationDetails('rollConcentration', 'The DCs, the fields each situation needs, the refusals')}`,
      body: ConcentrationRequestSchema,
      response: { 200: ConcentrationResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return concentrationReport(resolution, checkConcentration(resolution, request.body))
  })
}

export default concentration
