import { Type, type Static, type TSchema } from 'typebox'
import { BONUS_TYPES } from '../rules/modifiers.js'
import { SIZES } from '../rules/size.js'
import { STAT_BLOCK_EFFECT_TARGETS } from '../rules/stat-block-effects.js'
import { conditionNames, listRulesets, rulesetIds } from '../rules/rulesets/index.js'
import { MAX_SEQUENCE_LENGTH } from '../rules/dice/roller.js'
import { DICE_NOTATION_PATTERN } from '../rules/dice/notation.js'
import { PROBLEM_TYPES, problemType, type ProblemKind } from '../http/problem.js'

/** The limits (OpenAPI › Limits), in one place so the OpenAPI document states them. */
export const LIMITS = {
  string: 200,
  listItems: 100,
  sequence: MAX_SEQUENCE_LENGTH,
  modifiers: 50,
  conditions: 50,
  feats: 100,
  effects: 50,
  weapons: 10
} as const

/** A string enumeration rendered as `{ type: string, enum: [...] }` (cleaner errors and docs than a union of literals). */
export function StringEnum<const T extends readonly string[]> (values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
}

export function Nullable<T extends TSchema> (schema: T, options: Record<string, unknown> = {}) {
  return Type.Union([schema, Type.Null()], options)
}

export const ShortString = (options: Record<string, unknown> = {}) => Type.String({ maxLength: LIMITS.string, ...options })

export const Id = ShortString({ minLength: 1, description: 'Identifier the results use to refer back to this entry.' })

/** "`dnd35` (D&D 3.5 (SRD)), `pf1e` (…) or `variant` (…)": the registered rulesets, for descriptions and messages. */
export function rulesetNamesText (): string {
  const names = listRulesets().map((r) => `\`${r.id}\` (${r.name})`)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}` : names.join('')
}

export const RulesetIdSchema = StringEnum(rulesetIds(), {
  title: 'RulesetId',
  description: `Ruleset: ${rulesetNamesText()}. Absent: the service default (\`DEFAULT_RULESET\`, itself defaulting to \`dnd35\`).`
})

/** JSON numbers beyond this lose integer precision in JavaScript; every unbounded integer stops here. */
export const SAFE_INTEGER = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } as const

export const SeedSchema = Type.Union([ShortString(), Type.Integer(SAFE_INTEGER)], {
  title: 'Seed',
  description: 'Seed for the dice: a string of at most 200 characters, or a safe integer (|n| ≤ 2^53 − 1; a larger one, which JSON readers round, is a 400). The same request with the same seed gives the same response. Absent: the service picks one and returns it.',
  examples: ['table-7-round-3']
})

export const DiceControlSchema = Type.Object({
  sequence: Type.Optional(Type.Array(Type.Integer(SAFE_INTEGER), {
    maxItems: LIMITS.sequence,
    description: 'Fixed die results, consumed in the endpoint\'s documented dice order before any random roll; when they run out the seeded generator continues. A value the die cannot roll (21 on a d20, 0 on anything) is a 422 naming its index.'
  }))
}, { additionalProperties: false, title: 'Dice', description: 'Dice control for physical dice and contract tests.' })

/** Properties every resolution request may carry (OpenAPI › Dice). */
export const ResolutionProperties = {
  ruleset: Type.Optional(RulesetIdSchema),
  seed: Type.Optional(SeedSchema),
  dice: Type.Optional(DiceControlSchema)
}

export const RollSchema = Type.Object({
  purpose: Type.String({ description: 'The step the die was rolled for: attack, confirm, miss-chance, damage, extra-damage, save, …' }),
  die: Type.Integer({ description: 'Number of faces; a percentile roll is 100.' }),
  result: Type.Integer()
}, { additionalProperties: false, title: 'Roll', description: 'One die rolled: what for, its faces and its result.' })

export const RollsSchema = Type.Array(RollSchema, { title: 'Rolls', description: 'Every die rolled, in order.' })

export const BonusTypeSchema = StringEnum(BONUS_TYPES, {
  title: 'BonusType',
  description: 'Bonus type (SRD 3.5 and PRD › Magic › Bonus Types: dodge, circumstance, racial and untyped bonuses stack; of any other type only the highest applies); absent means `untyped`.'
})

