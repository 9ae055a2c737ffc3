// What an encounter write answers and logs, typed per action (OpenAPI ›
// EncounterActionResult, EncounterEvent): each is a `oneOf` told apart by
// `type`, one branch per event type, so a generated client narrows `result`
// and `request` by checking `type`. `applied` entries are a `oneOf` by `kind`.
// The branches are built from the action registry (src/encounters/actions/),
// which hands each action's body and result schema in.
import { Type, type TObject, type TSchema } from 'typebox'
import { DiceControlSchema, Id, Nullable, RollsSchema, SeedSchema, StringEnum } from './common.js'
import { DamageResponseSchema, HitPointsSchema, CheckSchema } from './hit-points.js'
import { InitiativeResponseSchema } from './initiative.js'
import { CombatantPatchSchema, CreateEncounterSchema, EncounterSchema, NewCombatantSchema, ROSTER_EVENT_TYPES } from './encounters.js'

/** What an action or event type is called in component names: `full-attack` → `FullAttack`. */
export function pascalCase (name: string): string {
  return name.split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
}

const REF = '#/components/schemas/'

/**
 * A `oneOf` told apart by `property`, each branch a titled object whose
 * `property` is a constant: the document hoists each branch into a component
 * (src/openapi/components.ts), which the `discriminator` mapping names.
 */
export function taggedUnion (property: string, branches: ReadonlyArray<{ tag: string, schema: TObject }>, options: Record<string, unknown>): TSchema {
  return Type.Unsafe<unknown>({
    ...options,
    oneOf: branches.map((b) => b.schema),
    discriminator: { propertyName: property, mapping: Object.fromEntries(branches.map((b) => [b.tag, `${REF}${String((b.schema as { title?: string }).title)}`])) }
  })
}

const combatantId = Type.String({ description: 'The combatant\'s id.' })
const cause = Type.String({ description: 'What caused it: the action and its part (`attack 1`, `grapple: pin`), a turn\'s start or end, a duration running out.' })

const HitPointsChange = Type.Object({
  kind: Type.Literal('hit-points'),
  combatantId,
  cause,
  before: HitPointsSchema,
  after: HitPointsSchema,
  check: Type.Optional(Nullable(CheckSchema, { description: 'The stabilization, recovery or Death save roll that changed them, when one did.' })),
  massiveDamage: Type.Optional(DamageResponseSchema.properties.massiveDamage),
  deathSave: Type.Optional(DamageResponseSchema.properties.deathSave)
}, { additionalProperties: false, title: 'AppliedHitPoints', description: 'A combatant\'s hit points changed (as POST /v1/damage or /v1/healing reports them).' })

const ConditionsChange = Type.Object({
  kind: Type.Literal('conditions'),
  combatantId,
  added: Type.Array(Type.String(), { description: 'Condition names it gained.' }),
  removed: Type.Array(Type.String(), { description: 'Condition names it lost.' }),
  cause
}, { additionalProperties: false, title: 'AppliedConditionsChange', description: 'A combatant\'s conditions changed.' })

const InitiativeChange = Type.Object({
  kind: Type.Literal('initiative'),
  round: Type.Integer(),
  order: Type.Array(Type.Object({ id: combatantId, initiative: Type.Integer({ description: 'Its new initiative count.' }) }, { additionalProperties: false }), { description: 'The combatants whose count was set, in acting order.' })
}, { additionalProperties: false, title: 'AppliedInitiative', description: 'Initiative was rolled: a combatant joining a running fight, or the variant\'s new round.' })

const TurnChange = Type.Object({
  kind: Type.Literal('turn'),
  round: Type.Integer(),
  combatantId: Nullable(Type.String(), { description: 'Whose turn began; null when nobody can act.' }),
  initiativeCount: Nullable(Type.Integer())
}, { additionalProperties: false, title: 'AppliedTurn', description: 'A turn began (or none could).' })

const Skipped = Type.Object({
  kind: Type.Literal('skipped'),
  combatantId,
  reason: Type.String({ description: 'Why: its hit-point status or the conditions that keep it from acting.' })
}, { additionalProperties: false, title: 'AppliedSkipped', description: 'A combatant\'s turn was passed over.' })

