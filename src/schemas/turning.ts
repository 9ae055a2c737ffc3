import { Type, type Static } from 'typebox'
import { TURNING_ACTIONS } from '../rules/turning/types.js'
import {
  AppliedConditionsSchema, BreakdownSchema, CombatantProperties, Id, LIMITS, ModifierSchema, Nullable, ResolutionProperties, RollsSchema,
  RulesetIdSchema, SeedSchema, StringEnum
} from './common.js'

const Distance = (description: string) => Type.Number({ minimum: 0, maximum: 100000, description })

export const TurnerSchema = Type.Object({
  ...CombatantProperties,
  class: Type.Optional(StringEnum(['cleric', 'paladin'] as const, {
    description: 'Class that turns: `cleric`, or `paladin` (dnd35: turns as a cleric three levels lower from 4th level; pf1e: channels at her paladin level from 4th level). Required.'
  })),
  energy: Type.Optional(StringEnum(['positive', 'negative'] as const, {
    description: 'Energy the turner channels. Absent: the energy the action needs (`turn`, `channel-positive`, `turn-undead`: positive; `rebuke`, `command`, `bolster`, `dispel`, `channel-negative`: negative). Given and not the one the action needs: a 422 `not-possible`. Paladins channel positive energy only.'
  })),
  knowledgeReligionRanks: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'dnd35: ranks in Knowledge (religion); 5 or more give +2 on turning checks (SRD35 › Cleric).' }))
}, {
  additionalProperties: false,
  title: 'Turner',
  description: 'The cleric or paladin (a Combatant): `level` (class level) and `class` are required (a 422 naming them when absent); `abilities.cha` gives the Charisma modifier (absent: 10; null: a 422, no Charisma check is possible). pf1e `feats` must list `turn-undead` for the `turn-undead` action; dnd35 `extra-turning` (+4) and pf1e `extra-channel` (+2) add uses per day.'
})

export const UndeadSchema = Type.Object({
  id: Id,
  hitDice: Type.Integer({ minimum: 1, maximum: 1000, description: 'Actual Hit Dice; the Hit Dice spent from the turning damage.' }),
  distanceFeet: Distance('Distance from the turner. Undead beyond 60 ft are `out-of-range`. Closest first; when equally close undead compete for the last of the turning damage (or the command limit), `tie-break` dice decide which counts as closest (SRD 3.5 › Closest Creature). Give distinct distances to fix the order yourself.'),
  turnResistance: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Turn resistance: added to the Hit Dice for the table comparison and the destruction test, not for the turning damage spent. Default 0.' })),
  alreadyTurned: Type.Optional(Type.Boolean({ description: 'Already turned (or rebuked) and still in range. `turn`/`rebuke`/`command` skip it (see `skipAlreadyTurned`); `dispel` frees only these. Default false.' })),
  bolsteredHitDice: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Effective Hit Dice from a bolster still running (the `effectiveHitDice` a `bolster` returned); used when above Hit Dice + turn resistance.' })),
  totalCover: Type.Optional(Type.Boolean({ description: 'Total cover from the turner or no line of effect: `out-of-range` (line of sight is not needed). Default false.' }))
}, { additionalProperties: false, title: 'TurningUndead', description: 'An undead creature facing a dnd35 turning attempt.' })

export const ChannelTargetSchema = Type.Object({
  ...CombatantProperties,
  id: Id,
  kind: StringEnum(['living', 'undead'] as const, { description: 'Positive energy heals the living and harms undead; negative energy the reverse.' }),
  distanceFeet: Type.Optional(Distance('Distance from the channeler; beyond the 30-ft burst the target is `out-of-range`. Absent: inside the burst. List the channeler herself to include her.')),
  modifiers: Type.Optional(Type.Array(ModifierSchema, { maxItems: LIMITS.modifiers, description: 'Modifiers to this target\'s Will save (`{ value, type, source }`), stacked per the ruleset.' }))
}, {
  additionalProperties: false,
  title: 'ChannelTarget',
  description: 'A creature in a pf1e channel burst (a Combatant with `id` and `kind`). A target that must save needs `baseSaves.will` (a 422 naming it otherwise); its Will save adds its Wisdom modifier and `modifiers`. `hitPoints` caps healing at the maximum (`current` above `max`: a 422 `inconsistent-fields`).'
})