export const ModifierSchema = Type.Object({
  value: Type.Integer({ minimum: -100, maximum: 100, description: 'Signed modifier.' }),
  type: Type.Optional(BonusTypeSchema),
  source: Type.Optional(ShortString({ description: 'Where it comes from (`bless`, `Weapon Focus`); same-source bonuses may not stack.' }))
}, { additionalProperties: false, title: 'Modifier', description: 'A situational modifier: its value, bonus type and source.', examples: [{ value: 1, type: 'morale', source: 'bless' }] })

export const ModifierListSchema = Type.Array(ModifierSchema, { maxItems: LIMITS.modifiers, description: 'Situational modifiers, stacked per the ruleset.' })

export const BreakdownEntrySchema = Type.Object({
  source: Type.String({ description: 'What the value comes from, in words (`Strength`, `bless`, `fire 1d6`). A printed total whose parts are unknown is one line, `other (printed AC 18, less the base 10)` worth 8 (likewise a printed CMD).' }),
  type: BonusTypeSchema,
  value: Type.Integer(),
  applied: Type.Boolean({ description: 'False for a bonus that did not stack.' }),
  damageType: Type.Optional(Type.String({ description: 'In a damage breakdown, on an `extraDamage` line: its kind of damage as the weapon gave it (`fire`, `sneak attack`; `untyped` when it gave none), so that resistance to it can be applied without reading `source`. Absent on the weapon\'s own dice and the modifiers to them.' }))
}, { additionalProperties: false, title: 'BreakdownEntry', description: 'One part of a number: where it comes from, its bonus type and value, and whether it applied.' })

export const BreakdownSchema = Type.Array(BreakdownEntrySchema, {
  title: 'Breakdown',
  description: 'How the number was built: the applied values plus the base make the number. The base is not a line: 10 for an AC, a CMD or a DC, 0 for a bonus or for damage.'
})

export const SizeSchema = StringEnum(SIZES, { title: 'Size', description: 'Size category; default `medium`.' })

const AbilityScore = (name: string) => Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }), {
  description: `${name} score; missing counts as 10; null means the creature has no such score.`
}))

export const AbilitiesSchema = Type.Object({
  str: AbilityScore('Strength'),
  dex: AbilityScore('Dexterity'),
  con: AbilityScore('Constitution'),
  int: AbilityScore('Intelligence'),
  wis: AbilityScore('Wisdom'),
  cha: AbilityScore('Charisma')
}, { additionalProperties: false, title: 'Abilities', description: 'Ability scores.', examples: [{ str: 16, dex: 14, con: 12, int: 10, wis: 10, cha: 8 }] })

const SaveBonus = Type.Optional(Type.Integer({ minimum: -50, maximum: 100 }))
export const BaseSavesSchema = Type.Object({
  fortitude: SaveBonus,
  reflex: SaveBonus,
  will: SaveBonus,
  charm: SaveBonus,
  death: SaveBonus,
  fear: SaveBonus,
  spell: SaveBonus
}, { additionalProperties: false, title: 'BaseSaves', description: 'Base save bonuses keyed by the ruleset\'s save names (dnd35/pf1e: fortitude, reflex, will; variant: charm, reflex, death, fear, spell).' })

const AcPart = (description: string) => Type.Optional(Type.Integer({ minimum: -50, maximum: 100, description }))

export const ArmorClassComponentsSchema = Type.Object({
  armor: AcPart('Armor bonus, its enhancement included.'),
  shield: AcPart('Shield bonus, its enhancement included.'),
  natural: AcPart('Natural armor bonus.'),
  deflection: AcPart('Deflection bonus.'),
  dodge: AcPart('Dodge bonuses (they stack).'),
  maxDex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Maximum Dex bonus allowed by armor or load.' })),
  modifiers: Type.Optional(ModifierListSchema)
}, { additionalProperties: false, title: 'ArmorClassComponents', description: 'AC from components; Dex and size are derived.' })

export const ArmorClassTotalsSchema = Type.Object({
  total: Type.Integer({ minimum: -50, maximum: 200 }),
  touch: Type.Optional(Type.Integer({ minimum: -50, maximum: 200 })),
  flatFooted: Type.Optional(Type.Integer({ minimum: -50, maximum: 200 }))
}, { additionalProperties: false, title: 'ArmorClassTotals', description: 'Printed AC totals.' })

export const ArmorClassSchema = Type.Union([ArmorClassComponentsSchema, ArmorClassTotalsSchema], {
  title: 'ArmorClass',
  description: 'Either components (Dex and size derived) or printed totals.'
})

