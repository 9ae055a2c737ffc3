// The encounter table keeps the ruleset as text checked by the ruleset
// registry (src/rules/rulesets), not as a database enum: the migration that
// made it so must keep the rows of a database that already has encounters,
// and a stored id the registry no longer knows is a read error, as a stored
// JSON column that fails its schema is.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrateDatabase } from '../../src/db/connection.js'
import { defaultMigrationsDir, readMigrations } from '../../src/db/migrator.js'
import { testDatabase, type TestDatabase } from '../helpers/database.js'

const MIGRATION = '20261201160000_ruleset_as_text'

let t: TestDatabase
let dir: string
before(async () => {
  t = await testDatabase()
  dir = mkdtempSync(join(tmpdir(), 'd20-migrations-'))
})
after(async () => {
  await t.drop()
  rmSync(dir, { recursive: true, force: true })
})

const ENCOUNTER = (id: string, ruleset: string) => `INSERT INTO "${t.schema}"."Encounter" (id, "ownerId", name, ruleset, "lastEventSeq", "updatedAt")
  VALUES ('${id}', 'public', 'old fight', '${ruleset}', 1, now())`

test('the migration turns an existing enum column into text, keeping every row, and drops the enum type', async () => {
  // The database as the previous release left it: the migrations before this one, and encounters in it.
  const names = (await readMigrations()).map((m) => m.name)
  assert.ok(names.includes(MIGRATION))
  for (const name of names.filter((n) => n < MIGRATION)) cpSync(join(defaultMigrationsDir(), name), join(dir, name), { recursive: true })
  await migrateDatabase(t.url, { dir })
  await t.admin.query(ENCOUNTER('00000000-0000-4000-8000-000000000001', 'pf1e'))
  await t.admin.query(ENCOUNTER('00000000-0000-4000-8000-000000000002', 'variant'))
  await t.admin.query(`INSERT INTO "${t.schema}"."Combatant" ("encounterId", id, position, "updatedAt") VALUES ('00000000-0000-4000-8000-000000000001', 'orc', 0, now())`)

  const result = await migrateDatabase(t.url)
  assert.deepEqual(result.applied, names.filter((n) => n >= MIGRATION))

  const { rows } = await t.admin.query<{ id: string, ruleset: string }>(`SELECT id, ruleset FROM "${t.schema}"."Encounter" ORDER BY id`)
  assert.deepEqual(rows.map((r) => r.ruleset), ['pf1e', 'variant'])
  const { rows: combatants } = await t.admin.query(`SELECT id FROM "${t.schema}"."Combatant"`)
  assert.equal(combatants.length, 1)
  const { rows: columns } = await t.admin.query<{ data_type: string, character_maximum_length: number }>(
    'SELECT data_type, character_maximum_length FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND column_name = $3', [t.schema, 'Encounter', 'ruleset'])
  assert.deepEqual(columns, [{ data_type: 'character varying', character_maximum_length: 200 }])
  const { rows: types } = await t.admin.query(
    'SELECT typname FROM pg_type JOIN pg_namespace n ON n.oid = typnamespace WHERE n.nspname = $1 AND typname = $2', [t.schema, 'Ruleset'])
  assert.deepEqual(types, [])
})

test('the repository reads a registered ruleset back, and refuses one the registry does not know', async () => {
  const { repo } = await t.open()
  const stored = await repo.get('public', '00000000-0000-4000-8000-000000000001')
  assert.equal(stored?.ruleset, 'pf1e')
  // An id no registered ruleset has (a ruleset removed from the code): text now, so the database takes it.
  await t.admin.query(ENCOUNTER('00000000-0000-4000-8000-000000000003', 'gone'))
  await assert.rejects(repo.get('public', '00000000-0000-4000-8000-000000000003'), /stored ruleset "gone" is not registered/)
  await assert.rejects(repo.list('public', { limit: 10 }), /stored ruleset "gone" is not registered/)
})
