// Encounters (OpenAPI › Encounters): the resource, its roster, the actions and the log.
import { Type, type TSchema } from 'typebox'
import {
  CombatantProperties, ConditionSchema, DiceControlSchema, DiceNotationSchema, Id, LIMITS, ModifierListSchema, Nullable,
  RulesetIdSchema, SeedSchema, ShortString, StringEnum, HitPointsInputSchema, StatBlockEffectSchema, EffectSourceSchema
} from './common.js'
import { AttackOptionsSchema, WeaponSchema } from './attacks.js'
import { GrappleOptionsSchema, ManeuverOptionsSchema } from './maneuvers.js'
import { GRAPPLE_ACTIONS } from '../rules/maneuvers/index.js'
import { MANEUVERS } from '../rules/maneuvers/maneuver-names.js'
import { TURNING_ACTIONS } from '../rules/turning/types.js'
import { actionTypeNames } from '../rules/rulesets/index.js'
import { HEALING_KINDS } from './hit-points.js'
import { HitPointsSchema } from './hit-points.js'

/** A stat block as stored in an encounter: the Combatant plus how it enters the fight. */
const EncounterCombatantProperties = {
  ...CombatantProperties,
  side: Type.Optional(ShortString({ description: 'Which side it fights on (`party`, `enemies`, …); the service does not interpret it.' })),
  aware: Type.Optional(Type.Boolean({ description: 'Aware of its opponents when the encounter starts; default true. Some but not all aware: a surprise round (round 0) in which only the aware act.' })),
  initiativeBonus: Type.Optional(Type.Integer({ minimum: -50, maximum: 100, description: 'Other initiative modifiers (racial, class features, items); Improved Initiative comes from `feats`.' })),
  reactionsPerRound: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, description: 'variant: reactions per round when a feat or ability grants more than one (default 1). dnd35/pf1e count attacks of opportunity from `combat-reflexes` and Dex.' })),
  class: Type.Optional(StringEnum(['cleric', 'paladin'] as const, { description: 'A turner\'s class, for the `turn` action.' })),
  energy: Type.Optional(StringEnum(['positive', 'negative'] as const, { description: 'The energy a turner channels, for the `turn` action.' })),
  knowledgeReligionRanks: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'dnd35 turners: ranks in Knowledge (religion).' }))
}

export const NewCombatantSchema = Type.Object(EncounterCombatantProperties, {
  additionalProperties: false,
  title: 'NewEncounterCombatant',
  description: 'A combatant joining an encounter: a Combatant stat block with `side` and `aware`. `id` is optional (the service assigns a UUID) and unique within the encounter. Rules that need a field (pf1e hit points need `abilities.con`; the variant\'s initiative needs `baseAttackBonus`) answer 422 naming it.'
})

const { id: _id, ...patchable } = EncounterCombatantProperties
/** POST …/combatants: the newcomer, plus the dice of its initiative roll when the encounter is running. */
export const AddCombatantSchema = Type.Object({
  ...EncounterCombatantProperties,
  seed: Type.Optional(SeedSchema),
  dice: Type.Optional(DiceControlSchema)
}, {
  additionalProperties: false,
  title: 'AddEncounterCombatant',
  description: 'A NewEncounterCombatant; `seed` and `dice` drive the initiative d20 it rolls on entry when the encounter is active (they are not part of the stat block).',
  examples: [{ id: 'wolf', side: 'enemies', size: 'medium', baseAttackBonus: 1, abilities: { str: 13, dex: 15, con: 15 }, armorClass: { natural: 2 }, hitPoints: { max: 13 } }]
})

export const CombatantPatchSchema = Type.Object(
  // A titled field is a component whose own description says it all; only the others repeat theirs here.
  Object.fromEntries(Object.entries(patchable).map(([k, v]) => [k, Type.Optional(Nullable(v as never, { description: (v as { title?: string }).title === undefined ? (v as { description?: string }).description : undefined }))])),
  {
    additionalProperties: false,
    minProperties: 1,
    title: 'EncounterCombatantPatch',
    examples: [{ hitPoints: { max: 7, current: 4 }, conditions: ['shaken'] }],
    description: 'A merge patch (RFC 7396 semantics, sent as application/json): each field given replaces the stored one; `null` removes an optional stat-block field (`name` and `side` become null). `hitPoints` replaces the hit-point state (its status is re-read by the rules); `conditions` replaces the condition names, keeping the durations of those that stay.'
  }
)

