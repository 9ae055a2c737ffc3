import { Type, type Static } from 'typebox'
import { Nullable, RulesetIdSchema, StringEnum } from './common.js'
import { ConditionStateSchema, EffectSchema, GrappleRequestSchema, ManeuverAppliedConditionsSchema, ManeuverRequestSchema } from './maneuvers.js'

const Probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })

const { seed: _ms, dice: _md, ...maneuverBodyProperties } = ManeuverRequestSchema.properties
const { seed: _gs, dice: _gd, ...grappleBodyProperties } = GrappleRequestSchema.properties

export const ManeuverOddsRequestSchema = Type.Object(maneuverBodyProperties, {
  title: 'ManeuverOddsRequest',
  description: 'The body of POST /v1/maneuvers without seed and dice.',
  additionalProperties: false,
  examples: [
    { maneuver: 'trip', attacker: { baseAttackBonus: 2, abilities: { str: 16 } }, defender: { baseAttackBonus: 1, abilities: { str: 12, dex: 14 } } },
    { ruleset: 'pf1e', maneuver: 'bull-rush', attacker: { cmb: 9 }, defender: { cmd: 16 } }
  ]
})

export const GrappleOddsRequestSchema = Type.Object(grappleBodyProperties, {
  title: 'GrappleOddsRequest',
  description: 'The body of POST /v1/grapples without seed and dice.',
  additionalProperties: false,
  examples: [
    { action: 'start', attacker: { id: 'fighter', baseAttackBonus: 4, abilities: { str: 14 } }, defender: { id: 'ogre', size: 'large', baseAttackBonus: 3, abilities: { str: 21 } } }
  ]
})

const OutcomeSchema = Type.Object({
  probability: Probability('Exact probability of this outcome (the list sums to 1 within 1e-9).'),
  success: Type.Boolean({ description: 'As `success` in the resolving endpoint\'s response.' }),
  counter: StringEnum(['none', 'failed', 'succeeded'] as const, { description: 'The defender\'s counter attempt (dnd35 and variant trip, disarm, overrun): not made, failed, or succeeded.' }),
  state: ConditionStateSchema,
  damage: Nullable(Type.Object({
    total: Type.Integer(),
    lethal: Type.Integer(),
    nonlethal: Type.Integer()
  }, { additionalProperties: false }), { description: 'Damage dealt (sunder: to the item), or null.' }),
  effect: EffectSchema
}, { title: 'ManeuverOutcome', additionalProperties: false, description: 'One result the resolving endpoint can report: its success, counter, conditions afterwards, damage and effect (its steps and dice aside).' })

const oddsProperties = {
  ruleset: RulesetIdSchema,
  success: Probability('Chance the action or maneuver achieves its aim.'),
  counter: Nullable(Type.Object({
    attempted: Probability('Chance the defender makes its counter attempt (the maneuver failed).'),
    succeeded: Probability('Chance the counter attempt succeeds.')
  }, { additionalProperties: false }), { description: 'The counter attempt, null when no roll of the dice leads to one (pf1e, grapples, `counterAttempt: false`, maneuvers without one).' }),
  damageDistribution: Nullable(Type.Array(Type.Object({
    damage: Type.Integer(),
    probability: Probability('Exact probability of this damage.')
  }, { additionalProperties: false }), { description: 'Every damage total, ascending, 0 including the outcomes that deal none.' }), { description: 'Null when no outcome deals damage.' }),
  outcomes: Type.Array(OutcomeSchema, { description: 'Every distinct result, most likely first.' }),
  conditions: ManeuverAppliedConditionsSchema
}

export const ManeuverOddsResponseSchema = Type.Object({
  maneuver: Type.String(),
  ...oddsProperties
}, { title: 'ManeuverOdds', description: 'Exact odds of a combat maneuver: success, the counter attempt and every outcome.', additionalProperties: false })

export const GrappleOddsResponseSchema = Type.Object({
  action: Type.String(),
  ...oddsProperties
}, { title: 'GrappleOdds', description: 'Exact odds of a grapple action: success and every outcome.', additionalProperties: false })

export type ManeuverOddsRequest = Static<typeof ManeuverOddsRequestSchema>
export type GrappleOddsRequest = Static<typeof GrappleOddsRequestSchema>
