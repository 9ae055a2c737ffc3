// The encounter store: the only code that knows Prisma and SQL. Reads of a
// whole encounter and the write path use one SQL shape through the pg pool
// (the write is the hot path: lock the row, write everything in one
// statement, commit); listings, the log and deletes go through Prisma.
// Every read and write is scoped by owner: another owner's encounter is "not found".
import type pg from 'pg'
import { Prisma, type PrismaClient } from '../generated/prisma/client.js'
import type { Database } from '../db/connection.js'
import { DomainError } from '../rules/errors.js'
import { DatabaseUnavailableError, EncounterNotFoundError, InvalidCursorError, VersionConflictError, type VersionPrecondition } from './errors.js'
import {
  checkConditions, checkHitPoints, checkOrder, checkPending, checkReadied, checkSlots, checkStatBlock,
  type CombatantState, type EncounterEvent, type EncounterState
} from './model.js'
import { isRulesetId, type RulesetId } from '../rules/rulesets/index.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const IDEMPOTENCY_HOURS = 24

// Prisma codes for "could not reach / talk to the database" and "no pooled
// connection in time"; the pg driver's own network errors carry errno codes.
const UNAVAILABLE_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028'])
const UNAVAILABLE_ERRNO = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database|terminating connection|57P01|57P03|53300/i

export function isDatabaseUnavailable (error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true
  if (error instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_PRISMA.has(error.code)) return true
  const text = error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')} ${String((error.cause as Error | undefined)?.message ?? '')}` : ''
  return UNAVAILABLE_ERRNO.test(text)
}

function translate (error: unknown): never {
  if (error instanceof DomainError) throw error
  if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError(error)
  throw error
}

/** A stored ruleset the registry does not know (a ruleset removed from the code) cannot be played: a read error like a bad JSON column. */
function checkedRuleset (value: string): RulesetId {
  if (!isRulesetId(value)) throw new Error(`stored ruleset "${value}" is not registered`)
  return value
}

/** A stored JSON column that fails its schema is corruption, not a client error. */
function checked<T> (check: { Check: (v: unknown) => boolean }, value: unknown, what: string): T {
  if (!check.Check(value)) throw new Error(`stored ${what} does not match its schema`)
  return value as T
}

const COMBATANT_COLUMNS = `id, position, name, side, aware, initiative, "hitPointsMax", "hitPointsCurrent", "hitPointsTemporary", "hitPointsNonlethal",
  "hitPointsWoundPoints", "deathSaveSuccesses", "deathSaveFailures", "constitutionDamage", "hitPointsStatus", conditions, "statBlock", "reactionsUsed", readied, pending`

const SELECT_ENCOUNTER = `SELECT e.id, e.name, e.ruleset, e.status, e.round, e."surpriseRound", e."turnCombatantId", e."turnInitiativeCount",
  e."turnSpent", e."turnOrder", e."downAtCount", e.version, e."createdAt", e."updatedAt",
  COALESCE((SELECT json_agg(json_build_object(${COMBATANT_COLUMNS.split(',').map((c) => c.trim()).map((c) => `'${c.replace(/"/g, '')}', c.${c}`).join(', ')}) ORDER BY c.position)
    FROM "Combatant" c WHERE c."encounterId" = e.id), '[]'::json) AS combatants
  FROM "Encounter" e WHERE e.id = $1 AND e."ownerId" = $2`

interface CombatantRow {
  id: string
  position: number
  name: string | null
  side: string | null
  aware: boolean
  initiative: number | null
  hitPointsMax: number | null
  hitPointsCurrent: number | null
  hitPointsTemporary: number
  hitPointsNonlethal: number
  hitPointsWoundPoints: number
  deathSaveSuccesses: number
  deathSaveFailures: number
  constitutionDamage: number
  hitPointsStatus: string | null
  conditions: unknown
  statBlock: unknown
  reactionsUsed: number
  readied: unknown
  pending: unknown
}

interface EncounterRow {
  id: string
  name: string
  ruleset: string
  status: EncounterState['status']
  round: number
  surpriseRound: boolean
  turnCombatantId: string | null
  turnInitiativeCount: number | null
  turnSpent: unknown
  turnOrder: unknown
  downAtCount: unknown
  version: number
  createdAt: Date
  updatedAt: Date
  combatants: CombatantRow[]
}

