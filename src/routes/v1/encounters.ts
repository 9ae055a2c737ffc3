import { createHash } from 'node:crypto'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { errorResponses, problemResponse } from '../../schemas/common.js'
import type { TSchema } from 'typebox'
import {
  AddCombatantSchema, CombatantParams, CombatantPatchSchema, CreateEncounterSchema, EncounterIdParams,
  EncounterListSchema, EncounterSchema, EventPageSchema, EventsQuery, ListQuery, StartSchema
} from '../../schemas/encounters.js'
import { HttpProblem } from '../../http/problem.js'
import { ENTITY_TAG_LIST, ifMatchPrecondition, ifNoneMatchMatches } from '../../http/entity-tags.js'
import { compileBodyValidator, fieldErrors, validatorCompiler } from '../../http/validation.js'
import { EncounterService, type WriteOptions } from '../../encounters/service.js'
import { actionOf, registeredActions, type EncounterAction } from '../../encounters/actions/index.js'
import { actionSchema, actionUnionSchema, eventSchemas } from '../../encounters/actions/schema.js'
import { StartedEncounterSchema } from '../../schemas/encounter-events.js'
import { operationDetails } from '../../openapi/readme.js'

/**
 * An Idempotency-Key is 1 to 200 visible ASCII characters (RFC 9110 VCHAR).
 * The header parameter's schema says exactly this (the length as its own
 * keywords, so each refusal is one error), so a key it accepts is never refused.
 */
const IDEMPOTENCY_KEY_CHARACTERS = '^[\\x21-\\x7E]*$'

/** The tenant a request acts for; the access plugin sets it from the API key (open mode: one shared tenant, `public`). */
export function ownerOf (request: FastifyRequest): string {
  return request.tenant
}

function writeOptions (request: FastifyRequest): WriteOptions {
  const options: WriteOptions = {}
  const precondition = ifMatchPrecondition(request.headers['if-match'])
  if (precondition !== undefined) options.precondition = precondition
  const key = request.headers['idempotency-key']
  // Every route that writes declares WRITE_HEADERS, whose schema has already refused any other key with a 400 naming the header.
  if (typeof key === 'string') {
    const requestHash = createHash('sha256').update(`${request.method} ${request.url.split('?')[0] ?? ''}\n${JSON.stringify(request.body ?? null)}`).digest('hex')
    options.idempotency = { key, requestHash }
  }
  return options
}

function sendWritten<T extends { version?: number, encounter?: { version: number } }> (reply: FastifyReply, written: { status: number, body: T, replayed: boolean }): T {
  const version = written.body.version ?? written.body.encounter?.version
  if (version !== undefined) reply.header('etag', `"${version}"`)
  if (written.replayed) reply.header('idempotent-replayed', 'true')
  reply.code(written.status)
  return written.body
}

/** One validator per options schema of the registered actions, compiled once. */
function optionValidators (): Map<TSchema, ReturnType<typeof compileBodyValidator>> {
  const validators = new Map<TSchema, ReturnType<typeof compileBodyValidator>>()
  for (const action of registeredActions()) {
    if (action.options !== undefined && !validators.has(action.options)) validators.set(action.options, compileBodyValidator(action.options))
  }
  return validators
}

/**
 * `options` is the stateless endpoint's: the schema accepts the options of any
 * action, so options that do not fit this action's are a 422 naming each field.
 */
function checkOptions (validators: ReturnType<typeof optionValidators>, body: { type: string, options?: unknown }): void {
  if (body.options === undefined) return
  const schema = actionOf(body.type)?.options
  if (!schema) throw new HttpProblem('not-possible', `${body.type} takes no options`, [{ path: '/options', message: `${body.type} takes no options` }])
  const validate = validators.get(schema) as ReturnType<typeof compileBodyValidator>
  if (!validate(body.options)) {
    const errors = fieldErrors(validate.errors ?? []).map((e) => ({ path: `/options${e.path}`, message: `${e.message} in the options of ${body.type}` }))
    throw new HttpProblem('inconsistent-fields', `${errors.length} field(s) of options do not fit the ${body.type} action`, errors)
  }
}

