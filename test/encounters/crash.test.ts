// SIGKILL of the service in the middle of a load of actions, then a restart:
// every encounter equals the fold of its events (no half-applied action), and
// every action a client saw accepted is in the log.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fold } from '../../src/encounters/transition.js'
import type { EncounterRepository } from '../../src/encounters/repository.js'
import { testDatabase, type TestDatabase } from '../helpers/database.js'
import { canonical, type Json } from '../helpers/encounters.js'

let t: TestDatabase
let repo: EncounterRepository
before(async () => {
  t = await testDatabase()
  repo = (await t.open()).repo
})
after(async () => { await t.drop() })

async function freePort (): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

async function startService (): Promise<{ child: ChildProcess, base: string }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, DATABASE_URL: t.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return { child, base }
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error('the service did not become ready')
}

async function post (base: string, path: string, body: unknown): Promise<{ status: number, body: Json }> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json() }
}

test('kill -9 under load, restart: no accepted action missing, no half-applied one', { timeout: 180_000 }, async () => {
  const first = await startService()
  try {
    await loadKillRestart(first)
  } finally {
    if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL')
  }
})

async function loadKillRestart (first: { child: ChildProcess, base: string }): Promise<void> {
  const ids: string[] = []
  for (let i = 0; i < 3; i++) {
    const created = await post(first.base, '/v1/encounters', {
      name: `load ${i}`, ruleset: i === 2 ? 'variant' : 'dnd35',
      combatants: [{ id: 'a', baseAttackBonus: 1, abilities: { con: 12 }, baseSaves: { fortitude: 40, death: 40 }, hitPoints: { max: 100000 } }, { id: 'b', baseAttackBonus: 1, hitPoints: { max: 50 } }]
    })
    assert.equal(created.status, 201)
    ids.push(created.body.id)
    assert.equal((await post(first.base, `/v1/encounters/${created.body.id}/start`, {})).status, 200)
  }

  const accepted: Array<{ id: string, seq: number, type: string, createdAt: string }> = []
  const refused: number[] = []
  let stop = false
  const actions = [
    { type: 'damage', target: 'a', damage: { dice: '2d6', singleAttack: false } },
    { type: 'condition', target: 'b', add: 'shaken' },
    { type: 'heal', target: 'a', healing: { kind: 'magical', amount: 3 } },
    { type: 'condition', target: 'b', remove: 'shaken' }
  ]
  const worker = async (w: number): Promise<void> => {
    for (let n = 0; !stop; n++) {
      const id = ids[(w + n) % ids.length] as string
      try {
        const res = await post(first.base, `/v1/encounters/${id}/actions`, actions[n % actions.length])
        if (res.status === 200) accepted.push({ id, seq: res.body.event.seq, type: res.body.event.type, createdAt: res.body.event.createdAt })
        else refused.push(res.status)
      } catch {
        return // the service is gone: this request's outcome is unknown to the client
      }
    }
  }
  const workers = Array.from({ length: 8 }, async (_, w) => worker(w))
  // Kill once a good number of actions went through, while the workers keep writing.
  const loadDeadline = Date.now() + 60_000
  while (accepted.length < 150 && Date.now() < loadDeadline) await new Promise((resolve) => setTimeout(resolve, 20))
  assert.deepEqual(refused, [], 'every action of the load is accepted while the service runs')
  const exited = new Promise((resolve) => first.child.once('exit', resolve))
  first.child.kill('SIGKILL')
  stop = true
  await Promise.all(workers)
  await exited

  const second = await startService()
  try {
    for (const id of ids) {
      const events: Json[] = (await (await fetch(`${second.base}/v1/encounters/${id}/events?limit=1000`)).json()).items
      assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => i + 1), 'the log has no gaps')
      const stored = await repo.get('public', id)
      const folded = fold(events.map((e) => ({ type: e.type, request: e.request, createdAt: e.createdAt })))
      assert.equal(JSON.stringify(folded), JSON.stringify(stored), `encounter ${id}: stored state equals the fold of its log`)
      assert.equal(stored?.version, events.length)
      for (const a of accepted.filter((x) => x.id === id)) {
        const logged = events[a.seq - 1]
        assert.ok(logged, `accepted event ${a.seq} of ${id} is missing`)
        assert.equal(canonical([logged.type, logged.createdAt]), canonical([a.type, a.createdAt]))
      }
    }
    assert.ok(accepted.length >= 150)
    // And the restarted service takes writes again.
    assert.equal((await post(second.base, `/v1/encounters/${ids[0] as string}/actions`, actions[0])).status, 200)
  } finally {
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))
  }
}