/** When a condition or an effect ends (docs/rules.md §69), one component for both. */
const EndsAtSchema = Type.Object({
  round: Type.Integer({ description: 'The round it ends in.' }),
  initiativeCount: Nullable(Type.Integer(), { description: 'dnd35/pf1e: it ends just before this count acts (SRD › Duration). variant: null, it ends at the end of the round.' })
}, { additionalProperties: false, title: 'EndsAt', description: 'When it ends (null: until removed).' })

export const ConditionEntrySchema = Type.Object({
  name: Type.String({ description: 'The condition.' }),
  endsAt: Nullable(EndsAtSchema),
  behaviour: Type.Optional(Type.Object({
    round: Type.Integer(),
    roll: Type.Optional(Type.Integer({ description: 'The d%; absent for `attack-attackers`, which is not rolled.' })),
    targets: Type.Optional(Type.Array(Type.String(), { description: '`attack-attackers`: the combatants that attacked it since its last turn; its attacks this turn go to one of them.' })),
    behaviour: StringEnum(['attack-confuser', 'act-normally', 'babble', 'flee', 'harm-self', 'attack-nearest', 'attack-attackers'] as const),
    allows: StringEnum(['any', 'none', 'attack', 'move'] as const, { description: 'What it may do that turn (besides `end-turn`).' })
  }, { additionalProperties: false, description: '`confused`: the behaviour rolled at the start of its turn in `round` (or, when it was attacked since its last turn, `attack-attackers` without a roll).' })),
  attackedBy: Type.Optional(Type.Array(Type.String(), { description: '`confused`: who has attacked it since its turn last began; at the start of its next turn it attacks them instead of rolling.' }))
}, { additionalProperties: false, title: 'EncounterCondition', description: 'A condition a combatant has in an encounter, with when it ends.' })

const PendingEntrySchema = Type.Union([
  Type.Object({
    kind: Type.Literal('aid'),
    choice: StringEnum(['attack', 'ac']),
    ally: Id,
    opponent: Id,
    value: Type.Integer()
  }, { additionalProperties: false, title: 'PendingAid', description: 'Aid another given: `ally` gains `value` on its next attack against `opponent` (`attack`) or to AC against its next attack (`ac`), until the helper\'s next turn.' }),
  Type.Object({
    kind: Type.Literal('aim'),
    target: Id,
    round: Type.Integer()
  }, { additionalProperties: false, title: 'PendingAim', description: 'variant: an aim taken at `target` in `round`, for one shot the round after.' })
])

/** An effect as an encounter keeps it: the stat block's Effect and its end (docs/rules.md §69, §96). */
const StoredEffectSchema = Type.Object({
  ...StatBlockEffectSchema.properties,
  endsAt: Type.Optional(Nullable(EndsAtSchema))
}, { additionalProperties: false })

export const EncounterCombatantSchema = Type.Object({
  ...EncounterCombatantProperties,
  id: Id,
  name: Nullable(Type.String()),
  side: Nullable(Type.String()),
  aware: Type.Boolean(),
  initiative: Nullable(Type.Integer(), { description: 'Its initiative count; null before the start. Delay and ready change it (SRD › Delay, Ready).' }),
  hitPoints: Nullable(HitPointsSchema, { description: 'The hit-point state with its status, as POST /v1/damage reports it (the variant\'s accumulated damage, wound points and Death-save tallies included); null when the combatant has none.' }),
  conditions: Type.Array(ConditionEntrySchema),
  effects: Type.Optional(Type.Array(StoredEffectSchema)),
  reactionsUsed: Type.Integer({ description: 'Attacks of opportunity (variant: reactions) used since its turn last began.' }),
  readied: Nullable(Type.Object({ trigger: Type.String(), actionType: Type.String() }, { additionalProperties: false }), { description: 'A readied action waiting for its trigger; lost when its next turn begins.' }),
  pending: Type.Array(PendingEntrySchema, { maxItems: 200, description: 'Aid given and aims taken, waiting for their attack.' })
}, { additionalProperties: false, title: 'EncounterCombatant', description: 'A combatant as the encounter stores it: its stat block, current hit points, conditions, side, initiative and what it has used this round.' })

