import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static } from 'typebox'
import { RulesetListSchema, RulesetParamsSchema, RulesetSchema } from '../../schemas/rulesets.js'
import { errorResponses } from '../../schemas/common.js'
import { getRuleset, isRulesetId, listRulesets, type Ruleset } from '../../rules/rulesets/index.js'
import { SIZE_TABLE } from '../../rules/size.js'
import { HttpProblem } from '../../http/problem.js'

function describe (ruleset: Ruleset): Static<typeof RulesetSchema> {
  return {
    id: ruleset.id,
    name: ruleset.name,
    description: ruleset.description,
    saves: [...ruleset.saves],
    actionTypes: [...ruleset.actionTypes],
    capabilities: ruleset.capabilities,
    sizeTable: SIZE_TABLE.map((row) => ({ ...row, attackAndAc: ruleset.sizeModifiesAttackAndAc ? row.attackAndAc : 0 })),
    ...(ruleset.turningTable ? { turningTable: ruleset.turningTable.map((r) => ({ ...r })) } : {})
  }
}

const rulesets: FastifyPluginAsyncTypebox = async (fastify) => {
  // Computed once per app: the registered rulesets do not change while it runs.
  const described = listRulesets().map(describe)
  fastify.get('/v1/rulesets', {
    schema: {
      tags: ['rulesets'],
      operationId: 'listRulesets',
      summary: 'List the rulesets',
      description: 'Every ruleset with its save names, action types, capabilities (which endpoints and actions it defines), size table and, for dnd35, the turning table.',
      response: { 200: RulesetListSchema, ...errorResponses({ body: false }) }
    }
  }, async () => ({ rulesets: described }))

  fastify.get('/v1/rulesets/:id', {
    schema: {
      tags: ['rulesets'],
      operationId: 'getRuleset',
      summary: 'Describe one ruleset',
      description: 'One ruleset, as in the list.',
      params: RulesetParamsSchema,
      response: { 200: RulesetSchema, ...errorResponses({ body: false, notFound: true }) }
    }
  }, async (request) => {
    const { id } = request.params
    if (!isRulesetId(id)) throw new HttpProblem('not-found', `No ruleset "${id}"; known: ${described.map((r) => r.id).join(', ')}`, [{ path: 'path:/id', message: 'is not a known ruleset' }])
    return described.find((r) => r.id === getRuleset(id).id)
  })
}

export default rulesets