const PendingChange = Type.Object({
  kind: Type.Literal('pending'),
  combatantId,
  added: Type.Array(Type.String(), { description: 'What it now holds for a later attack: aid another given (`aid another by <helper>: +2 attack for <ally> against <opponent>`), an aim taken.' }),
  removed: Type.Array(Type.String(), { description: 'What was used or ran out.' }),
  cause
}, { additionalProperties: false, title: 'AppliedPending', description: 'What a combatant holds for a later attack changed (aid another, the variant\'s take aim): see the combatant\'s `pending` list.' })

const EffectsChange = Type.Object({
  kind: Type.Literal('effects'),
  combatantId,
  added: Type.Array(Type.String(), { description: 'Sources of the effects it gained.' }),
  removed: Type.Array(Type.String(), { description: 'Sources of the effects that ended or were removed.' }),
  cause
}, { additionalProperties: false, title: 'AppliedEffects', description: 'A combatant\'s stat-block effects changed (the `effect` action, a duration running out).' })

const BehaviourChange = Type.Object({
  kind: Type.Literal('behaviour'),
  combatantId,
  condition: Type.String({ description: 'The condition that rolled it (`confused`).' }),
  roll: Type.Optional(Type.Integer({ description: 'The d%; absent for `attack-attackers`, which is not rolled.' })),
  behaviour: Type.String({ description: 'What the roll decided: `attack-confuser`, `act-normally`, `babble`, `flee`, `harm-self`, `attack-nearest`; or `attack-attackers` (no roll) for a creature attacked since its last turn.' }),
  allows: Type.String({ description: 'What it may do this turn besides `end-turn`: `any`, `none`, `attack`, `move`.' }),
  targets: Type.Optional(Type.Array(Type.String(), { description: '`attack-attackers`: who it must attack.' }))
}, { additionalProperties: false, title: 'AppliedBehaviour', description: 'A confused combatant\'s behaviour, rolled as its turn began.' })

export const AppliedSchema = taggedUnion('kind', [
  { tag: 'hit-points', schema: HitPointsChange },
  { tag: 'conditions', schema: ConditionsChange },
  { tag: 'initiative', schema: InitiativeChange },
  { tag: 'turn', schema: TurnChange },
  { tag: 'skipped', schema: Skipped },
  { tag: 'pending', schema: PendingChange },
  { tag: 'effects', schema: EffectsChange },
  { tag: 'behaviour', schema: BehaviourChange }
], { title: 'AppliedChange', description: 'One thing an event changed beyond its rules result, told apart by `kind`.' })

/** What the event changed beyond its result, in order: hit points, conditions, turns, initiative, skipped turns. */
const AppliedList = Type.Array(AppliedSchema)

/** The start's answer: the Encounter and the initiative roll. */
export const StartedEncounterSchema = Type.Object({
  ...EncounterSchema.properties,
  initiative: { ...InitiativeResponseSchema, description: 'The POST /v1/initiative response of the roll.' }
}, { additionalProperties: false, title: 'StartedEncounter', description: 'The encounter as it starts, with its initiative roll.' })

/** What each action contributes: its type, its body (`type` included) and the schema of its result. */
export interface ActionShape { type: string, body: TObject, result: TSchema }

const withId = Type.Object({ ...NewCombatantSchema.properties, id: Id }, { additionalProperties: false, title: 'LoggedCombatant', description: 'A NewEncounterCombatant as the log holds it: its id filled in.' })

/** The request each roster event logs, and its result. */
const ROSTER_EVENTS: Record<typeof ROSTER_EVENT_TYPES[number], { request: TObject, result: TSchema }> = {
  created: {
    request: Type.Object({ ...CreateEncounterSchema.properties, id: Type.String({ format: 'uuid' }), combatants: Type.Array(withId) }, { additionalProperties: false }),
    result: Type.Null()
  },
  'combatant-added': {
    request: Type.Object({ combatant: withId, seed: SeedSchema, dice: Type.Optional(DiceControlSchema) }, { additionalProperties: false }),
    result: Nullable(InitiativeResponseSchema, { description: 'Its initiative roll when the encounter was running; else null.' })
  },
  'combatant-updated': {
    request: Type.Object({ combatantId, patch: CombatantPatchSchema }, { additionalProperties: false }),
    result: Type.Null()
  },
  'combatant-removed': {
    request: Type.Object({ combatantId, seed: SeedSchema }, { additionalProperties: false }),
    result: Type.Null()
  },
  started: {
    request: Type.Object({ seed: SeedSchema, dice: Type.Optional(DiceControlSchema) }, { additionalProperties: false }),
    result: InitiativeResponseSchema
  }
}