/** Statuses a HitPoints object reports (OpenAPI › POST /v1/damage). */
export const HIT_POINT_STATUS_VALUES = ['healthy', 'staggered', 'disabled', 'unconscious', 'dying', 'stable', 'dead'] as const

export const HitPointsInputSchema = Type.Object({
  max: Type.Integer({ minimum: 1, maximum: 100000, description: 'Maximum hit points (the variant\'s HP).' }),
  current: Type.Optional(Type.Integer({
    minimum: -100000,
    maximum: 100000,
    description: 'Current hit points; never above `max` (above it: a 422 `inconsistent-fields` naming it). Default: `max`. dnd35/pf1e: hit points counting down (0 disabled, negative dying). variant: `max` minus the accumulated damage D, so D = max − current (D ≥ max calls for Death saves; `current` goes negative as D passes HP).'
  })),
  temporary: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'Temporary hit points, lost first (dnd35, pf1e; the variant has none).' })),
  nonlethal: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'Nonlethal damage taken. dnd35/pf1e: a separate running total, not subtracted from `current`. variant: the nonlethal share of the accumulated damage (already counted in max − current), so it cannot exceed it.' })),
  woundPoints: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'variant: wound points, the lethal damage taken past the wounded threshold (part of the accumulated damage).' })),
  deathSaves: Type.Optional(Type.Object({
    successes: Type.Integer({ minimum: 0, maximum: 10 }),
    failures: Type.Integer({ minimum: 0, maximum: 10 })
  }, { additionalProperties: false, description: 'variant: end-of-round Death save tallies while dying (3 failures dead, 4 successes stable).' })),
  constitutionDamage: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'variant: Constitution damage taken from Death saves (1 per save); the creature dies when its Constitution reaches 0.' })),
  status: Type.Optional(StringEnum(HIT_POINT_STATUS_VALUES, {
    description: 'The `status` an earlier response reported, so that a response\'s `after` can be sent back as is. The service recomputes the status from the numbers and uses this only where they cannot tell: `stable` or `disabled` (woken) rather than dying at negative HP, `dead` from massive damage or a failed Death save, and the variant\'s `staggered`/`unconscious`/`stable` at D ≥ HP. Absent: dying wherever the numbers allow it.'
  }))
}, { additionalProperties: false, title: 'HitPointsInput', description: 'A creature\'s hit points as sent: maximum, current, temporary and nonlethal (a response\'s `HitPoints` can be sent back as is).', examples: [{ max: 30, current: 30, temporary: 0, nonlethal: 0 }] })

/** The condition names: those of the registered rulesets' effects tables (src/rules/rulesets), not a list of their own. */
export const CONDITIONS: readonly string[] = conditionNames()
export type Condition = string

/**
 * The condition list's documentation, from the rulesets' tables (docs/rules.md
 * §72, §85): the names only some rulesets accept, and those whose row changes
 * no number the API computes (stateless), per ruleset.
 */
export function conditionsDescription (): string {
  const rulesets = listRulesets()
  const only: string[] = []
  for (const name of CONDITIONS) {
    const accepting = rulesets.filter((r) => r.effects[name] !== undefined).map((r) => r.id)
    if (accepting.length < rulesets.length) only.push(`\`${name}\` (${accepting.join(', ')})`)
  }
  const inert = rulesets.map((r) => {
    const names = Object.entries(r.effects).filter(([, row]) => Object.keys(row).length === 0).map(([name]) => name)
    return `${r.id}: ${names.join(', ')}`
  })
  return `A condition (an unknown name is rejected, never ignored). Every ruleset accepts every name but ${only.join(', ')}; a name the request's ruleset does not define is a 422 \`rule-not-defined\` naming it. Accepted with no numeric effect in a stateless request: ${inert.join('; ')}. Conditions that forbid an action make it a 422 \`not-possible\` naming them.`
}

export const ConditionSchema = StringEnum(CONDITIONS, { title: 'Condition', description: conditionsDescription() })

export const AppliedConditionSchema = Type.Object({
  name: Type.String(),
  impliedBy: Type.Optional(Type.String({ description: 'Why it applies unlisted: `hitPoints` or the condition that brings it. Absent for a listed one.' }))
}, { additionalProperties: false, title: 'AppliedCondition', description: 'A condition the rules applied to a creature.', examples: [{ name: 'helpless', impliedBy: 'hitPoints' }] })

