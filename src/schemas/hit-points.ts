import { Type, type Static } from 'typebox'
import {
  BreakdownSchema, CombatantProperties, DiceNotationSchema, HIT_POINT_STATUS_VALUES, HitPointsInputSchema, Nullable,
  ResolutionProperties, RollsSchema, RulesetIdSchema, SeedSchema, StringEnum
} from './common.js'

const Int = (description: string) => Type.Integer({ description })

/** A HitPoints object as responses report it (OpenAPI › POST /v1/damage). */
export const HitPointsSchema = Type.Object({
  max: Int('Maximum hit points.'),
  current: Int('Current hit points (variant: max minus the accumulated damage).'),
  temporary: Int('Temporary hit points left.'),
  nonlethal: Int('Nonlethal damage (variant: the nonlethal share of the accumulated damage).'),
  status: StringEnum(HIT_POINT_STATUS_VALUES, {
    description: '`healthy`; `staggered` (dnd35/pf1e: nonlethal equal to current HP; variant: conscious at D ≥ HP after a successful Death save); `disabled` (0 HP, or conscious at negative HP after waking; pf1e: also staggered); `unconscious` (nonlethal above current HP; variant: a failed Death save against nonlethal damage); `dying`; `stable`; `dead`.'
  }),
  damageTaken: Type.Optional(Int('variant: the accumulated damage D (max − current).')),
  woundPoints: Type.Optional(Int('variant: wound points (lethal damage past the wounded threshold).')),
  deathSaves: Type.Optional(Type.Object({ successes: Type.Integer(), failures: Type.Integer() }, { additionalProperties: false, description: 'variant: end-of-round Death save tallies.' })),
  constitutionDamage: Type.Optional(Int('variant: Constitution damage from Death saves.')),
  bloodied: Type.Optional(Type.Boolean({ description: 'variant: D ≥ ½ HP (or wounded): −1 on attacks and checks.' })),
  wounded: Type.Optional(Type.Boolean({ description: 'variant: D ≥ ¾ HP, or any wound points left: a further −1.' })),
  penalty: Type.Optional(Type.Integer({ description: 'variant: the signed modifier bloodied and wounded impose on attacks and checks: 0, −1 or −2.' }))
}, { additionalProperties: false, title: 'HitPoints', description: 'Hit points with their status. Can be sent back as `creature.hitPoints` (drop the variant\'s read-only `damageTaken`, `bloodied`, `wounded`, `penalty`).' })

/** A creature whose hit points the endpoint changes. */
export const WoundableCreatureSchema = Type.Object({ ...CombatantProperties, hitPoints: HitPointsInputSchema }, {
  additionalProperties: false,
  title: 'WoundableCreature',
  description: 'A Combatant with `hitPoints`. pf1e also needs `abilities.con` (death at −Con); saves it makes need `baseSaves` (Fortitude for massive damage, the variant\'s Death).'
})

export const CheckSchema = Type.Object({
  die: Type.Integer({ description: '20 for a d20 check or save; 100 for the dnd35 d% roll.' }),
  roll: Int('The die result.'),
  total: Int('Roll plus modifiers (equal to the roll for a d%).'),
  dc: Int('The DC; for a d% roll, the chance in percent (success at or below it).'),
  success: Type.Boolean(),
  breakdown: BreakdownSchema
}, { additionalProperties: false, title: 'HitPointsCheck', description: 'A roll a healing step made (stabilize, Heal check, recovery) against its DC.' })

export const DamageRequestSchema = Type.Object({
  creature: WoundableCreatureSchema,
  damage: Type.Object({
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'Damage dealt. Exactly one of `amount` and `dice`.' })),
    dice: Type.Optional(DiceNotationSchema('Damage dice, rolled first; a total below 0 deals 0. Exactly one of `amount` and `dice`.')),
    nonlethal: Type.Optional(Type.Boolean({ description: 'Nonlethal damage. Default false.' })),
    singleAttack: Type.Optional(Type.Boolean({ description: 'The damage comes from one attack, so massive damage applies (dnd35; pf1e with `massiveDamageRule`). Default true; several attacks adding up do not count.' })),
    critical: Type.Optional(Type.Boolean({ description: 'variant: a critical hit; a wound it causes is a nasty wound (`wound.nasty`).' })),
    massiveDamageRule: Type.Optional(Type.Boolean({ description: 'pf1e: apply the optional massive-damage rule (max(50, ½ max HP) from one attack: DC 15 Fortitude or die). Default false; dnd35 always applies its rule; the variant has none (`true` is a 422 `rule-not-defined`).' }))
  }, { additionalProperties: false, description: 'The blow.' }),
  ...ResolutionProperties
}, { title: 'DamageRequest', description: 'A blow against a creature\'s hit points.',
  additionalProperties: false,
  examples: [
    { ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 5 } }, damage: { amount: 6 }, seed: 'ogre-hit' },
    { ruleset: 'dnd35', creature: { baseSaves: { fortitude: 4 }, abilities: { con: 14 }, hitPoints: { max: 120 } }, damage: { dice: '10d6+20' }, seed: 'fireball' },
    { ruleset: 'variant', creature: { baseSaves: { death: 2 }, hitPoints: { max: 20 } }, damage: { amount: 24 }, seed: 'death-save', dice: { sequence: [10] } }
  ]
})

