import { test } from 'node:test'
import assert from 'node:assert/strict'
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
