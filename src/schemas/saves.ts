import { Type, type Static } from 'typebox'
import {
  AppliedConditionsSchema, BreakdownSchema, CombatantProperties, DiceNotationSchema, LIMITS, ModifierListSchema, Nullable, ResolutionProperties,
  RollsSchema, RulesetIdSchema, SeedSchema, StringEnum
} from './common.js'

export const SaveTargetSchema = Type.Object({
  ...CombatantProperties,
  modifiers: Type.Optional(ModifierListSchema),
  cover: Type.Optional(StringEnum(['none', 'partial', 'cover', 'improved'] as const, {
    description: 'Cover between the target and the effect\'s origin: +2 Reflex (`cover`), +4 and improved evasion (`improved`); pf1e only, `partial` +1 Reflex (PRD › Cover; another ruleset answers 422 `rule-not-defined`). Default `none`.'
  }))
}, { additionalProperties: false, title: 'SaveTarget', description: 'A Combatant that saves; it needs `baseSaves` for the save made.' })

export const SavesRequestSchema = Type.Object({
  save: Type.String({
    minLength: 1,
    maxLength: 60,
    description: 'The ruleset\'s save name: `fortitude`, `reflex`, `will` (dnd35, pf1e) or `charm`, `reflex`, `death`, `fear`, `spell` (variant). A name the ruleset lacks is a 422 `unknown-save`.',
    examples: ['reflex']
  }),
  dc: Type.Integer({ minimum: 0, maximum: 200, description: 'The DC every target saves against.' }),
  targets: Type.Array(SaveTargetSchema, { minItems: 1, maxItems: LIMITS.listItems, description: 'The targets, at most 100; results come back in this order.' }),
  effect: Type.Optional(Type.Object({
    damage: DiceNotationSchema('Damage dice of the area effect, rolled once for all targets.'),
    onSuccess: StringEnum(['half', 'none', 'full'] as const, { description: 'Damage on a successful save: half (rounded down), none or full.' }),
    nonlethal: Type.Optional(Type.Boolean({ description: 'The effect deals nonlethal damage (reported; default false).' }))
  }, { additionalProperties: false, description: 'An area effect whose damage is rolled once for every target.' })),
  ...ResolutionProperties
}, { title: 'SavesRequest', description: 'A saving throw for each target against one DC, with an optional area effect.',
  additionalProperties: false,
  examples: [{
    ruleset: 'dnd35',
    save: 'reflex',
    dc: 15,
    effect: { damage: '8d6', onSuccess: 'half' },
    targets: [{ id: 'rogue', abilities: { dex: 18 }, baseSaves: { reflex: 6 }, feats: ['evasion'] }, { id: 'ogre', abilities: { dex: 8 }, baseSaves: { reflex: 0 }, cover: 'cover' }],
    seed: 'fireball-1'
  }]
})

export const SavesResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  save: Type.String({ description: 'The save made.' }),
  dc: Type.Integer(),
  effectDamage: Nullable(Type.Object({
    total: Type.Integer({ description: 'The effect\'s damage (a negative roll deals 0).' }),
    nonlethal: Type.Boolean(),
    breakdown: BreakdownSchema
  }, { additionalProperties: false }), { description: 'The area effect\'s damage, rolled once; null without an effect.' }),
  results: Type.Array(Type.Object({
    id: Nullable(Type.String(), { description: 'The target\'s id, or null when it has none.' }),
    saveBonus: Type.Integer(),
    breakdown: BreakdownSchema,
    roll: Type.Integer({ description: 'The d20.' }),
    total: Type.Integer(),
    success: Type.Boolean({ description: 'total ≥ DC, or a natural 20; never on a natural 1.' }),
    automatic: Nullable(StringEnum(['natural-1', 'natural-20'] as const), { description: 'A natural 1 (always fails) or 20 (always succeeds), else null.' }),
    damage: Nullable(Type.Integer(), { description: 'Damage this target takes from the effect; null without an effect.' }),
    damageRule: Nullable(StringEnum(['evasion', 'improved-evasion'] as const), {
      description: 'Against a Reflex-half effect: `evasion` (feat: no damage on a success) or `improved-evasion` (feat or improved cover: also half on a failure); null otherwise.'
    }),
    conditions: AppliedConditionsSchema
  }, { additionalProperties: false }), { description: 'One per target, in request order.' }),
  rolls: RollsSchema
}, { title: 'SaveResult', description: 'Each target\'s save and, with an effect, its damage.', additionalProperties: false })

export type SavesRequest = Static<typeof SavesRequestSchema>
