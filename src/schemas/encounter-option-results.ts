// The results of the encounter actions that store a stance or a held bonus
// (aid another, total defense, the variant's take aim, drive back and
// intercept): each answers like its stateless relative where it has one
// (an attack, a bull rush) and says what it stored.
import { Type } from 'typebox'
import { BreakdownSchema, RollsSchema, RulesetIdSchema, SeedSchema, StringEnum } from './common.js'
import { AttackResponseSchema } from './attacks.js'
import { ManeuverResponseSchema } from './maneuvers.js'
import { ConditionEntrySchema } from './encounters.js'

const echo = { ruleset: RulesetIdSchema, seed: SeedSchema }

export const AidAnotherResponseSchema = Type.Object({
  ...echo,
  choice: StringEnum(['attack', 'ac'] as const, { description: 'What the ally gains on a success: +2 on its next attack against the target, or +2 AC against the target\'s next attack.' }),
  armorClass: Type.Integer({ description: 'The number the roll must reach: AC 10.' }),
  attackBonus: Type.Integer({ description: 'The helper\'s attack bonus with the weapon.' }),
  attackBreakdown: BreakdownSchema,
  roll: Type.Integer({ description: 'The d20.' }),
  total: Type.Integer(),
  success: Type.Boolean(),
  bonus: Type.Integer({ description: 'The bonus the ally holds (0 on a failure).' }),
  rolls: RollsSchema
}, { additionalProperties: false, title: 'AidAnotherResult', description: 'The aid another roll against AC 10 and the bonus it gave.' })

export const StanceResponseSchema = Type.Object({
  ...echo,
  condition: ConditionEntrySchema,
  rolls: RollsSchema
}, { additionalProperties: false, title: 'StanceResult', description: 'The stance the action stored on the actor (total defense) and when it ends.' })

const AimTakenSchema = Type.Object({
  ...echo,
  aim: Type.Object({
    target: Type.String({ description: 'The combatant aimed at.' }),
    round: Type.Integer({ description: 'The round the aim was taken.' }),
    shotInRound: Type.Integer({ description: 'The round the aimed shot must come in (`shoot: true`).' })
  }, { additionalProperties: false }),
  provokes: Type.Boolean({ description: 'Taking aim provokes attacks of opportunity.' }),
  offGuardUntil: ConditionEntrySchema.properties.endsAt,
  rolls: RollsSchema
}, { additionalProperties: false, title: 'AimTaken', description: 'The variant\'s take aim: the aim held for the next round\'s shot.' })

export const TakeAimResponseSchema = Type.Union([AimTakenSchema, AttackResponseSchema], {
  title: 'TakeAimResult',
  description: 'Taking aim (`AimTaken`), or the aimed shot of the next round (`shoot: true`), answered as an attack.'
})

export const DriveBackResponseSchema = Type.Object({
  ...AttackResponseSchema.properties,
  defenderChoice: StringEnum(['stand', 'step-back'] as const, { description: 'The target\'s choice: step back 5 ft (no attack is rolled) or stand (+2 circumstance on the attack).' }),
  notes: Type.Optional(Type.Array(Type.String(), { description: 'What happened instead of an attack.' }))
}, { additionalProperties: false, title: 'DriveBackResult', description: 'The variant\'s drive back: the target\'s choice and, when it stands, the attack.' })

export const InterceptResponseSchema = Type.Object({
  ...ManeuverResponseSchema.properties,
  intercept: Type.Object({
    stopped: Type.Boolean({ description: 'The mover\'s movement ends in the square it was leaving.' }),
    summary: Type.String()
  }, { additionalProperties: false })
}, { additionalProperties: false, title: 'InterceptResult', description: 'The variant\'s intercept: the moving foe\'s bull-rush check against the interceptor, and whether it was stopped.' })
