import { Type, type Static, type TSchema } from 'typebox'
import {
  AppliedConditionsSchema, BreakdownSchema, CombatantSchema, ModifierListSchema, ResolutionProperties,
  RollsSchema, RulesetIdSchema, SeedSchema, StringEnum, WeaponSchema
} from './common.js'

// The Weapon schema lives with the stat block that lists weapons (src/schemas/common.ts); re-exported for the endpoints that take one.
export { WeaponSchema }

/**
 * `T | null` as `type: [T, "null"]` (JSON Schema 2020-12, OpenAPI 3.1) rather
 * than `anyOf`: Fastify's serializer writes it with a type check, where an
 * `anyOf` costs a schema validation of the value on every response.
 */
function OrNull<T extends TSchema> (schema: T, options: Record<string, unknown> = {}) {
  const { type } = schema as unknown as { type: string }
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'], ...options })
}

const bool = (description: string) => Type.Optional(Type.Boolean({ description }))

const ConcealmentSchema = Type.Union([
  StringEnum(['none', 'concealment', 'total'] as const),
  Type.Integer({ minimum: 0, maximum: 100 })
], { description: '`none`, `concealment` (20%), `total` (50%), or an integer percent. Combined with `missChance`, a blinded attacker and an invisible target: dnd35/pf1e use the highest, `variant` adds them up to 50% (the variant\'s Concealment).' })

export const AttackOptionsSchema = Type.Object({
  distanceFeet: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'Distance to the target in feet: range penalty and maximum range (thrown 5, projectile 10 increments; beyond: 422), melee reach (beyond: 422). Absent: within the first range increment and in reach.' })),
  flanking: bool('Flanking the target: +2 on melee attacks.'),
  higherGround: bool('On higher ground: +1 on melee attacks (also ranged in `variant`).'),
  charging: bool('Charging: +2 on the attack; a single melee attack only (422 otherwise).'),
  fightingDefensively: bool('Fighting defensively: −4 on attacks (dnd35/pf1e; `variant`: 422 rule-not-defined).'),
  shootingIntoMelee: bool('A ranged attack at a target engaged with an ally: −4, waived by the `precise-shot` feat.'),
  nonlethal: bool('Switch the damage: nonlethal with a lethal weapon, or lethal with a nonlethal one; −4 on the attack (waived for an unarmed strike with Improved Unarmed Strike; an untrained unarmed strike cannot deal lethal damage in `variant`).'),
  concealment: Type.Optional(ConcealmentSchema),
  missChance: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'An explicit miss chance in percent (the GM\'s 10% or 40%), combined with `concealment` like any other source.' })),
  cover: Type.Optional(StringEnum(['none', 'cover', 'improved', 'total'] as const, { description: '`cover` +4 AC, `improved` +8 AC; `total`: no attack possible (422).' })),
  damageMultiplier: Type.Optional(Type.Integer({ minimum: 1, maximum: 6, description: 'A multiplier from the situation (lance on a mounted charge, set spear): combines with a critical additively, ×2 and ×2 make ×3.' })),
  swiftAttack: bool('`variant` only: Swift Attack, the BCB counts 4 lower for the attack and its damage (the variant\'s Swift Attack, −4 BCB). Elsewhere: 422.'),
  attackModifiers: Type.Optional(ModifierListSchema),
  damageModifiers: Type.Optional(ModifierListSchema)
}, { title: 'AttackOptions', additionalProperties: false, description: 'The situation of the attack.' })

const ModeSchema = StringEnum(['single', 'full', 'coup-de-grace'] as const, {
  description: '`single` (default); `full`: iterative attacks from BAB, plus the off hand (not in `variant`: 422); `coup-de-grace` against a helpless target.'
})

const attackBodyProperties = {
  attacker: CombatantSchema,
  target: CombatantSchema,
  weapon: WeaponSchema,
  // Off-hand weapon for two-weapon fighting in a full attack (`mode: full` only; not in `variant`: 422).
  offHand: Type.Optional(WeaponSchema),
  mode: Type.Optional(ModeSchema),
  options: Type.Optional(AttackOptionsSchema)
}

const fighter = {
  name: 'Fighter', size: 'medium', baseAttackBonus: 11, abilities: { str: 17, dex: 13 }, feats: ['two-weapon-fighting']
}
const ogre = { name: 'Ogre', size: 'large', armorClass: { armor: 3, natural: 5 }, abilities: { dex: 8 }, hitPoints: { max: 29 } }

export const AttackRequestSchema = Type.Object({
  ...attackBodyProperties,
  ruleset: ResolutionProperties.ruleset,
  seed: ResolutionProperties.seed,
  dice: ResolutionProperties.dice
}, { title: 'AttackRequest', description: 'An attack, a full attack or a coup de grace: attacker, target and weapon.',
  additionalProperties: false,
  examples: [
    { ruleset: 'dnd35', seed: 'demo', attacker: fighter, target: ogre, weapon: { name: 'longsword', damage: '1d8', critRange: 19, enhancement: 1 } },
    { ruleset: 'dnd35', mode: 'full', attacker: fighter, target: ogre, weapon: { name: 'longsword', damage: '1d8', critRange: 19 }, offHand: { name: 'short sword', damage: '1d6', category: 'light', critRange: 19 }, seed: 'demo-full', dice: { sequence: [17, 5, 12] } }
  ]
})