function toCombatant (row: CombatantRow): CombatantState {
  const hitPoints = row.hitPointsMax === null
    ? null
    : checked<NonNullable<CombatantState['hitPoints']>>(checkHitPoints, {
      max: row.hitPointsMax,
      current: row.hitPointsCurrent,
      temporary: row.hitPointsTemporary,
      nonlethal: row.hitPointsNonlethal,
      woundPoints: row.hitPointsWoundPoints,
      deathSaves: { successes: row.deathSaveSuccesses, failures: row.deathSaveFailures },
      constitutionDamage: row.constitutionDamage,
      status: row.hitPointsStatus
    }, 'hit points')
  return {
    id: row.id,
    name: row.name,
    side: row.side,
    aware: row.aware,
    initiative: row.initiative,
    hitPoints,
    conditions: checked(checkConditions, row.conditions, 'conditions'),
    statBlock: checked(checkStatBlock, row.statBlock, 'stat block'),
    reactionsUsed: row.reactionsUsed,
    readied: checked(checkReadied, row.readied, 'readied action'),
    pending: checked(checkPending, row.pending, 'pending bonuses')
  }
}

function toState (row: EncounterRow): { state: EncounterState, positions: Map<string, number> } {
  const state: EncounterState = {
    id: row.id,
    name: row.name,
    ruleset: checkedRuleset(row.ruleset),
    status: row.status,
    round: row.round,
    surpriseRound: row.surpriseRound,
    turn: row.turnCombatantId === null
      ? null
      : { combatantId: row.turnCombatantId, initiativeCount: row.turnInitiativeCount ?? 0, spent: checked(checkSlots, row.turnSpent, 'turn budget') },
    order: checked(checkOrder, row.turnOrder, 'turn order'),
    downAtCount: checked(checkOrder, row.downAtCount, 'tie group'),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    combatants: row.combatants.map(toCombatant)
  }
  return { state, positions: new Map(row.combatants.map((c) => [c.id, c.position])) }
}

function combatantRecord (c: CombatantState, position: number): Record<string, unknown> {
  const hp = c.hitPoints
  return {
    id: c.id,
    position,
    name: c.name,
    side: c.side,
    aware: c.aware,
    initiative: c.initiative,
    hitPointsMax: hp?.max ?? null,
    hitPointsCurrent: hp?.current ?? null,
    hitPointsTemporary: hp?.temporary ?? 0,
    hitPointsNonlethal: hp?.nonlethal ?? 0,
    hitPointsWoundPoints: hp?.woundPoints ?? 0,
    deathSaveSuccesses: hp?.deathSaves.successes ?? 0,
    deathSaveFailures: hp?.deathSaves.failures ?? 0,
    constitutionDamage: hp?.constitutionDamage ?? 0,
    hitPointsStatus: hp?.status ?? null,
    conditions: c.conditions,
    statBlock: c.statBlock,
    reactionsUsed: c.reactionsUsed,
    readied: c.readied,
    pending: c.pending
  }
}

const RECORD_TYPES = `id text, position int, name text, side text, aware boolean, initiative int, "hitPointsMax" int, "hitPointsCurrent" int,
  "hitPointsTemporary" int, "hitPointsNonlethal" int, "hitPointsWoundPoints" int, "deathSaveSuccesses" int, "deathSaveFailures" int,
  "constitutionDamage" int, "hitPointsStatus" text, conditions jsonb, "statBlock" jsonb, "reactionsUsed" int, readied jsonb, pending jsonb`
