import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js'

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