export const AppliedConditionsSchema = Type.Array(AppliedConditionSchema, {
  title: 'AppliedConditions',
  description: 'Every condition the rules applied to the creature, listed or implied, each once.'
})

export const FeatSchema = Type.String({
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  maxLength: 60,
  description: 'Feat or combat-relevant class feature in kebab case: weapon-finesse, precise-shot, two-weapon-fighting, improved-grapple, improved-trip, uncanny-dodge, …'
})

/** Every `saves.<name>` of the registered rulesets, for the effect target list. */
const SAVE_TARGETS = [...new Set(listRulesets().flatMap((r) => r.saves))].map((save) => `saves.${save}`)

export const EffectSourceSchema = ShortString({ minLength: 1, title: 'EffectSource', description: 'Its origin: `bless`.' })

export const StatBlockEffectSchema = Type.Object({
  target: StringEnum([...STAT_BLOCK_EFFECT_TARGETS, ...SAVE_TARGETS], {
    title: 'EffectTarget',
    description: 'What it changes (`cmb`, `cmd`: pf1e).'
  }),
  value: Type.Integer({ minimum: -100, maximum: 100 }),
  type: Type.Optional(BonusTypeSchema),
  source: EffectSourceSchema
}, { additionalProperties: false, title: 'Effect', description: 'A typed modifier on a named target.' })
export const DiceNotationSchema = (description = 'Dice notation: NdM terms and constants joined by + or - (at most 20 terms, 1,000 dice in a term, 1,000 faces, constants up to 1,000,000; where the answer lists every die, at most 1,000 dice in the whole notation).') =>
  // `pattern` says what `format` checks, for tools that do not know the format.
  Type.String({ minLength: 1, maxLength: LIMITS.string, format: 'dice-notation', pattern: DICE_NOTATION_PATTERN, description, examples: ['2d6+3'] })

const bool = (description: string) => Type.Optional(Type.Boolean({ description }))

/** OpenAPI › Weapon: POST /v1/attacks's `weapon`, a stat block's `weapons`; other endpoints import it from src/schemas/attacks.ts. */
export const WeaponSchema = Type.Object({
  name: Type.Optional(ShortString({ description: 'Display name. A prone attacker may fire only a weapon whose name contains "crossbow" (or "shuriken" in dnd35/pf1e).' })),
  type: Type.Optional(StringEnum(['melee', 'ranged', 'thrown'] as const, { description: '`melee`, `ranged` (projectile) or `thrown`; default `melee`.' })),
  damage: Type.Optional(DiceNotationSchema('Base damage dice, e.g. `1d8`, `2d6`. Required, except for an unarmed strike (1d2 Small, 1d3 Medium, 1d4 Large).')),
  critRange: Type.Optional(Type.Integer({ minimum: 2, maximum: 20, description: 'Lowest natural roll that threatens (19 for a 19–20 weapon); default 20. Ignored in `variant` (a natural 20 only: its weapon list gives no threat ranges).' })),
  critMultiplier: Type.Optional(Type.Integer({ minimum: 2, maximum: 6, description: 'Critical multiplier; default 2. Ignored in `variant` (always ×2).' })),
  proficient: bool('Default true; in `variant` the BCB is added to damage only when proficient.'),
  category: Type.Optional(StringEnum(['light', 'one-handed', 'two-handed'] as const, { description: 'Default `one-handed`; an unarmed strike is `light`.' })),
  wielded: Type.Optional(StringEnum(['one-hand', 'two-hands', 'off-hand'] as const, { description: 'Default `two-hands` for a two-handed weapon, else `one-hand`. The `offHand` weapon is always `off-hand`.' })),
  enhancement: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: 'Enhancement bonus to attack and damage (does not stack with other enhancement bonuses).' })),
  strengthToDamage: Type.Optional(StringEnum(['full', 'penalty-only', 'none'] as const, { description: '`full`, `penalty-only` (ordinary bows) or `none` (crossbows); default `full` for melee and thrown, `none` for ranged (`full` up to the rating when `compositeRating` is given). In `variant`, projectile weapons never add Strength.' })),
  compositeRating: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: 'Composite bow: the Strength bonus to damage is capped at this rating, and a Strength bonus below it gives −2 on attacks. Not defined in `variant` (422).' })),
  rangeIncrement: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Range increment in feet, for ranged and thrown weapons; needed when `options.distanceFeet` is given.' })),
  touch: bool('A touch attack: against the target\'s touch AC.'),
  reach: bool('A reach weapon.'),
  finesse: bool('The weapon allows Dexterity on the attack (rapier, whip, spiked chain; the `variant`\'s finesse tag). In dnd35/pf1e the attacker needs the `weapon-finesse` feat.'),
  nonlethal: bool('The weapon deals nonlethal damage by nature (sap). Default: true for an unarmed strike, else false.'),
  unarmed: bool('An unarmed strike: light, nonlethal, damage by size when `damage` is absent; Improved Unarmed Strike (feat `improved-unarmed-strike`) removes the −4 for lethal damage.'),
  double: bool('On `offHand`: the other end of a double weapon (quarterstaff, two-bladed sword). It counts as light for the two-weapon penalties, and the primary end then adds Strength as a one-handed weapon.'),
  extraDamage: Type.Optional(Type.Array(Type.Object({
    dice: DiceNotationSchema('Extra damage dice, e.g. `1d6`.'),
    type: Type.Optional(ShortString({ description: 'Kind of damage (`fire`, `sneak attack`); default `untyped`.' }))
  }, { additionalProperties: false }), { maxItems: 10, description: 'Damage over and above the weapon\'s (a flaming weapon\'s fire, sneak attack): rolled once, never multiplied on a critical.' }))
}, {
  additionalProperties: false,
  title: 'Weapon',
  description: 'A weapon. As `offHand`: the off-hand weapon of a two-weapon full attack (`mode: full`; not in `variant`).',
  examples: [{ name: 'longsword', type: 'melee', damage: '1d8', critRange: 19, critMultiplier: 2, enhancement: 1 }]
})

