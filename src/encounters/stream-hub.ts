// One LISTEN session per service instance, fanned out to the event streams
// open on it. Every write's transaction ends with
// `pg_notify('encounter_events', '<encounterId>:<seq>')`, delivered at commit,
// so a write through any instance wakes the streams on every instance. A
// notification only says "look again": subscribers re-read the log, which is
// the source of order and completeness. A lost connection loses the
// notifications sent while it was down, so on every (re)connect each
// subscriber re-reads after the last event it sent.
import type pg from 'pg'

export const CHANNEL = 'encounter_events'

export interface HubSubscriber {
  /** New events may be in the log of its encounter: re-read after the last one sent. */
  wake: () => void
}

interface HubLog {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
}

export interface StreamHubOptions {
  /** A fresh, unconnected client (not from the pool: LISTEN belongs to a session). */
  connect: () => pg.Client
  log: HubLog
  retryMinMs?: number
  retryMaxMs?: number
  /** A `SELECT 1` this often finds a connection that died without a word. */
  pingMs?: number
  pingTimeoutMs?: number
}

export class EncounterStreamHub {
  private readonly subscribers = new Map<string, Set<HubSubscriber>>()
  private client: pg.Client | null = null
  private listening = false
  private started = false
  private closed = false
  private retryDelay: number
  private retryTimer: NodeJS.Timeout | undefined
  private pingTimer: NodeJS.Timeout | undefined
  private readonly retryMinMs: number
  private readonly retryMaxMs: number

  constructor (private readonly options: StreamHubOptions) {
    this.retryMinMs = options.retryMinMs ?? 250
    this.retryMaxMs = options.retryMaxMs ?? 10_000
    this.retryDelay = this.retryMinMs
  }

  /** True while the LISTEN session is up. */
  get connected (): boolean {
    return this.listening
  }

  /** The server process id of the LISTEN session while it is up: operators find it in pg_stat_activity. */
  get listenerPid (): number | null {
    return this.listening ? (this.client as (pg.Client & { processID?: number }) | null)?.processID ?? null : null
  }

  get subscriberCount (): number {
    let n = 0
    for (const set of this.subscribers.values()) n += set.size
    return n
  }

  /** Wake `subscriber` on every notification for `encounterId`; returns the unsubscribe. Connects on first use. */
  subscribe (encounterId: string, subscriber: HubSubscriber): () => void {
    if (this.closed) throw new Error('the stream hub is closed')
    let set = this.subscribers.get(encounterId)
    if (!set) this.subscribers.set(encounterId, set = new Set())
    set.add(subscriber)
    if (!this.started) {
      this.started = true
      void this.connect()
    }
    return () => {
      const current = this.subscribers.get(encounterId)
      if (!current) return
      current.delete(subscriber)
      if (current.size === 0) this.subscribers.delete(encounterId)
    }
  }

  async close (): Promise<void> {
    this.closed = true
    clearTimeout(this.retryTimer)
    clearInterval(this.pingTimer)
    this.subscribers.clear()
    const client = this.client
    this.client = null
    this.listening = false
    if (client) await client.end().catch(() => undefined)
  }

  private async connect (): Promise<void> {
    if (this.closed) return
    const client = this.options.connect()
    this.client = client
    client.on('error', (err) => this.lost(client, err))
    client.on('end', () => this.lost(client, new Error('connection ended')))
    client.on('notification', (message) => this.dispatch(message))
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
    } catch (err) {
      this.lost(client, err)
      return
    }
    if (this.client !== client) return // closed or replaced while connecting
    this.listening = true
    this.retryDelay = this.retryMinMs
    this.options.log.info({ pid: this.listenerPid }, `listening on ${CHANNEL}`)
    this.pingTimer = setInterval(() => this.ping(client), this.options.pingMs ?? 30_000)
    this.pingTimer.unref()
    // Whatever was committed while nobody listened is in the log.
    this.wakeAll()
  }

  private ping (client: pg.Client): void {
    const timer = setTimeout(() => this.lost(client, new Error('no answer to a ping')), this.options.pingTimeoutMs ?? 10_000)
    client.query('SELECT 1').then(() => clearTimeout(timer), (err: unknown) => {
      clearTimeout(timer)
      this.lost(client, err)
    })
  }

  /** Drop `client` (once: later errors of an abandoned client are ignored) and reconnect with backoff. */
  private lost (client: pg.Client, err: unknown): void {
    if (this.client !== client) return
    this.client = null
    this.listening = false
    clearInterval(this.pingTimer)
    client.removeAllListeners('notification')
    client.end().catch(() => undefined)
    if (this.closed) return
    const delay = Math.round(this.retryDelay * (0.5 + Math.random() / 2))
    this.options.log.warn({ err, retryInMs: delay }, `the ${CHANNEL} listener lost its connection; reconnecting`)
    this.retryDelay = Math.min(this.retryDelay * 2, this.retryMaxMs)
    this.retryTimer = setTimeout(() => { void this.connect() }, delay)
    this.retryTimer.unref()
  }

  private dispatch (message: pg.Notification): void {
    if (message.channel !== CHANNEL || message.payload === undefined) return
    const colon = message.payload.indexOf(':')
    const encounterId = colon < 0 ? message.payload : message.payload.slice(0, colon)
    this.subscribers.get(encounterId)?.forEach((s) => this.wakeOne(s))
  }

  private wakeAll (): void {
    for (const set of this.subscribers.values()) set.forEach((s) => this.wakeOne(s))
  }

  private wakeOne (subscriber: HubSubscriber): void {
    try {
      subscriber.wake()
    } catch (err) {
      this.options.log.warn({ err }, 'an event stream failed to take a notification')
    }
  }
}
