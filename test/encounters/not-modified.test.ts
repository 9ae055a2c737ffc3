// RFC 9110, section 304 Not Modified: no content, and no Content-Length or
// Content-Type; the validators (ETag) still go out. A 304 that announced a
// body (`content-length: 4`, a serialized null) held Node's fetch until the
// server closed the keep-alive connection, 72 s by default.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { createEncounter, encounterApp, type EncounterHarness } from '../helpers/encounters.js'

let h: EncounterHarness
let port: number
let id: string
before(async () => {
  // Idle connections held far longer than the bound below: a client that waited for the server to close one would show.
  h = await encounterApp({ KEEP_ALIVE_TIMEOUT_MS: '600000' })
  port = (h.app.server.address() as { port: number }).port
  id = (await createEncounter(h, { name: 'Crypt door', ruleset: 'dnd35', combatants: [{ id: 'golem', hitPoints: { max: 50 } }] })).id as string
})
after(async () => { await h.close() })

interface RawResponse { head: string, status: number, headers: Map<string, string> }

/**
 * Sends the requests pipelined on one connection and splits what comes back
 * into responses by their own framing (Content-Length; none for a 304 or a
 * HEAD). Any byte a 304 sent as a body would show up as the start of the next
 * response, which then would not begin with a status line.
 */
async function pipelined (requests: string[], count: number): Promise<{ responses: RawResponse[], rest: string }> {
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
      // Done once the last response (a /healthz 200 with its body) is complete.
      if (received.split('HTTP/1.1 ').length - 1 >= count && received.endsWith('{"status":"ok"}')) { socket.end(); resolve(received) }
    })
    socket.on('error', reject)
    socket.write(requests.join(''))
  })
  const responses: RawResponse[] = []
  let rest = raw
  for (let i = 0; i < count; i++) {
    assert.match(rest, /^HTTP\/1\.1 \d{3} /, `response ${i + 1} starts with a status line: ${JSON.stringify(rest.slice(0, 80))}`)
    const end = rest.indexOf('\r\n\r\n')
    const head = rest.slice(0, end)
    const headers = new Map(head.split('\r\n').slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
    const status = Number(head.slice(9, 12))
    const isHead = requests[i]?.startsWith('HEAD ') ?? false
    const length = status === 304 || isHead ? 0 : Number(headers.get('content-length') ?? 0)
    responses.push({ head, status, headers })
    rest = rest.slice(end + 4 + length)
  }
  return { responses, rest }
}

const get = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\nHost: d20.test\r\n${extra}\r\n`

test('a 304 on a raw socket: ETag, no Content-Length, no Content-Type, no Transfer-Encoding and not one body byte', async () => {
  const { responses, rest } = await pipelined([
    get(`/v1/encounters/${id}`, 'If-None-Match: "1"\r\n'),
    get(`/v1/encounters/${id}`, 'If-None-Match: "1"\r\nAccept-Encoding: gzip, br\r\n'),
    `HEAD /v1/encounters/${id} HTTP/1.1\r\nHost: d20.test\r\nIf-None-Match: "1"\r\n\r\n`,
    `HEAD /v1/encounters/${id} HTTP/1.1\r\nHost: d20.test\r\n\r\n`,
    get(`/v1/encounters/${id}`),
    get('/healthz')
  ], 6)
  const [plain, compressed, head, head200, full, health] = responses as [RawResponse, RawResponse, RawResponse, RawResponse, RawResponse, RawResponse]
  for (const [i, r] of [plain, compressed, head].entries()) {
    assert.equal(r.status, 304, `${i}: ${r.head}`)
    assert.equal(r.headers.get('etag'), '"1"', r.head)
    for (const name of ['content-length', 'content-type', 'transfer-encoding', 'content-encoding']) assert.equal(r.headers.get(name), undefined, `${name} on a 304: ${r.head}`)
  }
  // HEAD without a precondition: the length a GET's body has, and no body.
  assert.equal(head200.status, 200)
  assert.equal(full.status, 200)
  assert.equal(head200.headers.get('content-length'), full.headers.get('content-length'))
  assert.equal(head200.headers.get('content-type'), 'application/json; charset=utf-8')
  // The bytes after every 304 were the next response's status line, and once the
  // last one (/healthz, ending in its body) is read by its Content-Length nothing is left over.
  assert.equal(health.status, 200)
  assert.equal(rest, '')
})

test('Node\'s own fetch gets the 304 and its process exits at once, not when the server closes the idle connection', async () => {
  const script = [
    'const response = await fetch(process.env.URL, { headers: { "if-none-match": "\\"1\\"" } })',
    'const body = await response.text()',
    'console.log(JSON.stringify({ status: response.status, etag: response.headers.get("etag"), body }))'
  ].join('\n')
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, URL: `http://127.0.0.1:${port}/v1/encounters/${id}` },
    // Far below the 600 s keep-alive: a client waiting for a body the 304 announced is killed here and fails the test.
    timeout: 10_000
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString() })
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (c, s) => { resolve([c, s]) }))
  assert.equal(signal, null, 'the fetch process ran until it was killed: it waited on the connection')
  assert.equal(code, 0)
  assert.deepEqual(JSON.parse(out), { status: 304, etag: '"1"', body: '' })
})
