// `npm run test:load` (full) and `npm run test:load -- --short` (CI): the
// load and fault suite. Loopback only, every phase bounded in time.
//
//  1. steady: mixed stateless traffic at 100 connections plus encounter
//     actions: zero 5xx, zero errors, p99 reported;
//  2. fault: the same while PostgreSQL is cut for 10 s through a TCP proxy
//     this script owns: stateless requests keep answering 200, encounter
//     routes 503, they recover by themselves, every accepted action is in the
//     log exactly once;
//  3. cluster: three instances on one database and one Redis: one rate limit
//     across them, concurrent actions on one encounter through different
//     instances with none lost, an SSE stream on one instance receiving the
//     events written through the others.
//
// Figures are printed at the end; the exit code is 1 when any check failed.
// DATABASE_URL as for `npm test` (unset: an embedded PostgreSQL); Redis at
// TEST_REDIS_URL or 127.0.0.1:6379.
import { testDatabase } from '../helpers/database.js'
import { cuttableProxy } from '../helpers/proxy.js'
import { redisAvailable, redisNamespace } from '../helpers/redis.js'
import { openStream } from '../helpers/sse.js'
import { startInstance, type Instance } from './instances.js'
import { call, checkLog, createStartedEncounter, newWriteLog, p99, statelessLoad, writer, type LogCheck } from './traffic.js'

const SHORT = process.argv.includes('--short') || process.env.LOAD_SHORT === '1'
const PLAN = SHORT
  ? { steadySeconds: 15, faultSeconds: 24, cutAtSeconds: 4, cutForSeconds: 10 }
  : { steadySeconds: 60, faultSeconds: 35, cutAtSeconds: 5, cutForSeconds: 10 }
const CONNECTIONS = 100
const WRITERS = 8 // two per encounter, on four encounters
const CLUSTER_LIMIT = 300 // requests per minute per key, across the three instances
const CLUSTER_ACTIONS = 150 // actions on one encounter, through all three
/** After PostgreSQL returns, encounter writes must succeed again within this. */
const RECOVERY_LIMIT_MS = 10_000

const LOAD_KEY = 'load-secret-0123456789abcdef'
const PROBE_KEY = 'probe-secret-0123456789abcdef'
const API_KEYS = `load:${LOAD_KEY},probe:${PROBE_KEY}`
const AS_LOAD = `Bearer ${LOAD_KEY}`
const AS_PROBE = `Bearer ${PROBE_KEY}`

const failures: string[] = []
const figures: string[] = []
function expect (ok: boolean, what: string): void {
  if (!ok) failures.push(what)
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${what}`)
}
const count = (statuses: Record<string, number>, pick: (status: number) => boolean): number =>
  Object.entries(statuses).filter(([s]) => pick(Number(s))).reduce((n, [, c]) => n + c, 0)
const fmt = (statuses: Record<string, number>): string => Object.entries(statuses).map(([s, c]) => `${s}×${c}`).join(' ')
const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

function expectLog (phase: string, check: LogCheck): void {
  expect(check.missing.length === 0 && check.wrongSeq.length === 0 && check.duplicated.length === 0 && check.acceptedOnce === check.accepted,
    `${phase}: every accepted action is in the log exactly once, at its seq (${check.acceptedOnce}/${check.accepted}; missing ${check.missing.length}, twice ${check.duplicated.length}, elsewhere ${check.wrongSeq.length})`)
  expect(check.seqsContiguous, `${phase}: every log runs 1..n without a gap`)
  expect(check.hitPointsAgree, `${phase}: each encounter's hit points are its maximum less one per logged blow`)
  figures.push(`${phase.padEnd(8)} events counted ${check.actionEvents} (of ${check.events} in the logs) against ${check.accepted} accepted responses; ${check.unacknowledged} logged without a response seen`)
}

