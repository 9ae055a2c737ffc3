// The traffic of the load and fault suite: a mix of stateless requests from
// autocannon, encounter actions from a few writers that remember every
// action the service accepted, and the check of those against the event log.
import autocannon, { type Request as CannonRequest } from 'autocannon'

export const STATELESS_MIX: Array<{ method: 'GET' | 'POST', path: string, body?: unknown }> = [
  { method: 'POST', path: '/v1/dice', body: { notation: '4d6+2', seed: 'load' } },
  {
    method: 'POST',
    path: '/v1/attacks',
    body: { ruleset: 'dnd35', attacker: { baseAttackBonus: 6, abilities: { str: 17 } }, target: { armorClass: { armor: 5, shield: 2 }, abilities: { dex: 12 } }, weapon: { name: 'longsword', damage: '1d8', critRange: 19 }, seed: 'load' }
  },
  {
    method: 'POST',
    path: '/v1/saves',
    body: { ruleset: 'dnd35', save: 'reflex', dc: 15, effect: { damage: '8d6', onSuccess: 'half' }, targets: [{ id: 'rogue', abilities: { dex: 18 }, baseSaves: { reflex: 6 }, feats: ['evasion'] }, { id: 'ogre', baseSaves: { reflex: 0 } }], seed: 'load' }
  },
  { method: 'POST', path: '/v1/damage', body: { ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 5 } }, damage: { amount: 6 } } },
  { method: 'GET', path: '/v1/rulesets' },
  { method: 'GET', path: '/healthz' }
]

export interface StatusCounts { [status: string]: number }

export interface StatelessResult {
  requests: number
  p99Ms: number
  statuses: StatusCounts
  errors: number
  timeouts: number
  /** Non-200 answers with when they came (ms from the start). */
  odd: Array<{ atMs: number, status: number, path: string }>
}

/** `connections` connections cycling through the mix for `seconds`. */
export async function statelessLoad (url: string, authorization: string, connections: number, seconds: number): Promise<StatelessResult> {
  const statuses: StatusCounts = {}
  const odd: StatelessResult['odd'] = []
  const start = Date.now()
  const requests: CannonRequest[] = STATELESS_MIX.map((r) => ({
    method: r.method,
    path: r.path,
    headers: { authorization, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    onResponse: (status: number) => {
      statuses[status] = (statuses[status] ?? 0) + 1
      if (status !== 200 && odd.length < 100) odd.push({ atMs: Date.now() - start, status, path: r.path })
    }
  }))
  const result = await autocannon({ url, connections, duration: seconds, requests })
  return { requests: result.requests.total, p99Ms: result.latency.p99, statuses, errors: result.errors, timeouts: result.timeouts, odd }
}

export interface Accepted { tag: string, seq: number, encounterId: string }

export interface WriteLog {
  accepted: Accepted[]
  statuses: StatusCounts
  /** Every answer with its time (ms from `origin`), to place the 503s against the outage. */
  answers: Array<{ atMs: number, status: number }>
  latenciesMs: number[]
  errors: string[]
}

export function newWriteLog (): WriteLog {
  return { accepted: [], statuses: {}, answers: [], latenciesMs: [], errors: [] }
}

/** A combatant that can take a blow per action for the whole run. */
export const ROSTER = [
  { id: 'hero', name: 'hero', hitPoints: { max: 100000 }, abilities: { con: 12 } },
  { id: 'orc', name: 'orc', hitPoints: { max: 100000 }, abilities: { con: 12 } }
]

export async function call (url: string, method: string, authorization: string, body?: unknown): Promise<{ status: number, body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000)
  })
  const text = await response.text()
  let parsed: Record<string, unknown> = {}
  try { parsed = text ? JSON.parse(text) as Record<string, unknown> : {} } catch { parsed = { text } }
  return { status: response.status, body: parsed }
}

export async function createStartedEncounter (url: string, authorization: string, name: string): Promise<string> {
  const created = await call(`${url}/v1/encounters`, 'POST', authorization, { name, ruleset: 'dnd35', combatants: ROSTER })
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`)
  const id = String(created.body.id)
  const started = await call(`${url}/v1/encounters/${id}/start`, 'POST', authorization, { dice: { sequence: [15, 5] } })
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`)
  return id
}

