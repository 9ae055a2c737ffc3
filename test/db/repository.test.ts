import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { openDatabase } from '../../src/db/connection.js'
import {
  DatabaseUnavailableError, DuplicateCombatantError, EncounterNotFoundError, InvalidCursorError, VersionConflictError
} from '../../src/encounters/errors.js'
import { EncounterRepository } from '../../src/encounters/repository.js'
import { testDatabase, type TestDatabase } from '../helpers/database.js'

let t: TestDatabase
let repo: EncounterRepository
before(async () => {
  t = await testDatabase()
  repo = (await t.open()).repo
})
after(async () => { await t.drop() })

const fighter = { id: 'fighter', name: 'Fighter', side: 'party', hitPoints: { max: 30, current: 30 }, statBlock: { abilities: { str: 16, dex: 12 }, feats: ['power-attack'] } }
const goblin = { id: 'goblin-1', name: 'Goblin', side: 'enemies', aware: false, hitPoints: { max: 5, current: 5 }, conditions: [{ name: 'flat-footed', endsAt: null }] }

test('Encounter: create with a roster, read it back, scoped by owner', async () => {
  const created = await repo.createEncounter('alice', { name: 'Goblin ambush', ruleset: 'pf1e', combatants: [fighter, goblin] })
  assert.equal(created.version, 1)
  assert.equal(created.status, 'preparing')
  assert.equal(created.round, 0)
  assert.equal(created.turn, null)
  assert.equal(created.lastEventSeq, 0)
  assert.deepEqual(created.combatants.map((c) => [c.id, c.position]), [['fighter', 0], ['goblin-1', 1]])
  const got = await repo.getEncounter('alice', created.id)
  assert.deepEqual(got, created)
  assert.deepEqual(got?.combatants[0]?.statBlock, fighter.statBlock)
  assert.deepEqual(got?.combatants[1]?.conditions, [{ name: 'flat-footed', endsAt: null }])
  assert.deepEqual(got?.combatants[1]?.hitPoints, { max: 5, current: 5, temporary: 0, nonlethal: 0 })
  assert.equal(got?.combatants[1]?.aware, false)
  assert.equal(await repo.getEncounter('bob', created.id), null, 'another owner sees nothing')
  assert.equal(await repo.getEncounter('alice', '00000000-0000-4000-8000-000000000000'), null)
  assert.equal(await repo.getEncounter('alice', 'not-a-uuid'), null)
})

test('Encounter: duplicate combatant ids in one request are refused, nothing stored', async () => {
  await assert.rejects(repo.createEncounter('dup', { name: 'x', ruleset: 'dnd35', combatants: [fighter, fighter] }), DuplicateCombatantError)
  assert.deepEqual((await repo.listEncounters('dup', { limit: 10 })).items, [])
})

test('Encounter: update bumps the version; a stale version is refused and changes nothing', async () => {
  const e = await repo.createEncounter('alice', { name: 'Bridge', ruleset: 'dnd35' })
  const started = await repo.updateEncounter('alice', e.id, { status: 'active', round: 1, surpriseRound: true, turn: { combatantId: 'fighter', initiativeCount: 17 } }, 1)
  assert.equal(started.version, 2)
  assert.equal(started.status, 'active')
  assert.deepEqual(started.turn, { combatantId: 'fighter', initiativeCount: 17 })
  assert.ok(started.updatedAt >= e.updatedAt)
  await assert.rejects(repo.updateEncounter('alice', e.id, { name: 'stale' }, 1), (err: unknown) => err instanceof VersionConflictError && err.currentVersion === 2)
  assert.equal((await repo.getEncounter('alice', e.id))?.name, 'Bridge')
  const unconditional = await repo.updateEncounter('alice', e.id, { turn: null })
  assert.equal(unconditional.version, 3)
  assert.equal(unconditional.turn, null)
  await assert.rejects(repo.updateEncounter('bob', e.id, { name: 'theirs' }), EncounterNotFoundError)
})

test('Encounter: concurrent writers with the same expected version: exactly one wins', async () => {
  const e = await repo.createEncounter('race', { name: 'race', ruleset: 'variant' })
  const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => repo.updateEncounter('race', e.id, { round: i + 1 }, 1)))
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1)
  assert.ok(results.every((r) => r.status === 'fulfilled' || r.reason instanceof VersionConflictError))
  assert.equal((await repo.getEncounter('race', e.id))?.version, 2)
})