const started = Date.now()
const db = await testDatabase()
const instances: Instance[] = []
try {
  // ---- 1 and 2: one instance whose database sits behind a proxy we can cut.
  const proxy = await cuttableProxy(new URL(db.url))
  const single = await startInstance('single', { DATABASE_URL: proxy.url, API_KEYS, RATE_LIMIT_PER_MINUTE: '10000000' })
  instances.push(single)

  for (const phase of ['steady', 'fault'] as const) {
    const seconds = phase === 'steady' ? PLAN.steadySeconds : PLAN.faultSeconds
    console.log(`\n==> ${phase}: ${CONNECTIONS} connections of stateless traffic and ${WRITERS} encounter writers for ${seconds} s${phase === 'fault' ? `, PostgreSQL cut at ${PLAN.cutAtSeconds} s for ${PLAN.cutForSeconds} s` : ''}`)
    const encounterIds: string[] = []
    for (let i = 0; i < WRITERS / 2; i++) encounterIds.push(await createStartedEncounter(single.url, AS_LOAD, `${phase} ${i}`))
    const writes = newWriteLog()
    const reads: Array<{ atMs: number, status: number }> = []
    const origin = Date.now()
    const endAt = origin + seconds * 1000
    const stop = (): boolean => Date.now() >= endAt
    let cutAt = Number.POSITIVE_INFINITY
    let restoredAt = Number.POSITIVE_INFINITY
    const outage = phase === 'fault'
      ? (async () => {
          await sleep(PLAN.cutAtSeconds * 1000)
          cutAt = Date.now() - origin
          await proxy.cut()
          await sleep(PLAN.cutForSeconds * 1000)
          await proxy.restore()
          restoredAt = Date.now() - origin
        })()
      : Promise.resolve()
    // A reader too: GET of an encounter twice a second, to see reads fail and return.
    const reader = (async () => {
      while (!stop()) {
        const res = await call(`${single.url}/v1/encounters/${encounterIds[0] ?? ''}`, 'GET', AS_LOAD).catch(() => ({ status: 0 }))
        reads.push({ atMs: Date.now() - origin, status: res.status })
        await sleep(500)
      }
    })()
    const [stateless] = await Promise.all([
      statelessLoad(single.url, AS_LOAD, CONNECTIONS, seconds),
      ...Array.from({ length: WRITERS }, async (_, w) => writer(single.url, AS_LOAD, encounterIds[w % encounterIds.length] ?? '', `${phase}-w${w}`, writes, origin, stop)),
      outage,
      reader
    ])

    figures.push(`${phase.padEnd(8)} stateless ${stateless.requests} requests, p99 ${stateless.p99Ms} ms, ${fmt(stateless.statuses)}, ${stateless.errors} errors, ${stateless.timeouts} timeouts`)
    figures.push(`${phase.padEnd(8)} actions ${writes.latenciesMs.length} requests, p99 ${p99(writes.latenciesMs)} ms, ${fmt(writes.statuses)}, ${writes.errors.length} errors`)
    expect(count(stateless.statuses, (s) => s !== 200) === 0 && stateless.errors === 0 && stateless.timeouts === 0,
      `${phase}: every stateless request answered 200 (${fmt(stateless.statuses)}; errors ${stateless.errors}, timeouts ${stateless.timeouts}${stateless.odd.length ? `; first odd: ${JSON.stringify(stateless.odd.slice(0, 3))}` : ''})`)
    expect(writes.errors.length === 0, `${phase}: no encounter request failed at the socket (${writes.errors.slice(0, 3).join('; ')})`)
    if (phase === 'steady') {
      expect(count(writes.statuses, (s) => s !== 200) === 0, `steady: every encounter action answered 200 (${fmt(writes.statuses)})`)
      expect(reads.every((r) => r.status === 200), 'steady: every encounter read answered 200')
    } else {
      const windowOf = (atMs: number): 'before' | 'during' | 'after' => atMs < cutAt ? 'before' : atMs < restoredAt ? 'during' : 'after'
      const answers = [...writes.answers, ...reads]
      expect(count(writes.statuses, (s) => s !== 200 && s !== 503) === 0, `fault: encounter actions answered only 200 or 503 (${fmt(writes.statuses)})`)
      expect(answers.filter((a) => windowOf(a.atMs) === 'before').every((a) => a.status === 200), 'fault: before the cut, every encounter request answered 200')
      // A request in flight at the moment of the cut may still commit; after a second every one is a 503.
      const during = answers.filter((a) => windowOf(a.atMs) === 'during' && a.atMs > cutAt + 1000)
      expect(during.length > 0 && during.every((a) => a.status === 503), `fault: while PostgreSQL was cut, encounter routes answered 503 (${during.length} answers: ${fmt(Object.fromEntries([...new Set(during.map((a) => a.status))].map((s) => [s, during.filter((a) => a.status === s).length])))})`)
      const back = answers.filter((a) => windowOf(a.atMs) === 'after' && a.status === 200).map((a) => a.atMs).sort((a, b) => a - b)[0]
      const recoveryMs = back === undefined ? Number.POSITIVE_INFINITY : back - restoredAt
      expect(recoveryMs <= RECOVERY_LIMIT_MS, `fault: encounter routes recovered by themselves ${recoveryMs} ms after PostgreSQL returned (limit ${RECOVERY_LIMIT_MS} ms)`)
      const lastFailure = answers.filter((a) => windowOf(a.atMs) === 'after' && a.status !== 200).map((a) => a.atMs).sort((a, b) => b - a)[0]
      expect(lastFailure === undefined || lastFailure - restoredAt <= RECOVERY_LIMIT_MS, 'fault: no encounter request failed once recovered')
      figures.push(`fault    PostgreSQL cut from ${(cutAt / 1000).toFixed(1)} s to ${(restoredAt / 1000).toFixed(1)} s; encounter 503s ${answers.filter((a) => a.status === 503).length}; writes back ${recoveryMs} ms after`)
    }
    expectLog(phase, await checkLog(single.url, AS_LOAD, writes.accepted, encounterIds))
  }
  await single.stop()
  instances.length = 0
  await proxy.cut()

  // ---- 3: three instances on one database and one Redis.
  const redisUrl = await redisAvailable()
  if (redisUrl === false) {
    expect(false, 'cluster: Redis does not answer (set TEST_REDIS_URL, or start redis-server on 127.0.0.1:6379)')
  } else {
    console.log(`\n==> cluster: three instances on one database and one Redis, ${CLUSTER_LIMIT} requests per minute per key`)
    const ns = redisNamespace()
    try {
      const env = { DATABASE_URL: db.url, API_KEYS, RATE_LIMIT_PER_MINUTE: String(CLUSTER_LIMIT), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: ns.prefix }
      instances.push(...await Promise.all(['one', 'two', 'three'].map(async (name) => startInstance(name, env))))
      const [one, two, three] = instances as [Instance, Instance, Instance]

      // One rate limit: LIMIT + 60 requests of one key spread over the three, ten at a time.
      const probe: Record<string, number> = {}
      const attempts = CLUSTER_LIMIT + 60
      let next = 0
      await Promise.all(Array.from({ length: 10 }, async () => {
        while (next < attempts) {
          const i = next++
          const res = await call(`${instances[i % 3]?.url ?? ''}/v1/dice`, 'POST', AS_PROBE, { notation: '1d20' })
          probe[res.status] = (probe[res.status] ?? 0) + 1
        }
      }))
      expect(probe[200] === CLUSTER_LIMIT && probe[429] === attempts - CLUSTER_LIMIT,
        `cluster: one rate limit across three instances: ${attempts} requests of one key, ${CLUSTER_LIMIT} served and ${attempts - CLUSTER_LIMIT} refused (${fmt(probe)})`)
      figures.push(`cluster  rate limit ${CLUSTER_LIMIT}/min per key over three instances: ${fmt(probe)} of ${attempts} requests`)

      // Concurrent actions on one encounter through all three; a stream on the first sees them all.
      const id = await createStartedEncounter(two.url, AS_LOAD, 'cluster')
      const stream = await openStream(`${one.url}/v1/encounters/${id}/stream`, { authorization: AS_LOAD })
      try {
        expect(stream.status === 200, `cluster: the stream opened on instance one (${stream.status})`)
        const writes = newWriteLog()
        let budget = CLUSTER_ACTIONS
        const origin = Date.now()
        const t0 = Date.now()
        await Promise.all(Array.from({ length: 9 }, async (_, w) => writer([one, two, three][w % 3]?.url ?? '', AS_LOAD, id, `cluster-w${w}`, writes, origin, () => budget-- <= 0)))
        const elapsed = Date.now() - t0
        expect(writes.accepted.length === CLUSTER_ACTIONS && writes.errors.length === 0, `cluster: ${CLUSTER_ACTIONS} concurrent actions through three instances, all accepted (${fmt(writes.statuses)}, ${writes.errors.length} errors)`)
        const check = await checkLog(three.url, AS_LOAD, writes.accepted, [id])
        expectLog('cluster', check)
        const messages = await stream.waitForMessages(check.events, 15_000).catch(() => stream.parser.messages)
        const ids = messages.map((m) => Number(m.id))
        expect(ids.length === check.events && ids.every((seq, i) => seq === i + 1),
          `cluster: the stream on instance one received every event written through the three, in order, once each (${ids.length} of ${check.events})`)
        const viaOthers = writes.accepted.filter((a) => !a.tag.match(/-w[036]-/)).length
        figures.push(`cluster  ${CLUSTER_ACTIONS} actions in ${elapsed} ms (p99 ${p99(writes.latenciesMs)} ms), ${viaOthers} of them through instances two and three; stream on one: ${ids.length} events of ${check.events}`)
      } finally {
        stream.close?.()
      }
    } finally {
      await Promise.all(instances.map(async (i) => i.stop()))
      instances.length = 0
      await ns.clear()
    }
  }
} catch (error) {
  expect(false, `the suite itself failed: ${(error as Error).stack ?? String(error)}`)
} finally {
  await Promise.all(instances.map(async (i) => i.stop()))
  await db.drop()
}

console.log(`\n==> figures (${SHORT ? 'short' : 'full'} run, ${((Date.now() - started) / 1000).toFixed(0)} s)`)
for (const line of figures) console.log(`  ${line}`)
console.log(`\n${failures.length === 0 ? 'load and fault suite: all checks passed' : `load and fault suite: ${failures.length} check(s) FAILED:\n  ${failures.join('\n  ')}`}`)
process.exit(failures.length === 0 ? 0 : 1)
