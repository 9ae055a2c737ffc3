import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { InitiativeRequestSchema, InitiativeResponseSchema } from '../../schemas/initiative.js'
import { errorResponses } from '../../schemas/common.js'
import { resolutionEcho, startResolution } from '../../http/resolution.js'
import { HttpProblem, type ProblemField } from '../../http/problem.js'
import { assertValidHitPoints } from '../../http/hit-points.js'
import { rollInitiative } from '../../rules/initiative/initiative.js'

const initiative: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/initiative', {
    schema: {
      tags: ['initiative'],
      operationId: 'rollInitiative',
      summary: 'Roll initiative, with surprise and flat-footed',
      description: 'Initiative = d20 + Dex modifier + Improved Initiative (+4) + `initiativeBonus`; the variant adds its base combat bonus and its bloodied (−1), wounded (a further −1), deafened (−4) and shaken (−2) penalties, and re-rolls every round (call again). Ties: dnd35/pf1e the higher modifier, then a roll-off (repeated while tied); variant simultaneous action (`simultaneousWith`). A surprise round happens when some but not all combatants are `aware`. Dice order: one d20 per combatant in request order (purpose `initiative`); then the roll-off d20s (purpose `tie-break`), tie group by tie group in the request order of each group\'s first combatant, each member in request order, a group settled completely before the next.',
      body: InitiativeRequestSchema,
      response: { 200: InitiativeResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const body = request.body
    const seen = new Set<string>()
    const duplicates: ProblemField[] = []
    body.combatants.forEach((c, i) => {
      if (seen.has(c.id)) duplicates.push({ path: `/combatants/${i}/id`, message: `duplicates the id "${c.id}"` })
      seen.add(c.id)
    })
    if (duplicates.length > 0) throw new HttpProblem('validation-failed', 'combatant ids must be unique', duplicates)
    const resolution = startResolution(body, fastify.config.defaultRuleset)
    // The variant reads bloodied/wounded off hitPoints: `current` above `max` would be negative damage.
    body.combatants.forEach((c, i) => { if (c.hitPoints) assertValidHitPoints(c.hitPoints, resolution.ruleset, `/combatants/${i}/hitPoints`) })
    const outcome = rollInitiative(resolution.ruleset, body.combatants, resolution.dice)
    return { ...resolutionEcho(resolution), ...outcome }
  })
}

export default initiative