test('Encounter: list newest first, by cursor pages, only the owner\'s', async () => {
  const created = []
  for (let i = 0; i < 5; i++) created.push(await repo.createEncounter('lister', { name: `e${i}`, ruleset: 'dnd35' }))
  // Newest first; two created in the same millisecond fall back to id order, as the cursor does.
  const expected = created.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((e) => e.id)
  await repo.createEncounter('someone-else', { name: 'x', ruleset: 'dnd35' })
  const seen: string[] = []
  let cursor: string | undefined
  const sizes: number[] = []
  do {
    const page = await repo.listEncounters('lister', { limit: 2, cursor })
    sizes.push(page.items.length)
    seen.push(...page.items.map((e) => e.id))
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  assert.deepEqual(sizes, [2, 2, 1])
  assert.deepEqual(seen, expected)
  await assert.rejects(repo.listEncounters('lister', { limit: 2, cursor: 'garbage' }), InvalidCursorError)
})

test('Encounter: delete removes roster and events; stale version and other owners refused', async () => {
  const e = await repo.createEncounter('alice', { name: 'doomed', ruleset: 'dnd35', combatants: [fighter] })
  await repo.appendEvent('alice', e.id, { type: 'attack', request: {}, result: {} })
  await assert.rejects(repo.deleteEncounter('bob', e.id), EncounterNotFoundError)
  await assert.rejects(repo.deleteEncounter('alice', e.id, 7), VersionConflictError)
  await repo.deleteEncounter('alice', e.id, 1)
  assert.equal(await repo.getEncounter('alice', e.id), null)
  const { rows } = await t.admin.query(`SELECT (SELECT count(*) FROM "${t.schema}"."Combatant" WHERE "encounterId" = $1)::int AS c, (SELECT count(*) FROM "${t.schema}"."EncounterEvent" WHERE "encounterId" = $1)::int AS ev`, [e.id])
  assert.deepEqual(rows[0], { c: 0, ev: 0 })
  await assert.rejects(repo.deleteEncounter('alice', e.id), EncounterNotFoundError)
})

test('Combatant: add, update (columns and jsonb), remove; each bumps the encounter version', async () => {
  const e = await repo.createEncounter('alice', { name: 'roster', ruleset: 'dnd35', combatants: [fighter] })
  const added = await repo.addCombatant('alice', e.id, goblin, 1)
  assert.equal(added.version, 2)
  assert.deepEqual(added.combatants.map((c) => [c.id, c.position]), [['fighter', 0], ['goblin-1', 1]])
  await assert.rejects(repo.addCombatant('alice', e.id, { id: 'fighter' }), DuplicateCombatantError)
  assert.equal((await repo.getEncounter('alice', e.id))?.version, 2, 'a refused add changes nothing')

  const hurt = await repo.updateCombatant('alice', e.id, 'goblin-1', {
    initiative: 14, initiativeTiebreak: 1, hitPoints: { current: -1, nonlethal: 2 },
    conditions: [{ name: 'dying', endsAt: null }, { name: 'stunned', endsAt: { round: 3, initiativeCount: 14 } }],
    statBlock: { abilities: { con: null } }
  }, 2)
  const g = hurt.combatants.find((c) => c.id === 'goblin-1')
  assert.equal(hurt.version, 3)
  assert.equal(g?.initiative, 14)
  assert.deepEqual(g?.hitPoints, { max: 5, current: -1, temporary: 0, nonlethal: 2 })
  assert.deepEqual(g?.conditions, [{ name: 'dying', endsAt: null }, { name: 'stunned', endsAt: { round: 3, initiativeCount: 14 } }])
  assert.deepEqual(g?.statBlock, { abilities: { con: null } })
  await assert.rejects(repo.updateCombatant('alice', e.id, 'nobody', { initiative: 1 }), EncounterNotFoundError)
  await assert.rejects(repo.updateCombatant('alice', e.id, 'goblin-1', { initiative: 1 }, 2), VersionConflictError)

  const removed = await repo.removeCombatant('alice', e.id, 'fighter', 3)
  assert.equal(removed.version, 4)
  assert.deepEqual(removed.combatants.map((c) => c.id), ['goblin-1'])
  await assert.rejects(repo.removeCombatant('alice', e.id, 'fighter'), EncounterNotFoundError)
  assert.equal((await repo.getEncounter('alice', e.id))?.version, 4, 'a refused removal changes nothing')
  await assert.rejects(repo.addCombatant('bob', e.id, { id: 'x' }), EncounterNotFoundError)
})

test('EncounterEvent: appended 1, 2, 3 with request, rolls and result; listed after a sequence', async () => {
  const e = await repo.createEncounter('alice', { name: 'log', ruleset: 'dnd35', combatants: [fighter, goblin] })
  for (let i = 1; i <= 3; i++) {
    const ev = await repo.appendEvent('alice', e.id, { type: 'attack', request: { actor: 'fighter', n: i }, rolls: [{ purpose: 'attack', die: 20, result: 10 + i }], result: { hit: i !== 2 } })
    assert.equal(ev.seq, i)
  }
  const after1 = await repo.listEvents('alice', e.id, { after: 1 })
  assert.deepEqual(after1.map((ev) => ev.seq), [2, 3])
  assert.deepEqual(after1[0]?.request, { actor: 'fighter', n: 2 })
  assert.deepEqual(after1[0]?.rolls, [{ purpose: 'attack', die: 20, result: 12 }])
  assert.deepEqual(after1[0]?.result, { hit: false })
  assert.deepEqual((await repo.listEvents('alice', e.id, { after: 0, limit: 1 })).map((ev) => ev.seq), [1])
  assert.equal((await repo.getEncounter('alice', e.id))?.lastEventSeq, 3)
  await assert.rejects(repo.listEvents('bob', e.id), EncounterNotFoundError)
  await assert.rejects(repo.appendEvent('bob', e.id, { type: 'attack', request: {}, result: {} }), EncounterNotFoundError)
  // Append-only in the database itself, not just in this code.
  await assert.rejects(t.admin.query(`UPDATE "${t.schema}"."EncounterEvent" SET type = 'heal' WHERE "encounterId" = $1`, [e.id]), /append-only/)
})

test('EncounterEvent: 20 concurrent appends get 1..20 with no gap and no duplicate', async () => {
  const e = await repo.createEncounter('alice', { name: 'crowd', ruleset: 'dnd35' })
  const events = await Promise.all(Array.from({ length: 20 }, async (_, i) => repo.appendEvent('alice', e.id, { type: 'damage', request: { i }, result: { i } })))
  assert.deepEqual(events.map((ev) => ev.seq).sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 1))
  const stored = await repo.listEvents('alice', e.id, { limit: 100 })
  assert.deepEqual(stored.map((ev) => ev.seq), Array.from({ length: 20 }, (_, i) => i + 1))
  // Each stored event is the one its caller was told about.
  for (const ev of events) assert.deepEqual(stored[ev.seq - 1]?.request, ev.request)
})

