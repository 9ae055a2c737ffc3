// The response headers the service sends, declared on the responses that
// carry them (`#/components/headers/<Name>`, one definition each), so a
// generated client can read them typed. Which response carries which follows
// from its status and the operation, as the code sends them:
// security-headers.ts (x-request-id), the rate limiter (plugins/external/
// security.ts), the problem handler (Retry-After, WWW-Authenticate,
// Accept-Encoding), the encounter routes (ETag, Location, Idempotent-Replayed)
// and the stream routes (Cache-Control). Transport headers (Content-Type,
// Content-Length, Content-Encoding, Vary, Date, Connection) and helmet's fixed
// security set, the same on every response, are not repeated on each one.
// test/contract/response-headers.test.ts compares this with real answers.
import type { Json } from './components.js'
import type { OperationPlace } from './problems.js'

const integer = (description: string, required = false): Json => ({ description, required, schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } })
const text = (description: string, schema: Json, required = false): Json => ({ description, required, schema })

/** The headers, by their HTTP names; `components.headers` holds them under the names of COMPONENT. */
const HEADERS: Record<string, Json> = {
  'X-Request-Id': text('The request\'s id: the client\'s own `x-request-id` when it sent a usable one, else one the service made. Every response carries it; quote it when reporting a problem.', { type: 'string', minLength: 1, maxLength: 200 }, true),
  'X-RateLimit-Limit': integer('Requests allowed per minute for this API key (or client address). Present while rate limiting is on (`RATE_LIMIT_PER_MINUTE` > 0).'),
  'X-RateLimit-Remaining': integer('Requests left in the current minute. Present while rate limiting is on.'),
  'X-RateLimit-Reset': integer('Seconds until the current minute\'s count starts again. Present while rate limiting is on.'),
  'Retry-After': integer('Seconds to wait before trying again.'),
  'WWW-Authenticate': text('The scheme to authenticate with: `Bearer realm="d20"`, with `error="invalid_token"` when a key was sent and is not valid (RFC 6750).', { type: 'string', maxLength: 200 }, true),
  'Accept-Encoding': text('`identity`, on the refusal of a compressed body: request bodies are taken as sent, never decompressed.', { type: 'string', const: 'identity' }),
  ETag: text('The encounter\'s version as a strong entity tag (`"3"`): send it back in `If-Match` to write only that version, or `If-None-Match` to read only a newer one.', { type: 'string', pattern: '^"[0-9]{1,16}"$', maxLength: 18 }, true),
  Location: text('The new encounter\'s URL, relative to the service.', { type: 'string', format: 'uri-reference', maxLength: 300 }, true),
  'Idempotent-Replayed': text('`true` when this answer is the replay of an earlier request with the same `Idempotency-Key`; absent otherwise.', { type: 'string', const: 'true' }),
  'Cache-Control': text('`no-store` on a stream token (a credential), `no-cache` on the event stream.', { type: 'string', enum: ['no-store', 'no-cache'] }, true),
  'X-Accel-Buffering': text('`no`: tells an nginx proxy not to buffer the event stream.', { type: 'string', const: 'no' }, true)
}

/** Each header's component name: short, since every response repeats its `$ref` (the document's size is bounded). */
const COMPONENT: Record<string, string> = {
  'X-Request-Id': 'RequestId',
  'X-RateLimit-Limit': 'Limit',
  'X-RateLimit-Remaining': 'Remaining',
  'X-RateLimit-Reset': 'Reset',
  'Retry-After': 'RetryAfter',
  'WWW-Authenticate': 'Authenticate',
  'Accept-Encoding': 'AcceptEncoding',
  ETag: 'ETag',
  Location: 'Location',
  'Idempotent-Replayed': 'Replayed',
  'Cache-Control': 'CacheControl',
  'X-Accel-Buffering': 'AccelBuffering'
}

const ref = (name: string): Json => ({ $ref: `#/components/headers/${COMPONENT[name] ?? name}` })

/** Operations that answer with the encounter (or an action on it) and its version. */
const VERSIONED = new Set(['createEncounter', 'getEncounter', 'addCombatant', 'updateCombatant', 'removeCombatant', 'startEncounter', 'encounterAction'])

/** Probes the rate limiter lets through (plugins/external/security.ts allowList). */
const NOT_RATE_LIMITED = new Set(['health', 'readiness'])

/** The headers a response of this status carries on this operation; only the status matters for an error (the shared responses). */
export function responseHeaders (status: number, place: OperationPlace & { idempotent: boolean }): Record<string, Json> {
  const names = ['X-Request-Id']
  // An error response is shared between operations: it declares them all the same (a header object is not required).
  if (status >= 400 || !NOT_RATE_LIMITED.has(place.operationId)) names.push('X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset')
  if (status === 401) names.push('WWW-Authenticate')
  if (status === 429 || status === 503) names.push('Retry-After')
  if (status === 415) names.push('Accept-Encoding')
  if (status < 400) {
    if (VERSIONED.has(place.operationId)) names.push('ETag')
    if (place.operationId === 'createEncounter' && status === 201) names.push('Location')
    if (place.idempotent) names.push('Idempotent-Replayed')
    if (place.operationId === 'createStreamToken') names.push('Cache-Control')
    if (place.operationId === 'streamEncounterEvents') names.push('Cache-Control', 'X-Accel-Buffering')
  }
  return Object.fromEntries(names.map((name) => [name, ref(name)]))
}

/** `components.headers`. */
export const HEADER_COMPONENTS: Record<string, Json> = Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [COMPONENT[name] ?? name, header]))
