import { Type } from 'typebox'
import { BreakdownSchema, Nullable, RulesetIdSchema, StringEnum } from './common.js'
import { AttackConditionsSchema } from './attacks.js'

const Probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })

const OutcomeListSchema = Type.Array(Type.Object({
  damage: Type.Integer(),
  probability: Probability('Exact probability of this total (the list sums to 1 within 1e-9).')
}, { additionalProperties: false }), { description: 'Every possible damage total, ascending, with its probability; 0 includes misses.' })

export const AttackOddsResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  attacks: Type.Array(Type.Object({
    label: Type.String({ description: 'As in POST /v1/attacks: `primary 1`, …, `off-hand 1`, `coup de grace`.' }),
    attackBonus: Type.Integer(),
    attackBreakdown: BreakdownSchema,
    targetAC: Type.Integer(),
    acType: StringEnum(['normal', 'touch', 'flat-footed', 'touch-flat-footed'] as const),
    hitChance: Probability('Chance the attack hits after the miss chance.'),
    critChance: Probability('Chance of a critical hit (confirmed where the ruleset confirms) that the miss chance did not negate.'),
    expectedDamage: Type.Number({ description: 'Expected damage of this attack, misses counted as 0.' }),
    damageDistribution: OutcomeListSchema
  }, { additionalProperties: false })),
  conditions: AttackConditionsSchema,
  expectedDamage: Type.Number({ description: 'Expected damage of the whole action.' }),
  distribution: OutcomeListSchema,
  dropChance: Nullable(Probability('Chance the target ends unconscious or dying (dnd35: below 0 HP or nonlethal above HP; pf1e likewise; variant: fails the Death save that reaching its HP calls for, with `baseSaves.death`, 0 when absent). Null without target `hitPoints`.')),
  killChance: Nullable(Probability('Chance the target ends dead (dnd35 −10, pf1e −Con, 0 without a Con score; variant: a Death save failed by 10 or more after lethal damage), including the save against a coup de grace and, in dnd35, the massive-damage Fortitude save (DC 15) of any single attack of 50+ lethal damage: then `target.baseSaves.fortitude` is needed (422 otherwise). pf1e\'s optional massive-damage rule is off, as in POST /v1/damage. Null without target `hitPoints`, except for a coup de grace, whose save alone can kill.'))
}, { title: 'AttackOdds', description: 'Exact odds of an attack action: per attack and for the whole action.', additionalProperties: false })