export const EncounterSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  ruleset: RulesetIdSchema,
  status: StringEnum(['preparing', 'active', 'finished'] as const),
  round: Type.Integer({ description: '0 is the surprise round (when there is one), 1 the first regular round.' }),
  surpriseRound: Type.Boolean({ description: 'The encounter began with a surprise round.' }),
  turn: Nullable(Type.Object({
    combatantId: Type.String(),
    initiativeCount: Type.Integer(),
    spent: Type.Array(StringEnum(actionTypeNames()), { description: 'The ruleset\'s action types this turn has used (`standard`, `move`, `full-round`, `swift`; variant `major`, `minor`, `full-round`).' })
  }, { additionalProperties: false }), { description: 'Whose turn it is; null before the start, after the end, or when nobody can act.' }),
  order: Type.Array(Type.String(), { description: 'Combatant ids in acting order this round.' }),
  combatants: Type.Array(EncounterCombatantSchema),
  version: Type.Integer({ description: 'Bumped by every write (the number of events); the ETag.' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' })
}, { additionalProperties: false, title: 'Encounter', description: 'A persisted encounter: its roster, round, whose turn it is and its version (the ETag).' })

export const CreateEncounterSchema = Type.Object({
  name: ShortString({ minLength: 1, description: 'Display name.' }),
  ruleset: RulesetIdSchema,
  combatants: Type.Optional(Type.Array(NewCombatantSchema, { maxItems: LIMITS.listItems, description: 'The roster, at most 100.' }))
}, { title: 'NewEncounter', description: 'An encounter to create, with its roster.',
  additionalProperties: false,
  examples: [{
    name: 'Goblin ambush',
    ruleset: 'dnd35',
    combatants: [
      { id: 'fighter', side: 'party', baseAttackBonus: 4, abilities: { str: 16, dex: 13, con: 14 }, armorClass: { armor: 5, shield: 2 }, baseSaves: { fortitude: 4 }, hitPoints: { max: 32 } },
      { id: 'goblin', side: 'enemies', aware: false, baseAttackBonus: 1, abilities: { dex: 13 }, armorClass: { armor: 2, shield: 1 }, hitPoints: { max: 5 } }
    ]
  }]
})

export const StartSchema = Type.Object({
  seed: Type.Optional(SeedSchema),
  dice: Type.Optional(DiceControlSchema)
}, {
  title: 'EncounterStart',
  additionalProperties: false,
  description: 'Dice order: one initiative d20 per combatant in roster order, then roll-offs (as POST /v1/initiative).',
  // An explicit example: the one Swagger UI would make from the schema is a 422 (a die of −9007199254740991).
  examples: [{ dice: { sequence: [18, 5, 3] } }, { seed: 'table-7' }]
})

/** The events a write to the roster or the start logs; every action logs an event named after its `type`. */
export const ROSTER_EVENT_TYPES = ['created', 'combatant-added', 'combatant-updated', 'combatant-removed', 'started'] as const

const CombatantRef = (description: string) => ShortString({ minLength: 1, description })

export const ACTION_TYPE_DESCRIPTION = 'The action. Which other fields apply depends on it (see the operation description); a field an action needs and lacks is a 422 `missing-field` naming it.'
export const ACTION_OPTIONS_DESCRIPTION = 'The stateless endpoint\'s `options`: AttackOptions for attacks, GrappleOptions or ManeuverOptions for grapples and maneuvers. A field none of them knows is a 400; options of another action than `type` a 422 `inconsistent-fields` naming the field.'

/**
 * Every field an encounter action body may carry besides `type`, in the order
 * the EncounterAction schema lists them. Each action module
 * (src/encounters/actions/<type>.ts) builds its body from these; the request
 * schema is built from the registered actions (src/encounters/actions/schema.ts),
 * with `type` and `options` (at this place) from the registry.
 */
