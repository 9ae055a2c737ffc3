// The encounter as the domain sees it: plain data, folded from its events.
// The repository stores it in columns and validates every JSON column against
// the schemas below when it reads a row back, so a bad row is an error, never
// a silently wrong fight.
import { Type, type Static } from 'typebox'
import { Compile } from 'typebox/compile'
import type { RulesetId } from '../rules/rulesets/index.js'
import type { Slot } from '../rules/turn-flow.js'

export type EncounterStatus = 'preparing' | 'active' | 'finished'

export const ConditionRecordSchema = Type.Object({
  name: Type.String({ maxLength: 60 }),
  endsAt: Type.Union([Type.Object({
    round: Type.Integer({ minimum: 0 }),
    initiativeCount: Type.Union([Type.Integer(), Type.Null()])
  }, { additionalProperties: false }), Type.Null()]),
  /**
   * The behaviour rolled for it at the start of the combatant's turn in `round` (confused: docs/rules.md §117);
   * no `roll` but the `targets` it must attack when it was attacked since its last turn (docs/rules.md §147).
   */
  behaviour: Type.Optional(Type.Object({
    round: Type.Integer({ minimum: 0 }),
    roll: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    targets: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    behaviour: Type.String({ maxLength: 60 }),
    allows: Type.Union([Type.Literal('any'), Type.Literal('none'), Type.Literal('attack'), Type.Literal('move')])
  }, { additionalProperties: false })),
  /** Who attacked the combatant since its turn last began, while it had this condition (confused: docs/rules.md §147). */
  attackedBy: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }))
}, { additionalProperties: false })
export type ConditionRecord = Static<typeof ConditionRecordSchema>

/** The hit points a combatant carries: the ruleset's hit-point state with the status the rules last reported. */
export const StoredHitPointsSchema = Type.Object({
  max: Type.Integer({ minimum: 1 }),
  current: Type.Integer(),
  temporary: Type.Integer({ minimum: 0 }),
  nonlethal: Type.Integer({ minimum: 0 }),
  woundPoints: Type.Integer({ minimum: 0 }),
  deathSaves: Type.Object({ successes: Type.Integer({ minimum: 0 }), failures: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  constitutionDamage: Type.Integer({ minimum: 0 }),
  status: Type.Union([Type.Literal('healthy'), Type.Literal('staggered'), Type.Literal('disabled'), Type.Literal('unconscious'), Type.Literal('dying'), Type.Literal('stable'), Type.Literal('dead')])
}, { additionalProperties: false })
export type StoredHitPoints = Static<typeof StoredHitPointsSchema>

export const ReadiedSchema = Type.Object({
  trigger: Type.String({ maxLength: 200 }),
  actionType: Type.String({ maxLength: 30 })
}, { additionalProperties: false })

/**
 * What a combatant holds for later (docs/rules.md §105, §109): aid another it
 * gave (`ally` gains `value` on its next attack against `opponent`, or as AC
 * against `opponent`'s next attack), ending when the helper's next turn
 * begins; an aim it took at `target` in `round`, for one shot the round after.
 */
export const PendingSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('aid'),
    choice: Type.Union([Type.Literal('attack'), Type.Literal('ac')]),
    ally: Type.String({ maxLength: 200 }),
    opponent: Type.String({ maxLength: 200 }),
    value: Type.Integer()
  }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('aim'),
    target: Type.String({ maxLength: 200 }),
    round: Type.Integer({ minimum: 0 })
  }, { additionalProperties: false })
])
export type Pending = Static<typeof PendingSchema>
export const PendingListSchema = Type.Array(PendingSchema, { maxItems: 200 })

export const SlotListSchema = Type.Array(Type.Union([Type.Literal('primary'), Type.Literal('secondary'), Type.Literal('fullRound'), Type.Literal('swift'), Type.Literal('free')]))
export const OrderSchema = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })
export const ConditionListSchema = Type.Array(ConditionRecordSchema, { maxItems: 50 })
export const StatBlockSchema = Type.Record(Type.String(), Type.Unknown())

export interface CombatantState {
  id: string
  name: string | null
  side: string | null
  aware: boolean
  /** The initiative count; null before the encounter starts. */
  initiative: number | null
  hitPoints: StoredHitPoints | null
  conditions: ConditionRecord[]
  /** The rest of the stat block (abilities, armorClass, feats, …), as the client sent it. */
  statBlock: Record<string, unknown>
  /** Reactions (attacks of opportunity) used since its last turn began. */
  reactionsUsed: number
  /** A readied action waiting for its trigger, lost when the combatant's next turn begins. */
  readied: Static<typeof ReadiedSchema> | null
  /** Aid given and aims taken, waiting for the attack that uses them (docs/rules.md §105, §109). */
  pending: Pending[]
}

export interface TurnState {
  combatantId: string
  initiativeCount: number
  /** The action slots this turn has used, in order. */
  spent: Slot[]
}

export interface EncounterState {
  id: string
  name: string
  ruleset: RulesetId
  status: EncounterStatus
  round: number
  surpriseRound: boolean
  turn: TurnState | null
  /** Combatant ids in acting order (empty before the start); roster order is `combatants`. */
  order: string[]
  /** variant: the members of the current tie group already down when the group's count began (docs/rules.md §68). */
  downAtCount: string[]
  /** The number of events folded into this state; the ETag. */
  version: number
  createdAt: string
  updatedAt: string
  combatants: CombatantState[]
}

/** An event as stored and served: one accepted write. */
export interface EncounterEvent {
  seq: number
  type: string
  actor: string | null
  round: number
  initiativeCount: number | null
  createdAt: string
  /** The request as the transition read it: service-chosen ids and the seed filled in, so a replay needs nothing else. */
  request: Record<string, unknown>
  rolls: unknown[]
  result: unknown
  /** What the event changed beyond its rules result: hit points, conditions, turns, initiative. */
  applied: unknown[]
}

export const checkConditions = Compile(ConditionListSchema)
export const checkStatBlock = Compile(StatBlockSchema)
export const checkHitPoints = Compile(StoredHitPointsSchema)
export const checkReadied = Compile(Type.Union([ReadiedSchema, Type.Null()]))
export const checkSlots = Compile(SlotListSchema)
export const checkOrder = Compile(OrderSchema)
export const checkPending = Compile(PendingListSchema)
