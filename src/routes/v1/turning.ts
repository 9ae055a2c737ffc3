import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TurningRequestSchema, TurningResponseSchema } from '../../schemas/turning.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { turning as resolveTurning, turningReport } from '../../application/turning.js'
import { operationDetails } from '../../openapi/readme.js'

const turning: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/turning', {
    schema: {
      tags: ['turning'],
      operationId: 'resolveTurning',
      summary: 'Turn, rebuke, command, bolster or dispel undead (dnd35); channel energy (pf1e)',
      description: `Turns, rebukes, commands, bolsters or dispels undead (dnd35, SRD 3.5 › Turn or Rebuke Undead: the turning check read through the Turning Undead table, then the turning damage in Hit Dice, closest undead first), or channels energy (pf1e, PRD › Channel Energy: ceil(level / 2)d6 in a 30-ft burst, a Will save for half). The variant has no turning rules: 422 \`rule-not-defined\`. ${operationDetails('resolveTurning', 'The procedure, equally close undead and the dice order')}`,
      body: TurningRequestSchema,
      response: { 200: TurningResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return turningReport(resolution, resolveTurning(resolution, request.body))
  })
}

export default turning
