import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { DatabaseUnavailableError } from '../../src/encounters/errors.js'
import { testDatabase, type TestDatabase } from '../helpers/database.js'
import { cuttableProxy } from '../helpers/proxy.js'

let t: TestDatabase
before(async () => { t = await testDatabase() })
after(async () => { await t.drop() })

async function appWith (env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ RATE_LIMIT_PER_MINUTE: '0', ...env }),
    logger: false,
    // A probe route, to see how a store error leaves over HTTP (a store read outside any route).
    beforeRoutes: async (a) => {
      a.get('/probe', async () => a.db?.encounters.get('alice', '00000000-0000-4000-8000-000000000000') ?? null)
    }
  })
  await app.ready()
  return app
}

test('DATABASE_URL reachable: migrations applied at start, /readyz 200, the store usable', async () => {
  const app = await appWith({ DATABASE_URL: t.url })
  try {
    const ready = await request(app.server).get('/readyz').expect(200)
    assert.deepEqual(ready.body, { status: 'ready', checks: [{ name: 'database', ok: true }] })
    assert.equal(app.db?.migrated, true)
    const { rows } = await t.admin.query(`SELECT count(*)::int AS n FROM "${t.schema}"._prisma_migrations WHERE finished_at IS NOT NULL`)
    assert.ok(rows[0].n >= 1)
    const created = await request(app.server).post('/v1/encounters').send({ name: 'via the app', ruleset: 'dnd35' }).expect(201)
    assert.equal((await app.db!.encounters.get('public', created.body.id))?.name, 'via the app')
  } finally {
    await app.close()
  }
})

// README › Operations: a database outage does not make /readyz 503 (that would take every instance out at once).
test('DATABASE_URL at a closed port: the service starts, /readyz 200 saying the database is down, POST /v1/dice 200, store errors are 503', async () => {
  const closed = new URL(t.url)
  closed.port = '1'
  const app = await appWith({ DATABASE_URL: closed.toString() })
  try {
    const ready = await request(app.server).get('/readyz').expect(200)
    assert.deepEqual(ready.body, { status: 'ready', checks: [{ name: 'database', ok: false, detail: 'not reachable yet; migrations pending' }] })
    await request(app.server).post('/v1/dice').send({ notation: '1d20', dice: { sequence: [17] } }).expect(200)
    await request(app.server).get('/healthz').expect(200)
    assert.throws(() => app.db!.encounters, DatabaseUnavailableError)
    const probe = await request(app.server).get('/probe').expect(503)
    assert.equal(probe.body.type, '/problems/database-unavailable')
    assert.equal(probe.headers['retry-after'], '5')
  } finally {
    await app.close()
  }
})

test('database lost after start: /readyz 200 saying it is down, stateless endpoints 200, no crash; back when it returns', async () => {
  const proxy = await cuttableProxy(new URL(t.url))
  const app = await appWith({ DATABASE_URL: proxy.url })
  try {
    await request(app.server).get('/readyz').expect(200)
    await request(app.server).post('/v1/encounters').send({ name: 'before the outage', ruleset: 'pf1e' }).expect(201)
    await proxy.cut()
    const down = await request(app.server).get('/readyz').expect(200)
    assert.deepEqual(down.body.checks, [{ name: 'database', ok: false, detail: 'does not answer' }])
    await request(app.server).post('/v1/dice').send({ notation: '2d6', dice: { sequence: [3, 4] } }).expect(200)
    assert.equal((await request(app.server).get('/probe').expect(503)).body.status, 503)
    await proxy.restore()
    assert.deepEqual((await request(app.server).get('/readyz').expect(200)).body.checks, [{ name: 'database', ok: true }])
    const page = await app.db!.encounters.list('public', { limit: 10 })
    assert.ok(page.items.some((e) => e.name === 'before the outage'))
  } finally {
    await app.close()
    await proxy.cut()
  }
})

test('database down at start-up: migrations are retried in the background and the service becomes ready', async () => {
  const fresh = `${t.schema}_late`
  const target = new URL(t.url)
  target.searchParams.set('schema', fresh)
  const proxy = await cuttableProxy(target)
  await proxy.cut()
  const app = await appWith({ DATABASE_URL: proxy.url })
  try {
    assert.equal((await request(app.server).get('/readyz').expect(200)).body.checks[0].ok, false)
    assert.equal(app.db?.migrated, false)
    await proxy.restore()
    const deadline = Date.now() + 10_000
    while (!app.db?.migrated && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    assert.deepEqual((await request(app.server).get('/readyz').expect(200)).body.checks, [{ name: 'database', ok: true }])
    assert.equal((await app.db!.encounters.list('alice', { limit: 1 })).items.length, 0)
  } finally {
    await app.close()
    await proxy.cut()
    await t.admin.query(`DROP SCHEMA IF EXISTS "${fresh}" CASCADE`)
  }
})

test('ENCOUNTERS=off: no database at all, /readyz 200 with no checks', async () => {
  const app = await appWith({ ENCOUNTERS: 'off', DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' })
  try {
    assert.equal(app.db, null)
    assert.deepEqual((await request(app.server).get('/readyz').expect(200)).body, { status: 'ready', checks: [] })
  } finally {
    await app.close()
  }
})

// A connection lost between two statements of a write's transaction used to be an
// uncaught 'error' on the checked-out client, which ended the process.
test('database lost in the middle of concurrent writes: each answers 200 or 503, the service stays up, writes resume', async () => {
  const proxy = await cuttableProxy(new URL(t.url))
  const app = await appWith({ DATABASE_URL: proxy.url })
  try {
    const created = await request(app.server).post('/v1/encounters').send({ name: 'under fire', ruleset: 'dnd35', combatants: [{ id: 'orc', hitPoints: { max: 100000 } }] }).expect(201)
    const id = String(created.body.id)
    await request(app.server).post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [10] } }).expect(200)
    const statuses: number[] = []
    let accepted = 0
    let stop = false
    const writers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const res = await request(app.server).post(`/v1/encounters/${id}/actions`).send({ type: 'damage', target: 'orc', damage: { amount: 1 } })
        statuses.push(res.status)
        if (res.status === 200) accepted++
      }
    })
    // Cut several times, each while writes are in flight.
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150))
      await proxy.cut()
      await new Promise((resolve) => setTimeout(resolve, 100))
      await proxy.restore()
    }
    await new Promise((resolve) => setTimeout(resolve, 1500))
    stop = true
    await Promise.all(writers)
    assert.deepEqual([...new Set(statuses)].sort(), [200, 503])
    await request(app.server).post(`/v1/encounters/${id}/actions`).send({ type: 'damage', target: 'orc', damage: { amount: 1 } }).expect(200)
    const events = await request(app.server).get(`/v1/encounters/${id}/events`).query({ limit: 1000 }).expect(200)
    // Every accepted blow is logged; a write cut after its COMMIT reached the server may be logged without a 200.
    const blows = events.body.items.filter((e: { type: string }) => e.type === 'damage').length
    assert.ok(blows >= accepted + 1, `${blows} blows logged for ${accepted + 1} accepted`)
  } finally {
    await app.close()
    await proxy.cut()
  }
})
