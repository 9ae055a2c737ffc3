// POST /v1/encounters/{id}/stream-tokens: a short-lived token that opens this
// encounter's event stream as `?token=`, for browsers, whose EventSource
// cannot send the API key in a header (src/http/stream-tokens.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses } from '../../schemas/common.js'
import { EncounterIdParams } from '../../schemas/encounters.js'
import { HttpProblem } from '../../http/problem.js'
import { STREAM_TOKEN_TTL_SECONDS, TOKEN_PARAM } from '../../http/stream-tokens.js'
import { EncounterNotFoundError } from '../../encounters/errors.js'
import { ownerOf } from './encounters.js'
import { operationDetails } from '../../openapi/readme.js'

const EXAMPLE_ID = '3f6c2a9e-8d41-4b7a-9c55-0e2d7f1b6a34'
const EXAMPLE_TOKEN = 'eyJlIjoiM2Y2YzJhOWUtOGQ0MS00YjdhLTljNTUtMGUyZDdmMWI2YTM0IiwidCI6IndlYmFwcCIsIngiOjE3Nzc2MzcxMDAwMDB9._zIGgLA6KNidAAZWaSBYO_29QmZmYx920c9WTpXw3pY'

export const StreamTokenSchema = Type.Object({
  token: Type.String({ description: `Opaque (do not parse it): pass it as \`?${TOKEN_PARAM}=\` to this encounter's stream. URL-safe as it is (base64url characters and \`.\`).` }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the token stops opening the stream (UTC). A stream opened before then stays open.' }),
  expiresIn: Type.Integer({ minimum: 1, maximum: STREAM_TOKEN_TTL_SECONDS, description: `Seconds from now until \`expiresAt\`: ${STREAM_TOKEN_TTL_SECONDS}.` }),
  url: Type.String({ description: 'The stream\'s URL with the token, relative to the service: give it to `new EventSource(...)` as it is (add `&after=<seq>` to resume).' })
}, {
  additionalProperties: false,
  title: 'StreamToken',
  description: 'A token that opens one encounter\'s event stream, for the API key that asked for it, until it expires.',
  examples: [{
    token: EXAMPLE_TOKEN,
    expiresAt: '2026-05-01T12:05:00.000Z',
    expiresIn: STREAM_TOKEN_TTL_SECONDS,
    url: `/v1/encounters/${EXAMPLE_ID}/stream?${TOKEN_PARAM}=${EXAMPLE_TOKEN}`
  }]
})

const DESCRIPTION = [
  `A token that opens this encounter's event stream (\`GET /v1/encounters/{id}/stream?${TOKEN_PARAM}=<token>\`) for ${STREAM_TOKEN_TTL_SECONDS / 60} minutes, for the key that asked: what a browser needs, since EventSource cannot send an \`Authorization\` header and a key is never accepted in a URL. Then \`new EventSource(url)\` with the answer's \`url\`.`,
  '',
  `Answers 200 with \`Cache-Control: no-store\`; an unknown encounter, or another key's, is a 404. No request body. ${operationDetails('createStreamToken', 'Scope, expiry and signing')}`
].join('\n')

const streamTokens: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/encounters/:id/stream-tokens', {
    schema: {
      tags: ['encounters'], operationId: 'createStreamToken', summary: 'Get a token for the event stream (browsers)',
      description: DESCRIPTION,
      params: EncounterIdParams,
      response: {
        // Its Cache-Control: no-store is declared with the other headers (src/openapi/headers.ts).
        200: StreamTokenSchema,
        ...errorResponses({ notFound: true, database: true })
      }
    }
  }, async (request, reply) => {
    const db = fastify.db
    if (!db) throw new HttpProblem('not-found', 'encounters are turned off on this server (ENCOUNTERS=off)')
    const owner = ownerOf(request)
    const encounter = await db.encounters.get(owner, request.params.id)
    if (encounter === null) throw new EncounterNotFoundError('encounter')
    const issued = fastify.streamTokens.issue(request.params.id, owner)
    reply.header('cache-control', 'no-store')
    return {
      token: issued.token,
      expiresAt: new Date(issued.expiresAt).toISOString(),
      expiresIn: issued.expiresIn,
      url: `/v1/encounters/${encodeURIComponent(request.params.id.toLowerCase())}/stream?${TOKEN_PARAM}=${issued.token}`
    }
  })
}

export default streamTokens
