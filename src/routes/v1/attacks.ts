import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AttackOddsRequestSchema, AttackRequestSchema, AttackResponseSchema } from '../../schemas/attacks.js'
import { AttackOddsResponseSchema } from '../../schemas/attack-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { attackOdds, attackReport, resolveAttack } from '../../application/attacks.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { MAX_DAMAGE_DICE_PER_ACTION } from '../../rules/attacks/resolve.js'
import { ODDS_LIMITS } from '../../rules/attacks/odds.js'
import type { AttackRequest } from '../../rules/attacks/request.js'
import { operationDetails } from '../../openapi/readme.js'

const attacks: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/attacks', {
    schema: {
      tags: ['attacks'],
      operationId: 'resolveAttack',
      summary: 'Resolve an attack, a full attack or a coup de grace',
      description: `Rolls one attack (\`mode: single\`), a full attack with iterative attacks from BAB and an optional off-hand weapon (\`mode: full\`; dnd35/pf1e only), or a coup de grace against a helpless target. Every number carries its breakdown; every die is listed in \`rolls\`. At most ${MAX_DAMAGE_DICE_PER_ACTION} damage dice per action, counting every attack as a critical (beyond: 422 \`out-of-range\`). ${operationDetails('resolveAttack', 'The feats and conditions it reads, and the dice order')}`,
      body: AttackRequestSchema,
      response: { 200: AttackResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return attackReport(resolution, resolveAttack(resolution, request.body as AttackRequest))
  })

  fastify.post('/v1/attacks/odds', {
    schema: {
      tags: ['attacks'],
      operationId: 'attackOdds',
      summary: 'Exact odds of an attack action',
      description: `The same body as POST /v1/attacks without \`seed\` and \`dice\`, computed exactly (the d20s and the d% enumerated, the damage dice convolved; never sampled): per attack \`hitChance\`, \`critChance\`, \`expectedDamage\` and \`damageDistribution\`; for the action \`expectedDamage\`, \`distribution\` and, with target \`hitPoints\`, \`dropChance\` and \`killChance\`. Work is counted before any is done (each attack at most ${ODDS_LIMITS.dicePerAttack} damage dice); beyond a bound, a 422 \`out-of-range\` naming the attack's \`damage\`. ${operationDetails('attackOdds', 'The bounds')}`,
      body: AttackOddsRequestSchema,
      response: { 200: AttackOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => attackOdds(getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset), request.body as AttackRequest))
}

export default attacks