export const AttackOddsRequestSchema = Type.Object({
  ...attackBodyProperties,
  ruleset: ResolutionProperties.ruleset
}, { title: 'AttackOddsRequest', description: 'The body of POST /v1/attacks without seed and dice.',
  additionalProperties: false,
  examples: [{ ruleset: 'pf1e', attacker: fighter, target: ogre, weapon: { name: 'greatsword', damage: '2d6', category: 'two-handed', critRange: 19 } }]
})

const DamageSchema = Type.Object({
  total: Type.Integer({ description: 'Damage dealt: lethal + nonlethal.' }),
  lethal: Type.Integer(),
  nonlethal: Type.Integer(),
  multiplier: Type.Integer({ description: 'How many times the weapon\'s damage was rolled (critical and `damageMultiplier` combined).' }),
  breakdown: BreakdownSchema,
  bloodies: Type.Optional(Type.Boolean({ description: '`variant`: sneak attack bloodied it.' }))
}, { additionalProperties: false })

export const AttackResultSchema = Type.Object({
  label: Type.String({ description: '`primary 1`, `primary 2`, …, `off-hand 1`, or `coup de grace`.' }),
  attackBonus: Type.Integer(),
  attackBreakdown: BreakdownSchema,
  targetAC: Type.Integer(),
  acType: StringEnum(['normal', 'touch', 'flat-footed', 'touch-flat-footed'] as const),
  acBreakdown: BreakdownSchema,
  roll: OrNull(Type.Integer(), { description: 'The natural d20; null for a dnd35/pf1e coup de grace (no attack roll).' }),
  total: OrNull(Type.Integer(), { description: 'roll + attackBonus; null when there was no roll.' }),
  hit: Type.Boolean({ description: 'The final outcome (false when the miss chance made it miss).' }),
  threat: Type.Boolean({ description: 'The roll hit within the threat range (in `variant`: a natural 20).' }),
  critical: Type.Boolean({ description: 'A critical hit (confirmed, or the variant\'s natural 20, or a coup de grace).' }),
  confirmation: OrNull(Type.Object({
    roll: Type.Integer(),
    total: Type.Integer(),
    confirmed: Type.Boolean()
  }, { additionalProperties: false }), { description: 'null when there was no threat, and always in `variant`.' }),
  missChance: OrNull(Type.Object({
    percent: Type.Integer(),
    roll: Type.Integer({ description: 'The d%; the attack misses at or below the percent.' }),
    missed: Type.Boolean()
  }, { additionalProperties: false }), { description: 'null when there was no miss chance or no hit.' }),
  damage: OrNull(DamageSchema, { description: 'null on a miss.' })
}, { title: 'AttackOutcome', description: 'One attack: its roll, bonus, the AC it met, critical, miss chance and damage.', additionalProperties: false })

export const CoupDeGraceSchema = Type.Object({
  save: Type.String({ description: 'The save rolled: `fortitude` (dnd35/pf1e) or `death` (variant).' }),
  dc: Type.Integer({ description: '10 + the damage dealt.' }),
  roll: OrNull(Type.Integer(), { description: 'The d20; null when the damage alone killed the target (from its `hitPoints`).' }),
  bonus: Type.Integer(),
  breakdown: BreakdownSchema,
  total: OrNull(Type.Integer()),
  survived: Type.Boolean()
}, { additionalProperties: false })

/** The conditions applied to each side of an attack, in its result and its odds. */
export const AttackConditionsSchema = Type.Object({
  attacker: AppliedConditionsSchema,
  target: AppliedConditionsSchema
}, { additionalProperties: false, title: 'AttackConditions', description: 'The conditions applied to each side.' })

export const AttackResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  attacks: Type.Array(AttackResultSchema, { description: 'In dice order: primary attacks highest bonus first, then the off hand.' }),
  conditions: AttackConditionsSchema,
  totals: Type.Object({
    damage: Type.Integer(),
    lethal: Type.Integer(),
    nonlethal: Type.Integer(),
    hits: Type.Integer(),
    criticals: Type.Integer()
  }, { additionalProperties: false }),
  coupDeGrace: OrNull(CoupDeGraceSchema, { description: 'The save against death after a coup de grace that hit; null otherwise.' }),
  rolls: RollsSchema
}, { title: 'AttackResult', description: 'The attacks of the action, their totals, the coup de grace save and every die rolled.', additionalProperties: false })

export type AttackRequestBody = Static<typeof AttackRequestSchema>
export type AttackOddsRequestBody = Static<typeof AttackOddsRequestSchema>
