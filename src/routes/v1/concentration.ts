import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ConcentrationRequestSchema, ConcentrationResponseSchema } from '../../schemas/concentration.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { concentration as checkConcentration, concentrationReport } from '../../application/concentration.js'

const concentration: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/concentration', {
    schema: {
      tags: ['spells'],
      operationId: 'rollConcentration',
      summary: 'Roll a concentration check to keep a spell',
      description: 'd20 + bonus against the DC of the situation (see `situation`). The bonus: dnd35 the caster\'s `concentration` (Concentration skill modifier) with the condition modifiers on skill checks; pf1e `casterLevel` + the modifier of `castingAbility` (after conditions that change the score). A field the ruleset needs and the caster lacks is a 422 `missing-field` naming it (`/caster/concentration`, `/caster/casterLevel`, `/damageTaken`, `/grapplerCmb`); `damageTaken` or `grapplerCmb` where the situation does not use them a 422 `inconsistent-fields`. The variant defines no concentration check: 422 `rule-not-defined`. Dice order: the one d20 (purpose `concentration`).',
      body: ConcentrationRequestSchema,
      response: { 200: ConcentrationResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return concentrationReport(resolution, checkConcentration(resolution, request.body))
  })
}

export default concentration
