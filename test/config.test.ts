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