export const ACTION_FIELDS = {
  actor: Type.Optional(CombatantRef('The acting combatant\'s id. Required except for damage, heal, save, condition and end (a GM applies those at any time).')),
  target: Type.Optional(CombatantRef('The target combatant\'s id (attack, full-attack, coup-de-grace, grapple, maneuver, damage, heal, condition).')),
  targets: Type.Optional(Type.Array(Type.Union([CombatantRef('A target id.'), Type.Object({
    id: CombatantRef('A target id.'),
    modifiers: Type.Optional(ModifierListSchema),
    cover: Type.Optional(StringEnum(['none', 'partial', 'cover', 'improved'] as const)),
    kind: Type.Optional(StringEnum(['living', 'undead'] as const, { description: 'pf1e channel energy: living or undead.' })),
    distanceFeet: Type.Optional(Type.Number({ minimum: 0, maximum: 100000 }))
  }, { additionalProperties: false })]), { minItems: 1, maxItems: LIMITS.listItems, description: '`save`: the targets (ids, or `{ id, modifiers, cover }`); `turn` in pf1e: the creatures in the burst (`{ id, kind, distanceFeet, modifiers }`).' })),
  undead: Type.Optional(Type.Array(Type.Object({
    id: CombatantRef('An undead combatant (its `hitDice` come from its stat block).'),
    distanceFeet: Type.Number({ minimum: 0, maximum: 100000 }),
    turnResistance: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
    alreadyTurned: Type.Optional(Type.Boolean()),
    bolsteredHitDice: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    totalCover: Type.Optional(Type.Boolean())
  }, { additionalProperties: false }), { minItems: 1, maxItems: LIMITS.listItems, description: '`turn` in dnd35: the undead in the area.' })),
  others: Type.Optional(Type.Array(CombatantRef('Another grappler.'), { maxItems: LIMITS.listItems, description: '`grapple` (dnd35): further grapplers by id.' })),
  weapon: Type.Optional(WeaponSchema),
  offHand: Type.Optional(WeaponSchema),
  weaponName: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.string, description: '`attack`, `full-attack`: instead of `weapon`, the `name` of one of the actor\'s `weapons` (the first with that name); in a `full-attack` its `offHand` pairing comes with it unless `offHand` is sent. An unknown name is a 422 naming `/weaponName`.' })),
  // The union of the registered actions' options schemas; which one applies depends on `type`.
  options: Type.Optional(Type.Unknown()),
  action: Type.Optional(StringEnum([...new Set([...GRAPPLE_ACTIONS, ...TURNING_ACTIONS])], { description: '`grapple`: the grapple action; `turn`: the turning action (turn, rebuke, command, bolster, dispel; pf1e channel-positive, channel-negative, turn-undead).' })),
  maneuver: Type.Optional(StringEnum(MANEUVERS, { description: '`maneuver`: which one.' })),
  previousTurningCheck: Type.Optional(Type.Integer({ minimum: -100, maximum: 200 })),
  commandedHitDice: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  checkModifiers: Type.Optional(ModifierListSchema),
  save: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: '`save`: the ruleset\'s save name.' })),
  dc: Type.Optional(Type.Integer({ minimum: 0, maximum: 200, description: '`save`: the DC.' })),
  effect: Type.Optional(Type.Object({
    damage: DiceNotationSchema('Damage dice of the area effect, rolled once for all targets.'),
    onSuccess: StringEnum(['half', 'none', 'full'] as const),
    nonlethal: Type.Optional(Type.Boolean())
  }, { additionalProperties: false, description: '`save`: an area effect rolled once; each target\'s damage is applied to its hit points.' })),
  damage: Type.Optional(Type.Object({
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    dice: Type.Optional(DiceNotationSchema()),
    nonlethal: Type.Optional(Type.Boolean()),
    singleAttack: Type.Optional(Type.Boolean()),
    critical: Type.Optional(Type.Boolean()),
    massiveDamageRule: Type.Optional(Type.Boolean())
  }, { additionalProperties: false, description: '`damage`: the blow, as in POST /v1/damage.' })),
  healing: Type.Optional(Type.Object({
    kind: StringEnum(HEALING_KINDS),
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    dice: Type.Optional(DiceNotationSchema()),
    period: Type.Optional(StringEnum(['night', 'bed-rest-day', 'hour', 'day'] as const)),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    sameSource: Type.Optional(Type.Boolean()),
    checkBonus: Type.Optional(Type.Integer({ minimum: -50, maximum: 100 })),
    continuousDamage: Type.Optional(Type.Boolean()),
    tended: Type.Optional(Type.Boolean())
  }, { additionalProperties: false, description: '`heal`: as in POST /v1/healing.' })),
  // `condition` adds or removes a condition by name; `effect` adds a stat-block Effect or removes every effect of a source (docs/rules.md §96).
  add: Type.Optional(Type.Union([ConditionSchema, StatBlockEffectSchema], { description: 'A condition, or an Effect.' })),
  remove: Type.Optional(Type.Union([ConditionSchema, EffectSourceSchema], { description: 'A condition, or an effect source.' })),
  durationRounds: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: '`condition`, `effect` with `add`: it ends just before the current count acts, this many rounds later (SRD › Duration); variant: at the end of that round.' })),
  distanceFeet: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '`move`: how far (informational).' })),
  actionType: Type.Optional(StringEnum(actionTypeNames(), { description: '`act`: the action type spent (the ruleset\'s own names). `ready`: the action type readied.' })),
  description: Type.Optional(ShortString({ description: '`act`: what the combatant does (cast a spell, drink a potion).' })),
  count: Type.Optional(Type.Integer({ minimum: -100, maximum: 200, description: '`delay`: the lower initiative count to act on.' })),
  after: Type.Optional(CombatantRef('`delay`: act right after this combatant\'s turn.')),
  trigger: Type.Optional(ShortString({ minLength: 1, description: '`ready`: what sets the readied action off.' })),
  readied: Type.Optional(Type.Boolean({ description: 'This action fires the actor\'s readied action, off its turn.' })),
  offTurn: Type.Optional(Type.Boolean({ description: '`attack` off the actor\'s turn: an attack of opportunity (variant: a reaction attack), counted against its reactions this round.' })),
  seed: Type.Optional(SeedSchema),
  dice: Type.Optional(DiceControlSchema)
}

