import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { GrappleRequestSchema, GrappleResponseSchema } from '../../schemas/maneuvers.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { grapple, grappleReport } from '../../application/maneuvers.js'

const grapples: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/grapples', {
    schema: {
      tags: ['grapples'],
      operationId: 'resolveGrapple',
      summary: 'Resolve one grapple action',
      description: [
        'Resolves one grapple action between `attacker` (the actor) and `defender`, step by step, and returns the conditions each side has afterwards.',
        'Each roller\'s own `conditions` apply to its rolls (prone −4 on melee rolls, shaken −2, pf1e grappled −2 except to grapple or escape, …; see `options.attackerModifiers`), so do not pass them again as modifiers.',
        '',
        '**dnd35** (opposed grapple checks, BAB + Str + special size modifier): `start` runs the attack of opportunity (the caller resolves it and sends `options.attackOfOpportunityDamage`; none with Improved Grapple or against a creature already grappling; any damage fails the attempt), the melee touch attack, the size check (a target two or more sizes larger wins the hold automatically, no check is rolled), the opposed check and the unarmed-strike damage. Ties: the higher modifier wins, then both re-roll (at most 20 re-rolls; a fixed sequence that ties every time is a 422).',
        'Dice order (dnd35 `start`): touch attack d20 (`touch-attack`); attacker\'s grapple d20 (`grapple-attacker`); defender\'s grapple d20 (`grapple-defender`); on a tie of totals and modifiers, one more d20 each, actor first (`tie-break`), until resolved; then the unarmed-strike damage dice (`damage`). Other dnd35 actions: the actor\'s d20 (`grapple-attacker`, or `escape-artist`), then each opponent\'s d20 in order (`grapple-defender`), then tie-breaks per opponent in that order, then damage dice where the action deals damage.',
        '',
        '**pf1e** (CMB against CMD; a natural 20 always succeeds, a natural 1 always fails): one d20 (`combat-maneuver`, or `escape-artist`), then damage dice (`damage`) where the action deals damage. No die is rolled against an incapacitated target (automatic success).',
        '',
        '**variant**: the ruleset does not define grappling; every action is a 422 `rule-not-defined`.'
      ].join('\n'),
      body: GrappleRequestSchema,
      response: { 200: GrappleResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return grappleReport(resolution, request.body.action, grapple(resolution, request.body))
  })
}

export default grapples
