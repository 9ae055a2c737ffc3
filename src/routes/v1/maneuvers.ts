import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ManeuverRequestSchema, ManeuverResponseSchema } from '../../schemas/maneuvers.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { maneuver, maneuverReport } from '../../application/maneuvers.js'

const maneuvers: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/maneuvers', {
    schema: {
      tags: ['grapples'],
      operationId: 'resolveManeuver',
      summary: 'Resolve one combat maneuver',
      description: [
        'Resolves trip, disarm, bull rush, overrun, sunder or feint (pf1e also drag, reposition, steal, dirty trick; variant also drive back) between `attacker` and `defender`. Same response shape as POST /v1/grapples: `steps`, `state` (conditions afterwards), `damage` (sunder: to the item) and `effect` (push distance, items dropped, rounds, …). Attacks of opportunity are resolved by the caller, who sends `options.attackOfOpportunityDamage`.',
        'Each roller\'s own `conditions` apply to its rolls (prone −4 on melee rolls, shaken −2, pf1e grappled −2 except to grapple or escape, …; see `options.attackerModifiers`), so do not pass them again as modifiers.',
        '',
        '**dnd35** (opposed checks; ties: higher modifier, then both re-roll, as SRD 3.5 › Opposed Checks; a feint must exceed): trip: touch attack d20 (`touch-attack`), then `maneuver-attacker` d20 and `maneuver-defender` d20 (Str against the better of Str/Dex, ±4 per size from Medium, +4 stable), then on failure the counter-trip: `counter-defender` d20 and `counter-attacker` d20. Disarm and sunder: opposed attack rolls (`maneuver-attacker`, `maneuver-defender`; two-handed +4, light or unarmed −4, +4 per size larger), disarm then the counter-disarm, sunder then its damage dice (`damage`). Bull rush (push 5 ft + 5 per full 5 of margin) and overrun: `maneuver-attacker`, `maneuver-defender` (overrun: then the counter). Feint: `bluff` d20, then `sense-motive` d20. Any tie-breaks (`tie-break`, actor first) follow the check they break.',
        '',
        '**pf1e** (CMB against CMD; natural 20 succeeds, natural 1 fails; results per 5 of margin): one d20 (`combat-maneuver`), then sunder\'s damage dice (`damage`). Feint is a Bluff check (`bluff`) against DC 10 + BAB + Wis (or 10 + Sense Motive when trained and higher).',
        '',
        '**variant** (d20 + Str + size against DC 10 + the defender\'s bonus + size + 4 stable): one `strength-check` d20 (trip: after the `touch-attack` d20), then any counter (`counter-defender`). Disarm, sunder and feint as dnd35. Drive back rolls nothing.'
      ].join('\n'),
      body: ManeuverRequestSchema,
      response: { 200: ManeuverResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return maneuverReport(resolution, request.body.maneuver, maneuver(resolution, request.body))
  })
}

export default maneuvers
