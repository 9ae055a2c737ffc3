import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SavesRequestSchema, SavesResponseSchema } from '../../schemas/saves.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { saves as rollSaves, savesReport } from '../../application/saves.js'
import { MAX_DICE_PER_ROLL } from '../../rules/dice/notation.js'

const saves: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/saves', {
    schema: {
      tags: ['saves'],
      operationId: 'rollSaves',
      summary: 'Roll a saving throw for a batch of targets',
      description: `Every target saves against one DC: d20 + base save + ability (dnd35/pf1e: Con, Dex, Wis; variant: Charm the better of Cha and Wis, Reflex Dex, Death, Fear and Spell none) + cover on Reflex (+2, improved +4) + condition penalties + \`modifiers\`, stacked per the ruleset. A natural 1 fails and a natural 20 succeeds. The variant's off-guard loses a positive Dex bonus on Reflex. An optional area \`effect\` is rolled once; each target takes half, none or full on a success and full on a failure (evasion and improved cover adjust a Reflex-half effect). Dice order: the effect's damage dice once (purpose \`damage\`), then one d20 per target in request order (purpose \`save\`). The effect's \`damage\` rolls at most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice (beyond: 422 \`out-of-range\` naming \`/effect/damage\`); with at most 100 targets, each result's breakdown listing that target's modifiers, the answer stays under 512 KB.`,
      body: SavesRequestSchema,
      response: { 200: SavesResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return savesReport(resolution, request.body, rollSaves(resolution, request.body))
  })
}

export default saves