/** The `result` of an action that resolves no rule (move, act, delay, ready, end-turn, end, condition). */
export const BOOKKEEPING_RESULT = Type.Null({ description: 'Bookkeeping: no rules result.' })

export const ACTION_SCHEMA_OPTIONS = {
  additionalProperties: false,
  title: 'EncounterAction',
  description: 'One action in an encounter; the stateless endpoint\'s body with combatant ids in place of combatants.',
  examples: [
    { type: 'attack', actor: 'fighter', target: 'goblin', weapon: { name: 'longsword', damage: '1d8', critRange: 19 }, dice: { sequence: [15, 6] } },
    { type: 'end-turn', actor: 'fighter' }
  ]
}

export const EncounterIdParams = Type.Object({ id: Type.String({ maxLength: 200, description: 'The encounter id (a UUID): the `id` of `POST /v1/encounters`\'s answer, or the tail of its `Location`.', examples: ['3f6c2a9e-8d41-4b7a-9c55-0e2d7f1b6a34'] }) }, { additionalProperties: false })
export const CombatantParams = Type.Object({
  id: EncounterIdParams.properties.id,
  combatantId: Type.String({ maxLength: 200, minLength: 1, description: 'The combatant\'s id within the encounter.', examples: ['goblin'] })
}, { additionalProperties: false })

export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Page size, 1–100; default 20.' })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'The `nextCursor` of the previous page.' }))
}, { additionalProperties: false })

export const EventsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Page size, 1–1000; default 100.' })),
  cursor: Type.Optional(Type.String({ maxLength: 16, pattern: '^[0-9]+$', description: 'The `nextCursor` of the previous page (treat it as opaque); as on GET /v1/encounters.' })),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Only events with a higher `seq`: an alias of `cursor` kept for earlier clients (and the stream\'s `Last-Event-ID`). Given both, the later position counts.' }))
}, { additionalProperties: false })

export const EventPageSchema = (item: TSchema) => Type.Object({
  items: Type.Array(item, { description: 'Oldest first.' }),
  nextCursor: Nullable(Type.String(), { description: 'Pass it back as `cursor` for the next page; null on the last page.' })
}, { additionalProperties: false, title: 'EncounterEventPage', description: 'A page of the log, oldest first, and the cursor of the next.' })

export const EncounterListSchema = Type.Object({
  items: Type.Array(Type.Object({
    id: Type.String(), name: Type.String(), ruleset: RulesetIdSchema, status: Type.String(), round: Type.Integer(), version: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }), updatedAt: Type.String({ format: 'date-time' })
  }, { additionalProperties: false, title: 'EncounterSummary', description: 'An encounter in a list: its id, name, ruleset, status, round and version.' })),
  nextCursor: Nullable(Type.String())
}, { title: 'EncounterList', description: 'A page of encounters, newest first, and the cursor of the next.', additionalProperties: false })

export { HitPointsInputSchema, AttackOptionsSchema, GrappleOptionsSchema, ManeuverOptionsSchema }
