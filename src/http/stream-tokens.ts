// Stream tokens: a browser's EventSource cannot send an Authorization header,
// and a key never goes in a URL, so POST /v1/encounters/{id}/stream-tokens
// hands out a short-lived token that opens that one encounter's stream as
// `?token=`. Stateless: the token carries its encounter, tenant and expiry,
// signed with HMAC-SHA-256 under a secret every instance derives alike from
// API_KEYS, so a token issued by one instance opens the stream on any other.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { Type } from 'typebox'
import type { ApiKey } from '../config.js'

/** How long a token opens its stream, in seconds (checked when the stream opens; an open stream is not cut off). */
export const STREAM_TOKEN_TTL_SECONDS = 300

/** The one route a token opens (Fastify's pattern of it). */
export const STREAM_ROUTE = '/v1/encounters/:id/stream'

/** The query parameter that carries it. */
export const TOKEN_PARAM = 'token'

/** Longer than any token this service issues (about 150 characters); a longer one is refused unread. */
export const MAX_TOKEN_LENGTH = 512

/** The stream route's `?token=` query parameter (checked by the access plugin, before the route runs). */
export const STREAM_TOKEN_QUERY = {
  [TOKEN_PARAM]: Type.Optional(Type.String({
    maxLength: MAX_TOKEN_LENGTH,
    description: 'A stream token from `POST /v1/encounters/{id}/stream-tokens`, for a browser\'s EventSource, which cannot send the API key: without an `Authorization` header, it opens this encounter\'s stream for the key that asked for it until it expires (a wrong, expired or other encounter\'s token is a 401 naming `?token`). With an `Authorization` header the key alone counts; without `API_KEYS` the token is ignored. Never logged.'
  }))
}

const SEGMENT = /^[A-Za-z0-9_-]+$/
const MAC_BYTES = 32
// Domain separation: this key signs stream tokens and nothing else.
const HKDF_SALT = 'd20 stream-token salt'
const HKDF_INFO = 'd20 stream-token v1'

export interface IssuedToken {
  token: string
  /** Epoch milliseconds from which the token no longer opens the stream. */
  expiresAt: number
  /** Seconds from issue to expiresAt. */
  expiresIn: number
}

export type TokenCheck =
  | { ok: true, tenant: string }
  | { ok: false, reason: 'malformed' | 'bad-signature' | 'expired' | 'other-encounter' | 'unknown-tenant' }

/** The encounter, the tenant and the expiry (epoch milliseconds). */
interface Claims { e: string, t: string, x: number }

/**
 * The signing key: HKDF-SHA-256 over every key's name and secret, in name
 * order (so the order of API_KEYS does not matter), length-prefixed so that
 * no two key sets give the same input. One-way: no secret can be recovered
 * from it, and no single key's holder can compute it unless it holds the only
 * key. Open mode has no shared secret: a random one per process (tokens are
 * not needed there, see the access plugin).
 */
export function streamTokenKey (keys: readonly ApiKey[] | null): Buffer {
  if (keys === null) return randomBytes(MAC_BYTES)
  const material = [...keys]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((k) => `${k.name.length}:${k.name}${k.secret.length}:${k.secret}`)
    .join('')
  return Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), HKDF_SALT, HKDF_INFO, MAC_BYTES))
}

/** Encounter ids are UUIDs, matched by PostgreSQL in any case: bound in lower case. */
const normalId = (id: string): string => id.toLowerCase()

export class StreamTokens {
  private readonly key: Buffer
  private readonly tenants: ReadonlySet<string> | null

  /** `now` is the clock (epoch milliseconds); tests pass their own. */
  constructor (keys: readonly ApiKey[] | null, private readonly now: () => number = Date.now) {
    this.key = streamTokenKey(keys)
    this.tenants = keys === null ? null : new Set(keys.map((k) => k.name))
  }

  private mac (payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest()
  }

  /** A token for this tenant's encounter, valid for STREAM_TOKEN_TTL_SECONDS from now. */
  issue (encounterId: string, tenant: string): IssuedToken {
    const x = Math.floor(this.now()) + STREAM_TOKEN_TTL_SECONDS * 1000
    const claims: Claims = { e: normalId(encounterId), t: tenant, x }
    const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')
    return { token: `${payload}.${this.mac(payload).toString('base64url')}`, expiresAt: x, expiresIn: STREAM_TOKEN_TTL_SECONDS }
  }

  /**
   * The tenant a token acts for on this encounter's stream, or why not. The
   * signature is checked first (in constant time) and nothing in the token is
   * read before it holds.
   */
  verify (token: string, encounterId: string): TokenCheck {
    if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' }
    const [payload, signature, ...rest] = token.split('.')
    if (payload === undefined || signature === undefined || rest.length > 0 || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return { ok: false, reason: 'malformed' }
    const presented = Buffer.from(signature, 'base64url')
    if (presented.length !== MAC_BYTES || !timingSafeEqual(presented, this.mac(payload))) return { ok: false, reason: 'bad-signature' }
    let claims: Partial<Claims>
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>
    } catch {
      return { ok: false, reason: 'malformed' }
    }
    if (typeof claims.e !== 'string' || typeof claims.t !== 'string' || typeof claims.x !== 'number') return { ok: false, reason: 'malformed' }
    if (this.now() >= claims.x) return { ok: false, reason: 'expired' }
    if (claims.e !== normalId(encounterId)) return { ok: false, reason: 'other-encounter' }
    // Signed under these keys, so the tenant was one of them; checked anyway, cheaply.
    if (this.tenants !== null && !this.tenants.has(claims.t)) return { ok: false, reason: 'unknown-tenant' }
    return { ok: true, tenant: claims.t }
  }
}

/** What the 401 says for each refusal: enough to fix the client, nothing about the token's content. */
export const TOKEN_REFUSALS: Record<Exclude<TokenCheck, { ok: true }>['reason'], string> = {
  malformed: 'not a stream token',
  'bad-signature': 'not a stream token this service issued',
  expired: 'the stream token has expired: get a new one',
  'other-encounter': 'the stream token was issued for another encounter',
  'unknown-tenant': 'the stream token\'s API key is no longer configured'
}
