import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { InitiativeRequestSchema, InitiativeResponseSchema } from '../../schemas/initiative.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { initiative as rollInitiative, initiativeReport } from '../../application/initiative.js'
import { operationDetails } from '../../openapi/readme.js'

const initiative: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/initiative', {
    schema: {
      tags: ['initiative'],
      operationId: 'rollInitiative',
      summary: 'Roll initiative, with surprise and flat-footed',
      description: `Initiative = d20 + Dex modifier + Improved Initiative (+4) + \`initiativeBonus\` (the variant adds its base combat bonus and its wound and condition penalties, and re-rolls every round: call again). Ties: dnd35/pf1e the higher modifier, then a roll-off; variant simultaneous action (\`simultaneousWith\`). A surprise round happens when some but not all combatants are \`aware\`. ${operationDetails('rollInitiative', 'The dice order (rolls, then roll-offs)')}`,
      body: InitiativeRequestSchema,
      response: { 200: InitiativeResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return initiativeReport(resolution, rollInitiative(resolution, request.body))
  })
}

export default initiative
