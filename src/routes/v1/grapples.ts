import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { GrappleRequestSchema, GrappleResponseSchema } from '../../schemas/maneuvers.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { grapple, grappleReport } from '../../application/maneuvers.js'
import { operationDetails } from '../../openapi/readme.js'

const grapples: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/grapples', {
    schema: {
      tags: ['grapples'],
      operationId: 'resolveGrapple',
      summary: 'Resolve one grapple action',
      description: `Resolves one grapple action between \`attacker\` (the actor) and \`defender\`, step by step, and returns the conditions each side has afterwards. dnd35: opposed grapple checks (BAB + Str + special size modifier); pf1e: CMB against CMD; the variant defines no grappling (422 \`rule-not-defined\`). Each roller's own \`conditions\` apply to its rolls, so do not pass them again as modifiers. ${operationDetails('resolveGrapple', 'Dice order, steps and ties per ruleset')}`,
      body: GrappleRequestSchema,
      response: { 200: GrappleResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return grappleReport(resolution, request.body.action, grapple(resolution, request.body))
  })
}

export default grapples