test('EncounterEvent: an append rolled back with its transaction leaves no gap', async () => {
  const e = await repo.createEncounter('alice', { name: 'rollback', ruleset: 'dnd35' })
  await repo.appendEvent('alice', e.id, { type: 'attack', request: {}, result: {} })
  await assert.rejects(repo.transaction(async (tx) => {
    await tx.appendEvent('alice', e.id, { type: 'attack', request: { doomed: true }, result: {} })
    throw new Error('the action failed after its event')
  }), /the action failed/)
  const next = await repo.appendEvent('alice', e.id, { type: 'heal', request: {}, result: {} })
  assert.equal(next.seq, 2)
  assert.deepEqual((await repo.listEvents('alice', e.id)).map((ev) => ev.type), ['attack', 'heal'])
})

test('EncounterEvent: appending with a stale expected version is refused', async () => {
  const e = await repo.createEncounter('alice', { name: 'stale-append', ruleset: 'dnd35' })
  await assert.rejects(repo.appendEvent('alice', e.id, { type: 'attack', request: {}, result: {} }, 5), VersionConflictError)
  assert.equal((await repo.appendEvent('alice', e.id, { type: 'attack', request: {}, result: {} }, 1)).seq, 1)
})

test('IdempotencyRecord: save, find, first writer wins, expiry, purge', async () => {
  const now = new Date('2030-01-01T00:00:00Z')
  const later = new Date('2030-01-02T00:00:00Z')
  const entry = { key: 'k-1', requestHash: 'a'.repeat(64), statusCode: 201, response: { id: 'e1', name: 'x' }, expiresAt: later }
  const saved = await repo.saveIdempotencyEntry('alice', entry, now)
  assert.equal(saved.statusCode, 201)
  const found = await repo.findIdempotencyEntry('alice', 'k-1', now)
  assert.deepEqual(found?.response, { id: 'e1', name: 'x' })
  assert.equal(found?.requestHash, 'a'.repeat(64))
  assert.equal(await repo.findIdempotencyEntry('bob', 'k-1', now), null, 'keys are per owner')
  // A concurrent retry that lost the race gets the first response back.
  const second = await repo.saveIdempotencyEntry('alice', { ...entry, requestHash: 'b'.repeat(64), response: { id: 'e2' } }, now)
  assert.deepEqual(second.response, { id: 'e1', name: 'x' })
  assert.equal(second.requestHash, 'a'.repeat(64))
  // Expired: gone for reads, replaced by the next save, purged in bulk.
  const afterExpiry = new Date('2030-01-03T00:00:00Z')
  assert.equal(await repo.findIdempotencyEntry('alice', 'k-1', afterExpiry), null)
  const replaced = await repo.saveIdempotencyEntry('alice', { ...entry, requestHash: 'c'.repeat(64), expiresAt: new Date('2030-01-04T00:00:00Z') }, afterExpiry)
  assert.equal(replaced.requestHash, 'c'.repeat(64))
  await repo.saveIdempotencyEntry('alice', { ...entry, key: 'k-old', expiresAt: now }, now)
  assert.equal(await repo.deleteExpiredIdempotencyEntries(afterExpiry), 1)
  assert.equal(await repo.findIdempotencyEntry('alice', 'k-old', new Date(0)), null)
})

test('a database that does not answer is DatabaseUnavailableError (a 503), not a crash', async () => {
  const closed = new URL(t.url)
  closed.port = '1'
  const db = openDatabase(closed.toString())
  try {
    const down = EncounterRepository.of(db.prisma)
    await assert.rejects(down.getEncounter('alice', '00000000-0000-4000-8000-000000000000'), DatabaseUnavailableError)
    await assert.rejects(down.createEncounter('alice', { name: 'x', ruleset: 'dnd35' }), DatabaseUnavailableError)
    await assert.rejects(down.appendEvent('alice', '00000000-0000-4000-8000-000000000000', { type: 'x', request: {}, result: {} }), DatabaseUnavailableError)
  } finally {
    await db.close()
  }
})
