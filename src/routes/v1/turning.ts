import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TurningRequestSchema, TurningResponseSchema } from '../../schemas/turning.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { turning as resolveTurning, turningReport } from '../../application/turning.js'

const turning: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/turning', {
    schema: {
      tags: ['turning'],
      operationId: 'resolveTurning',
      summary: 'Turn, rebuke, command, bolster or dispel undead (dnd35); channel energy (pf1e)',
      description: [
        '**dnd35** (SRD 3.5 › Turn or Rebuke Undead): turning check d20 + Cha modifier (+2 with 5 ranks of Knowledge (religion), plus `checkModifiers`) read through the Turning Undead table (GET /v1/rulesets/dnd35) to the most powerful undead affected; turning damage 2d6 + effective level + Cha modifier is the total Hit Dice affected, rolled only when some undead within 60 ft could be affected. Undead are taken closest first; the sweep stops at the first affectable undead the remaining damage cannot pay for (closest first is strict). Turn resistance adds to Hit Dice for the table and the destruction test only. An undead is destroyed (commanded, for negative energy) when the effective level is at least twice its Hit Dice. Paladins turn as clerics three levels lower from 4th level (below: 422).',
        '`bolster` makes a turning check only (no damage): the table result becomes the effective Hit Dice of each undead in range whose Hit Dice are lower, for 10 rounds. `dispel` frees undead marked `alreadyTurned` when its check is at least `previousTurningCheck`, up to the turning damage in Hit Dice, closest first.',
        'Equally close undead (SRD 3.5 › Closest Creature): when the order among them can change an outcome (the turning damage left cannot pay for all of them, or the command limit cannot take all it would command), dice decide it: for k tied undead, dk picks the closest (counted in request order), then d(k−1) among the rest, down to d2. Otherwise no die is rolled and request order stands.',
        'Dice order (dnd35): the turning check d20 (`turning-check`); then the turning damage 2d6 (`turning-damage`) when rolled; then any tie-break dice (`tie-break`), closest tie first.',
        '**pf1e** (PRD › Channel Energy): `channel-positive` heals living targets and harms undead, `channel-negative` the reverse, by ceil(level / 2)d6 in a 30-ft burst; harmed targets make a Will save (DC 10 + ½ level + Cha modifier) for half. `turn-undead` (the feat) makes undead in the burst flee for 1 minute unless they save; it rolls no channel dice.',
        'Dice order (pf1e): the channel dice (`channel`), then one Will save d20 (`save`) per target that must save (harmed targets; undead facing `turn-undead`), in request order; healed, unaffected and out-of-range targets roll none.',
        '**variant**: no turning rules: 422 `rule-not-defined`.'
      ].join('\n\n'),
      body: TurningRequestSchema,
      response: { 200: TurningResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return turningReport(resolution, resolveTurning(resolution, request.body))
  })
}

export default turning
