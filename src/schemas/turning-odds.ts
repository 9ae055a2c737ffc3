import { Type, type Static } from 'typebox'
import { AppliedConditionsSchema, BreakdownSchema, Nullable, RulesetIdSchema, StringEnum } from './common.js'
import { TurnerConditionsSchema, TurningRequestSchema } from './turning.js'
import { TURNING_ACTIONS } from '../rules/turning/index.js'

const Probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })

const { seed: _seed, dice: _dice, ...turningBodyProperties } = TurningRequestSchema.properties

export const TurningOddsRequestSchema = Type.Object(turningBodyProperties, {
  title: 'TurningOddsRequest',
  description: 'The body of POST /v1/turning without seed and dice.',
  additionalProperties: false,
  examples: [
    {
      ruleset: 'dnd35',
      action: 'turn',
      turner: { id: 'cleric', level: 3, class: 'cleric', energy: 'positive', abilities: { cha: 12 } },
      undead: [
        { id: 'zombie-1', hitDice: 2, distanceFeet: 10 },
        { id: 'zombie-2', hitDice: 2, distanceFeet: 20 },
        { id: 'wight', hitDice: 4, distanceFeet: 30 }
      ]
    },
    {
      ruleset: 'pf1e',
      action: 'channel-positive',
      turner: { id: 'cleric', level: 3, class: 'cleric', abilities: { cha: 16 } },
      targets: [
        { id: 'fighter', kind: 'living', hitPoints: { max: 40, current: 35 } },
        { id: 'zombie', kind: 'undead', baseSaves: { will: 3 }, distanceFeet: 20 }
      ]
    }
  ]
})

const ValuesSchema = (description: string) => Type.Array(Type.Object({
  value: Type.Integer(),
  probability: Probability('Exact probability of this value.')
}, { additionalProperties: false }), { description })

const OutcomesSchema = Type.Array(Type.Object({
  outcome: StringEnum(['destroyed', 'turned', 'rebuked', 'commanded', 'bolstered', 'freed', 'healed', 'harmed', 'unaffected', 'out-of-range'] as const),
  probability: Probability('Exact probability of this outcome.')
}, { additionalProperties: false }), { description: 'Each outcome this creature can have (as in POST /v1/turning), most likely first.' })

export const TurningOddsResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  action: StringEnum(TURNING_ACTIONS, { description: 'The action.' }),
  procedure: StringEnum(['turn-undead', 'channel-energy'] as const, { description: 'Which fields are present: `turn-undead` (dnd35) or `channel-energy` (pf1e).' }),
  effectiveLevel: Type.Integer({ description: 'As in POST /v1/turning.' }),
  turningCheck: Type.Optional(Type.Object({
    modifier: Type.Integer(),
    breakdown: BreakdownSchema,
    distribution: Type.Array(Type.Object({
      total: Type.Integer(),
      maxHitDice: Type.Integer({ description: 'Most powerful undead affected (Turning Undead table).' }),
      probability: Probability('1/20.')
    }, { additionalProperties: false }), { description: 'Each d20 face: total and table result.' })
  }, { additionalProperties: false, description: 'dnd35: the turning check.' })),
  maxHitDice: Type.Optional(ValuesSchema('dnd35: most powerful undead affected (Hit Dice).')),
  turningDamage: Type.Optional(Nullable(Type.Object({
    rolledChance: Probability('Chance it is rolled (some undead in range could be affected).'),
    distribution: ValuesSchema('Each total (2d6 + effective level + Cha modifier), when rolled; sums to `rolledChance`.')
  }, { additionalProperties: false }), { description: 'dnd35: turning damage (total Hit Dice affected); null for `bolster`.' })),
  hitDiceUsed: Type.Optional(ValuesSchema('dnd35: Hit Dice of turning damage spent.')),
  dispelChance: Type.Optional(Nullable(Probability('dnd35 `dispel`: chance the check reaches `previousTurningCheck`; else null.'))),
  saveDc: Type.Optional(Type.Integer({ description: 'pf1e: the Will save DC.' })),
  channel: Type.Optional(Nullable(Type.Object({
    dice: Type.String({ description: 'ceil(level / 2)d6.' }),
    distribution: ValuesSchema('Each total of the channel dice.')
  }, { additionalProperties: false }), { description: 'pf1e: the channel roll; null for `turn-undead`.' })),
  results: Type.Array(Type.Object({
    id: Type.String(),
    kind: Type.Optional(StringEnum(['living', 'undead'] as const, { description: 'pf1e: the target\'s kind, as sent.' })),
    outcomes: OutcomesSchema,
    save: Type.Optional(Nullable(Type.Object({
      dc: Type.Integer(),
      bonus: Type.Integer(),
      breakdown: BreakdownSchema,
      successChance: Probability('Chance the Will save succeeds (natural 1 fails, 20 succeeds).')
    }, { additionalProperties: false }), { description: 'pf1e: the Will save, if the target makes one.' })),
    healed: Type.Optional(Nullable(ValuesSchema('pf1e: hit points restored (capped at maximum).'))),
    damage: Type.Optional(Nullable(ValuesSchema('pf1e: damage dealt (halved by a save).'))),
    conditions: Type.Optional(AppliedConditionsSchema)
  }, { additionalProperties: false }), { description: 'Per undead (dnd35) or target (pf1e), in request order; the same dice decide them all.' }),
  conditions: TurnerConditionsSchema
}, {
  title: 'TurningOdds',
  description: 'Exact odds of a turning attempt (dnd35) or a channel (pf1e).',
  additionalProperties: false
})

export type TurningOddsRequest = Static<typeof TurningOddsRequestSchema>
