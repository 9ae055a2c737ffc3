import { Type, type Static } from 'typebox'
import { BreakdownSchema, Nullable, RulesetIdSchema, StringEnum } from './common.js'
import { TurningRequestSchema } from './turning.js'
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
      turner: { id: 'cleric', level: 5, class: 'cleric', abilities: { cha: 16 } },
      targets: [
        { id: 'fighter', kind: 'living', hitPoints: { max: 40, current: 20 } },
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
}, { additionalProperties: false }), { description: 'Every outcome this creature can have (as `outcome` in POST /v1/turning), most likely first; they sum to 1.' })

export const TurningOddsResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  action: StringEnum(TURNING_ACTIONS, { description: 'The action.' }),
  procedure: StringEnum(['turn-undead', 'channel-energy'] as const, { description: '`turn-undead` (dnd35) or `channel-energy` (pf1e): which fields below are present.' }),
  effectiveLevel: Type.Integer({ description: 'As in POST /v1/turning.' }),
  turningCheck: Type.Optional(Type.Object({
    modifier: Type.Integer(),
    breakdown: BreakdownSchema,
    distribution: Type.Array(Type.Object({
      total: Type.Integer(),
      maxHitDice: Type.Integer({ description: 'The most powerful undead this total affects (the Turning Undead table).' }),
      probability: Probability('1/20: one face of the d20.')
    }, { additionalProperties: false }), { description: 'Each face of the d20: the check total and the table\'s result.' })
  }, { additionalProperties: false, description: 'dnd35: the turning check.' })),
  maxHitDice: Type.Optional(ValuesSchema('dnd35: the distribution of the most powerful undead affected (Hit Dice).')),
  turningDamage: Type.Optional(Nullable(Type.Object({
    rolledChance: Probability('Chance the turning damage is rolled at all (some undead in range could be affected).'),
    distribution: ValuesSchema('Each total Hit Dice the turning damage (2d6 + effective level + Cha modifier) can give, with its probability, when rolled; sums to `rolledChance`.')
  }, { additionalProperties: false }), { description: 'dnd35: the turning damage (total Hit Dice affected); null for `bolster`.' })),
  hitDiceUsed: Type.Optional(ValuesSchema('dnd35: the distribution of the Hit Dice of turning damage spent.')),
  dispelChance: Type.Optional(Nullable(Probability('dnd35 `dispel`: chance the check beats `previousTurningCheck`; null for other actions.'))),
  saveDc: Type.Optional(Type.Integer({ description: 'pf1e: the Will save DC.' })),
  channel: Type.Optional(Nullable(Type.Object({
    dice: Type.String({ description: 'ceil(level / 2)d6.' }),
    distribution: ValuesSchema('Each total of the channel dice, with its probability.')
  }, { additionalProperties: false }), { description: 'pf1e: the channel roll; null for `turn-undead`, which rolls none.' })),
  results: Type.Array(Type.Object({
    id: Type.String(),
    kind: Type.Optional(StringEnum(['living', 'undead'] as const, { description: 'pf1e: the target\'s kind, as sent.' })),
    outcomes: OutcomesSchema,
    save: Type.Optional(Nullable(Type.Object({
      dc: Type.Integer(),
      bonus: Type.Integer(),
      breakdown: BreakdownSchema,
      successChance: Probability('Chance the Will save succeeds over the d20 (a natural 1 fails, a natural 20 succeeds).')
    }, { additionalProperties: false }), { description: 'pf1e: the target\'s Will save, when it makes one; null otherwise.' })),
    healed: Type.Optional(Nullable(ValuesSchema('pf1e: hit points restored (capped at maximum hit points), with their probabilities.'), { description: 'Null when the target is never healed.' })),
    damage: Type.Optional(Nullable(ValuesSchema('pf1e: damage dealt (halved on a successful save), with their probabilities.'), { description: 'Null when the target is never harmed.' }))
  }, { additionalProperties: false }), { description: 'One per undead (dnd35) or target (pf1e), in request order. Each creature\'s odds stand alone: the same dice decide them all.' })
}, {
  title: 'TurningOdds',
  description: 'Exact odds of a turning attempt (dnd35: the check, the turning damage, each undead\'s outcome) or a channel (pf1e: the channel\'s total, each target\'s save, healing and damage).',
  additionalProperties: false
})

export type TurningOddsRequest = Static<typeof TurningOddsRequestSchema>
