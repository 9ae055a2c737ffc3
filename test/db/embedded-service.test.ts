// The service with its embedded PostgreSQL (DATABASE_URL unset), as `npm start` runs it.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { processRunning } from '../../src/db/embedded-postgres.js'
import { logCollector, startServer } from '../helpers/server.js'

const dir = mkdtempSync(join(tmpdir(), 'd20-service-pg-'))
chmodSync(dir, 0o755)
after(() => rmSync(dir, { recursive: true, force: true }))

function postmasterPid (dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
}

test('kill -9 of the embedded PostgreSQL: the service restarts it, says so, and its database is back within 10 s', async () => {
  const dataDir = join(dir, 'data')
  const child = startServer({ ENCOUNTERS: 'on', DATABASE_URL: '', EMBEDDED_PG_DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '0' })
  const { waitFor } = logCollector(child)
  try {
    const listening = await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'))
    const url = String(listening.msg).replace('Server listening at ', '')
    const database = async (): Promise<unknown> => ((await (await fetch(`${url}/readyz`)).json()) as { checks: unknown[] }).checks[0]
    assert.deepEqual(await database(), { name: 'database', ok: true })

    const killed = postmasterPid(dataDir)
    const killedAt = Date.now()
    process.kill(killed, 'SIGKILL')
    await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('embedded PostgreSQL restarted'))
    let state = await database()
    while (JSON.stringify(state) !== JSON.stringify({ name: 'database', ok: true }) && Date.now() - killedAt < 10_000) {
      await new Promise((r) => setTimeout(r, 200))
      state = await database()
    }
    assert.deepEqual(state, { name: 'database', ok: true })
    assert.ok(Date.now() - killedAt < 10_000, `back after ${Date.now() - killedAt} ms`)
    assert.equal(child.exitCode, null, 'the service kept running')
    const restarted = postmasterPid(dataDir)
    assert.notEqual(restarted, killed)

    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    assert.equal(code, 0)
    assert.ok(!processRunning(restarted), 'the restarted server is stopped with the service')
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
})

test('kill -9 of the service: the next start stops the server it left behind and comes up', async () => {
  const dataDir = join(dir, 'crashed')
  const env = { ENCOUNTERS: 'on', DATABASE_URL: '', EMBEDDED_PG_DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '0' }
  const first = startServer(env)
  await logCollector(first).waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'))
  const leftover = postmasterPid(dataDir)
  first.kill('SIGKILL')
  await once(first, 'exit')
  assert.ok(processRunning(leftover))

  const second = startServer(env)
  try {
    const { waitFor } = logCollector(second)
    const line = await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('embedded PostgreSQL on'))
    assert.match(String(line.msg), new RegExp(`stopped the server \\(pid ${leftover}\\) a killed run had left on it`))
    const listening = await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'))
    const ready = await fetch(`${String(listening.msg).replace('Server listening at ', '')}/readyz`)
    assert.deepEqual(await ready.json(), { status: 'ready', checks: [{ name: 'database', ok: true }] })
    assert.ok(!processRunning(leftover))
    second.kill('SIGTERM')
    assert.deepEqual(await once(second, 'exit'), [0, null])
  } finally {
    if (second.exitCode === null) second.kill('SIGKILL')
  }
})
