import { Type, type Static } from 'typebox'
import { BreakdownSchema, CombatantProperties, Id, LIMITS, ResolutionProperties, RollsSchema, RulesetIdSchema, SeedSchema } from './common.js'

export const InitiativeCombatantSchema = Type.Object({
  ...CombatantProperties,
  id: Id,
  initiativeBonus: Type.Optional(Type.Integer({ minimum: -50, maximum: 100, description: 'Other initiative modifiers (racial, class features, items); Improved Initiative comes from `feats`.' })),
  aware: Type.Optional(Type.Boolean({ description: 'Aware of its opponents at the start of combat; default true. Some but not all aware: a surprise round.' }))
}, {
  additionalProperties: false,
  title: 'InitiativeCombatant',
  description: 'A Combatant with a required `id`. Uses `abilities.dex`, `feats` (`improved-initiative`, `uncanny-dodge`), and in the variant `baseAttackBonus` (required), `hitPoints` (bloodied/wounded penalties) and `conditions` (bloodied, wounded, sickened, deafened, shaken).'
})

export const InitiativeRequestSchema = Type.Object({
  combatants: Type.Array(InitiativeCombatantSchema, { minItems: 1, maxItems: LIMITS.listItems, description: 'At most 100 combatants; ids must be unique.' }),
  ...ResolutionProperties
}, { title: 'InitiativeRequest', description: 'The combatants to roll initiative for.',
  additionalProperties: false,
  examples: [
    { ruleset: 'dnd35', combatants: [{ id: 'fighter', abilities: { dex: 13 }, feats: ['improved-initiative'] }, { id: 'goblin', abilities: { dex: 15 }, aware: false }], seed: 'ambush' },
    { ruleset: 'variant', combatants: [{ id: 'hero', abilities: { dex: 14 }, baseAttackBonus: 3 }, { id: 'orc', baseAttackBonus: 2, hitPoints: { max: 12, current: 5 } }], seed: 'skirmish' }
  ]
})

export const InitiativeResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  order: Type.Array(Type.Object({
    id: Type.String(),
    roll: Type.Integer({ description: 'The initiative d20.' }),
    modifier: Type.Integer({ description: 'Dex + Improved Initiative + other bonuses (variant: + BCB, − injury and condition penalties).' }),
    total: Type.Integer(),
    breakdown: BreakdownSchema,
    tieBreak: Type.Array(Type.Integer(), { description: 'dnd35/pf1e: the roll-off d20s this combatant rolled (equal total and modifier), in order; empty when it needed none.' }),
    simultaneousWith: Type.Array(Type.String(), { description: 'variant: the ids sharing this count, acting at the same moment; empty otherwise.' })
  }, { additionalProperties: false }), {
    description: 'Highest first. dnd35/pf1e ties: the higher modifier, then the roll-off. variant ties: adjacent, in request order, with `simultaneousWith`.'
  }),
  surpriseRound: Type.Boolean({ description: 'Some but not all combatants are aware.' }),
  surpriseActors: Type.Array(Type.String(), { description: 'The aware combatants, in initiative order, when there is a surprise round; else empty.' }),
  flatFooted: Type.Array(Type.String(), { description: 'Combatants flat-footed (variant: off-guard) until they first act, in initiative order: everyone but those with uncanny dodge.' }),
  rolls: RollsSchema
}, { title: 'InitiativeResult', description: 'The initiative order, the surprise round and who is flat-footed.', additionalProperties: false })

export type InitiativeRequest = Static<typeof InitiativeRequestSchema>
