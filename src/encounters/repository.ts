// The encounter store: the only code that knows Prisma. Every read and write
// is scoped by owner (another owner's encounter is "not found"); every write
// to an encounter or its roster bumps `version`, and refuses a stale
// `expectedVersion` without changing anything.
import { Prisma, type PrismaClient } from '../generated/prisma/client.js'
import type { RulesetId } from '../rules/rulesets/index.js'
import {
  DatabaseUnavailableError, DuplicateCombatantError, EncounterNotFoundError, EncounterStoreError, InvalidCursorError, VersionConflictError
} from './errors.js'
import type {
  CombatantPatch, CombatantRecord, ConditionRecord, EncounterPatch, EncounterRecord, EncounterWithCombatants, EventRecord,
  IdempotencyEntry, NewCombatant, NewEncounter, NewEvent, Page
} from './types.js'

type Db = PrismaClient | Prisma.TransactionClient
type EncounterRow = Prisma.EncounterModel
type CombatantRow = Prisma.CombatantModel
type EventRow = Prisma.EncounterEventModel

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const COMBATANTS_IN_ORDER = { combatants: { orderBy: { position: 'asc' } } } as const
const TRANSACTION_OPTIONS = { maxWait: 5_000, timeout: 10_000 }

// Prisma codes for "could not reach / talk to the database" and "no pooled
// connection in time"; the pg driver's own network errors carry errno codes.
const UNAVAILABLE_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028'])
const UNAVAILABLE_ERRNO = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database|terminating connection/i

export function isDatabaseUnavailable (error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true
  if (error instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_PRISMA.has(error.code)) return true
  const text = error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')} ${String((error.cause as Error | undefined)?.message ?? '')}` : ''
  return UNAVAILABLE_ERRNO.test(text)
}

function translate (error: unknown): never {
  if (error instanceof EncounterStoreError) throw error
  if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError(error)
  throw error
}

function isUniqueViolation (error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

const json = (value: unknown): Prisma.InputJsonValue => value as Prisma.InputJsonValue

function toEncounter (row: EncounterRow): EncounterRecord {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    ruleset: row.ruleset as RulesetId,
    status: row.status,
    round: row.round,
    surpriseRound: row.surpriseRound,
    turn: row.turnCombatantId !== null && row.turnInitiativeCount !== null ? { combatantId: row.turnCombatantId, initiativeCount: row.turnInitiativeCount } : null,
    lastEventSeq: row.lastEventSeq,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt
  }
}

function toCombatant (row: CombatantRow): CombatantRecord {
  return {
    encounterId: row.encounterId,
    id: row.id,
    position: row.position,
    name: row.name,
    side: row.side,
    aware: row.aware,
    initiative: row.initiative,
    initiativeTiebreak: row.initiativeTiebreak,
    hitPoints: { max: row.hitPointsMax, current: row.hitPointsCurrent, temporary: row.hitPointsTemporary, nonlethal: row.hitPointsNonlethal },
    conditions: row.conditions as unknown as ConditionRecord[],
    statBlock: row.statBlock as Record<string, unknown>,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt
  }
}

function toEncounterWithCombatants (row: EncounterRow & { combatants: CombatantRow[] }): EncounterWithCombatants {
  return { ...toEncounter(row), combatants: row.combatants.map(toCombatant) }
}

function toEvent (row: EventRow): EventRecord {
  return { encounterId: row.encounterId, seq: row.seq, type: row.type, request: row.request, rolls: row.rolls as unknown[], result: row.result, createdAt: row.createdAt }
}

