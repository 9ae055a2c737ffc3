import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { InitiativeRequestSchema, InitiativeResponseSchema } from '../../schemas/initiative.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { initiative as rollInitiative, initiativeReport } from '../../application/initiative.js'

const initiative: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/initiative', {
    schema: {
      tags: ['initiative'],
      operationId: 'rollInitiative',
      summary: 'Roll initiative, with surprise and flat-footed',
      description: 'Initiative = d20 + Dex modifier + Improved Initiative (+4) + `initiativeBonus`; the variant adds its base combat bonus and its bloodied (−1), wounded (a further −1), deafened (−4) and shaken (−2) penalties, and re-rolls every round (call again). Ties: dnd35/pf1e the higher modifier, then a roll-off (repeated while tied); variant simultaneous action (`simultaneousWith`). A surprise round happens when some but not all combatants are `aware`. Dice order: one d20 per combatant in request order (purpose `initiative`); then the roll-off d20s (purpose `tie-break`), tie group by tie group in the request order of each group\'s first combatant, each member in request order, a group settled completely before the next.',
      body: InitiativeRequestSchema,
      response: { 200: InitiativeResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return initiativeReport(resolution, rollInitiative(resolution, request.body))
  })
}

export default initiative
