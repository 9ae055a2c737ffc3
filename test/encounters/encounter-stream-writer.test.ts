// The per-client stream, without a database: order and completeness come
// from re-reading the log, wake-ups coalesce into one read at a time, and a
// client that falls behind is dropped instead of holding anything up.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { EncounterEventStream, type StreamEnd } from '../../src/encounters/event-stream.js'
import { EncounterNotFoundError } from '../../src/encounters/errors.js'
import type { EncounterEvent } from '../../src/encounters/model.js'
import { SseParser } from '../helpers/sse.js'

function event (seq: number, note = ''): EncounterEvent {
  return { seq, type: 'damage', actor: null, round: 1, initiativeCount: 10, createdAt: '2024-01-01T00:00:00.000Z', request: { note }, rolls: [], result: null, applied: [] }
}

/** A client socket: `take` says whether it accepts each chunk now, later (slowly), or never. */
function client (take: 'now' | 'slowly' | 'never', highWaterMark = 16 * 1024): { out: Writable, parser: SseParser } {
  const parser = new SseParser()
  const out = new Writable({
    highWaterMark,
    decodeStrings: false,
    write (chunk: string, _encoding, callback) {
      if (take === 'never') return
      parser.push(chunk)
      if (take === 'now') callback()
      else setTimeout(callback, 1)
    }
  })
  return { out, parser }
}

/** A log that grows, read the way the repository reads it; counts the reads in flight at once. */
function log (): { events: EncounterEvent[], read: (after: number, limit: number) => Promise<EncounterEvent[]>, gate: { hold: boolean, open: () => void }, maxInFlight: () => number } {
  const events: EncounterEvent[] = []
  let inFlight = 0
  let max = 0
  let waiting: Array<() => void> = []
  const gate = {
    hold: false,
    open () {
      gate.hold = false
      waiting.forEach((w) => w())
      waiting = []
    }
  }
  return {
    events,
    gate,
    maxInFlight: () => max,
    async read (after, limit) {
      inFlight++
      max = Math.max(max, inFlight)
      try {
        if (gate.hold) await new Promise<void>((resolve) => waiting.push(resolve))
        return events.filter((e) => e.seq > after).slice(0, limit)
      } finally {
        inFlight--
      }
    }
  }
}

async function until (condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  assert.fail(`timed out waiting for ${what}`)
}

test('a burst of notifications during a read costs one more read, and every event arrives once, in order', { timeout: 10_000 }, async () => {
  const { out, parser } = client('now')
  const store = log()
  store.events.push(event(1))
  const ends: StreamEnd[] = []
  const stream = new EncounterEventStream(out, { after: 0, read: store.read, heartbeatMs: 60_000, onEnd: (r) => ends.push(r) })
  stream.start(await store.read(0, 100))
  await until(() => parser.messages.length === 1, 'the backlog')
  store.gate.hold = true
  store.events.push(event(2))
  stream.wake() // a read starts and is held
  for (let seq = 3; seq <= 12; seq++) {
    store.events.push(event(seq))
    stream.wake()
    stream.wake() // notifications may come twice
  }
  store.gate.open()
  await until(() => parser.messages.length === 12, 'all twelve events')
  assert.deepEqual(parser.messages.map((m) => m.id), Array.from({ length: 12 }, (_, i) => String(i + 1)))
  assert.deepEqual(JSON.parse(parser.messages[4]?.data ?? '{}'), { ...event(5), version: 5 })
  assert.equal(stream.reads, 2, 'the held read, then one read for the 20 wake-ups during it')
  assert.equal(store.maxInFlight(), 1)
  stream.close('shutdown')
  assert.deepEqual(ends, ['shutdown'])
})

test('notifications before the stream starts are not lost: the first read after the backlog catches them', { timeout: 10_000 }, async () => {
  const { out, parser } = client('now')
  const store = log()
  store.events.push(event(1))
  const stream = new EncounterEventStream(out, { after: 0, read: store.read, heartbeatMs: 60_000, onEnd: () => undefined })
  const backlog = await store.read(0, 100) // read before event 2 was committed
  store.events.push(event(2))
  stream.wake() // its notification arrives before start
  stream.start(backlog)
  await until(() => parser.messages.length === 2, 'both events')
  assert.deepEqual(parser.messages.map((m) => m.id), ['1', '2'])
  stream.close('shutdown')
})