/** A weapon on a stat block's `weapons` list: a Weapon, with the off-hand weapon it is paired with in a full attack. */
export const CarriedWeaponSchema = Type.Object({
  ...WeaponSchema.properties,
  offHand: Type.Optional(Type.Object(WeaponSchema.properties, {
    additionalProperties: false,
    description: 'The off-hand weapon wielded with this one in a two-weapon full attack (dnd35, pf1e; `variant`: 422 when used). Used by an encounter `full-attack` naming this weapon and by simulations.'
  }))
}, {
  additionalProperties: false,
  title: 'CarriedWeapon',
  description: 'A weapon the creature carries: a Weapon, with an optional `offHand` pairing. `name` is what an encounter action\'s `weaponName` matches.',
  examples: [{ name: 'longsword', damage: '1d8', critRange: 19, offHand: { name: 'short sword', damage: '1d6', category: 'light', critRange: 19 } }]
})

/** The stat block fields (OpenAPI › Combatant), spread into endpoint-specific objects. */
export const CombatantProperties = {
  id: Type.Optional(Id),
  name: Type.Optional(ShortString({ description: 'Display name.' })),
  size: Type.Optional(SizeSchema),
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Character level (class level for turning).' })),
  hitDice: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Hit Dice, for monsters and undead.' })),
  abilities: Type.Optional(AbilitiesSchema),
  baseAttackBonus: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Base attack bonus (variant: base combat bonus).' })),
  baseSaves: Type.Optional(BaseSavesSchema),
  armorClass: Type.Optional(ArmorClassSchema),
  cmb: Type.Optional(Type.Integer({ minimum: -50, maximum: 200, description: 'pf1e: printed Combat Maneuver Bonus.' })),
  cmd: Type.Optional(Type.Integer({ minimum: 0, maximum: 300, description: 'pf1e: printed Combat Maneuver Defense.' })),
  hitPoints: Type.Optional(HitPointsInputSchema),
  // Spellcasting (docs/rules.md §115): what a concentration check reads; kept short, as every stat block repeats them.
  concentration: Type.Optional(Type.Integer({ minimum: -50, maximum: 200, description: 'dnd35: Concentration skill modifier.' })),
  casterLevel: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'pf1e: caster level.' })),
  castingAbility: Type.Optional(StringEnum(['int', 'wis', 'cha'] as const, { description: 'pf1e: casting ability.' })),
  conditions: Type.Optional(Type.Array(ConditionSchema, { maxItems: LIMITS.conditions, uniqueItems: true, title: 'Conditions', description: 'The conditions the combatant has now.' })),
  feats: Type.Optional(Type.Array(FeatSchema, { maxItems: LIMITS.feats, uniqueItems: true, title: 'Feats', description: 'Feats and combat-relevant class features the rules read.' })),
  // Precision damage and lasting effects (docs/rules.md §74, §96).
  sneakAttack: Type.Optional(Type.String({
    title: 'SneakAttack',
    // NdM, as sneak attack dice are written (`3d6`): at most 1,000 dice of at most 1,000 faces, as every notation.
    maxLength: 9,
    pattern: '^([1-9][0-9]{0,2}|1000)d([1-9][0-9]{0,2}|1000)$',
    description: 'dnd35, pf1e: sneak attack dice. `variant`: 422.',
  })),
  effects: Type.Optional(Type.Array(StatBlockEffectSchema, { maxItems: LIMITS.effects, title: 'Effects', description: 'Lasting effects.' })),
  // The weapons the creature carries (docs/rules.md §130): an encounter attack names one, a simulation uses the first.
  weapons: Type.Optional(Type.Array(CarriedWeaponSchema, {
    maxItems: LIMITS.weapons,
    title: 'Weapons',
    description: 'The weapons the creature carries, at most 10. An encounter `attack` or `full-attack` may name one by `weaponName` instead of sending `weapon`; a simulation uses the first (with its `offHand` in full attacks where the ruleset has two-weapon fighting). The resolving endpoints store it and otherwise ignore it.'
  }))
}