const IF_MATCH = Type.Optional(Type.String({
  pattern: ENTITY_TAG_LIST,
  description: 'The ETag of the version this write expects (`"3"`), a comma-separated list of them (the write happens when any is current), or `*` (any version). Another version is a 412 and nothing is written. The comparison is strong (RFC 9110, section If-Match): a weak tag (`W/"3"`) never matches, and the 412 says so. A value that is not `*` or a list of quoted entity tags (`3`, `"3` or `*, "3"`) is a 400 naming `header:if-match`.'
}))
const IF_NONE_MATCH = Type.Optional(Type.String({
  pattern: ENTITY_TAG_LIST,
  description: 'An ETag this client holds (`"3"`), a comma-separated list of them, or `*`: when one is the current version (weak comparison, RFC 9110, section If-None-Match: `W/"3"` matches too) or `*` is given, the answer is a 304 with no body. A value that is not `*` or a list of quoted entity tags is a 400 naming `header:if-none-match`.'
}))

const WRITE_HEADERS = Type.Object({
  'if-match': IF_MATCH,
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: IDEMPOTENCY_KEY_CHARACTERS, description: '1 to 200 visible ASCII characters (`!` to `~`, no spaces); any other key is a 400 naming the header. Replays the first response (status and body) for 24 hours for the same key and request; another request with the key is a 422; a concurrent retry waits for the first.' }))
})

/** The operation's description: short, the types from the registry; the detail in README › Operation details. */
function actionsDescription (actions: EncounterAction[]): string {
  return [
    `One action, by \`type\`: ${actions.map((a) => `\`${a.type}\``).join(', ')}. Its \`result\` is the stateless answer, applied (\`applied\`); only the combatant whose turn it is acts, within its budget (409); a GM's at any time.`,
    '',
    operationDetails('encounterAction', 'Each type\'s fields, turns, the budget, the dice order')
  ].join('\n')
}

/**
 * Responses whose schema is a `oneOf` (the action result, the log) leave as
 * JSON.stringify writes them: a schema serializer would try each branch in
 * turn. Their content is the service's own, built to those schemas.
 */
/** The highest `seq` the log stores (PostgreSQL integer). */
const MAX_SEQ = 2_147_483_647

const plainJson = (): ((data: unknown) => string) => (data) => JSON.stringify(data)

