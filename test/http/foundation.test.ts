import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem as assertProblemAt } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

test('POST /v1/dice with a seed is reproducible', async () => {
  const body = { notation: '4d6+2', seed: 's1' }
  const a = await request(app.server).post('/v1/dice').send(body).expect(200)
  const b = await request(app.server).post('/v1/dice').send(body).expect(200)
  assert.deepEqual(a.body, b.body)
  assert.equal(a.body.seed, 's1')
  assert.equal(a.body.rolls.length, 4)
})

test('POST /v1/dice without a seed returns the seed it used, and that seed replays it', async () => {
  const a = await request(app.server).post('/v1/dice').send({ notation: '10d20' }).expect(200)
  const b = await request(app.server).post('/v1/dice').send({ notation: '10d20', seed: a.body.seed }).expect(200)
  assert.deepEqual(a.body, b.body)
})

test('dice.sequence fixes the dice: 4d6+2 with four sixes is 26', async () => {
  const res = await request(app.server).post('/v1/dice').send({ notation: '4d6+2', dice: { sequence: [6, 6, 6, 6] } }).expect(200)
  assert.equal(res.body.total, 26)
  assert.deepEqual(res.body.rolls, [6, 6, 6, 6].map((result) => ({ purpose: 'dice', die: 6, result })))
})

test('1001d6 is a 400 problem naming /notation', async () => {
  const res = await request(app.server).post('/v1/dice').send({ notation: '1001d6' }).expect(400)
  assert.match(res.headers['content-type'] ?? '', /application\/problem\+json/)
  assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path), ['/notation'])
})

test('a sequence value of 7 for a d6 is a 422 naming the index', async () => {
  const res = await request(app.server).post('/v1/dice').send({ notation: '2d6', dice: { sequence: [3, 7] } }).expect(422)
  assertProblemAt(res, { type: '/problems/invalid-die-value', path: '/dice/sequence/1' })
})

test('unknown properties are rejected, each by its own path; strings are not coerced to numbers', async () => {
  const res = await request(app.server).post('/v1/dice').send({ notation: '1d6', notaton: 'x', dice: { sequnce: [1] } }).expect(400)
  const paths = res.body.errors.map((e: { path: string }) => e.path).sort()
  assert.deepEqual(paths, ['/dice/sequnce', '/notaton'])
  const coerced = await request(app.server).post('/v1/dice').send({ notation: '1d6', dice: { sequence: ['3'] } }).expect(400)
  assert.equal(coerced.body.errors[0].path, '/dice/sequence/0')
})

function assertProblem (res: request.Response, status: number, type: string): void {
  assert.equal(res.status, status)
  assert.match(res.headers['content-type'] ?? '', /^application\/problem\+json/)
  assert.equal(res.body.status, status)
  assert.equal(res.body.type, type)
  assert.equal(typeof res.body.title, 'string')
  assert.equal(typeof res.body.detail, 'string')
  assert.equal(typeof res.body.instance, 'string')
  assert.ok(Array.isArray(res.body.errors))
}

test('400: schema-invalid body, every field listed, as problem+json (OpenAPI › Errors)', async () => {
  const res = await request(app.server).post('/v1/dice').send({ notation: 7, seed: { x: 1 } })
  assertProblem(res, 400, '/problems/validation-failed')
  assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path).sort(), ['/notation', '/seed'])
  assert.equal(res.body.instance, '/v1/dice')
})

test('400: broken JSON is problem+json', async () => {
  const res = await request(app.server).post('/v1/dice').set('content-type', 'application/json').send('{"notation":')
  assertProblem(res, 400, '/problems/invalid-json')
})

test('404: an unknown route is problem+json', async () => {
  const res = await request(app.server).get('/v1/nothing')
  assertProblem(res, 404, '/problems/not-found')
  assert.match(res.body.detail, /GET \/v1\/nothing/)
})

test('413: a body over 256 KiB is problem+json', async () => {
  const res = await request(app.server).post('/v1/dice').set('content-type', 'application/json').send(JSON.stringify({ notation: '1d6', pad: 'x'.repeat(300 * 1024) }))
  assertProblem(res, 413, '/problems/payload-too-large')
})