/**
 * One writer: a blow of 1 to the orc, again and again until `stop()`, each
 * action tagged by its seed so the log can be searched for it. No retries:
 * an action either was accepted (200, with its event's seq) or was not.
 */
export async function writer (url: string, authorization: string, encounterId: string, tag: string, log: WriteLog, origin: number, stop: () => boolean): Promise<void> {
  for (let i = 0; !stop(); i++) {
    const seed = `${tag}-${i}`
    const t0 = Date.now()
    try {
      const res = await call(`${url}/v1/encounters/${encounterId}/actions`, 'POST', authorization, { type: 'damage', target: 'orc', damage: { amount: 1 }, seed })
      log.latenciesMs.push(Date.now() - t0)
      log.statuses[res.status] = (log.statuses[res.status] ?? 0) + 1
      log.answers.push({ atMs: Date.now() - origin, status: res.status })
      if (res.status === 200) {
        log.accepted.push({ tag: seed, seq: Number((res.body.event as { seq: number }).seq), encounterId })
      } else {
        // 503 says Retry-After; a writer that hammers a dead database only measures itself.
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    } catch (error) {
      log.errors.push(`${seed}: ${(error as Error).message}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

export interface LogCheck {
  events: number
  actionEvents: number
  accepted: number
  /** Accepted actions found in the log exactly once, at the seq the response gave. */
  acceptedOnce: number
  missing: string[]
  duplicated: string[]
  wrongSeq: string[]
  /** In the log, never seen accepted: the response was lost (an outage between commit and answer). */
  unacknowledged: number
  seqsContiguous: boolean
  /** The orc's hit points equal its maximum less one per logged blow. */
  hitPointsAgree: boolean
}

/** Reads every event of the encounters and checks each accepted action is there once, at its seq. */
export async function checkLog (url: string, authorization: string, accepted: Accepted[], encounterIds: string[]): Promise<LogCheck> {
  const seen = new Map<string, number[]>()
  let events = 0
  let seqsContiguous = true
  let hitPointsAgree = true
  for (const id of encounterIds) {
    let after = 0
    let blows = 0
    for (;;) {
      const page = await call(`${url}/v1/encounters/${id}/events?after=${after}&limit=1000`, 'GET', authorization)
      if (page.status !== 200) throw new Error(`events: ${page.status} ${JSON.stringify(page.body)}`)
      const items = page.body.items as Array<{ seq: number, type: string, request: { seed?: unknown } }>
      if (items.length === 0) break
      for (const event of items) {
        if (event.seq !== after + 1) seqsContiguous = false
        after = event.seq
        events++
        if (event.type === 'damage' && typeof event.request.seed === 'string') {
          blows++
          seen.set(`${id} ${event.request.seed}`, [...(seen.get(`${id} ${event.request.seed}`) ?? []), event.seq])
        }
      }
    }
    const encounter = await call(`${url}/v1/encounters/${id}`, 'GET', authorization)
    const orc = (encounter.body.combatants as Array<{ id: string, hitPoints: { current: number, max: number } }>).find((c) => c.id === 'orc')
    if (!orc || orc.hitPoints.current !== orc.hitPoints.max - blows) hitPointsAgree = false
  }
  const missing: string[] = []
  const duplicated: string[] = []
  const wrongSeq: string[] = []
  let acceptedOnce = 0
  for (const a of accepted) {
    const seqs = seen.get(`${a.encounterId} ${a.tag}`) ?? []
    if (seqs.length === 0) missing.push(a.tag)
    else if (seqs.length > 1) continue // counted below, with any other action logged twice
    else if (seqs[0] !== a.seq) wrongSeq.push(a.tag)
    else acceptedOnce++
  }
  for (const [key, seqs] of seen) if (seqs.length > 1) duplicated.push(key)
  const acceptedKeys = new Set(accepted.map((a) => `${a.encounterId} ${a.tag}`))
  const unacknowledged = [...seen.keys()].filter((key) => !acceptedKeys.has(key)).length
  const actionEvents = [...seen.values()].reduce((n, seqs) => n + seqs.length, 0)
  return { events, actionEvents, accepted: accepted.length, acceptedOnce, missing, duplicated, wrongSeq, unacknowledged, seqsContiguous, hitPointsAgree }
}

export function p99 (values: number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0
}
