import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TurningOddsRequestSchema, TurningOddsResponseSchema } from '../../schemas/turning-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { Dice } from '../../rules/dice/roller.js'
import { resolveTurning, type TurningRequest } from '../../rules/turning/index.js'
import { TURNING_ODDS_LIMITS, turningOdds } from '../../rules/turning/odds.js'
import { turningResponse } from '../../resolution/turning.js'

const turningOddsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/turning/odds', {
    schema: {
      tags: ['turning'],
      operationId: 'turningOdds',
      summary: 'Exact odds of turning undead (dnd35) or channelling energy (pf1e)',
      description: [
        'The same body as POST /v1/turning without `seed` and `dice`, and the same refusals. Computed exactly, never sampled, by the resolving endpoint\'s own procedure.',
        `**dnd35**: the turning check's distribution (each d20 face: total and the Turning Undead table's most powerful undead affected), the distribution of that maximum, of the turning damage (the total Hit Dice affected, with the chance it is rolled at all), of the Hit Dice spent and, for \`dispel\`, the chance to beat \`previousTurningCheck\`; for each undead, the probability of each outcome (destroyed, turned, rebuked, commanded, bolstered, freed, unaffected, out of range). The procedure runs once per check result the table tells apart, per total of the 2d6, and per order of equally close undead the dice can choose.`,
        `**pf1e**: the channel's total distribution; for each target, its Will save (DC, bonus, chance to succeed), the probability of each outcome, and the distribution of the healing or damage it gets (each target's save independent of the others'). The procedure runs twice per channel total (every save made, every save failed).`,
        `Bounded work, counted before the enumeration (after one run of the procedure, which gives the check modifier and the channel dice): runs × (1 + creatures) at most ${TURNING_ODDS_LIMITS.work.toLocaleString('en-US')}; beyond, a 422 \`out-of-range\` naming \`/undead\` or \`/targets\`. **variant**: 422 \`rule-not-defined\`, as POST /v1/turning.`
      ].join('\n\n'),
      body: TurningOddsRequestSchema,
      response: { 200: TurningOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const ruleset = getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset)
    const body = request.body
    // The resolving endpoint's function once, for its cross-field refusals; the odds then run the procedure it calls.
    turningResponse({ ruleset, dice: new Dice({ seed: 0 }) }, body)
    const odds = turningOdds(ruleset, body as TurningRequest, (dice) => resolveTurning(ruleset, body as TurningRequest, dice))
    return { ruleset: ruleset.id, action: body.action, ...odds }
  })
}

export default turningOddsRoutes