export const CombatantSchema = Type.Object(CombatantProperties, {
  additionalProperties: false,
  title: 'Combatant',
  description: 'A stat block. All fields optional unless an endpoint needs them (a missing field the rules need is a 422 naming it).'
})

export type Combatant = Static<typeof CombatantSchema>
export type ModifierInput = Static<typeof ModifierSchema>

export const ProblemSchema = Type.Object({
  type: StringEnum(Object.keys(PROBLEM_TYPES).map((kind) => problemType(kind as ProblemKind)), { description: 'URI reference identifying the problem kind: `/problems/<kind>` (GET /problems/{kind} describes it); each error response lists the kinds it can carry.' }),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  instance: Type.String({ description: 'The request path, without the query string (empty for a request refused before its URL is read).' }),
  errors: Type.Array(Type.Object({
    path: Type.String({ description: 'JSON Pointer into the request body (`/weapon/critRange`); a query parameter is `?<name>` (`?limit`), a path parameter `path:/<name>` (`path:/id`), a header `header:<name>` (`header:idempotency-key`).' }),
    message: Type.String()
  }, { additionalProperties: false })),
  expected: Type.Optional(Nullable(Type.String(), { description: 'A 409 `conflict` because it is another combatant\'s turn: whose turn it is (null: nobody\'s).' })),
  actual: Type.Optional(Type.String({ description: 'A 409 `conflict` because it is another combatant\'s turn: the combatant that tried to act.' })),
  spent: Type.Optional(Type.Array(Type.String(), { description: 'A 409 `conflict` because the turn\'s action budget does not allow the action: the action types already spent this turn, in the ruleset\'s own names (`standard`, `move`; variant `major`, `minor`).' }))
}, { additionalProperties: false, title: 'Problem', description: 'RFC 9457 problem details.' })

export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } }
})

/**
 * Error responses, documented on every operation. `resolution` adds the 422 of
 * rules that cannot resolve the request.
 */
export function errorResponses (options: { body?: boolean, resolution?: boolean, notFound?: boolean, database?: boolean } = {}): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    429: problemResponse('Rate limited.'),
    500: problemResponse('Unexpected server error (never caused by client input).')
  }
  if (options.body !== false) {
    responses[400] = problemResponse('Malformed or schema-invalid request; every offending field is listed in `errors`.')
    responses[413] = problemResponse('Request body larger than 256 KiB.')
    responses[415] = problemResponse('Content type is not application/json, or the body has a `Content-Encoding` other than `identity` (`errors[0].path` `header:content-encoding`): request bodies are never decompressed, and the answer carries `Accept-Encoding: identity` (RFC 9110, section 15.5.16).')
  }
  if (options.notFound) responses[404] = problemResponse('No such resource.')
  if (options.resolution) responses[422] = problemResponse('Well-formed but not resolvable under the rules: its `type` says why (each kind below), `errors` names each field.')
  if (options.database) responses[503] = problemResponse('The database is unavailable.')
  return responses
}
