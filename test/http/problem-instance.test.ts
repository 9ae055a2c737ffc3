// RFC 9457 › instance: a problem names the request path, never the query
// string, so a credential a client put in the URL is not answered back.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { withoutSecrets } from '../../src/http/request-log.js'

const SECRET = 'alice-secret-0123456789'

test('GET /v1/encounters?access_token=<secret>: the 400 (open) and the 401 (keys) name the path only and never echo the secret', async () => {
  const keyed = await statelessApp({ API_KEYS: `alice:${SECRET}` })
  const open = await statelessApp()
  try {
    const url = `/v1/encounters?access_token=${SECRET}`
    const refused = await keyed.inject({ method: 'GET', url })
    assertProblem({ status: refused.statusCode, headers: refused.headers, body: refused.json() }, { type: '/problems/unauthorized', path: 'header:authorization' })
    const invalid = await open.inject({ method: 'GET', url })
    assertProblem({ status: invalid.statusCode, headers: invalid.headers, body: invalid.json() }, { type: '/problems/validation-failed', path: '?access_token' })
    for (const res of [refused, invalid]) {
      assert.equal(res.json<{ instance: string }>().instance, '/v1/encounters')
      assert.ok(!res.body.includes(SECRET), res.body)
    }
  } finally {
    await keyed.close()
    await open.close()
  }
})

test('every kind of problem names the path without the query: validation, unknown route, wrong method, unknown resource', async () => {
  const app = await statelessApp()
  try {
    for (const [method, url, type, path] of [
      ['POST', `/v1/dice?token=${SECRET}`, '/problems/validation-failed', ['/notation']],
      ['GET', `/v1/nowhere?access_token=${SECRET}`, '/problems/not-found', []],
      ['DELETE', `/v1/dice?api_key=${SECRET}`, '/problems/method-not-allowed', []],
      ['GET', `/v1/rulesets/nope?secret=${SECRET}`, '/problems/not-found', ['path:/id']]
    ] as const) {
      const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })
      assertProblem({ status: res.statusCode, headers: res.headers, body: res.json() }, { type, path: [...path] })
      assert.equal(res.json<{ instance: string }>().instance, url.slice(0, url.indexOf('?')), url)
      assert.ok(!res.body.includes(SECRET), `${url}: ${res.body}`)
    }
  } finally {
    await app.close()
  }
})

test('the log line\'s URL: every credential-like parameter\'s value is cut out, the rest kept', () => {
  const cases: Array<[string, string]> = [
    ['/v1/encounters/x/stream?token=abc.def', '/v1/encounters/x/stream?token=[redacted]'],
    ['/v1/encounters/x/stream?after=3&token=abc.def&z=1', '/v1/encounters/x/stream?after=3&token=[redacted]&z=1'],
    ['/v1/encounters/x/stream?%74oken=abc', '/v1/encounters/x/stream?%74oken=[redacted]'],
    ['/v1/encounters?access_token=s&API_KEY=t&apikey=u&secret=v&authorization=w&key=x', '/v1/encounters?access_token=[redacted]&API_KEY=[redacted]&apikey=[redacted]&secret=[redacted]&authorization=[redacted]&key=[redacted]'],
    ['/v1/encounters?monkey=1&tokens=2&cursor=abc', '/v1/encounters?monkey=1&tokens=2&cursor=abc'],
    ['/v1/encounters?%zz=1&token', '/v1/encounters?%zz=1&token'],
    ['/v1/dice', '/v1/dice']
  ]
  for (const [url, logged] of cases) assert.equal(withoutSecrets(url, null), logged, url)
  // An API key's secret anywhere else in the URL, as before.
  assert.equal(withoutSecrets(`/v1/${SECRET}?q=${SECRET}`, [{ secret: SECRET }]), '/v1/[redacted]?q=[redacted]')
})