function combatantColumns (c: CombatantPatch): Prisma.CombatantUncheckedUpdateManyInput {
  const data: Prisma.CombatantUncheckedUpdateManyInput = {}
  if (c.name !== undefined) data.name = c.name
  if (c.side !== undefined) data.side = c.side
  if (c.aware !== undefined) data.aware = c.aware
  if (c.initiative !== undefined) data.initiative = c.initiative
  if (c.initiativeTiebreak !== undefined) data.initiativeTiebreak = c.initiativeTiebreak
  if (c.hitPoints?.max !== undefined) data.hitPointsMax = c.hitPoints.max
  if (c.hitPoints?.current !== undefined) data.hitPointsCurrent = c.hitPoints.current
  if (c.hitPoints?.temporary !== undefined) data.hitPointsTemporary = c.hitPoints.temporary
  if (c.hitPoints?.nonlethal !== undefined) data.hitPointsNonlethal = c.hitPoints.nonlethal
  if (c.conditions !== undefined) data.conditions = json(c.conditions)
  if (c.statBlock !== undefined) data.statBlock = json(c.statBlock)
  return data
}

function newCombatantRow (c: NewCombatant, position: number): Prisma.CombatantCreateWithoutEncounterInput {
  return { id: c.id, position, ...combatantColumns(c) } as Prisma.CombatantCreateWithoutEncounterInput
}

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
  /** `root` is set outside a transaction; inside one, `db` is the transaction client. */
  private constructor (private readonly db: Db, private readonly root: PrismaClient | undefined) {}

  static of (prisma: PrismaClient): EncounterRepository {
    return new EncounterRepository(prisma, prisma)
  }

  /** Run `fn` in one transaction; inside a transaction already, simply run it. */
  async transaction<T> (fn: (repo: EncounterRepository) => Promise<T>): Promise<T> {
    const root = this.root
    if (!root) return fn(this)
    try {
      return await root.$transaction(async (tx) => fn(new EncounterRepository(tx, undefined)), TRANSACTION_OPTIONS)
    } catch (error) {
      return translate(error)
    }
  }

  private async run<T> (fn: (db: Db) => Promise<T>): Promise<T> {
    try {
      return await fn(this.db)
    } catch (error) {
      return translate(error)
    }
  }

  /** Bump the version under the row lock, refusing a stale expectation. Call inside a transaction. */
  private async bumpVersion (db: Db, ownerId: string, id: string, expectedVersion: number | undefined): Promise<void> {
    if (!UUID.test(id)) throw new EncounterNotFoundError('encounter')
    const { count } = await db.encounter.updateMany({
      where: { id, ownerId, ...(expectedVersion === undefined ? {} : { version: expectedVersion }) },
      data: { version: { increment: 1 } }
    })
    if (count === 1) return
    await this.staleOrMissing(db, ownerId, id, expectedVersion)
  }

  private async staleOrMissing (db: Db, ownerId: string, id: string, expectedVersion: number | undefined): Promise<never> {
    const current = await db.encounter.findFirst({ where: { id, ownerId }, select: { version: true } })
    if (!current || expectedVersion === undefined) throw new EncounterNotFoundError('encounter')
    throw new VersionConflictError(expectedVersion, current.version)
  }

  // ---- encounters ----

  async createEncounter (ownerId: string, input: NewEncounter): Promise<EncounterWithCombatants> {
    const combatants = input.combatants ?? []
    const seen = new Set<string>()
    for (const c of combatants) {
      if (seen.has(c.id)) throw new DuplicateCombatantError(c.id)
      seen.add(c.id)
    }
    return this.run(async (db) => toEncounterWithCombatants(await db.encounter.create({
      data: { ownerId, name: input.name, ruleset: input.ruleset, combatants: { create: combatants.map(newCombatantRow) } },
      include: COMBATANTS_IN_ORDER
    })))
  }

  async getEncounter (ownerId: string, id: string): Promise<EncounterWithCombatants | null> {
    if (!UUID.test(id)) return null
    return this.run(async (db) => {
      const row = await db.encounter.findFirst({ where: { id, ownerId }, include: COMBATANTS_IN_ORDER })
      return row ? toEncounterWithCombatants(row) : null
    })
  }

  /** Newest first; `cursor` is the `nextCursor` of the previous page. */
  async listEncounters (ownerId: string, options: { limit: number, cursor?: string | undefined }): Promise<Page<EncounterRecord>> {
    const after = options.cursor ? decodeCursor(options.cursor) : undefined
    return this.run(async (db) => {
      const rows = await db.encounter.findMany({
        where: {
          ownerId,
          ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {})
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: options.limit + 1
      })
      const items = rows.slice(0, options.limit)
      const last = items.at(-1)
      return { items: items.map(toEncounter), nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null }
    })
  }

  async updateEncounter (ownerId: string, id: string, patch: EncounterPatch, expectedVersion?: number): Promise<EncounterWithCombatants> {
    return this.transaction((repo) => repo.run(async (db) => {
      await repo.bumpVersion(db, ownerId, id, expectedVersion)
      const data: Prisma.EncounterUncheckedUpdateInput = {}
      if (patch.name !== undefined) data.name = patch.name
      if (patch.status !== undefined) data.status = patch.status
      if (patch.round !== undefined) data.round = patch.round
      if (patch.surpriseRound !== undefined) data.surpriseRound = patch.surpriseRound
      if (patch.turn !== undefined) {
        data.turnCombatantId = patch.turn?.combatantId ?? null
        data.turnInitiativeCount = patch.turn?.initiativeCount ?? null
      }
      return toEncounterWithCombatants(await db.encounter.update({ where: { id }, data, include: COMBATANTS_IN_ORDER }))
    }))
  }

  /** Deletes the encounter with its roster and events. */
  async deleteEncounter (ownerId: string, id: string, expectedVersion?: number): Promise<void> {
    if (!UUID.test(id)) throw new EncounterNotFoundError('encounter')
    await this.run(async (db) => {
      const { count } = await db.encounter.deleteMany({ where: { id, ownerId, ...(expectedVersion === undefined ? {} : { version: expectedVersion }) } })
      if (count === 0) await this.staleOrMissing(db, ownerId, id, expectedVersion)
    })
  }

  // ---- the roster ----

  async addCombatant (ownerId: string, encounterId: string, combatant: NewCombatant, expectedVersion?: number): Promise<EncounterWithCombatants> {
    return this.transaction((repo) => repo.run(async (db) => {
      await repo.bumpVersion(db, ownerId, encounterId, expectedVersion)
      const { _max: max } = await db.combatant.aggregate({ where: { encounterId }, _max: { position: true } })
      try {
        await db.combatant.create({ data: { encounterId, ...newCombatantRow(combatant, (max.position ?? -1) + 1) } as Prisma.CombatantUncheckedCreateInput })
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateCombatantError(combatant.id)
        throw error
      }
      return repo.mustGet(db, ownerId, encounterId)
    }))
  }

  async updateCombatant (ownerId: string, encounterId: string, combatantId: string, patch: CombatantPatch, expectedVersion?: number): Promise<EncounterWithCombatants> {
    return this.transaction((repo) => repo.run(async (db) => {
      await repo.bumpVersion(db, ownerId, encounterId, expectedVersion)
      const { count } = await db.combatant.updateMany({ where: { encounterId, id: combatantId }, data: combatantColumns(patch) })
      if (count === 0) throw new EncounterNotFoundError(`combatant "${combatantId}"`)
      return repo.mustGet(db, ownerId, encounterId)
    }))
  }

  async removeCombatant (ownerId: string, encounterId: string, combatantId: string, expectedVersion?: number): Promise<EncounterWithCombatants> {
    return this.transaction((repo) => repo.run(async (db) => {
      await repo.bumpVersion(db, ownerId, encounterId, expectedVersion)
      const { count } = await db.combatant.deleteMany({ where: { encounterId, id: combatantId } })
      if (count === 0) throw new EncounterNotFoundError(`combatant "${combatantId}"`)
      return repo.mustGet(db, ownerId, encounterId)
    }))
  }

  private async mustGet (db: Db, ownerId: string, id: string): Promise<EncounterWithCombatants> {
    const row = await db.encounter.findFirst({ where: { id, ownerId }, include: COMBATANTS_IN_ORDER })
    if (!row) throw new EncounterNotFoundError('encounter')
    return toEncounterWithCombatants(row)
  }

  // ---- the event log ----

  /**
   * Append an event numbered one past the last. The counter is bumped with an
   * UPDATE that holds the encounter's row lock until commit, so concurrent
   * appends queue and the sequence has no gaps (a rolled-back append takes its
   * number back). Compose with state changes through `transaction()`.
   */
  async appendEvent (ownerId: string, encounterId: string, event: NewEvent, expectedVersion?: number): Promise<EventRecord> {
    if (!UUID.test(encounterId)) throw new EncounterNotFoundError('encounter')
    return this.transaction((repo) => repo.run(async (db) => {
      const bumped = await db.encounter.updateManyAndReturn({
        where: { id: encounterId, ownerId, ...(expectedVersion === undefined ? {} : { version: expectedVersion }) },
        data: { lastEventSeq: { increment: 1 } },
        select: { lastEventSeq: true }
      })
      const seq = bumped[0]?.lastEventSeq
      if (seq === undefined) return repo.staleOrMissing(db, ownerId, encounterId, expectedVersion)
      return toEvent(await db.encounterEvent.create({
        data: { encounterId, seq, type: event.type, request: json(event.request), rolls: json(event.rolls ?? []), result: json(event.result) }
      }))
    }))
  }

  /** Events with `seq` above `after`, oldest first. */
  async listEvents (ownerId: string, encounterId: string, options: { after?: number, limit?: number } = {}): Promise<EventRecord[]> {
    if (!UUID.test(encounterId)) throw new EncounterNotFoundError('encounter')
    return this.run(async (db) => {
      const owned = await db.encounter.findFirst({ where: { id: encounterId, ownerId }, select: { id: true } })
      if (!owned) throw new EncounterNotFoundError('encounter')
      const rows = await db.encounterEvent.findMany({
        where: { encounterId, seq: { gt: options.after ?? 0 } },
        orderBy: { seq: 'asc' },
        take: options.limit ?? 100
      })
      return rows.map(toEvent)
    })
  }

  // ---- idempotency ----

  /** The live record for this key, or null (none, or expired). */
  async findIdempotencyEntry (ownerId: string, key: string, now: Date = new Date()): Promise<IdempotencyEntry | null> {
    return this.run(async (db) => {
      const row = await db.idempotencyRecord.findUnique({ where: { ownerId_key: { ownerId, key } } })
      return row && row.expiresAt > now ? { key: row.key, requestHash: row.requestHash, statusCode: row.statusCode, response: row.response, createdAt: row.createdAt, expiresAt: row.expiresAt } : null
    })
  }

  /**
   * Store the first response for a key. When a live record already exists
   * (a concurrent retry won), that one is kept and returned; an expired one is replaced.
   */
  async saveIdempotencyEntry (ownerId: string, entry: Omit<IdempotencyEntry, 'createdAt'>, now: Date = new Date()): Promise<IdempotencyEntry> {
    const data = { requestHash: entry.requestHash, statusCode: entry.statusCode, response: json(entry.response), expiresAt: entry.expiresAt }
    return this.run(async (db) => {
      try {
        const row = await db.idempotencyRecord.create({ data: { ownerId, key: entry.key, ...data } })
        return { ...entry, createdAt: row.createdAt }
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
      }
      await db.idempotencyRecord.updateMany({ where: { ownerId, key: entry.key, expiresAt: { lte: now } }, data: { ...data, createdAt: now } })
      const row = await db.idempotencyRecord.findUniqueOrThrow({ where: { ownerId_key: { ownerId, key: entry.key } } })
      return { key: row.key, requestHash: row.requestHash, statusCode: row.statusCode, response: row.response, createdAt: row.createdAt, expiresAt: row.expiresAt }
    })
  }

  async deleteExpiredIdempotencyEntries (now: Date = new Date()): Promise<number> {
    return this.run(async (db) => (await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } })).count)
  }
}
