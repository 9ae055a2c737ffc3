import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DamageRequestSchema, DamageResponseSchema } from '../../schemas/hit-points.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { applyDamage, damageReport, type DamageBody } from '../../application/hit-points.js'
import { MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'

const damage: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/damage', {
    schema: {
      tags: ['hit-points'],
      operationId: 'applyDamage',
      summary: 'Apply damage to a creature\'s hit points',
      description: `Applies one blow to \`creature.hitPoints\` and reports the hit points \`before\` and \`after\`, each with its \`status\`. dnd35/pf1e: temporary hit points absorb damage first; lethal damage lowers \`current\` (0 disabled; dnd35 −1 to −9 dying and −10 dead; pf1e dead at −Con); nonlethal damage is a separate total (equal to current HP staggered, above it unconscious; pf1e: past max HP it is lethal); 50 or more from one attack forces a DC 15 Fortitude save or death (pf1e: optional, max(50, ½ HP)). variant: damage accumulates (bloodied at ½ HP, wounded at ¾ with wound points past it); at D ≥ HP a Death save at DC 10 + 1 per 2 points past HP decides staggered, dying or dead (nonlethal: unconscious or dying). Dice order: the damage dice (if \`dice\`); the massive-damage Fortitude d20 (purpose \`massive-damage\`) if triggered; the variant's Death save d20 (purpose \`death-save\`) if triggered. \`dice\` rolls at most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice (beyond: 422 \`out-of-range\` naming \`/damage/dice\`).`,
      body: DamageRequestSchema,
      response: { 200: DamageResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return damageReport(resolution, applyDamage(resolution, request.body as DamageBody))
  })
}

export default damage
