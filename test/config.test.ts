import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig } from '../src/config.js'

test('defaults: port 3000 on 127.0.0.1, dnd35, info logs, encounters on', () => {
  const c = loadConfig({})
  assert.equal(c.port, 3000)
  assert.equal(c.host, '127.0.0.1')
  assert.equal(c.defaultRuleset, 'dnd35')
  assert.equal(c.logLevel, 'info')
  assert.equal(c.encounters, true)
  assert.equal(c.databaseUrl, undefined)
})

test('a bad value is one line naming the variable', () => {
  for (const [name, value] of [['PORT', 'abc'], ['PORT', '70000'], ['DEFAULT_RULESET', 'dnd4'], ['LOG_LEVEL', 'loud'], ['DATABASE_URL', 'mysql://x'], ['ENCOUNTERS', 'maybe'], ['STREAM_HEARTBEAT_MS', '5'], ['MAX_STREAMS', '0']] as const) {
    assert.throws(() => loadConfig({ [name]: value }), (e: unknown) => e instanceof ConfigError && e.message.startsWith(name) && !e.message.includes('\n'))
  }
})

test('server timeouts: 30 s per request, 10 s for the headers, 72 s keep-alive, 5 s drain delay; the headers never outlast the request', () => {
  const c = loadConfig({})
  assert.equal(c.requestTimeoutMs, 30_000)
  assert.equal(c.headersTimeoutMs, 10_000)
  assert.equal(c.keepAliveTimeoutMs, 72_000)
  assert.equal(c.shutdownDelayMs, 5_000)
  // A short request timeout shortens the default headers timeout with it.
  assert.equal(loadConfig({ REQUEST_TIMEOUT_MS: '500' }).headersTimeoutMs, 500)
  assert.throws(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' }), (e: unknown) => e instanceof ConfigError && e.message.startsWith('HEADERS_TIMEOUT_MS'))
  for (const [name, value] of [['REQUEST_TIMEOUT_MS', '0'], ['REQUEST_TIMEOUT_MS', '30s'], ['KEEP_ALIVE_TIMEOUT_MS', '-1'], ['SHUTDOWN_DELAY_MS', '999999999']] as const) {
    assert.throws(() => loadConfig({ [name]: value }), (e: unknown) => e instanceof ConfigError && e.message.startsWith(name) && !e.message.includes('\n'))
  }
})

test('TRUST_PROXY: off by default; true, a hop count, or a list of addresses and CIDRs', () => {
  assert.equal(loadConfig({}).trustProxy, false)
  assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false)
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true)
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy, ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback'])
  for (const value of ['0', 'yes', '10.0.0.0/33', '10.0.0.1,', 'proxy.example.com', '1.2.3.4/8/9']) {
    assert.throws(() => loadConfig({ TRUST_PROXY: value }), (e: unknown) => e instanceof ConfigError && e.message.startsWith('TRUST_PROXY') && !e.message.includes('\n'), value)
  }
})

const ALICE = 'alice-secret-0123456789'
const BOB = 'bob-secret-9876543210ab'
const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest()

// README › Access: API_KEYS is a comma-separated list of name:secret, or a path to a file with one per line.
test('API_KEYS: unset is open mode; a list of name:secret; a file with one per line (blank lines and # comments skipped)', () => {
  assert.equal(loadConfig({}).apiKeys, null)
  assert.equal(loadConfig({ API_KEYS: '' }).apiKeys, null)
  const listed = loadConfig({ API_KEYS: `alice:${ALICE}, bob:${BOB}` }).apiKeys
  assert.deepEqual(listed?.map((k) => [k.name, k.secret]), [['alice', ALICE], ['bob', BOB]])
  assert.deepEqual(listed?.[0]?.secretHash, sha256(ALICE))

  const dir = mkdtempSync(join(tmpdir(), 'd20-keys-'))
  try {
    const file = join(dir, 'keys')
    writeFileSync(file, `# the table's bots\nalice:${ALICE}\n\n  bob:${BOB}  \r\n`)
    assert.deepEqual(loadConfig({ API_KEYS: file }).apiKeys?.map((k) => k.name), ['alice', 'bob'])
    writeFileSync(file, '# nobody yet\n')
    assert.throws(() => loadConfig({ API_KEYS: file }), (e: unknown) => e instanceof ConfigError && /holds no key/.test(e.message))
    assert.throws(() => loadConfig({ API_KEYS: join(dir, 'missing') }), (e: unknown) => e instanceof ConfigError && e.message.includes('cannot be read'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('API_KEYS: a bad entry is one line naming the variable and the key, never a secret', () => {
  const cases = [
    `alice:${ALICE},alice:${BOB}`, // a name twice
    `alice:${ALICE},bob:${ALICE}`, // a secret twice
    'alice:short-secret', // under 16 characters
    `al ice:${ALICE}`, // a name with a space
    `:${ALICE}`, // no name
    `alice:${ALICE},bob:${BOB} with spaces`,
    'justasecretwithoutaname0123' // neither a list nor a readable file
  ]
  for (const value of cases) {
    assert.throws(() => loadConfig({ API_KEYS: value }), (e: unknown) => e instanceof ConfigError && e.message.startsWith('API_KEYS') && !e.message.includes('\n') &&
      ![ALICE, BOB, 'short-secret', 'justasecretwithoutaname0123'].some((secret) => e.message.includes(secret)), value)
  }
})

test('CORS_ORIGINS: unset is no CORS; * or a list of origins; a path or another scheme is refused', () => {
  assert.equal(loadConfig({}).corsOrigins, null)
  assert.equal(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, '*')
  assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/' }).corsOrigins, ['https://app.example.com', 'http://localhost:5173'])
  for (const value of ['app.example.com', 'https://app.example.com/path', 'ftp://example.com', 'https://a.example.com,*']) {
    assert.throws(() => loadConfig({ CORS_ORIGINS: value }), (e: unknown) => e instanceof ConfigError && e.message.startsWith('CORS_ORIGINS') && !e.message.includes('\n'), value)
  }
})

test('REDIS_URL: unset counts per instance; a redis:// or rediss:// URL; keys under REDIS_KEY_PREFIX (default d20:)', () => {
  assert.equal(loadConfig({}).redisUrl, undefined)
  assert.equal(loadConfig({}).redisKeyPrefix, 'd20:')
  assert.equal(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl, 'redis://127.0.0.1:6379/0')
  assert.equal(loadConfig({ REDIS_KEY_PREFIX: 'staging:' }).redisKeyPrefix, 'staging:')
  assert.throws(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' }), (e: unknown) => e instanceof ConfigError && e.message.startsWith('REDIS_URL'))
})
