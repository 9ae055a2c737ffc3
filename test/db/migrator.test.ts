import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrateDatabase } from '../../src/db/connection.js'
import { MigrationError, PRISMA_MIGRATE_LOCK_KEY, defaultMigrationsDir, readMigrations } from '../../src/db/migrator.js'
import { testDatabase, withSchema, type TestDatabase } from '../helpers/database.js'

let t: TestDatabase
const dirs: string[] = []
const schemas: string[] = []
before(async () => { t = await testDatabase() })
after(async () => {
  for (const s of schemas) await t.admin.query(`DROP SCHEMA "${s}" CASCADE`)
  await t.drop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A fresh schema in the same database, for a test that needs an empty one. */
async function freshSchema (name: string): Promise<string> {
  const schema = `${t.schema}_${name}`
  await t.admin.query(`CREATE SCHEMA "${schema}"`)
  schemas.push(schema)
  return schema
}

function migrationsDir (files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'd20-migrations-'))
  dirs.push(dir)
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(dir, name))
    writeFileSync(join(dir, name, 'migration.sql'), sql)
  }
  return dir
}

async function history (schema: string): Promise<Array<{ id: string, migration_name: string, checksum: string, finished_at: Date | null, logs: string | null, rolled_back_at: Date | null, applied_steps_count: number }>> {
  const { rows } = await t.admin.query(`SELECT * FROM "${schema}"._prisma_migrations ORDER BY migration_name`)
  return rows
}

async function tables (schema: string): Promise<string[]> {
  const { rows } = await t.admin.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name', [schema])
  return rows.map((r) => r.table_name)
}

test('fresh database: the project migration applies and is recorded exactly as prisma migrate records it', async () => {
  const result = await migrateDatabase(t.url)
  const names = (await readMigrations()).map((m) => m.name)
  assert.deepEqual(result.applied, names)
  assert.deepEqual(await tables(t.schema), ['Combatant', 'Encounter', 'EncounterEvent', 'IdempotencyRecord', '_prisma_migrations'])

  const rows = await history(t.schema)
  assert.equal(rows.length, names.length)
  for (const row of rows) {
    // Prisma's checksum: sha256 hex of the migration.sql bytes.
    const bytes = readFileSync(join(defaultMigrationsDir(), row.migration_name, 'migration.sql'))
    assert.equal(row.checksum, createHash('sha256').update(bytes).digest('hex'))
    assert.match(row.id, /^[0-9a-f-]{36}$/)
    assert.ok(row.finished_at instanceof Date)
    assert.equal(row.applied_steps_count, 1)
    assert.equal(row.logs, null)
    assert.equal(row.rolled_back_at, null)
  }
  // The columns and types of Prisma's own table.
  const { rows: columns } = await t.admin.query<{ column_name: string, data_type: string, character_maximum_length: number | null }>(
    'SELECT column_name, data_type, character_maximum_length FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', [t.schema, '_prisma_migrations'])
  assert.deepEqual(columns.map((c) => `${c.column_name} ${c.data_type}${c.character_maximum_length ? `(${c.character_maximum_length})` : ''}`), [
    'id character varying(36)', 'checksum character varying(64)', 'finished_at timestamp with time zone', 'migration_name character varying(255)',
    'logs text', 'rolled_back_at timestamp with time zone', 'started_at timestamp with time zone', 'applied_steps_count integer'
  ])
  // The indexes the API's queries need: newest first per owner, events after a sequence.
  const { rows: indexes } = await t.admin.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE schemaname = $1', [t.schema])
  const defs = indexes.map((i) => i.indexdef.replaceAll(`${t.schema}.`, ''))
  assert.ok(defs.some((d) => d.includes('"Encounter" USING btree ("ownerId", "createdAt" DESC, id DESC)')), defs.join('\n'))
  assert.ok(defs.some((d) => d.includes('"EncounterEvent_pkey" ON "EncounterEvent" USING btree ("encounterId", seq)')), defs.join('\n'))
})

test('a second run applies nothing and changes no record', async () => {
  await migrateDatabase(t.url)
  const before = await history(t.schema)
  const again = await migrateDatabase(t.url)
  assert.deepEqual(again.applied, [])
  assert.deepEqual(again.alreadyApplied, (await readMigrations()).map((m) => m.name))
  assert.deepEqual(await history(t.schema), before)
})

test('migrations apply in name order, each recorded; a later run applies only the new one', async () => {
  const schema = await freshSchema('order')
  const url = withSchema(t.url, schema)
  const dir = migrationsDir({ '2_b': 'INSERT INTO a VALUES (2);', '1_a': 'CREATE TABLE a (n int); INSERT INTO a VALUES (1);' })
  assert.deepEqual((await migrateDatabase(url, { dir })).applied, ['1_a', '2_b'])
  mkdirSync(join(dir, '3_c'))
  writeFileSync(join(dir, '3_c', 'migration.sql'), 'INSERT INTO a VALUES (3);')
  const next = await migrateDatabase(url, { dir })
  assert.deepEqual(next.applied, ['3_c'])
  assert.deepEqual(next.alreadyApplied, ['1_a', '2_b'])
  const { rows } = await t.admin.query(`SELECT n FROM "${schema}".a ORDER BY n`)
  assert.deepEqual(rows.map((r) => r.n), [1, 2, 3])
})

