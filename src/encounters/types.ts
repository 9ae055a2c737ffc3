// The encounter store's records, as the rest of the service sees them:
// plain objects, no Prisma types.
import type { RulesetId } from '../rules/rulesets/index.js'

export type EncounterStatus = 'preparing' | 'active' | 'finished'

export interface Turn { combatantId: string, initiativeCount: number }

export interface EncounterRecord {
  id: string
  ownerId: string
  name: string
  ruleset: RulesetId
  status: EncounterStatus
  round: number
  surpriseRound: boolean
  turn: Turn | null
  /** The sequence number of the last event; 0 before the first. */
  lastEventSeq: number
  version: number
  createdAt: Date
  updatedAt: Date
}

export interface ConditionRecord {
  name: string
  endsAt: { round: number, initiativeCount: number } | null
}

export interface HitPointsRecord {
  max: number | null
  current: number | null
  temporary: number
  nonlethal: number
}

export interface CombatantRecord {
  encounterId: string
  id: string
  /** Roster order. */
  position: number
  name: string | null
  side: string | null
  aware: boolean
  initiative: number | null
  initiativeTiebreak: number | null
  hitPoints: HitPointsRecord
  conditions: ConditionRecord[]
  /** Everything else of the stat block, as the client sent it. */
  statBlock: Record<string, unknown>
  createdAt: Date
  updatedAt: Date
}

export interface EncounterWithCombatants extends EncounterRecord {
  combatants: CombatantRecord[]
}

export interface NewCombatant {
  id: string
  name?: string | null
  side?: string | null
  aware?: boolean
  initiative?: number | null
  initiativeTiebreak?: number | null
  hitPoints?: Partial<HitPointsRecord>
  conditions?: ConditionRecord[]
  statBlock?: Record<string, unknown>
}

export type CombatantPatch = Partial<Omit<NewCombatant, 'id'>>

export interface NewEncounter {
  name: string
  ruleset: RulesetId
  combatants?: NewCombatant[]
}

export interface EncounterPatch {
  name?: string
  status?: EncounterStatus
  round?: number
  surpriseRound?: boolean
  turn?: Turn | null
}

export interface NewEvent {
  type: string
  request: unknown
  rolls?: unknown[]
  result: unknown
}

export interface EventRecord {
  encounterId: string
  seq: number
  type: string
  request: unknown
  rolls: unknown[]
  result: unknown
  createdAt: Date
}

export interface IdempotencyEntry {
  key: string
  requestHash: string
  statusCode: number
  response: unknown
  createdAt: Date
  expiresAt: Date
}

export interface Page<T> {
  items: T[]
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}