const encounters: FastifyPluginAsyncTypebox = async (fastify) => {
  const { ActionResponseSchema, LoggedEventSchema } = eventSchemas()
  const flatActionSchema = actionSchema()
  // Built when the routes are, so every action registered by then is in the schema, the options and the description.
  const validators = optionValidators()
  const service = new EncounterService(() => {
    if (!fastify.db) throw new HttpProblem('not-found', 'encounters are turned off on this server (ENCOUNTERS=off)')
    return fastify.db.encounters
  })
  const conflict: unknown = problemResponse('The encounter\'s state does not allow this (not the actor\'s turn, its actions spent, already started), or a request with this Idempotency-Key is still being processed.')
  const stale: unknown = problemResponse('`If-Match` names no current version of the encounter (a stale ETag, or only weak tags, which If-Match never matches; `detail` says which): nothing was written.')
  const write = { ...errorResponses({ notFound: true, resolution: true, database: true }), 409: conflict, 412: stale }
  const read = errorResponses({ body: false, notFound: true, database: true })

  fastify.post('/v1/encounters', {
    schema: {
      tags: ['encounters'], operationId: 'createEncounter', summary: 'Create an encounter',
      description: 'Creates an encounter in `preparing` with its roster. 201 with `Location` and `ETag`. Combatants without an `id` get a UUID.',
      headers: WRITE_HEADERS, body: CreateEncounterSchema, response: { 201: EncounterSchema, ...write }
    }
  }, async (request, reply) => {
    const seen = new Set<string>()
    request.body.combatants?.forEach((c, i) => {
      if (c.id !== undefined && seen.has(c.id)) throw new HttpProblem('inconsistent-fields', `duplicate combatant id "${c.id}"`, [{ path: `/combatants/${i}/id`, message: 'duplicates an earlier id' }])
      if (c.id !== undefined) seen.add(c.id)
    })
    const written = await service.create(ownerOf(request), request.body, writeOptions(request))
    reply.header('location', `/v1/encounters/${written.body.id}`)
    return sendWritten(reply, written)
  })

  fastify.get('/v1/encounters', {
    schema: {
      tags: ['encounters'], operationId: 'listEncounters', summary: 'List encounters, newest first',
      description: 'Keyset pagination: pass `nextCursor` back as `cursor`. A cursor this service did not return is a 400.',
      querystring: ListQuery, response: { 200: EncounterListSchema, ...errorResponses({ body: false, database: true }) }
    }
  }, async (request) => {
    const { limit = 20, cursor } = request.query
    return service.list(ownerOf(request), { limit, ...(cursor !== undefined ? { cursor } : {}) })
  })

  const readSchema = {
    headers: Type.Object({ 'if-none-match': IF_NONE_MATCH }), params: EncounterIdParams, response: { 200: EncounterSchema, 304: { description: 'Not modified: no body.', type: 'null' }, ...read }
  } as const
  /**
   * A 304 goes out with no body and no body headers (RFC 9110, section 304: no
   * Content-Type, no Content-Length): a client that read a length would wait
   * for a body that never comes, Node's fetch until the connection closes.
   */
  async function readEncounter (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<never> {
    const encounter = await service.get(ownerOf(request), request.params.id)
    const etag = `"${encounter.version}"`
    reply.header('etag', etag)
    if (ifNoneMatchMatches(request.headers['if-none-match'], encounter.version)) return reply.code(304).send() as never
    return encounter as never
  }
  fastify.get('/v1/encounters/:id', {
    // HEAD is its own route below: Fastify's automatic one would give a 304 `Content-Length: 0`.
    exposeHeadRoute: false,
    schema: {
      tags: ['encounters'], operationId: 'getEncounter', summary: 'Read an encounter',
      description: 'With `If-None-Match` of the current ETag: 304, no body.',
      ...readSchema
    }
  }, readEncounter)
  // The same answer without its body: a 200's Content-Length is the body's, a 304 has none.
  fastify.head('/v1/encounters/:id', { schema: { hide: true, ...readSchema } }, readEncounter)

  fastify.delete('/v1/encounters/:id', {
    schema: {
      tags: ['encounters'], operationId: 'deleteEncounter', summary: 'Delete an encounter with its log',
      description: 'Deletes the encounter and its event log; its open event streams end. With `If-Match`, only that version is deleted (412 otherwise).',
      headers: Type.Object({ 'if-match': IF_MATCH }), params: EncounterIdParams, response: { 204: { description: 'Deleted.', type: 'null' }, 412: stale, ...read }
    }
  }, async (request, reply) => {
    // Only If-Match: a delete takes no Idempotency-Key (it is idempotent itself), so one sent is ignored, never refused.
    await service.delete(ownerOf(request), request.params.id, ifMatchPrecondition(request.headers['if-match']))
    return reply.code(204).send(null as never)
  })

  fastify.post('/v1/encounters/:id/combatants', {
    schema: {
      tags: ['encounters'], operationId: 'addCombatant', summary: 'Add a combatant',
      description: 'Allowed in any status; a combatant joining an active encounter rolls initiative on entry (one d20, `initiative`; `seed` and `dice` fix it) and acts at its count from then on.',
      headers: WRITE_HEADERS, params: EncounterIdParams, body: AddCombatantSchema, response: { 201: EncounterSchema, ...write }
    }
  }, async (request, reply) => {
    const { seed, dice, ...combatant } = request.body
    return sendWritten(reply, await service.addCombatant(ownerOf(request), request.params.id, combatant, { seed, dice }, writeOptions(request)))
  })

  fastify.patch('/v1/encounters/:id/combatants/:combatantId', {
    schema: {
      tags: ['encounters'], operationId: 'updateCombatant', summary: 'Change a combatant',
      description: 'A merge patch of one combatant (a GM\'s correction): each field given replaces the stored one, `null` removes an optional field, the fields left out keep their values. Logged as an event like every write.',
      headers: WRITE_HEADERS, params: CombatantParams, body: CombatantPatchSchema, response: { 200: EncounterSchema, ...write }
    }
  }, async (request, reply) => sendWritten(reply, await service.updateCombatant(ownerOf(request), request.params.id, request.params.combatantId, request.body, writeOptions(request))))

  fastify.delete('/v1/encounters/:id/combatants/:combatantId', {
    schema: {
      tags: ['encounters'], operationId: 'removeCombatant', summary: 'Remove a combatant',
      description: 'Removing the combatant whose turn it is passes the turn to the next in order.',
      headers: WRITE_HEADERS, params: CombatantParams, response: { 200: EncounterSchema, ...errorResponses({ body: false, notFound: true, resolution: true, database: true }), 412: stale }
    }
  }, async (request, reply) => sendWritten(reply, await service.removeCombatant(ownerOf(request), request.params.id, request.params.combatantId, writeOptions(request))))

  fastify.post('/v1/encounters/:id/start', {
    schema: {
      tags: ['encounters'], operationId: 'startEncounter', summary: 'Roll initiative and start',
      description: 'Rolls initiative for everyone (as POST /v1/initiative; the response adds its result as `initiative`), opens the surprise round (round 0) when some but not all are aware, makes everyone but those with uncanny dodge flat-footed (variant: off-guard) until their first turn, and gives the first turn. Only a `preparing` encounter starts (409 otherwise).',
      headers: WRITE_HEADERS, params: EncounterIdParams, body: StartSchema,
      response: { 200: StartedEncounterSchema, ...write }
    }
  }, async (request, reply) => sendWritten(reply, await service.start(ownerOf(request), request.params.id, request.body, writeOptions(request))))

  fastify.post('/v1/encounters/:id/actions', {
    schema: {
      tags: ['encounters'], operationId: 'encounterAction', summary: 'Take an action', description: actionsDescription(registeredActions()),
      headers: WRITE_HEADERS, params: EncounterIdParams, body: actionUnionSchema(), response: { 200: ActionResponseSchema, ...write }
    },
    // The document shows the discriminated union; the body is checked against the flat schema, so a
    // field the type needs and lacks (or does not take) is a 422 naming it (actionFieldProblems).
    validatorCompiler: (route) => validatorCompiler(route.httpPart === 'body' ? { ...route, schema: flatActionSchema } : route),
    serializerCompiler: plainJson
  }, async (request, reply) => {
    const body = request.body as Record<string, unknown> & { type: string }
    checkOptions(validators, body)
    return sendWritten(reply, await service.act(ownerOf(request), request.params.id, body, writeOptions(request)))
  })

  fastify.get('/v1/encounters/:id/events', {
    schema: {
      tags: ['encounters'], operationId: 'listEncounterEvents', summary: 'Read the event log',
      description: 'The append-only log, oldest first: every accepted write is one event with its request (the seed and assigned ids filled in), rolls, result and what it changed. Folding the events from the first reproduces the stored encounter. Cursor pagination as on the encounter list: pass `nextCursor` back as `cursor`.',
      params: EncounterIdParams, querystring: EventsQuery,
      response: { 200: EventPageSchema(LoggedEventSchema), ...read }
    },
    serializerCompiler: plainJson
  }, async (request) => {
    const { limit = 100, cursor, after } = request.query
    // A sequence number past any the log can hold (a 32-bit column) asks for nothing further.
    const from = Math.min(Math.max(after ?? 0, cursor === undefined ? 0 : Number(cursor)), MAX_SEQ)
    // One more than the page: the last page says so (nextCursor null) rather than leading to an empty one.
    const events = await service.events(ownerOf(request), request.params.id, { after: from, limit: limit + 1 })
    const items = events.slice(0, limit)
    const last = items[items.length - 1]
    return { items: items as never[], nextCursor: events.length > limit && last ? String(last.seq) : null }
  })
}

export default encounters
