// GET /v1/encounters/{id}/stream: the encounter's new events as Server-Sent
// Events, fed by this instance's LISTEN session, so a write through any
// instance reaches every stream. The route only wires a request to a stream;
// the ordering and slow-client rules live in the stream itself.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses, ProblemSchema, StringEnum } from '../../schemas/common.js'
import { EncounterIdParams } from '../../schemas/encounters.js'
import { HttpProblem } from '../../http/problem.js'
import { EncounterEventStream, PAGE_SIZE } from '../../encounters/event-stream.js'
import { ownerOf } from './encounters.js'
import { STREAM_TOKEN_QUERY } from '../../http/stream-tokens.js'
import { operationDetails } from '../../openapi/readme.js'

const StreamQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Resume after this `seq` (the `Last-Event-ID` header wins when both are given); default 0, the whole log.' })),
  eventName: Type.Optional(StringEnum(['type', 'message'] as const, { description: 'The SSE event name of each message. `type` (default): the event\'s type (`EncounterEventType`: `attack`, `end-turn`, …), so an EventSource needs `addEventListener` per type and `onmessage` receives nothing. `message`: no `event:` line, so every event arrives at `onmessage` (or `addEventListener(\'message\', …)`); the type is in the data\'s `type`.' })),
  ...STREAM_TOKEN_QUERY
}, { additionalProperties: false })

const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'The `id` of the last event the client received: the stream resumes right after it. Browsers\' EventSource sends it on reconnect.' }))
})

function description (heartbeatMs: number, maxStreams: number): string {
  const heartbeat = heartbeatMs % 1000 === 0 ? `${heartbeatMs / 1000} s` : `${heartbeatMs} ms`
  return [
    'The encounter\'s events as Server-Sent Events (`id:` seq, `event:` type, `data:` the logged event with `version`), oldest first, then live, without end. It never finishes, so Swagger UI\'s "Execute" waits forever: use `curl -N <url>` or a browser\'s `EventSource` (one listener per type, or `?eventName=message` for `onmessage`).',
    '',
    `Resume with \`Last-Event-ID\` or \`?after=\`; a \`: keep-alive\` comment every ${heartbeat}; at most ${maxStreams} streams per instance (503). ${operationDetails('streamEncounterEvents', 'Listening, resuming, slow clients')}`
  ].join('\n')
}

const encounterStream: FastifyPluginAsyncTypebox = async (fastify) => {
  const { streamHeartbeatMs, maxStreams } = fastify.config
  const open = new Set<EncounterEventStream>()
  // A stream never ends by itself: close them, or the server's close would wait forever.
  fastify.addHook('preClose', async () => {
    for (const stream of open) stream.close('shutdown')
  })

  fastify.get('/v1/encounters/:id/stream', {
    // A HEAD would hold a stream open with nothing to show for it.
    exposeHeadRoute: false,
    // Hijacked, so never compressed anyway; declared so that no compression hook runs for it either.
    compress: false,
    schema: {
      tags: ['encounters'], operationId: 'streamEncounterEvents', summary: 'Follow the event log live (Server-Sent Events)',
      description: description(streamHeartbeatMs, maxStreams),
      params: EncounterIdParams, querystring: StreamQuery, headers: StreamHeaders,
      response: {
        200: {
          description: 'An endless `text/event-stream` of the encounter\'s events after the resume point.',
          content: { 'text/event-stream': { schema: Type.String({ description: 'Server-Sent Events: `id:` seq, `event:` type (an `EncounterEventType`; none with `?eventName=message`), `data:` the event JSON (an `EncounterEvent`) with `version`; `: keep-alive` comments in between.' }) } }
        },
        ...errorResponses({ body: false, notFound: true, database: true }),
        400: { description: 'A malformed `after` or `Last-Event-ID`, named in `errors`.', content: { 'application/problem+json': { schema: ProblemSchema } } },
        503: { description: 'The database is unavailable, or this instance holds as many streams open as it allows (`Retry-After`).', content: { 'application/problem+json': { schema: ProblemSchema } } }
      }
    }
  }, async (request, reply) => {
    const db = fastify.db
    if (!db) throw new HttpProblem('not-found', 'encounters are turned off on this server (ENCOUNTERS=off)')
    if (open.size >= maxStreams) {
      throw new HttpProblem('too-many-streams', `this instance already holds ${maxStreams} event streams open; retry shortly or on another instance`, [], { 'retry-after': '5' })
    }
    const repository = db.encounters
    const owner = ownerOf(request)
    const id = request.params.id
    const lastEventId = request.headers['last-event-id']
    const after = lastEventId !== undefined ? Number(lastEventId) : request.query.after ?? 0
    const log = request.log

    let unsubscribe = (): void => undefined
    const stream: EncounterEventStream = new EncounterEventStream(reply.raw, {
      after,
      heartbeatMs: streamHeartbeatMs,
      named: request.query.eventName !== 'message',
      read: async (from, limit) => repository.events(owner, id, { after: from, limit }),
      onEnd: (reason, error) => {
        open.delete(stream)
        unsubscribe()
        if (reason === 'slow-client') log.warn({ lastSent: stream.lastSent }, 'event stream dropped: the client fell behind')
        else if (reason === 'error') log.warn({ err: error, lastSent: stream.lastSent }, 'event stream ended: the log could not be read')
        else log.info({ reason, lastSent: stream.lastSent }, 'event stream ended')
      }
    })
    open.add(stream) // counted from here, so concurrent opens cannot overshoot the bound
    let backlog
    try {
      // Subscribe first, then read: an event committed in between wakes the stream, so none is missed.
      unsubscribe = db.streams.subscribe(id, stream)
      backlog = await repository.events(owner, id, { after, limit: PAGE_SIZE }) // also the ownership check: 404 before any header
    } catch (error) {
      open.delete(stream)
      unsubscribe()
      throw error
    }

    reply.hijack()
    // Headers the hooks set (request id, security headers, rate limit) go out with ours.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value)
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no'
    })
    reply.raw.flushHeaders()
    log.info({ after }, 'event stream opened')
    stream.start(backlog)
  })
}

export default encounterStream