export const DamageResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  amount: Int('The damage dealt (the rolled total for `dice`).'),
  before: HitPointsSchema,
  after: HitPointsSchema,
  massiveDamage: Nullable(Type.Object({
    dc: Type.Integer(), roll: Type.Integer(), total: Type.Integer(), survived: Type.Boolean(), breakdown: BreakdownSchema
  }, { additionalProperties: false }), { description: 'The Fortitude save against massive damage, or null when not triggered.' }),
  deathSave: Nullable(Type.Object({
    dc: Int('10 + 1 per 2 points of damage past HP.'),
    roll: Type.Integer(),
    total: Type.Integer(),
    success: Type.Boolean(),
    margin: Int('total − DC; a failure by 10 or more is −10 or less.'),
    breakdown: BreakdownSchema
  }, { additionalProperties: false }), { description: 'variant: the Death save the blow called for, or null.' }),
  wound: Nullable(Type.Object({
    points: Int('Wound points this blow recorded.'),
    nasty: Type.Boolean({ description: 'A critical hit that wounded: a nasty wound (recorded only: the variant gives no further effect).' })
  }, { additionalProperties: false }), { description: 'variant: the wound of a lethal blow; null otherwise.' }),
  rolls: RollsSchema
}, { title: 'DamageResult', description: 'The hit points before and after the blow, and any save it called for.', additionalProperties: false })

export const HEALING_KINDS = ['magical', 'natural', 'nonlethal-recovery', 'temporary', 'stabilize', 'heal-check', 'recover', 'strenuous-action'] as const

export const HealingRequestSchema = Type.Object({
  creature: WoundableCreatureSchema,
  healing: Type.Object({
    kind: StringEnum(HEALING_KINDS, {
      description: '`magical` (`amount` or `dice`): cure-style, removes as much nonlethal damage; `natural` (`period` night | bed-rest-day, `count`): level per night, twice for a day of bed rest; `nonlethal-recovery` (`hours`): level per hour; `temporary` (`amount`, `sameSource`); `stabilize`: the dying creature\'s own roll (dnd35 d% 10%; pf1e DC 10 Con check with its negative HP as a penalty; variant end-of-round Death save); `heal-check` (`checkBonus`): a helper\'s DC 15 Heal check; `recover` (`period` hour | day, `tended`): a stable creature\'s hourly roll, or the daily roll of an untended conscious one; `strenuous-action`: the creature just took a standard/major or other strenuous action while barely conscious — dnd35/pf1e a `disabled` creature loses 1 HP and is dying, variant a `staggered` one makes a Death save at the current DC and is dying after the action on a failure (no Con damage).'
    }),
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '`magical` (or `dice`), `temporary`.' })),
    dice: Type.Optional(DiceNotationSchema('`magical`: healing dice, e.g. `1d8+3`.')),
    period: Type.Optional(StringEnum(['night', 'bed-rest-day', 'hour', 'day'] as const, { description: '`natural`: night | bed-rest-day. `recover`: hour | day.' })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: '`natural`: how many nights or days; default 1.' })),
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, description: '`nonlethal-recovery`: hours of recovery.' })),
    sameSource: Type.Optional(Type.Boolean({ description: '`temporary`: from the same source as the temporary hit points the creature has, which do not stack (the larger is kept). Default false: they add.' })),
    checkBonus: Type.Optional(Type.Integer({ minimum: -50, maximum: 100, description: '`heal-check`: the helper\'s Heal check bonus.' })),
    continuousDamage: Type.Optional(Type.Boolean({ description: '`stabilize`, pf1e only: the creature is taking continuous damage (bleed, acid arrow), so the check fails automatically (no roll) and costs 1 HP. Default false.' })),
    tended: Type.Optional(Type.Boolean({ description: '`recover`: someone tends the creature (no hit point loss on a failed hourly roll). Default false.' }))
  }, { additionalProperties: false, description: 'One healing step; which other fields apply depends on `kind`.' }),
  ...ResolutionProperties
}, { title: 'HealingRequest', description: 'One healing or recovery step for a creature.',
  additionalProperties: false,
  examples: [
    { ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: -3 } }, healing: { kind: 'magical', amount: 4 }, seed: 'cure' },
    { ruleset: 'pf1e', creature: { abilities: { con: 12 }, hitPoints: { max: 20, current: -4 } }, healing: { kind: 'stabilize' }, seed: 'stabilize', dice: { sequence: [13] } },
    { ruleset: 'dnd35', creature: { level: 5, hitPoints: { max: 40, current: 12 } }, healing: { kind: 'natural', period: 'bed-rest-day' }, seed: 'rest' }
  ]
})

export const HealingResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  amount: Nullable(Type.Integer(), { description: 'The healing given, before the cap at `max`: the rolled total for `dice` (a negative roll heals 0), level × nights or days for `natural`, level × hours of nonlethal recovery, or the temporary hit points granted; null for the kinds that only roll a check. What was actually restored is `after.current − before.current`.' }),
  before: HitPointsSchema,
  after: HitPointsSchema,
  check: Nullable(CheckSchema, { description: 'The roll made (stabilize, heal-check, recover), or null.' }),
  rolls: RollsSchema
}, { title: 'HealingResult', description: 'The hit points before and after the healing.', additionalProperties: false })

export type DamageRequest = Static<typeof DamageRequestSchema>
export type HealingRequest = Static<typeof HealingRequestSchema>
