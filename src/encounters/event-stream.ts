// One client's Server-Sent Events stream of an encounter's log. Order and
// completeness come from the log, never from a notification: every wake-up
// reads the events after the last one sent, so nothing is skipped or sent
// twice however notifications arrive (late, doubled, lost across a
// reconnect). One read at a time per stream; wake-ups during a read coalesce
// into one more read. Writers never wait on a stream: a client that falls too
// far behind is disconnected and resumes with Last-Event-ID.
import type { Writable } from 'node:stream'
import { EncounterNotFoundError } from './errors.js'
import type { EncounterEvent } from './model.js'

/** Unflushed bytes beyond which a client is too slow to keep. */
export const MAX_BUFFERED_BYTES = 1024 * 1024
export const PAGE_SIZE = 100
export const HEARTBEAT = ': keep-alive\n\n'

/**
 * `id:` the seq, `event:` the type, `data:` the logged event with the
 * encounter's version after it. Without the `event:` line (`named` false) a
 * browser dispatches every message as a plain `message` event (EventSource's
 * onmessage); the type is still in the data.
 */
export function sseFrame (event: EncounterEvent, named = true): string {
  return `id: ${event.seq}\n${named ? `event: ${event.type}\n` : ''}data: ${JSON.stringify({ ...event, version: event.seq })}\n\n`
}

/** Why a stream ended: the client left, fell behind, the encounter was deleted, the log could not be read, the server stops. */
export type StreamEnd = 'client-closed' | 'slow-client' | 'gone' | 'error' | 'shutdown'

export interface EventStreamOptions {
  /** The last seq the client has: only later events are sent. */
  after: number
  /** Events with seq above `after`, oldest first, at most `limit`. */
  read: (after: number, limit: number) => Promise<EncounterEvent[]>
  heartbeatMs: number
  /** Whether each message names its type in `event:` (default); false sends them all as `message` events. */
  named?: boolean
  maxBufferedBytes?: number
  pageSize?: number
  onEnd: (reason: StreamEnd, error?: unknown) => void
}

export class EncounterEventStream {
  /** The seq of the last event written to the client. */
  lastSent: number
  /** Log reads made so far (the work a burst of notifications costs). */
  reads = 0
  private started = false
  private reading = false
  private pending = false
  private ended = false
  /** Still backed up since the previous heartbeat, with no drain in between. */
  private backedUp = false
  private heartbeat: NodeJS.Timeout | undefined
  private release: (() => void) | undefined
  private readonly maxBuffered: number
  private readonly pageSize: number

  constructor (private readonly out: Writable, private readonly options: EventStreamOptions) {
    this.lastSent = options.after
    this.maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES
    this.pageSize = options.pageSize ?? PAGE_SIZE
  }

  /** Start writing with `backlog`, the first page read after `after` (read after subscribing, so nothing falls in between). */
  start (backlog: EncounterEvent[]): void {
    this.started = true
    // The client may have left while the backlog was read.
    if (this.out.destroyed) {
      this.end('client-closed')
      return
    }
    this.out.on('close', () => this.end('client-closed'))
    this.out.on('drain', () => {
      this.backedUp = false
      this.release?.()
    })
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs)
    // The open socket keeps the process alive while the stream lives; the timer alone must not.
    this.heartbeat.unref()
    void this.pump(backlog)
  }

  /** A notification (or a reconnect of the listener): more events may be in the log. */
  wake (): void {
    if (this.ended) return
    if (!this.started || this.reading) {
      this.pending = true
      return
    }
    void this.pump()
  }

  close (reason: StreamEnd): void {
    this.end(reason)
  }

  private async pump (first?: EncounterEvent[]): Promise<void> {
    this.reading = true
    try {
      let events = first
      for (;;) {
        if (events === undefined) {
          this.pending = false // a wake from here on means another read
          this.reads++
          events = await this.options.read(this.lastSent, this.pageSize)
        }
        if (this.ended) return
        for (const event of events) {
          if (event.seq <= this.lastSent) continue
          if (!this.send(sseFrame(event, this.options.named ?? true))) return
          this.lastSent = event.seq
        }
        const more = events.length >= this.pageSize
        events = undefined
        if (!more && !this.pending) return
        // The next page waits until the client has taken this one.
        if (this.out.writableNeedDrain) await new Promise<void>((resolve) => { this.release = resolve })
        this.release = undefined
        if (this.ended) return
      }
    } catch (error) {
      this.end(error instanceof EncounterNotFoundError ? 'gone' : 'error', error)
    } finally {
      this.reading = false
    }
  }

  /** Write, or drop the client when it is more than the bound behind. */
  private send (text: string): boolean {
    if (this.ended) return false
    this.out.write(text)
    if (this.out.writableLength > this.maxBuffered) {
      this.end('slow-client')
      return false
    }
    return true
  }

  /** A comment line keeps proxies from closing an idle stream; a client that took nothing for a whole interval while backed up is dropped. */
  private beat (): void {
    if (this.out.writableNeedDrain) {
      if (this.backedUp) this.end('slow-client')
      this.backedUp = true
      return
    }
    this.send(HEARTBEAT)
  }

  private end (reason: StreamEnd, error?: unknown): void {
    if (this.ended) return
    this.ended = true
    clearInterval(this.heartbeat)
    this.release?.()
    if (reason !== 'client-closed') {
      // Unflushed data to a slow client would hold the socket open: cut it.
      if (this.out.writableLength > 0) this.out.destroy()
      else this.out.end()
    }
    this.options.onEnd(reason, error)
  }
}
