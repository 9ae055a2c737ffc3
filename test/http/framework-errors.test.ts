// OpenAPI › Errors: every error the service or its framework sends is a
// problem, including the ones raised before a route is chosen: a URL too
// long (414), a bad percent-escape (400), headers too large (431) and a
// wrong method (405 with Allow). Sent as raw HTTP over a real socket, since
// supertest and the Node client would refuse to send some of these requests.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { listeningStatelessApp, statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { MAX_URL_LENGTH } from '../../src/http/problem.js'

interface RawResponse { status: number, headers: Record<string, string>, body: unknown }

let app: FastifyInstance
let port: number

before(async () => {
  ({ app, port } = await listeningStatelessApp())
})
after(async () => { await app.close() })

/** One request on its own connection, read until the server closes it. */
async function send (method: string, target: string, extraHeaders = ''): Promise<RawResponse> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => { received += chunk.toString() })
    socket.on('close', () => resolve(received))
    // The server may close while the request is still being written (431): what it sent is the answer.
    socket.on('error', () => undefined)
    setTimeout(() => reject(new Error(`no close after 5 s; received: ${received.slice(0, 300)}`)), 5_000).unref()
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: x\r\n${extraHeaders}Connection: close\r\n\r\n`)
  })
  const split = text.indexOf('\r\n\r\n')
  assert.ok(split > 0, `no response head in: ${text.slice(0, 300)}`)
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rawBody = text.slice(split + 4)
  return { status: Number(statusLine.split(' ')[1]), headers, body: rawBody === '' ? '' : JSON.parse(rawBody) as unknown }
}

test('a path parameter up to its schema\'s 200 characters reaches the route (the router no longer stops it at 100)', async () => {
  const res = await send('GET', `/problems/${'a'.repeat(150)}`)
  // The route ran: it answers that there is no such problem kind.
  assertProblem(res, { type: '/problems/not-found', path: [] })
  assert.match((res.body as { detail: string }).detail, /No problem type/)
})

test('a path parameter over its schema\'s limit is a 400 naming the parameter', async () => {
  const res = await send('GET', `/problems/${'a'.repeat(250)}`)
  assertProblem(res, { type: '/problems/validation-failed', path: 'path:/kind' })
})

test('two 200-character ids percent-encoded as UTF-8 fit the URL limit and reach the route', async () => {
  // 200 × "€" is 1,800 characters encoded, the longest a 200-character parameter can be.
  const id = encodeURIComponent('€'.repeat(200))
  assert.equal(id.length, 1800)
  const target = `/v1/encounters/${id}/combatants/${id}`
  assert.ok(target.length <= MAX_URL_LENGTH)
  // GET is not one of this path's methods: a 405 naming them shows the URL was routed, not refused.
  const res = await send('GET', target)
  assertProblem(res, { type: '/problems/method-not-allowed', path: [] })
  assert.equal(res.headers.allow, 'DELETE, PATCH')
})

test(`a URL over ${MAX_URL_LENGTH} characters is a 414 problem, in a path parameter, a query or an unknown path`, async () => {
  for (const target of [
    `/problems/${'a'.repeat(MAX_URL_LENGTH)}`,
    `/healthz?pad=${'a'.repeat(MAX_URL_LENGTH)}`,
    `/no-such-path/${'a'.repeat(MAX_URL_LENGTH)}`
  ]) {
    const res = await send('GET', target)
    assertProblem(res, { type: '/problems/uri-too-long', path: [] })
    assert.ok(res.headers['x-request-id'], 'the router\'s refusals carry the request id too')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
  }
})

test('a URL of exactly the limit is served', async () => {
  const target = `/healthz?pad=${'a'.repeat(MAX_URL_LENGTH - '/healthz?pad='.length)}`
  assert.equal(target.length, MAX_URL_LENGTH)
  const res = await send('GET', target)
  assert.equal(res.status, 200)
})

test('a percent-escape that is not UTF-8 is a 400 malformed-url problem, in a parameter or a fixed path', async () => {
  for (const target of ['/v1/encounters/%E0%A4%A', '/problems/%FF', '/healthz%E0%A4%A']) {
    const res = await send('GET', target)
    assertProblem(res, { type: '/problems/malformed-url', path: [] })
    assert.ok(res.headers['x-request-id'])
  }
})

test('request headers over 16 KiB are a 431 problem', async () => {
  const res = await send('GET', '/healthz', `X-Padding: ${'a'.repeat(17 * 1024)}\r\n`)
  assertProblem(res, { type: '/problems/headers-too-large', path: [] })
})

test('a method a path does not answer is a 405 problem listing the methods it does in Allow', async () => {
  const cases: Array<[string, string, string]> = [
    ['DELETE', '/healthz', 'GET, HEAD'],
    ['POST', '/readyz', 'GET, HEAD'],
    ['PUT', '/healthz/', 'GET, HEAD'],
    ['GET', '/v1/attacks', 'POST'],
    ['PUT', '/v1/dice', 'POST'],
    ['POST', '/v1/rulesets', 'GET, HEAD'],
    ['POST', '/v1/rulesets/dnd35', 'GET, HEAD'],
    ['PUT', '/v1/encounters', 'GET, HEAD, POST'],
    ['PUT', '/v1/encounters/abc', 'DELETE, GET, HEAD'],
    ['POST', '/v1/encounters/abc/combatants/x', 'DELETE, PATCH'],
    ['GET', '/v1/encounters/abc/actions', 'POST'],
    ['POST', '/problems/not-found', 'GET, HEAD'],
    ['POST', '/docs', 'GET, HEAD']
  ]
  for (const [method, target, allow] of cases) {
    const res = await send(method, target)
    assertProblem(res, { type: '/problems/method-not-allowed', path: [] })
    assert.equal(res.headers.allow, allow, `${method} ${target}`)
  }
})

test('an unknown path stays a 404, whatever the method, and carries no Allow', async () => {
  for (const method of ['GET', 'DELETE']) {
    const res = await send(method, '/v1/attack')
    assertProblem(res, { type: '/problems/not-found', path: [] })
    assert.equal(res.headers.allow, undefined)
  }
})

test('with CORS on, a bare OPTIONS is answered by the preflight and the Allow of a 405 includes OPTIONS', async () => {
  const corsApp = await statelessApp({ CORS_ORIGINS: '*' })
  try {
    const bare = await corsApp.inject({ method: 'OPTIONS', url: '/healthz' })
    assert.equal(bare.statusCode, 204, bare.body)
    const wrong = await corsApp.inject({ method: 'DELETE', url: '/healthz' })
    assert.equal(wrong.statusCode, 405)
    assert.equal(wrong.headers.allow, 'GET, HEAD, OPTIONS')
  } finally {
    await corsApp.close()
  }
})

test('the docs\' static files answer their refusals as problems whose type and status agree', async () => {
  // A path escaping the folder (403 inside the static plugin) is, to a client, no such resource.
  assertProblem(await send('GET', '/docs/static/%2e%2e/%2e%2e/package.json'), { type: '/problems/not-found', path: [] })
  assertProblem(await send('GET', '/docs/static/index.css', 'Range: bytes=999999999-\r\n'), { type: '/problems/range-not-satisfiable', path: [] })
  assertProblem(await send('GET', '/docs/static/index.css', 'If-Match: "stale"\r\n'), { type: '/problems/precondition-failed', path: [] })
})
