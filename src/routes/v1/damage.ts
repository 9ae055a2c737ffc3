import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DamageRequestSchema, DamageResponseSchema } from '../../schemas/hit-points.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { applyDamage, damageReport, type DamageBody } from '../../application/hit-points.js'
import { MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'
import { operationDetails } from '../../openapi/readme.js'

const damage: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/damage', {
    schema: {
      tags: ['hit-points'],
      operationId: 'applyDamage',
      summary: 'Apply damage to a creature\'s hit points',
      description: `Applies one blow to \`creature.hitPoints\` and reports the hit points \`before\` and \`after\`, each with its \`status\`, and any save the damage calls for (massive damage; the variant's Death save). \`dice\` rolls at most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice (beyond: 422 \`out-of-range\` naming \`/damage/dice\`). ${operationDetails('applyDamage', 'The thresholds per ruleset and the dice order')}`,
      body: DamageRequestSchema,
      response: { 200: DamageResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return damageReport(resolution, applyDamage(resolution, request.body as DamageBody))
  })
}

export default damage
