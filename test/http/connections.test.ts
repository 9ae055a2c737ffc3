// README › Operations: bounded request time, one log line per request, the
// client address behind a trusted proxy.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { statelessApp } from '../helpers/app.js'

type LogLine = Record<string, unknown>

/** A stateless app whose JSON log lines (level `debug` and up) land in `lines`. */
async function loggedApp (env: NodeJS.ProcessEnv = {}): Promise<{ app: FastifyInstance, lines: LogLine[] }> {
  const lines: LogLine[] = []
  const stream = new Writable({
    write (chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine)
      done()
    }
  })
  const config = loadConfig({ ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'debug', ...env })
  const app = await buildApp({ config, logger: { level: 'debug', stream } })
  await app.ready()
  return { app, lines }
}

async function listen (app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as { port: number }).port
}

test('a request body that stalls is answered 408 problem+json and the connection closed within REQUEST_TIMEOUT_MS', async () => {
  const { app, lines } = await loggedApp({ REQUEST_TIMEOUT_MS: '600' })
  try {
    const port = await listen(app)
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => { received += chunk.toString() })
    const started = Date.now()
    // Headers promise 100 bytes; only 12 come, then nothing.
    socket.write('POST /v1/dice HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"notation":')
    const closedAfter = await new Promise<number>((resolve, reject) => {
      socket.on('close', () => resolve(Date.now() - started))
      socket.on('error', () => undefined)
      setTimeout(() => reject(new Error(`still open after 5 s; received: ${received}`)), 5_000).unref()
    })
    assert.ok(closedAfter >= 500, `closed after ${closedAfter} ms, before the timeout`)
    assert.ok(closedAfter < 2_000, `closed after ${closedAfter} ms`)
    const [head = '', body = ''] = received.split('\r\n\r\n')
    assert.match(head, /^HTTP\/1\.1 408 /)
    assert.match(head, /content-type: application\/problem\+json/i)
    const problem = JSON.parse(body) as { type: string, status: number, errors: unknown[] }
    assert.equal(problem.type, '/problems/request-timeout')
    assert.equal(problem.status, 408)
    assert.deepEqual(problem.errors, [])
    assert.ok(!JSON.stringify(lines).includes('notation'), 'the partial body is not logged')
  } finally {
    await app.close()
  }
})

test('headers that never finish are answered 408 too (the headers timeout is at most the request timeout)', async () => {
  const app = await statelessApp({ REQUEST_TIMEOUT_MS: '600' })
  try {
    const port = await listen(app)
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => { received += chunk.toString() })
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ')
    await new Promise<void>((resolve, reject) => {
      socket.on('close', () => resolve())
      socket.on('error', () => undefined)
      setTimeout(() => reject(new Error('still open after 5 s')), 5_000).unref()
    })
    assert.match(received, /^HTTP\/1\.1 408 /)
  } finally {
    await app.close()
  }
})

test('one info line per request with method, route, status, duration and request id; health probes only at debug; never a body', async () => {
  const { app, lines } = await loggedApp()
  try {
    const roll = await app.inject({ method: 'POST', url: '/v1/dice', headers: { 'x-request-id': 'trace-7' }, payload: { notation: '3d6+5', seed: 'secret-seed' } })
    assert.equal(roll.statusCode, 200)
    const bad = await app.inject({ method: 'POST', url: '/v1/dice?x=1', payload: { notation: 'not dice' } })
    assert.equal(bad.statusCode, 400)
    for (const url of ['/healthz', '/readyz']) assert.equal((await app.inject({ method: 'GET', url })).statusCode, 200)

    const info = lines.filter((l) => l.level === 30)
    assert.equal(info.length, 2, JSON.stringify(info))
    const [first, second] = info
    assert.deepEqual({ ...first, time: 0, pid: 0, hostname: '', durationMs: 0 }, {
      level: 30, time: 0, pid: 0, hostname: '', requestId: 'trace-7', msg: 'request', method: 'POST', url: '/v1/dice', route: '/v1/dice', statusCode: 200, durationMs: 0, ip: '127.0.0.1'
    })
    assert.equal(typeof first?.durationMs, 'number')
    assert.equal(second?.statusCode, 400)
    assert.equal(second?.url, '/v1/dice?x=1')
    const probes = lines.filter((l) => l.msg === 'request' && l.level === 20).map((l) => l.route)
    assert.deepEqual(probes, ['/healthz', '/readyz'])
    // '3d6' alone is hexadecimal, and a generated request id (a UUID) holds it now and then: the notation is looked for with its '+5'.
    const text = JSON.stringify(lines)
    assert.ok(!text.includes('secret-seed') && !text.includes('3d6+5') && !text.includes('not dice'), 'bodies are never logged')
  } finally {
    await app.close()
  }
})

test('TRUST_PROXY: the forwarded client address keys the rate limit and the log line; off, every client behind the proxy shares one bucket', async () => {
  const roll = async (app: FastifyInstance, forwardedFor: string): Promise<number> =>
    (await app.inject({ method: 'POST', url: '/v1/dice', headers: { 'x-forwarded-for': forwardedFor }, payload: { notation: '1d6' } })).statusCode

  for (const trust of ['loopback', '1']) {
    const { app, lines } = await loggedApp({ TRUST_PROXY: trust, RATE_LIMIT_PER_MINUTE: '2' })
    try {
      // The leftmost address is whatever the client claimed; the proxy appended the real one.
      assert.deepEqual([await roll(app, '10.9.9.9, 203.0.113.1'), await roll(app, '203.0.113.1'), await roll(app, '203.0.113.1')], [200, 200, 429], trust)
      assert.equal(await roll(app, '203.0.113.2'), 200, trust)
      const ips = lines.filter((l) => l.msg === 'request').map((l) => l.ip)
      assert.deepEqual(ips, ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2'], trust)
    } finally {
      await app.close()
    }
  }

  const { app, lines } = await loggedApp({ RATE_LIMIT_PER_MINUTE: '2' })
  try {
    assert.deepEqual([await roll(app, '203.0.113.1'), await roll(app, '203.0.113.2'), await roll(app, '203.0.113.3')], [200, 200, 429])
    assert.ok(lines.filter((l) => l.msg === 'request').every((l) => l.ip === '127.0.0.1'))
  } finally {
    await app.close()
  }
})
