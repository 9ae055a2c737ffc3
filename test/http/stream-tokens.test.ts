// The stream-token module on its own (src/http/stream-tokens.ts): the expiry
// to the millisecond with an injected clock, one signing key for one set of
// API keys whatever their order, and a key no secret can be read from.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { loadConfig } from '../../src/config.js'
import { StreamTokens, streamTokenKey, STREAM_TOKEN_TTL_SECONDS } from '../../src/http/stream-tokens.js'

const ALICE = 'alice-secret-0123456789'
const BOB = 'bob-secret-9876543210ab'
const ID = '3f6c2a9e-8d41-4b7a-9c55-0e2d7f1b6a34'
const keysOf = (raw: string): ReturnType<typeof loadConfig>['apiKeys'] => loadConfig({ API_KEYS: raw }).apiKeys

test('a token opens its stream until 5 minutes after issue, to the millisecond, and not from then on', () => {
  let now = Date.parse('2026-05-01T12:00:00.250Z')
  const tokens = new StreamTokens(keysOf(`alice:${ALICE}`), () => now)
  const issued = tokens.issue(ID, 'alice')
  assert.equal(STREAM_TOKEN_TTL_SECONDS, 300)
  assert.equal(issued.expiresIn, 300)
  assert.equal(new Date(issued.expiresAt).toISOString(), '2026-05-01T12:05:00.250Z')
  now = issued.expiresAt - 1
  assert.deepEqual(tokens.verify(issued.token, ID), { ok: true, tenant: 'alice' })
  // The id in any case: PostgreSQL reads a UUID so.
  assert.deepEqual(tokens.verify(issued.token, ID.toUpperCase()), { ok: true, tenant: 'alice' })
  now = issued.expiresAt
  assert.deepEqual(tokens.verify(issued.token, ID), { ok: false, reason: 'expired' })
})

test('one signing key per set of API keys: the same in any order, another when any name or secret differs', () => {
  const key = streamTokenKey(keysOf(`alice:${ALICE},bob:${BOB}`))
  assert.equal(key.length, 32)
  assert.deepEqual(streamTokenKey(keysOf(`bob:${BOB},alice:${ALICE}`)), key)
  for (const other of [`alice:${ALICE}`, `alice:${ALICE},bob:${BOB}x`, `alice:${ALICE},carol:${BOB}`, `alice:${BOB},bob:${ALICE}`]) {
    assert.notDeepEqual(streamTokenKey(keysOf(other)), key, other)
  }
  // Derived, not a secret in another form.
  const hex = key.toString('hex')
  for (const secret of [ALICE, BOB]) assert.ok(!key.includes(Buffer.from(secret)) && !hex.includes(Buffer.from(secret).toString('hex')))
  // Open mode: a random key per process, so no two services share one.
  assert.notDeepEqual(streamTokenKey(null), streamTokenKey(null))
})

test('a key removed from API_KEYS: its tokens stop opening streams', () => {
  const before = new StreamTokens(keysOf(`alice:${ALICE},bob:${BOB}`))
  const after = new StreamTokens(keysOf(`alice:${ALICE}`))
  assert.deepEqual(after.verify(before.issue(ID, 'bob').token, ID), { ok: false, reason: 'bad-signature' })
  // Signed under these keys for a name that is not one of them (only this service could): refused too.
  assert.deepEqual(after.verify(after.issue(ID, 'carol').token, ID), { ok: false, reason: 'unknown-tenant' })
})