test('415: a body that is not JSON is problem+json', async () => {
  const res = await request(app.server).post('/v1/dice').set('content-type', 'text/plain').send('1d6')
  assertProblem(res, 415, '/problems/unsupported-media-type')
})

/** POST these exact bytes (superagent would serialize a Buffer as JSON under a JSON content type). */
const postBytes = (path: string, coding: string, body: Buffer): request.Test =>
  request(app.server).post(path).set('content-type', 'application/json').set('content-encoding', coding).serialize((bytes: Buffer) => bytes as never).send(body)

test('415: a body in a content coding other than identity, before it is parsed, with Accept-Encoding: identity (RFC 9110 § 15.5.16)', async () => {
  const json = JSON.stringify({ notation: '1d6', seed: 's' })
  for (const [coding, body] of [['gzip', gzipSync(json)], ['br', Buffer.from(json)], ['identity, deflate', Buffer.from(json)]] as const) {
    // Compressed or not, the body is never read as JSON: the coding alone refuses it, not an invalid-json 400.
    const res = await postBytes('/v1/dice', coding, body)
    assertProblemAt(res, { type: '/problems/unsupported-media-type', path: 'header:content-encoding' })
    assert.equal(res.headers['accept-encoding'], 'identity', coding)
  }
  // identity is no coding at all; a request without a body has nothing to decode.
  const plain = await postBytes('/v1/dice', 'Identity', Buffer.from(json)).expect(200)
  assert.equal(plain.body.seed, 's')
  await request(app.server).get('/v1/rulesets').set('content-encoding', 'gzip').expect(200)
})

test('x-request-id is echoed, and generated when absent', async () => {
  const given = await request(app.server).get('/healthz').set('x-request-id', 'abc-123').expect(200)
  assert.equal(given.headers['x-request-id'], 'abc-123')
  const generated = await request(app.server).get('/healthz').expect(200)
  assert.match(generated.headers['x-request-id'] ?? '', /^[0-9a-f-]{36}$/)
})

test('GET /v1/rulesets lists the three rulesets with save names and capabilities', async () => {
  const res = await request(app.server).get('/v1/rulesets').expect(200)
  const byId = Object.fromEntries(res.body.rulesets.map((r: { id: string }) => [r.id, r]))
  assert.deepEqual(Object.keys(byId).sort(), ['dnd35', 'pf1e', 'variant'])
  assert.deepEqual(byId.variant.saves, ['charm', 'reflex', 'death', 'fear', 'spell'])
  assert.deepEqual(byId.dnd35.saves, ['fortitude', 'reflex', 'will'])
  assert.deepEqual(byId.variant.capabilities.grappleActions, [])
  assert.equal(byId.variant.capabilities.attacks.twoWeaponFighting, false)
  assert.equal(byId.dnd35.sizeTable.find((r: { size: string }) => r.size === 'large').attackAndAc, -1)
  assert.equal(byId.variant.sizeTable.find((r: { size: string }) => r.size === 'large').attackAndAc, 0)
  const one = await request(app.server).get('/v1/rulesets/pf1e').expect(200)
  assert.equal(one.body.id, 'pf1e')
  await request(app.server).get('/v1/rulesets/dnd4').expect(404)
})

test('GET /docs serves Swagger UI and /openapi.json an OpenAPI 3.1 document', async () => {
  const docs = await request(app.server).get('/docs/').expect(200)
  assert.match(docs.text, /swagger-ui/i)
  const doc = await request(app.server).get('/openapi.json').expect(200)
  assert.equal(doc.body.openapi, '3.1.0')
  assert.ok(doc.body.paths['/v1/dice'].post)
})

test('requests without a seed get distinct seeds (a pool of random bytes, never reused)', async () => {
  const seeds = new Set<string>()
  for (let i = 0; i < 600; i++) {
    const res = await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d20' } })
    seeds.add(res.json<{ seed: string }>().seed)
  }
  assert.equal(seeds.size, 600)
})