test('an applied migration whose file changed is refused, and nothing after it is applied', async () => {
  const schema = await freshSchema('checksum')
  const url = withSchema(t.url, schema)
  const dir = migrationsDir({ '1_a': 'CREATE TABLE a (n int);' })
  await migrateDatabase(url, { dir })
  writeFileSync(join(dir, '1_a', 'migration.sql'), 'CREATE TABLE a (n bigint);')
  mkdirSync(join(dir, '2_b'))
  writeFileSync(join(dir, '2_b', 'migration.sql'), 'CREATE TABLE b (n int);')
  await assert.rejects(migrateDatabase(url, { dir }), (e: unknown) => e instanceof MigrationError && /1_a was changed after it was applied/.test(e.message))
  assert.deepEqual(await tables(schema), ['_prisma_migrations', 'a'])
})

test('a checksum recorded with LF matches the same file checked out with CRLF (as Prisma allows)', async () => {
  const schema = await freshSchema('crlf')
  const url = withSchema(t.url, schema)
  const dir = migrationsDir({ '1_a': 'CREATE TABLE a (n int);\nCREATE TABLE b (n int);\n' })
  await migrateDatabase(url, { dir })
  writeFileSync(join(dir, '1_a', 'migration.sql'), 'CREATE TABLE a (n int);\r\nCREATE TABLE b (n int);\r\n')
  assert.deepEqual((await migrateDatabase(url, { dir })).applied, [])
})

test('a failing migration is rolled back whole and not recorded; the ones before it stay', async () => {
  const schema = await freshSchema('failing')
  const url = withSchema(t.url, schema)
  const dir = migrationsDir({ '1_a': 'CREATE TABLE a (n int);', '2_b': 'CREATE TABLE b (n int); INSERT INTO nowhere VALUES (1);' })
  await assert.rejects(migrateDatabase(url, { dir }), (e: unknown) => e instanceof MigrationError && /2_b failed and was rolled back/.test(e.message))
  assert.deepEqual(await tables(schema), ['_prisma_migrations', 'a'])
  assert.deepEqual((await history(schema)).map((r) => r.migration_name), ['1_a'])
})

test('a migration Prisma recorded as failed (unfinished) is refused until resolved', async () => {
  const schema = await freshSchema('unfinished')
  const url = withSchema(t.url, schema)
  const dir = migrationsDir({ '1_a': 'CREATE TABLE a (n int);' })
  await migrateDatabase(url, { dir: migrationsDir({}) })
  await t.admin.query(`INSERT INTO "${schema}"._prisma_migrations (id, checksum, migration_name, logs) VALUES ('00000000-0000-0000-0000-000000000001', 'x', '1_a', 'boom')`)
  await assert.rejects(migrateDatabase(url, { dir }), (e: unknown) => e instanceof MigrationError && /1_a failed earlier/.test(e.message))
  // `prisma migrate resolve --rolled-back` marks it rolled back; then it applies.
  await t.admin.query(`UPDATE "${schema}"._prisma_migrations SET rolled_back_at = now()`)
  assert.deepEqual((await migrateDatabase(url, { dir })).applied, ['1_a'])
})

test('two migrators starting together: Prisma\'s advisory lock lets one apply, the other finds it done', async () => {
  assert.equal(PRISMA_MIGRATE_LOCK_KEY, 72707369)
  const schema = await freshSchema('race')
  const url = withSchema(t.url, schema)
  // Slow enough that the second starts while the first holds the lock.
  const dir = migrationsDir({ '1_slow': 'CREATE TABLE a (n int); SELECT pg_sleep(0.5); INSERT INTO a VALUES (1);', '2_b': 'INSERT INTO a VALUES (2);' })
  const [one, two] = await Promise.all([migrateDatabase(url, { dir }), migrateDatabase(url, { dir })])
  assert.deepEqual([...one.applied, ...two.applied].sort(), ['1_slow', '2_b'])
  assert.ok(one.applied.length === 0 || two.applied.length === 0, 'one migrator applied everything')
  assert.deepEqual((await history(schema)).map((r) => r.migration_name), ['1_slow', '2_b'])
  const { rows } = await t.admin.query(`SELECT n FROM "${schema}".a ORDER BY n`)
  assert.deepEqual(rows.map((r) => r.n), [1, 2])
})

test('the project\'s migrations directory is Prisma\'s layout, with its lock file', () => {
  assert.match(readFileSync(join(defaultMigrationsDir(), 'migration_lock.toml'), 'utf8'), /provider = "postgresql"/)
})
