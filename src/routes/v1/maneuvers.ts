import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ManeuverRequestSchema, ManeuverResponseSchema } from '../../schemas/maneuvers.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { maneuver, maneuverReport } from '../../application/maneuvers.js'
import { operationDetails } from '../../openapi/readme.js'

const maneuvers: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/maneuvers', {
    schema: {
      tags: ['grapples'],
      operationId: 'resolveManeuver',
      summary: 'Resolve one combat maneuver',
      description: `Resolves trip, disarm, bull rush, overrun, sunder or feint (pf1e also drag, reposition, steal, dirty trick; variant also drive back) between \`attacker\` and \`defender\`: \`steps\`, \`state\` (conditions afterwards), \`damage\` (sunder: to the item) and \`effect\`. Attacks of opportunity are resolved by the caller (\`options.attackOfOpportunityDamage\`). Each roller's own \`conditions\` apply to its rolls. ${operationDetails('resolveManeuver', 'Dice order, checks and counters per ruleset')}`,
      body: ManeuverRequestSchema,
      response: { 200: ManeuverResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return maneuverReport(resolution, request.body.maneuver, maneuver(resolution, request.body))
  })
}

export default maneuvers
