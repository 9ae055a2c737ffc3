import { test } from 'node:test'
import assert from 'node:assert/strict'
import { statelessApp } from '../helpers/app.js'

// CONTRACT › Errors: 429 rate limited, as problem+json; health checks are never limited.
test('past RATE_LIMIT_PER_MINUTE a client gets a 429 problem; /healthz is never limited', async () => {
  const app = await statelessApp({ RATE_LIMIT_PER_MINUTE: '2' })
  try {
    const roll = async () => await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d6' } })
    assert.equal((await roll()).statusCode, 200)
    assert.equal((await roll()).statusCode, 200)
    const limited = await roll()
    assert.equal(limited.statusCode, 429)
    assert.match(limited.headers['content-type'] as string, /^application\/problem\+json/)
    assert.equal(limited.json<{ type: string }>().type, '/problems/too-many-requests')
    for (let i = 0; i < 3; i++) assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200)
  } finally {
    await app.close()
  }
})