/** A copy of a schema without its descriptions (and examples): the log repeats a body the document describes once. */
function terse<T> (schema: T): T {
  if (Array.isArray(schema)) return schema.map(terse) as T
  if (schema === null || typeof schema !== 'object') return schema
  // A named component stays whole: the document refers to it by name.
  if (typeof (schema as { title?: unknown }).title === 'string') return schema
  // TypeBox keeps its own markers (`~kind`, `~optional`) as non-enumerable keys: copied as they are.
  const out: Record<string | symbol, unknown> = {}
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(schema))) {
    if (key === 'description' || key === 'examples') continue
    const keep = key === 'enum' || key === 'const' || key === 'required' || !descriptor.enumerable
    Object.defineProperty(out, key, keep ? descriptor : { ...descriptor, value: terse(descriptor.value) })
  }
  return out as T
}

/** An action's logged request: its body without `type`, with the seed the service chose (each field as described on `<Type>Action`). */
function loggedRequest (type: string, body: TObject): TObject {
  const { type: _type, ...properties } = body.properties
  return Type.Object({ ...terse(properties), seed: SeedSchema }, { additionalProperties: false, description: `${pascalCase(type)}Action without \`type\`, the seed filled in.` })
}

/**
 * The log's and the action response's schemas for the registered actions:
 * every event type of the log (and so every `event:` name of the stream) is a
 * roster event or the `type` of a registered action.
 */
export function encounterEventSchemas (actions: readonly ActionShape[]) {
  const eventType = StringEnum([...ROSTER_EVENT_TYPES, ...actions.map((a) => a.type)], {
    title: 'EncounterEventType',
    description: 'What an event of the log is: `created`, `combatant-added`, `combatant-updated`, `combatant-removed` and `started` for the roster and the start, else the `type` of the action it logs. On the event stream it is each message\'s `event:` name.'
  })
  const EventSchema = Type.Object({
    seq: Type.Integer({ description: 'Position in the log, from 1, without gaps.' }),
    type: eventType,
    actor: Nullable(Type.String()),
    round: Type.Integer({ description: 'The round when it happened.' }),
    initiativeCount: Nullable(Type.Integer(), { description: 'The count of the turn when it happened; null outside turns.' }),
    createdAt: Type.String({ format: 'date-time' })
  }, { additionalProperties: false, title: 'EncounterEventSummary', description: 'What an event was: its sequence number, type, actor and when it happened.' })

  const logged = [
    ...ROSTER_EVENT_TYPES.map((type) => ({ type, ...ROSTER_EVENTS[type] })),
    ...actions.map((a) => ({ type: a.type, request: loggedRequest(a.type, a.body), result: a.result }))
  ]
  // The branches repeat the summary's fields without their descriptions (the union's description and
  // EncounterEventSummary carry them): every action type adds one branch to the document.
  const summary = terse(EventSchema.properties)
  const LoggedEventSchema = taggedUnion('type', logged.map(({ type, request, result }) => ({
    tag: type,
    schema: Type.Object({
      ...summary,
      type: Type.Literal(type),
      request,
      rolls: RollsSchema,
      result: terse(result),
      applied: AppliedList
    }, { additionalProperties: false, title: `${pascalCase(type)}Event`, description: `A \`${type}\` event.` })
  })), { title: 'EncounterEvent', description: 'One event of an encounter\'s log, told apart by `type` (`<Type>Event`): its EncounterEventSummary fields; `request`, the request as applied, with the seed the service chose and the ids it assigned; `rolls`; `result`, the rules result in the stateless endpoint\'s response shape (null for bookkeeping events); and `applied`, what it changed.' })

  const ActionResponseSchema = taggedUnion('type', actions.map((a) => ({
    tag: a.type,
    schema: Type.Object({
      type: Type.Literal(a.type),
      event: EventSchema,
      result: terse(a.result),
      applied: AppliedList,
      encounter: EncounterSchema
    }, { additionalProperties: false, title: `${pascalCase(a.type)}ActionResult`, description: `The answer to \`${a.type}\`.` })
  })), { title: 'EncounterActionResult', description: 'The result of an action, told apart by `type` (the action\'s, as `event.type`; `<Type>ActionResult`): `result`, the stateless endpoint\'s response for the same combatants and dice (null for bookkeeping actions); `applied`, what it changed; `encounter`, the encounter after it.' })

  return { EventSchema, LoggedEventSchema, ActionResponseSchema }
}
