import { Type, type Static } from 'typebox'
import { DiceNotationSchema, ResolutionProperties, RollsSchema, RulesetIdSchema, SeedSchema } from './common.js'

export const DiceRequestSchema = Type.Object({
  notation: DiceNotationSchema(),
  ...ResolutionProperties
}, { title: 'DiceRequest', description: 'A dice notation to roll.',
  additionalProperties: false,
  examples: [{ notation: '4d6+2', seed: 's1' }, { notation: '4d6+2', seed: 's2', dice: { sequence: [6, 6, 6, 6] } }]
})

export const DiceResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  notation: Type.String({ description: 'The notation as read, whitespace removed.' }),
  total: Type.Integer(),
  terms: Type.Array(Type.Object({
    term: Type.String({ description: 'The term with its sign: `+4d6`, `+2`, `-1`.' }),
    dice: Type.Array(Type.Integer(), { description: 'The dice of this term, in order (empty for a constant).' }),
    subtotal: Type.Integer({ description: 'Signed sum of the term.' })
  }, { additionalProperties: false })),
  rolls: RollsSchema,
  seed: SeedSchema
}, { title: 'DiceResult', description: 'The total, each term and every die rolled.', additionalProperties: false })

export type DiceRequest = Static<typeof DiceRequestSchema>
