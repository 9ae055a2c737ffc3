import { Type, type Static } from 'typebox'
import { AppliedConditionsSchema, BreakdownSchema, Nullable, RulesetIdSchema, StringEnum } from './common.js'
import { SavesRequestSchema } from './saves.js'

const Probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })

const { seed: _seed, dice: _dice, ...saveBodyProperties } = SavesRequestSchema.properties

export const SaveOddsRequestSchema = Type.Object(saveBodyProperties, {
  title: 'SaveOddsRequest',
  description: 'The body of POST /v1/saves without seed and dice.',
  additionalProperties: false,
  examples: [{
    ruleset: 'dnd35',
    save: 'reflex',
    dc: 15,
    effect: { damage: '3d6', onSuccess: 'half' },
    targets: [{ id: 'rogue', abilities: { dex: 18 }, baseSaves: { reflex: 6 }, feats: ['evasion'] }, { id: 'ogre', baseSaves: { reflex: 0 } }]
  }]
})

const DamageOutcomesSchema = (description: string) => Type.Array(Type.Object({
  damage: Type.Integer(),
  probability: Probability('Exact probability of this damage (the list sums to 1 within 1e-9).')
}, { additionalProperties: false }), { description })

export const SaveOddsResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  save: Type.String({ description: 'The save made.' }),
  dc: Type.Integer(),
  effectDamage: Nullable(Type.Object({
    nonlethal: Type.Boolean(),
    expected: Type.Number({ description: 'Expected damage of the effect before any save.' }),
    distribution: DamageOutcomesSchema('Every total the effect\'s damage can roll (a roll below 0 deals 0), ascending, with its probability.')
  }, { additionalProperties: false }), { description: 'The area effect\'s damage, rolled once for all targets; null without an effect.' }),
  results: Type.Array(Type.Object({
    id: Nullable(Type.String(), { description: 'The target\'s id, or null when it has none.' }),
    saveBonus: Type.Integer(),
    breakdown: BreakdownSchema,
    successChance: Probability('Chance the save succeeds over the d20: total ≥ DC, a natural 20 always, a natural 1 never.'),
    damageRule: Nullable(StringEnum(['evasion', 'improved-evasion'] as const), {
      description: 'Against a Reflex-half effect, the rule that changes this target\'s damage: `evasion` (no damage on a success) or `improved-evasion` (also half on a failure); null otherwise and without an effect.'
    }),
    expectedDamage: Nullable(Type.Number(), { description: 'Expected damage this target takes; null without an effect.' }),
    damageDistribution: Nullable(DamageOutcomesSchema('Every damage this target can take, ascending, with its probability (the effect\'s total through the save and the damage rule POST /v1/saves applies).'), {
      description: 'Null without an effect.'
    }),
    conditions: AppliedConditionsSchema
  }, { additionalProperties: false }), { description: 'One per target, in request order. Each target\'s odds stand alone: the effect is rolled once, so the targets\' damage is not independent.' })
}, { title: 'SaveOdds', description: 'Exact odds of a saving throw for each target and, with an effect, of the damage each takes.', additionalProperties: false })

export type SaveOddsRequest = Static<typeof SaveOddsRequestSchema>
