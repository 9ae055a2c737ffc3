import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HealingRequestSchema, HealingResponseSchema } from '../../schemas/hit-points.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { applyHealing, healingReport, type HealingBody } from '../../application/hit-points.js'
import { MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'
import { operationDetails } from '../../openapi/readme.js'

const healing: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/healing', {
    schema: {
      tags: ['hit-points'],
      operationId: 'applyHealing',
      summary: 'Heal, stabilize or recover a creature',
      description: `Applies one healing step (\`healing.kind\`) to \`creature.hitPoints\` and reports \`before\`, \`after\` and the \`check\` rolled, if any. Healing never raises hit points above \`max\`, and stabilizes a dying creature. Healing the dead, or a roll the creature's state does not call for, is a 422 \`not-possible\`; a kind the ruleset does not define, a 422 \`rule-not-defined\`. \`dice\` rolls at most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice (beyond: 422 \`out-of-range\` naming \`/healing/dice\`). ${operationDetails('applyHealing', 'The kinds per ruleset and the dice order')}`,
      body: HealingRequestSchema,
      response: { 200: HealingResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return healingReport(resolution, applyHealing(resolution, request.body as HealingBody))
  })
}

export default healing