export const TurningRequestSchema = Type.Object({
  action: StringEnum(TURNING_ACTIONS, {
    description: 'dnd35: `turn` (positive energy), `rebuke` or `command` (negative energy; both name the same rebuke attempt: undead that would be turned are rebuked, those that would be destroyed are commanded), `bolster`, `dispel`. pf1e: `channel-positive`, `channel-negative`, `turn-undead` (the feat). An action the ruleset lacks, and every action in `variant`, is a 422 `rule-not-defined`.'
  }),
  turner: TurnerSchema,
  undead: Type.Optional(Type.Array(UndeadSchema, { maxItems: LIMITS.listItems, description: 'dnd35 actions: the undead, in any order (results come back in this order). Required for dnd35 actions (a 422 naming it), not allowed with pf1e actions (a 422 `inconsistent-fields`).' })),
  targets: Type.Optional(Type.Array(ChannelTargetSchema, { maxItems: LIMITS.listItems, description: 'pf1e actions: the creatures in the burst. Required for pf1e actions (a 422 naming it), not allowed with dnd35 actions (a 422 `inconsistent-fields`).' })),
  previousTurningCheck: Type.Optional(Type.Integer({ minimum: -100, maximum: 200, description: '`dispel` only (required there): the turning check result the good cleric scored; the dispel succeeds when this check is equal or higher.' })),
  commandedHitDice: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: '`rebuke`/`command` only: Hit Dice of undead the cleric already commands. Commanded undead total at most the cleric\'s level in HD; one that would be commanded past the limit is rebuked instead. Default 0.' })),
  skipAlreadyTurned: Type.Optional(Type.Boolean({ description: '`turn`/`rebuke`/`command`: skip undead marked `alreadyTurned` so no turning is wasted on them (SRD 3.5 › Turning Damage: "you may skip"). Default true.' })),
  checkModifiers: Type.Optional(Type.Array(ModifierSchema, { maxItems: LIMITS.modifiers, description: 'dnd35: situational modifiers to the turning check (`{ value, type, source }`), stacked per the ruleset with the Cha modifier and the Knowledge (religion) bonus.' })),
  ...ResolutionProperties
}, {
  additionalProperties: false,
  title: 'TurningRequest',
  description: 'A turning, rebuking, commanding, bolstering or dispelling attempt (dnd35), or a channel (pf1e).',
  examples: [
    {
      ruleset: 'dnd35',
      action: 'turn',
      turner: { id: 'cleric', level: 3, class: 'cleric', energy: 'positive', abilities: { cha: 12 } },
      undead: [
        { id: 'zombie-1', hitDice: 2, distanceFeet: 10 },
        { id: 'zombie-2', hitDice: 2, distanceFeet: 20 },
        { id: 'wight', hitDice: 4, distanceFeet: 30 }
      ],
      seed: 'sunrise',
      dice: { sequence: [8, 3, 4] }
    },
    {
      ruleset: 'pf1e',
      action: 'channel-positive',
      turner: { id: 'cleric', level: 5, class: 'cleric', abilities: { cha: 16 } },
      targets: [
        { id: 'fighter', kind: 'living', hitPoints: { max: 40, current: 20 } },
        { id: 'zombie', kind: 'undead', baseSaves: { will: 3 }, distanceFeet: 20 }
      ],
      seed: 'table-1'
    }
  ]
})

const TotalSchema = (description: string) => Type.Object({
  total: Type.Integer(),
  breakdown: BreakdownSchema
}, { additionalProperties: false, description })

export const ChannelSaveSchema = Type.Object({
  dc: Type.Integer({ description: 'The channel\'s save DC.' }),
  bonus: Type.Integer({ description: 'Save bonus: base Will + Wisdom modifier + modifiers.' }),
  breakdown: BreakdownSchema,
  roll: Type.Integer({ description: 'The d20.' }),
  total: Type.Integer(),
  success: Type.Boolean(),
  automatic: Nullable(StringEnum(['natural-1', 'natural-20'] as const), { description: 'A natural 1 always fails, a natural 20 always succeeds.' })
}, { additionalProperties: false, title: 'ChannelSave', description: 'A Will save against a channel or Turn Undead (pf1e).' })

