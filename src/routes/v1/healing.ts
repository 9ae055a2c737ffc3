import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HealingRequestSchema, HealingResponseSchema } from '../../schemas/hit-points.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { applyHealing, healingReport, type HealingBody } from '../../application/hit-points.js'
import { MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'

const healing: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/healing', {
    schema: {
      tags: ['hit-points'],
      operationId: 'applyHealing',
      summary: 'Heal, stabilize or recover a creature',
      description: `Applies one healing step to \`creature.hitPoints\` and reports \`before\`, \`after\` and the \`check\` rolled, if any. Healing never raises hit points above \`max\`; healing of 1 or more stabilizes a dying creature (dnd35: healed to 0 it is disabled, to 1 or more fully functional); lost temporary hit points never come back. Healing a dead creature is a 422 \`not-possible\`, as is a roll the creature's state does not call for (stabilizing a healthy one). The variant defines only \`magical\`, \`stabilize\` (the end-of-round Death save: 1 Con damage, 3 failures dead, 4 successes stable, natural 20 stable, natural 1 dead), \`heal-check\` and the hourly \`recover\` Death save and \`strenuous-action\` (a staggered creature's Death save after a major action); the other kinds are a 422 \`rule-not-defined\`. \`strenuous-action\` (dnd35/pf1e) rolls nothing: the disabled creature loses 1 HP. Dice order: the healing dice for \`magical\`; otherwise the one roll the kind makes — purpose \`stabilize\` (dnd35 d%, pf1e d20), \`death-save\` (variant \`stabilize\`, \`recover\` and \`strenuous-action\`), \`heal-check\` or \`recover\`. \`dice\` rolls at most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice (beyond: 422 \`out-of-range\` naming \`/healing/dice\`).`,
      body: HealingRequestSchema,
      response: { 200: HealingResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return healingReport(resolution, applyHealing(resolution, request.body as HealingBody))
  })
}

export default healing
