// The encounter store below HTTP: tenancy, the invariants the database keeps
// (CHECK constraints), JSON columns validated when read back, and the sweep
// of expired idempotency keys.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { EncounterRepository } from '../../src/encounters/repository.js'
import { EncounterService } from '../../src/encounters/service.js'
import { testDatabase, type TestDatabase } from '../helpers/database.js'

let t: TestDatabase
let repo: EncounterRepository
let service: EncounterService
before(async () => {
  t = await testDatabase()
  repo = (await t.open()).repo
  service = new EncounterService(() => repo)
})
after(async () => { await t.drop() })

const roster = [{ id: 'hero', abilities: { con: 12 }, hitPoints: { max: 20 } }, { id: 'rat', hitPoints: { max: 2 } }]

test('an encounter belongs to its owner: another owner reads nothing and writes nothing', async () => {
  const { body } = await service.create('alice', { name: 'mine', ruleset: 'dnd35', combatants: roster }, {})
  assert.equal((await repo.get('alice', body.id))?.name, 'mine')
  assert.equal(await repo.get('bob', body.id), null)
  await assert.rejects(service.start('bob', body.id, {}, {}), { name: 'EncounterNotFoundError' })
  await assert.rejects(repo.events('bob', body.id), { name: 'EncounterNotFoundError' })
  assert.equal((await repo.list('bob', { limit: 10 })).items.length, 0)
})

test('the database refuses rows that break the invariants (CHECK constraints)', async () => {
  const { body } = await service.create('alice', { name: 'checks', ruleset: 'dnd35', combatants: roster }, {})
  const q = (sql: string) => t.admin.query(sql.replaceAll('%s', `"${t.schema}"`))
  await assert.rejects(q(`UPDATE %s."Combatant" SET "hitPointsCurrent" = 21 WHERE "encounterId" = '${body.id}' AND id = 'hero'`), /Combatant_current_not_above_max/)
  await assert.rejects(q(`UPDATE %s."Combatant" SET "hitPointsStatus" = 'sleepy' WHERE "encounterId" = '${body.id}' AND id = 'hero'`), /Combatant_hit_point_status/)
  await assert.rejects(q(`UPDATE %s."Combatant" SET "deathSaveFailures" = -1 WHERE "encounterId" = '${body.id}' AND id = 'hero'`), /Combatant_death_saves/)
  await assert.rejects(q(`UPDATE %s."Encounter" SET version = 7 WHERE id = '${body.id}'`), /Encounter_version_is_last_event/)
  await assert.rejects(q(`UPDATE %s."Encounter" SET "turnCombatantId" = 'hero', "turnInitiativeCount" = 3 WHERE id = '${body.id}'`), /Encounter_no_turn_unless_active/)
  await assert.rejects(q(`UPDATE %s."EncounterEvent" SET type = 'edited' WHERE "encounterId" = '${body.id}'`), /append-only/)
})

test('a JSON column that fails its schema is an error when read, never a silently wrong fight', async () => {
  const { body } = await service.create('alice', { name: 'corrupt', ruleset: 'variant', combatants: roster }, {})
  await t.admin.query(`UPDATE "${t.schema}"."Combatant" SET conditions = '[{"name": 5, "endsAt": null}]' WHERE "encounterId" = $1 AND id = 'rat'`, [body.id])
  await assert.rejects(repo.get('alice', body.id), /stored conditions does not match its schema/)
})

test('expired idempotency keys are swept, and an expired key may be used again', async () => {
  const { body } = await service.create('alice', { name: 'keys', ruleset: 'dnd35', combatants: roster }, { idempotency: { key: 'k-1', requestHash: 'h1' } })
  const replay = await service.create('alice', { name: 'keys', ruleset: 'dnd35', combatants: roster }, { idempotency: { key: 'k-1', requestHash: 'h1' } })
  assert.equal(replay.replayed, true)
  assert.equal(replay.body.id, body.id)
  await t.admin.query(`UPDATE "${t.schema}"."IdempotencyRecord" SET "expiresAt" = now() - interval '1 second' WHERE key = 'k-1'`)
  const fresh = await service.create('alice', { name: 'keys again', ruleset: 'dnd35' }, { idempotency: { key: 'k-1', requestHash: 'h2' } })
  assert.equal(fresh.replayed, false)
  assert.notEqual(fresh.body.id, body.id)
  await t.admin.query(`UPDATE "${t.schema}"."IdempotencyRecord" SET "expiresAt" = now() - interval '1 second'`)
  assert.ok(await repo.deleteExpiredIdempotencyRecords() >= 1)
  const { rows } = await t.admin.query(`SELECT count(*)::int AS n FROM "${t.schema}"."IdempotencyRecord"`)
  assert.equal(rows[0].n, 0)
})
