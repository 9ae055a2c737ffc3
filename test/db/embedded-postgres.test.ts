import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { processRunning, startEmbeddedPostgres } from '../../src/db/embedded-postgres.js'

const dir = mkdtempSync(join(tmpdir(), 'd20-embedded-'))
chmodSync(dir, 0o755)
after(() => rmSync(dir, { recursive: true, force: true }))

async function query<T extends pg.QueryResultRow> (url: string, sql: string): Promise<T[]> {
  const client = new pg.Client(url)
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

test('data written before a stop is there after the next start (the service\'s restart)', async () => {
  const dataDir = join(dir, 'postgres')
  const first = await startEmbeddedPostgres({ dataDir })
  try {
    await query(first.url, 'CREATE TABLE kept (note text)')
    await query(first.url, "INSERT INTO kept VALUES ('before the restart')")
    // Loopback only, with a password.
    assert.deepEqual(await query(first.url, 'SHOW listen_addresses'), [{ listen_addresses: '127.0.0.1' }])
    assert.match(first.url, /^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/)
  } finally {
    await first.stop()
    await first.stop() // twice is harmless
  }
  await assert.rejects(query(first.url, 'SELECT 1'), /ECONNREFUSED/)

  const second = await startEmbeddedPostgres({ dataDir })
  try {
    assert.deepEqual(await query(second.url, 'SELECT note FROM kept'), [{ note: 'before the restart' }])
    // A second service on the same directory is told who holds it.
    await assert.rejects(startEmbeddedPostgres({ dataDir }), /already running on .*kill -INT \d+/)
  } finally {
    await second.stop()
  }
  // The password file is readable by its owner only; as root, that owner is not root.
  const secret = statSync(join(dataDir, 'embedded-password'))
  assert.equal(secret.mode & 0o077, 0)
  if (process.getuid?.() === 0) assert.notEqual(statSync(dataDir).uid, 0)
})

test('a directory that is neither empty nor a cluster is refused, not overwritten', async () => {
  const dataDir = join(dir, 'occupied')
  mkdirSync(dataDir)
  writeFileSync(join(dataDir, 'notes.txt'), 'mine')
  await assert.rejects(startEmbeddedPostgres({ dataDir }), /neither empty nor a PostgreSQL data directory/)
})

test('a server left running by a service killed with SIGKILL is stopped by the next start, which then proceeds', async () => {
  const dataDir = join(dir, 'leftover')
  // A separate "service" process that starts the server and is then killed without a chance to stop it.
  const service = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `
    import { startEmbeddedPostgres } from './src/db/embedded-postgres.ts'
    const pg = await startEmbeddedPostgres({ dataDir: process.argv[1] })
    console.log(JSON.stringify({ pid: pg.pid, url: pg.url }))
    setInterval(() => {}, 60_000)
  `, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [first] = await once(service.stdout, 'data') as [Buffer]
  const leftover = JSON.parse(first.toString()) as { pid: number, url: string }
  await query(leftover.url, 'CREATE TABLE survived (note text)')
  await query(leftover.url, "INSERT INTO survived VALUES ('written before the crash')")
  service.kill('SIGKILL')
  await once(service, 'exit')
  assert.ok(processRunning(leftover.pid), 'the server outlives its killed service')

  const next = await startEmbeddedPostgres({ dataDir })
  try {
    assert.equal(next.stoppedLeftover, leftover.pid)
    assert.ok(!processRunning(leftover.pid), 'the leftover server is gone')
    assert.deepEqual(await query(next.url, 'SELECT note FROM survived'), [{ note: 'written before the crash' }])
  } finally {
    await next.stop()
  }
})

test('a lock file naming a pid that is no PostgreSQL (gone, or reused after a container restart) does not block the start', async () => {
  const dataDir = join(dir, 'stale-lock')
  const first = await startEmbeddedPostgres({ dataDir })
  await first.stop()
  // Our own pid: alive, but not a PostgreSQL on this directory.
  writeFileSync(join(dataDir, 'postmaster.pid'), `${process.pid}\n${dataDir}\n`)
  const second = await startEmbeddedPostgres({ dataDir })
  try {
    assert.equal(second.stoppedLeftover, undefined)
    assert.deepEqual(await query(second.url, 'SELECT 1 AS one'), [{ one: 1 }])
  } finally {
    await second.stop()
  }
})

test('killed under the service, the server is restarted on the same port and data by restart()', async () => {
  const dataDir = join(dir, 'restarted')
  const exits: Array<NodeJS.Signals | null> = []
  const server = await startEmbeddedPostgres({ dataDir, onUnexpectedExit: (exit) => { exits.push(exit.signal) } })
  try {
    await query(server.url, 'CREATE TABLE kept (n int)')
    const before = server.pid!
    process.kill(before, 'SIGKILL')
    const deadline = Date.now() + 5_000
    while (exits.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    assert.deepEqual(exits, ['SIGKILL'])
    await server.restart()
    assert.notEqual(server.pid, before)
    assert.deepEqual(await query(server.url, 'SELECT count(*)::int AS n FROM kept'), [{ n: 0 }])
  } finally {
    await server.stop()
  }
  assert.equal(exits.length, 1, 'a stop is not an unexpected exit')
})

// As root the server runs as postgres/nobody, who cannot enter a mode-700 directory (a clone under /root, or in a mktemp -d folder).
test('as root, a default data directory the server\'s user cannot reach moves to a per-project directory it can; a chosen one is refused', { skip: process.getuid?.() !== 0 && 'only root runs the server as another user' }, async () => {
  const privateDir = mkdtempSync(join(tmpdir(), 'd20-private-'))
  chmodSync(privateDir, 0o700)
  const requested = join(privateDir, 'project', '.data', 'postgres')
  let relocatedParent: string | undefined
  try {
    await assert.rejects(startEmbeddedPostgres({ dataDir: requested }), /cannot enter/)
    const first = await startEmbeddedPostgres({ dataDir: requested, relocateIfUnreachable: true })
    relocatedParent = dirname(first.dataDir)
    try {
      assert.equal(first.relocatedFrom, requested)
      assert.match(first.dataDir, /^\/var\/tmp\/d20-combat-service-[0-9a-f]{16}\/postgres$/)
      await query(first.url, 'CREATE TABLE kept (note text)')
    } finally {
      await first.stop()
    }
    // The same project finds its data again; the requested directory stays empty.
    const second = await startEmbeddedPostgres({ dataDir: requested, relocateIfUnreachable: true })
    try {
      assert.equal(second.dataDir, first.dataDir)
      assert.deepEqual(await query(second.url, 'SELECT count(*)::int AS n FROM kept'), [{ n: 0 }])
    } finally {
      await second.stop()
    }
    assert.ok(!existsSync(join(requested, 'PG_VERSION')))
  } finally {
    rmSync(privateDir, { recursive: true, force: true })
    if (relocatedParent) rmSync(relocatedParent, { recursive: true, force: true })
  }
})
