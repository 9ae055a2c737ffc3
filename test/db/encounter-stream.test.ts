// GET /v1/encounters/{id}/stream (OpenAPI › Encounters): Server-Sent Events
// of the log, resumable with Last-Event-ID, fed by LISTEN/NOTIFY so a write
// through one instance reaches streams on every instance.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { openStream, type SseClient, type SseMessage } from '../helpers/sse.js'
import { EncounterService } from '../../src/encounters/service.js'

let h: EncounterHarness
let base: string

before(async () => {
  // A short heartbeat to see it, and a bound of 3 streams to reach it.
  h = await encounterApp({ STREAM_HEARTBEAT_MS: '200', MAX_STREAMS: '3' })
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`
})
after(async () => { await h.close() })

async function call (url: string, method: string, body?: unknown): Promise<{ status: number, body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000)
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) as Record<string, unknown> : {} }
}

async function ok (url: string, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const r = await call(url, method, body)
  assert.ok(r.status >= 200 && r.status < 300, `${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body
}

const fighter = (id: string, hp: number): Record<string, unknown> => ({ id, name: id, hitPoints: { max: hp, current: hp }, abilities: { con: 12 } })

async function createFight (server: string): Promise<string> {
  const created = await ok(`${server}/v1/encounters`, 'POST', { name: 'Bridge ambush', ruleset: 'dnd35', combatants: [fighter('hero', 30), fighter('orc', 20)] })
  return String(created.id)
}

/**
 * The rest of a short dnd35 fight, six events: start (initiative 15 for the
 * hero, 5 for the orc), damage both ways, the hero ends its turn, the orc takes
 * more and ends its own. `via(i)` picks the instance each write goes through.
 */
async function playFight (id: string, via: (step: number) => string): Promise<number> {
  const steps: Array<[string, unknown]> = [
    ['start', { dice: { sequence: [15, 5] } }],
    ['actions', { type: 'damage', target: 'orc', damage: { amount: 4 } }],
    ['actions', { type: 'damage', target: 'hero', damage: { amount: 2 } }],
    ['actions', { type: 'end-turn', actor: 'hero' }],
    ['actions', { type: 'damage', target: 'orc', damage: { amount: 3 } }],
    ['actions', { type: 'end-turn', actor: 'orc' }]
  ]
  for (const [i, [path, body]] of steps.entries()) await ok(`${via(i)}/v1/encounters/${id}/${path}`, 'POST', body)
  return 1 + steps.length
}

/** The log as GET …/events serves it: what every stream must carry, with `version`. */
async function logOf (id: string): Promise<Array<Record<string, unknown>>> {
  const page = await ok(`${base}/v1/encounters/${id}/events?limit=1000`, 'GET')
  return page.items as Array<Record<string, unknown>>
}

function assertCarriesLog (messages: SseMessage[], log: Array<Record<string, unknown>>, from: number): void {
  const expected = log.filter((e) => Number(e.seq) > from)
  assert.deepEqual(messages.map((m) => m.id), expected.map((e) => String(e.seq)), 'ids are the seqs, in order, once each')
  assert.deepEqual(messages.map((m) => m.event), expected.map((e) => e.type))
  assert.deepEqual(messages.map((m) => JSON.parse(m.data) as unknown), expected.map((e) => ({ ...e, version: e.seq })))
}

test('a stream carries every event of a fight in order, with ids 1..n and the encounter version', { timeout: 20_000 }, async () => {
  const id = await createFight(base)
  const stream = await openStream(`${base}/v1/encounters/${id}/stream`)
  try {
    assert.equal(stream.status, 200)
    assert.equal(stream.headers['content-type'], 'text/event-stream')
    assert.equal(stream.headers['cache-control'], 'no-cache')
    assert.equal(stream.headers['x-accel-buffering'], 'no')
    assert.ok(stream.headers['x-request-id'], 'the headers the hooks set go out too')
    await stream.waitForMessages(1) // the backlog: the creation
    const n = await playFight(id, () => base)
    const messages = await stream.waitForMessages(n)
    assert.equal(n, 7)
    assertCarriesLog(messages, await logOf(id), 0)
    assert.deepEqual(messages.map((m) => m.event), ['created', 'started', 'damage', 'damage', 'end-turn', 'damage', 'end-turn'])
    const encounter = await ok(`${base}/v1/encounters/${id}`, 'GET')
    assert.equal((JSON.parse(messages.at(-1)?.data ?? '{}') as { version: number }).version, encounter.version)
    // Nothing more, however long it stays open: the heartbeat comes, no event twice.
    const seen = stream.parser.comments.length
    await stream.waitForComments(seen + 2)
    assert.ok(stream.parser.comments.every((c) => c === 'keep-alive'))
    assert.equal(stream.parser.messages.length, n)
  } finally {
    stream.close()
  }
})

test('a client that accepts gzip and brotli gets the stream uncompressed, each event as it is written', { timeout: 20_000 }, async () => {
  // A compressor would hold events back until its buffer filled.
  const id = await createFight(base)
  const stream = await openStream(`${base}/v1/encounters/${id}/stream`, { 'accept-encoding': 'gzip, deflate, br' })
  try {
    assert.equal(stream.status, 200)
    assert.equal(stream.headers['content-encoding'], undefined)
    await stream.waitForMessages(1)
    await ok(`${base}/v1/encounters/${id}/start`, 'POST', { dice: { sequence: [15, 5] } })
    const messages = await stream.waitForMessages(2, 2_000)
    assert.equal(messages[1]?.event, 'started')
  } finally {
    stream.close()
  }
})

test('Last-Event-ID or ?after= resumes with exactly the missed events; the header wins over the query', { timeout: 20_000 }, async () => {
  const id = await createFight(base)
  const n = await playFight(id, () => base)
  const log = await logOf(id)
  const k = 4
  const streams: SseClient[] = []
  try {
    for (const [url, headers] of [
      [`${base}/v1/encounters/${id}/stream`, { 'last-event-id': String(k) }],
      [`${base}/v1/encounters/${id}/stream?after=${k}`, {}],
      [`${base}/v1/encounters/${id}/stream?after=1`, { 'last-event-id': String(k) }]
    ] as const) {
      const stream = await openStream(url, headers)
      assert.equal(stream.status, 200)
      streams.push(stream)
      assertCarriesLog(await stream.waitForMessages(n - k), log, k)
    }
    // One more write: each stream gets it next, and nothing it already had.
    await ok(`${base}/v1/encounters/${id}/actions`, 'POST', { type: 'damage', target: 'orc', damage: { amount: 1 } })
    const longer = await logOf(id)
    for (const stream of streams) assertCarriesLog(await stream.waitForMessages(n - k + 1), longer, k)
    // Resuming at the end: only what comes after.
    for (const s of streams.splice(0)) s.close()
    const atEnd = await openStream(`${base}/v1/encounters/${id}/stream`, { 'last-event-id': String(n + 1) })
    streams.push(atEnd)
    await atEnd.waitForComments(1)
    assert.equal(atEnd.parser.messages.length, 0)
  } finally {
    streams.forEach((s) => s.close())
  }
})

test('an unknown encounter, another owner\'s, or a malformed resume point is a problem before any event', { timeout: 20_000 }, async () => {
  const { repo } = await h.db.open()
  const theirs = await new EncounterService(() => repo).create('another-tenant', { name: 'Not yours', ruleset: 'dnd35' }, {})
  for (const id of ['9b2f4a4e-0000-4000-8000-000000000000', theirs.body.id, 'not-a-uuid']) {
    const stream = await openStream(`${base}/v1/encounters/${id}/stream`)
    assert.equal(stream.status, 404, id)
    assert.match(String(stream.headers['content-type']), /^application\/problem\+json/)
    assert.equal(stream.problem?.type, '/problems/not-found')
    assert.deepEqual(stream.problem?.errors, [])
  }
  const id = await createFight(base)
  for (const [query, headers, path] of [
    ['?after=-1', {}, '?after'],
    ['?after=two', {}, '?after'],
    ['', { 'last-event-id': 'seven' }, 'header:last-event-id']
  ] as const) {
    const stream = await openStream(`${base}/v1/encounters/${id}/stream${query}`, headers)
    assert.equal(stream.status, 400, query)
    assert.equal(stream.problem?.type, '/problems/validation-failed')
    assert.deepEqual((stream.problem?.errors as Array<{ path: string }>).map((e) => e.path), [path])
  }
})

test('the instance holds at most MAX_STREAMS streams; a closed one frees its place', { timeout: 20_000 }, async () => {
  const id = await createFight(base)
  const url = `${base}/v1/encounters/${id}/stream`
  const streams = [await openStream(url), await openStream(url), await openStream(url)]
  try {
    assert.deepEqual(streams.map((s) => s.status), [200, 200, 200])
    const refused = await openStream(url)
    assert.equal(refused.status, 503)
    assert.equal(refused.problem?.type, '/problems/too-many-streams')
    assert.equal(refused.headers['retry-after'], '5')
    streams.shift()?.close()
    // The server notices the disconnect: a place comes free.
    let again: SseClient | undefined
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      again = await openStream(url)
      if (again.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.equal(again?.status, 200)
    if (again) streams.push(again)
  } finally {
    streams.forEach((s) => s.close())
  }
})

test('deleting the encounter ends its streams', { timeout: 20_000 }, async () => {
  const id = await createFight(base)
  const stream = await openStream(`${base}/v1/encounters/${id}/stream`)
  try {
    await stream.waitForMessages(1)
    assert.equal((await call(`${base}/v1/encounters/${id}`, 'DELETE')).status, 204)
    await Promise.race([stream.ended, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the stream did not end')), 5_000))])
  } finally {
    stream.close()
  }
})

test('events written while the listener was disconnected reach the stream once it reconnects', { timeout: 20_000 }, async () => {
  const hub = h.app.db?.streams
  assert.ok(hub)
  const id = await createFight(base)
  const stream = await openStream(`${base}/v1/encounters/${id}/stream`)
  try {
    await stream.waitForMessages(1)
    const pid = hub.listenerPid
    assert.ok(pid !== null)
    await h.db.admin.query('SELECT pg_terminate_backend($1)', [pid])
    for (let i = 0; i < 100 && hub.connected && hub.listenerPid === pid; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    const n = await playFight(id, () => base)
    assertCarriesLog(await stream.waitForMessages(n), await logOf(id), 0)
    // And the new LISTEN session carries what comes next.
    for (let i = 0; i < 200 && (hub.listenerPid === null || hub.listenerPid === pid); i++) await new Promise((resolve) => setTimeout(resolve, 10))
    assert.ok(hub.listenerPid !== null && hub.listenerPid !== pid, 'a new LISTEN session')
    await ok(`${base}/v1/encounters/${id}/actions`, 'POST', { type: 'damage', target: 'orc', damage: { amount: 1 } })
    assertCarriesLog(await stream.waitForMessages(n + 1), await logOf(id), 0)
  } finally {
    stream.close()
  }
})

function startInstance (): { child: ChildProcessWithoutNullStreams, url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, DATABASE_URL: h.db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '0', ENCOUNTERS: 'on' }
  })
  const url = new Promise<string>((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => reject(new Error('the instance did not start within 30 s')), 30_000)
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const m = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(buffer)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    child.on('exit', (code) => reject(new Error(`the instance exited with ${code}`)))
  })
  url.catch(() => undefined)
  return { child, url }
}

test('two processes on one database: streams on both receive every event written through either, in order', { timeout: 60_000 }, async () => {
  const instances = [startInstance(), startInstance()]
  const streams: SseClient[] = []
  try {
    const [a, b] = await Promise.all(instances.map((i) => i.url)) as [string, string]
    const id = await createFight(a)
    streams.push(await openStream(`${a}/v1/encounters/${id}/stream`), await openStream(`${b}/v1/encounters/${id}/stream`))
    for (const s of streams) await s.waitForMessages(1)
    // Every write through B reaches A's stream and vice versa.
    const n = await playFight(id, (step) => (step % 2 === 0 ? b : a))
    const log = await logOf(id)
    for (const s of streams) assertCarriesLog(await s.waitForMessages(n), log, 0)
    // SIGTERM with a stream open: the stream is ended and the process exits cleanly.
    for (const { child } of instances) child.kill('SIGTERM')
    for (const s of streams) await Promise.race([s.ended, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the stream outlived its server')), 10_000))])
    for (const { child } of instances) {
      const [code] = child.exitCode !== null ? [child.exitCode] : await once(child, 'exit') as [number | null]
      assert.equal(code, 0)
    }
  } finally {
    streams.forEach((s) => s.close())
    for (const { child } of instances) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
})