test('a long backlog goes out page by page as a slow client takes it, without dropping it', { timeout: 10_000 }, async () => {
  const { out, parser } = client('slowly', 1024)
  const store = log()
  for (let seq = 1; seq <= 250; seq++) store.events.push(event(seq, 'x'.repeat(200)))
  const ends: StreamEnd[] = []
  const stream = new EncounterEventStream(out, { after: 0, read: store.read, heartbeatMs: 60_000, maxBufferedBytes: 200 * 1024, pageSize: 50, onEnd: (r) => ends.push(r) })
  try {
    stream.start(await store.read(0, 50))
    await until(() => parser.messages.length === 250, 'the whole backlog')
    assert.deepEqual(parser.messages.map((m) => Number(m.id)), Array.from({ length: 250 }, (_, i) => i + 1))
    // The empty read that ends the backlog may come just after the last message is parsed.
    await until(() => stream.reads >= 5, 'the read that finds the backlog empty')
    assert.equal(stream.reads, 5, 'four more pages of 50, then an empty read ends the backlog')
    assert.deepEqual(ends, [])
  } finally {
    stream.close('shutdown')
  }
})

test('a client more than the bound behind is disconnected; it can resume from the last id it got', { timeout: 10_000 }, async () => {
  const { out } = client('never', 1024)
  const store = log()
  for (let seq = 1; seq <= 100; seq++) store.events.push(event(seq, 'x'.repeat(500)))
  const ends: StreamEnd[] = []
  const stream = new EncounterEventStream(out, { after: 0, read: store.read, heartbeatMs: 60_000, maxBufferedBytes: 8 * 1024, onEnd: (r) => ends.push(r) })
  stream.start(await store.read(0, 100))
  assert.deepEqual(ends, ['slow-client'])
  assert.ok(out.destroyed, 'the socket is cut, not left to flush')
  assert.ok(stream.lastSent > 0 && stream.lastSent < 100)
  stream.wake()
  assert.equal(stream.reads, 0, 'a dropped stream reads nothing more')
})

test('a client that takes nothing for a whole heartbeat interval while data waits is disconnected', { timeout: 10_000 }, async () => {
  const { out } = client('never', 64)
  const store = log()
  store.events.push(event(1))
  const ends: StreamEnd[] = []
  const stream = new EncounterEventStream(out, { after: 0, read: store.read, heartbeatMs: 20, onEnd: (r) => ends.push(r) })
  stream.start(await store.read(0, 100))
  assert.deepEqual(ends, [], 'under the byte bound: kept for now')
  await until(() => ends.length > 0, 'the stalled client to be dropped')
  assert.deepEqual(ends, ['slow-client'])
})

test('an idle stream sends a keep-alive comment every interval', { timeout: 10_000 }, async () => {
  const { out, parser } = client('now')
  const stream = new EncounterEventStream(out, { after: 0, read: log().read, heartbeatMs: 10, onEnd: () => undefined })
  stream.start([])
  await until(() => parser.comments.length >= 3, 'three heartbeats')
  assert.ok(parser.comments.every((c) => c === 'keep-alive'))
  assert.equal(parser.messages.length, 0)
  stream.close('shutdown')
})

test('the stream ends when the encounter is gone', { timeout: 10_000 }, async () => {
  const { out } = client('now')
  const ends: StreamEnd[] = []
  const stream = new EncounterEventStream(out, { after: 0, read: async () => { throw new EncounterNotFoundError('encounter') }, heartbeatMs: 60_000, onEnd: (r) => ends.push(r) })
  stream.start([])
  stream.wake()
  await until(() => ends.length > 0, 'the end')
  assert.deepEqual(ends, ['gone'])
  assert.ok(out.writableEnded)
})
