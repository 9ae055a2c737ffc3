// Large responses are compressed by Accept-Encoding (gzip or brotli); the
// common small ones are sent as they are (see COMPRESSION_THRESHOLD for why).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { listeningStatelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { COMPRESSION_THRESHOLD } from '../../src/plugins/external/compression.js'

let app: FastifyInstance
let port: number

before(async () => {
  ({ app, port } = await listeningStatelessApp())
})
after(async () => { await app.close() })

interface Raw { status: number, headers: http.IncomingHttpHeaders, bytes: Buffer }

/** Over a real socket, the body's bytes as sent (Node's client does not decode them). */
async function request (method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Raw> {
  return await new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')))
    req.end(payload)
  })
}

function decode (raw: Raw): unknown {
  const encoding = raw.headers['content-encoding']
  const bytes = encoding === 'gzip' ? gunzipSync(raw.bytes) : encoding === 'br' ? brotliDecompressSync(raw.bytes) : raw.bytes
  return JSON.parse(bytes.toString('utf8')) as unknown
}

test('the OpenAPI document is gzipped or brotli-compressed as asked, and decodes to the same JSON', async () => {
  const plain = await request('GET', '/openapi.json', {})
  assert.equal(plain.status, 200)
  assert.equal(plain.headers['content-encoding'], undefined, 'not compressed when not asked')
  assert.ok(plain.bytes.length > COMPRESSION_THRESHOLD)
  const expected = decode(plain)
  for (const [accept, encoding] of [['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['br;q=0.5, gzip', 'gzip'], ['deflate', undefined]] as const) {
    const res = await request('GET', '/openapi.json', { 'accept-encoding': accept })
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-encoding'], encoding, accept)
    if (encoding !== undefined) {
      assert.match(String(res.headers.vary), /accept-encoding/i)
      assert.ok(res.bytes.length < plain.bytes.length / 4, `${encoding}: ${res.bytes.length} of ${plain.bytes.length} bytes`)
    }
    assert.deepEqual(decode(res), expected)
  }
})

test('a large /v1/dice answer is gzipped and is the same answer', async () => {
  const body = { notation: '1000d6', seed: 'compression' }
  const plain = await request('POST', '/v1/dice', {}, body)
  assert.equal(plain.status, 200)
  assert.ok(plain.bytes.length > COMPRESSION_THRESHOLD, `${plain.bytes.length} bytes`)
  const gzipped = await request('POST', '/v1/dice', { 'accept-encoding': 'gzip' }, body)
  assert.equal(gzipped.headers['content-encoding'], 'gzip')
  assert.deepEqual(decode(gzipped), decode(plain))
})

test('small answers are not compressed, whatever the client accepts: a full attack, a health check, a problem', async () => {
  const attack = await request('POST', '/v1/attacks', { 'accept-encoding': 'gzip, deflate, br' }, {
    ruleset: 'dnd35',
    mode: 'full',
    attacker: { baseAttackBonus: 12, abilities: { str: 18 } },
    target: { armorClass: { armor: 3, natural: 5 } },
    weapon: { damage: '1d8', critRange: 19, extraDamage: [{ dice: '1d6', type: 'fire' }] },
    seed: 1
  })
  assert.equal(attack.status, 200)
  assert.ok(attack.bytes.length < COMPRESSION_THRESHOLD)
  for (const res of [attack, await request('GET', '/healthz', { 'accept-encoding': 'gzip' }), await request('POST', '/v1/dice', { 'accept-encoding': 'gzip' }, { notation: 'bad' })]) {
    assert.equal(res.headers['content-encoding'], undefined)
    decode(res)
  }
})

test('a gzipped request body is not inflated (the body limit counts the bytes as sent): a 415 naming the coding, with Accept-Encoding: identity', async () => {
  const res = await new Promise<Raw>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/dice', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }, (r) => {
      const chunks: Buffer[] = []
      r.on('data', (c: Buffer) => chunks.push(c))
      r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, bytes: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(Buffer.from([0x1f, 0x8b, 0x08, 0x00]))
  })
  // RFC 9110 § 15.5.16: an unsupported content coding is a 415 that says which codings are taken.
  assertProblem({ ...res, body: decode(res) }, { type: '/problems/unsupported-media-type', path: 'header:content-encoding' })
  assert.equal(res.headers['accept-encoding'], 'identity')
})