const UPSERT_SET = COMBATANT_COLUMNS.split(',').map((c) => c.trim()).filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`).join(', ')

const ENCOUNTER_UPDATE = `UPDATE "Encounter" SET name = $3, status = $4::"EncounterStatus", round = $5, "surpriseRound" = $6, "turnCombatantId" = $7,
  "turnInitiativeCount" = $8, "turnSpent" = $9, "turnOrder" = $10, "downAtCount" = $11, "lastEventSeq" = $12, version = $12, "updatedAt" = $13
  WHERE id = $1 AND "ownerId" = $2 AND ruleset = $14 RETURNING id`
const ENCOUNTER_INSERT = `INSERT INTO "Encounter" (id, "ownerId", name, status, round, "surpriseRound", "turnCombatantId", "turnInitiativeCount",
  "turnSpent", "turnOrder", "downAtCount", "lastEventSeq", version, "updatedAt", "createdAt", ruleset)
  VALUES ($1, $2, $3, $4::"EncounterStatus", $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $13, $14) RETURNING id`

/** Everything one write changes, in one statement: the encounter row, the roster, the event, the notification. */
function writeStatementText (created: boolean): string {
  return `WITH enc AS (${created ? ENCOUNTER_INSERT : ENCOUNTER_UPDATE}),
  gone AS (DELETE FROM "Combatant" WHERE "encounterId" = $1 AND id = ANY($15::text[])),
  kept AS (INSERT INTO "Combatant" ("encounterId", ${COMBATANT_COLUMNS}, "createdAt", "updatedAt")
    SELECT (SELECT id FROM enc), x.*, $13, $13 FROM jsonb_to_recordset($16::jsonb) AS x(${RECORD_TYPES})
    ON CONFLICT ("encounterId", id) DO UPDATE SET ${UPSERT_SET}, "updatedAt" = EXCLUDED."updatedAt"),
  ev AS (INSERT INTO "EncounterEvent" ("encounterId", seq, type, actor, round, "initiativeCount", request, rolls, result, applied, "createdAt")
    SELECT id, $12, $17, $18, $19, $20, $21, $22, $23, $24, $13 FROM enc)
  SELECT pg_notify('encounter_events', $1::text || ':' || $12::text)`
}

// Named statements are parsed once per connection, not on every write.
const WRITE_CREATED = { name: 'encounter-write-created', text: writeStatementText(true) }
const WRITE_UPDATED = { name: 'encounter-write-updated', text: writeStatementText(false) }
const LOCK = { name: 'encounter-lock', text: 'SELECT version FROM "Encounter" WHERE id = $1 AND "ownerId" = $2 FOR UPDATE' }
const READ = { name: 'encounter-read', text: SELECT_ENCOUNTER }

export interface Decision<T> {
  state: EncounterState
  event: EncounterEvent
  status: number
  body: T
}

export interface WriteOptions {
  /** `If-Match`: the write happens only at one of these versions (else 412, nothing written). */
  precondition?: VersionPrecondition
  /** `Idempotency-Key`: reserved in the same transaction, so a concurrent retry waits and replays. */
  idempotency?: { key: string, requestHash: string }
}

export interface Written<T> { status: number, body: T, replayed: boolean }

export interface EncounterSummary { id: string, name: string, ruleset: RulesetId, status: string, round: number, version: number, createdAt: string, updatedAt: string }
export interface Page<T> { items: T[], nextCursor: string | null }

function encodeCursor (row: { createdAt: Date, id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url')
}

function decodeCursor (cursor: string): { createdAt: Date, id: string } {
  try {
    const [iso, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown]
    const createdAt = new Date(String(iso))
    if (typeof iso !== 'string' || Number.isNaN(createdAt.getTime()) || typeof id !== 'string' || !UUID.test(id)) throw new Error('bad cursor')
    return { createdAt, id }
  } catch {
    throw new InvalidCursorError()
  }
}

export class EncounterRepository {
  private constructor (private readonly prisma: PrismaClient, private readonly pool: pg.Pool) {}

  static of (db: Pick<Database, 'prisma' | 'pool'>): EncounterRepository {
    return new EncounterRepository(db.prisma, db.pool)
  }

  async get (ownerId: string, id: string): Promise<EncounterState | null> {
    if (!UUID.test(id)) return null
    try {
      const { rows } = await this.pool.query<EncounterRow>({ ...READ, values: [id, ownerId] })
      return rows[0] ? toState(rows[0]).state : null
    } catch (error) {
      return translate(error)
    }
  }

  /**
   * One write: in a transaction, reserve the idempotency key (a concurrent
   * retry blocks on it until this commits, then replays), lock the encounter
   * row, let `decide` compute the new state and event from the current one,
   * write both, commit. `id` null creates the encounter `decide` returns.
   */
  async write<T> (ownerId: string, id: string | null, options: WriteOptions, decide: (current: EncounterState | null) => Decision<T>): Promise<Written<T>> {
    if (id !== null && !UUID.test(id)) throw new EncounterNotFoundError('encounter')
    let client: pg.PoolClient
    try {
      client = await this.pool.connect()
    } catch (error) {
      return translate(error)
    }
    // A checked-out client has no 'error' listener of the pool's: a connection
    // lost between two statements would be an uncaught error and end the
    // process. Keep it: the next statement fails with it (a 503), and the
    // client is destroyed on release instead of going back to the pool.
    let lost: Error | undefined
    const onError = (error: Error): void => { lost = error }
    client.on('error', onError)
    let open = false
    try {
      // Without an idempotency key to reserve first, BEGIN, the row lock and the read go in one round
      // trip: one simple-protocol query of three statements, each with its own snapshot, so the read
      // sees what the writer before us committed. The id is a checked UUID, the owner an escaped literal.
      const lockWithBegin = id !== null && !options.idempotency
      let preRead: EncounterRow | undefined
      if (lockWithBegin) {
        open = true
        const idLiteral = `'${id}'`
        const ownerLiteral = client.escapeLiteral(ownerId)
        const literal = (text: string) => text.replace('$1', idLiteral).replace('$2', ownerLiteral)
        const results = await client.query(`BEGIN; ${literal(LOCK.text)}; ${literal(READ.text)}`) as unknown as Array<pg.QueryResult<EncounterRow>>
        if (results[1]?.rowCount === 0) throw new EncounterNotFoundError('encounter')
        preRead = results[2]?.rows[0]
      } else {
        await client.query('BEGIN')
        open = true
      }
      if (options.idempotency) {
        const replay = await this.reserve(client, ownerId, options.idempotency)
        if (replay) {
          await client.query('ROLLBACK')
          open = false
          return { ...replay, body: replay.body as T, replayed: true }
        }
      }
      let current: EncounterState | null = null
      let positions = new Map<string, number>()
      if (id !== null) {
        // Lock first, then read in a statement of its own: a read that waited for the lock inside one
        // statement would still see the roster as it was before the other writer committed.
        if (!lockWithBegin) {
          const locked = await client.query({ ...LOCK, values: [id, ownerId] })
          if (locked.rowCount === 0) throw new EncounterNotFoundError('encounter')
        }
        const row = preRead ?? (await client.query<EncounterRow>({ ...READ, values: [id, ownerId] })).rows[0]
        if (!row) throw new EncounterNotFoundError('encounter')
        ;({ state: current, positions } = toState(row))
        if (options.precondition !== undefined && !options.precondition.versions.includes(current.version)) throw new VersionConflictError(options.precondition, current.version)
      }
      const decision = decide(current)
      await client.query({ ...(id === null ? WRITE_CREATED : WRITE_UPDATED), values: this.writeParameters(ownerId, current, positions, decision) })
      if (options.idempotency) {
        await client.query('UPDATE "IdempotencyRecord" SET "statusCode" = $3, response = $4 WHERE "ownerId" = $1 AND key = $2',
          // Kept as JSON text (a jsonb string): jsonb would reorder the keys, and a replay must be byte for byte the same.
          [ownerId, options.idempotency.key, decision.status, JSON.stringify(JSON.stringify(decision.body))])
      }
      await client.query('COMMIT')
      open = false
      return { status: decision.status, body: decision.body, replayed: false }
    } catch (error) {
      if (open && lost === undefined) await client.query('ROLLBACK').catch(() => undefined)
      return translate(error)
    } finally {
      client.removeListener('error', onError)
      client.release(lost)
    }
  }

  private writeParameters (ownerId: string, current: EncounterState | null, positions: Map<string, number>, decision: Decision<unknown>): unknown[] {
    const { state, event } = decision
    const before = new Map((current?.combatants ?? []).map((c) => [c.id, JSON.stringify(c)]))
    const changed = state.combatants
      .map((c, i) => ({ c, i }))
      .filter(({ c, i }) => before.get(c.id) !== JSON.stringify(c) || positions.get(c.id) !== i)
      .map(({ c, i }) => combatantRecord(c, i))
    const removed = [...before.keys()].filter((cid) => !state.combatants.some((c) => c.id === cid))
    return [
      state.id, ownerId, state.name, state.status, state.round, state.surpriseRound, state.turn?.combatantId ?? null, state.turn?.initiativeCount ?? null,
      JSON.stringify(state.turn?.spent ?? []), JSON.stringify(state.order), JSON.stringify(state.downAtCount), state.version, state.updatedAt,
      state.ruleset, removed, JSON.stringify(changed),
      event.type, event.actor, event.round, event.initiativeCount, JSON.stringify(event.request), JSON.stringify(event.rolls),
      JSON.stringify(event.result), JSON.stringify(event.applied)
    ]
  }

  /** Reserve the key, or return the response stored for it; the same key with another request is a 422. */
  private async reserve (client: pg.PoolClient, ownerId: string, idem: { key: string, requestHash: string }): Promise<{ status: number, body: unknown } | null> {
    const reserved = await client.query(`INSERT INTO "IdempotencyRecord" ("ownerId", key, "requestHash", "statusCode", response, "expiresAt")
      VALUES ($1, $2, $3, 0, 'null', now() + interval '${IDEMPOTENCY_HOURS} hours')
      ON CONFLICT ("ownerId", key) DO UPDATE SET "requestHash" = EXCLUDED."requestHash", "statusCode" = 0, response = 'null', "createdAt" = now(), "expiresAt" = EXCLUDED."expiresAt"
      WHERE "IdempotencyRecord"."expiresAt" <= now() RETURNING 1`, [ownerId, idem.key, idem.requestHash])
    if (reserved.rowCount === 1) return null
    const { rows } = await client.query<{ requestHash: string, statusCode: number, response: unknown }>(
      'SELECT "requestHash", "statusCode", response FROM "IdempotencyRecord" WHERE "ownerId" = $1 AND key = $2', [ownerId, idem.key])
    const row = rows[0]
    if (!row || row.statusCode === 0) throw new DomainError('request-in-progress', 'a request with this Idempotency-Key is still being processed; retry shortly', [], { retryAfterSeconds: 1 })
    if (row.requestHash !== idem.requestHash) {
      throw new DomainError('idempotency-key-reused', 'this Idempotency-Key was used with another request in the last 24 hours', [{ path: 'header:idempotency-key', message: 'already used with another method, path or body' }])
    }
    return { status: row.statusCode, body: JSON.parse(row.response as string) as unknown }
  }

  /** Newest first; `cursor` is the `nextCursor` of the previous page. */
  async list (ownerId: string, options: { limit: number, cursor?: string | undefined }): Promise<Page<EncounterSummary>> {
    const after = options.cursor ? decodeCursor(options.cursor) : undefined
    try {
      const rows = await this.prisma.encounter.findMany({
        where: { ownerId, ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: options.limit + 1,
        select: { id: true, name: true, ruleset: true, status: true, round: true, version: true, createdAt: true, updatedAt: true }
      })
      const items = rows.slice(0, options.limit)
      const last = items.at(-1)
      return {
        items: items.map((r) => ({ ...r, ruleset: checkedRuleset(r.ruleset), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
        nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null
      }
    } catch (error) {
      return translate(error)
    }
  }

  /** Events with `seq` above `after`, oldest first. */
  async events (ownerId: string, id: string, options: { after?: number, limit?: number } = {}): Promise<EncounterEvent[]> {
    if (!UUID.test(id)) throw new EncounterNotFoundError('encounter')
    try {
      const owned = await this.prisma.encounter.findFirst({ where: { id, ownerId }, select: { id: true } })
      if (!owned) throw new EncounterNotFoundError('encounter')
      const rows = await this.prisma.encounterEvent.findMany({
        where: { encounterId: id, seq: { gt: options.after ?? 0 } },
        orderBy: { seq: 'asc' },
        take: options.limit ?? 100
      })
      return rows.map((r) => ({
        seq: r.seq,
        type: r.type,
        actor: r.actor,
        round: r.round,
        initiativeCount: r.initiativeCount,
        createdAt: r.createdAt.toISOString(),
        request: r.request as Record<string, unknown>,
        rolls: r.rolls as unknown[],
        result: r.result,
        applied: r.applied as unknown[]
      }))
    } catch (error) {
      return translate(error)
    }
  }

  /** Deletes the encounter with its roster and events. */
  async delete (ownerId: string, id: string, precondition?: VersionPrecondition): Promise<void> {
    if (!UUID.test(id)) throw new EncounterNotFoundError('encounter')
    try {
      const { count } = await this.prisma.encounter.deleteMany({ where: { id, ownerId, ...(precondition === undefined ? {} : { version: { in: [...precondition.versions] } }) } })
      if (count > 0) {
        // Wakes the encounter's open streams, which then find it gone and end (best effort: the delete stands either way).
        await this.pool.query("SELECT pg_notify('encounter_events', $1::text || ':deleted')", [id]).catch(() => undefined)
        return
      }
      const current = await this.prisma.encounter.findFirst({ where: { id, ownerId }, select: { version: true } })
      if (!current || precondition === undefined) throw new EncounterNotFoundError('encounter')
      throw new VersionConflictError(precondition, current.version)
    } catch (error) {
      return translate(error)
    }
  }

  async deleteExpiredIdempotencyRecords (now: Date = new Date()): Promise<number> {
    try {
      return (await this.prisma.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } })).count
    } catch (error) {
      return translate(error)
    }
  }
}