export const TurningResultSchema = Type.Object({
  id: Type.String({ description: 'The undead or target, as sent.' }),
  outcome: StringEnum(['destroyed', 'turned', 'rebuked', 'commanded', 'bolstered', 'freed', 'healed', 'harmed', 'unaffected', 'out-of-range'] as const, {
    description: 'dnd35: `destroyed`, `turned` (flees 10 rounds), `rebuked` (cowers 10 rounds), `commanded`, `bolstered`, `freed` (dispel: no longer turned), `unaffected`, `out-of-range`. pf1e: `healed`, `harmed`, `turned` (Turn Undead feat: flees 1 minute), `unaffected`, `out-of-range`.'
  }),
  reason: Type.String({ description: 'Why, in words: the numbers compared.' }),
  effectiveHitDice: Type.Optional(Type.Integer({ description: 'dnd35: the Hit Dice compared with the table: HD + turn resistance, or a running bolster when higher; after `bolster`, the new value.' })),
  hitDiceSpent: Type.Optional(Type.Integer({ description: 'dnd35: Hit Dice of turning damage this creature used (its actual HD when affected, else 0).' })),
  durationRounds: Nullable(Type.Integer(), { description: 'How long the effect lasts in rounds (turned, rebuked, bolstered: 10); null when none or unlimited (destroyed, commanded, unaffected).' }),
  kind: Type.Optional(StringEnum(['living', 'undead'] as const, { description: 'pf1e: the target\'s kind, as sent.' })),
  save: Type.Optional(Nullable(ChannelSaveSchema, { description: 'pf1e: the Will save, for harmed targets and undead facing Turn Undead; null otherwise.' })),
  healed: Type.Optional(Nullable(Type.Integer(), { description: 'pf1e: hit points restored (capped at maximum hit points when `hitPoints` is given); null when not healed.' })),
  damage: Type.Optional(Nullable(Type.Integer(), { description: 'pf1e: damage dealt (the channel total, halved rounded down on a successful save); null when not harmed. Apply it with POST /v1/damage.' })),
  conditions: Type.Optional(AppliedConditionsSchema)
}, { additionalProperties: false, title: 'TurningResult', description: 'What happened to one undead (or, in pf1e, one creature in the burst).' })

export const TurnerConditionsSchema = Type.Object({
  turner: AppliedConditionsSchema
}, { additionalProperties: false, title: 'TurnerConditions', description: 'The conditions applied to the turner. pf1e targets list theirs on each result (`results[].conditions`); dnd35 undead carry no conditions.' })

export const TurningResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  action: StringEnum(TURNING_ACTIONS, { description: 'The action resolved.' }),
  effectiveLevel: Type.Integer({ description: 'dnd35: cleric level, or paladin level − 3; the level for the table, turning damage and the destruction and command limits. pf1e: the channeler\'s level.' }),
  usesPerDay: Nullable(TotalSchema('Uses per day: 3 + Cha modifier (+4 Extra Turning in dnd35, +2 Extra Channel in pf1e), never below 0. Null for a pf1e paladin, who pays two uses of lay on hands per channel.')),
  turningCheck: Type.Optional(Type.Object({
    roll: Type.Integer({ description: 'The d20.' }),
    modifier: Type.Integer({ description: 'Cha modifier, +2 with 5 ranks of Knowledge (religion), and `checkModifiers` stacked.' }),
    total: Type.Integer(),
    maxHitDice: Type.Integer({ description: 'Most powerful undead affected (Turning Undead table: effective level + the row of `total`).' }),
    breakdown: BreakdownSchema
  }, { additionalProperties: false, description: 'dnd35: the turning check.' })),
  turningDamage: Type.Optional(Nullable(Type.Object({
    roll: Type.Array(Type.Integer(), { description: 'The 2d6.' }),
    modifier: Type.Integer({ description: 'Effective level + Cha modifier.' }),
    total: Type.Integer({ description: 'Total Hit Dice of undead that can be affected.' }),
    breakdown: BreakdownSchema
  }, { additionalProperties: false }), { description: 'dnd35: turning damage, or null when nothing within range could be affected (and always for `bolster`, which has none).' })),
  dispel: Type.Optional(Nullable(Type.Object({
    previousTurningCheck: Type.Integer(),
    succeeded: Type.Boolean({ description: 'The check is equal to or above the good cleric\'s.' })
  }, { additionalProperties: false }), { description: 'dnd35 `dispel`: the comparison; null for other actions.' })),
  hitDiceUsed: Type.Optional(Type.Integer({ description: 'dnd35: Hit Dice of turning damage spent (actual Hit Dice of the undead affected).' })),
  channel: Type.Optional(Nullable(Type.Object({
    dice: Type.String({ description: 'ceil(level / 2)d6.' }),
    roll: Type.Array(Type.Integer()),
    total: Type.Integer({ description: 'Hit points healed or damage dealt before saves.' })
  }, { additionalProperties: false }), { description: 'pf1e: the channel roll; null for `turn-undead`, which rolls none.' })),
  saveDc: Type.Optional(TotalSchema('pf1e: Will save DC, 10 + ½ level + Cha modifier.')),
  results: Type.Array(TurningResultSchema, { description: 'One per undead (dnd35) or target (pf1e), in request order.' }),
  conditions: TurnerConditionsSchema,
  rolls: RollsSchema
}, {
  additionalProperties: false,
  title: 'TurningResponse',
  description: 'dnd35 responses carry `turningCheck`, `turningDamage`, `dispel` and `hitDiceUsed`; pf1e responses carry `channel` and `saveDc`.'
})

export type TurningRequestBody = Static<typeof TurningRequestSchema>
