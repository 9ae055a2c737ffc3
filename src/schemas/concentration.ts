// POST /v1/concentration (docs/rules.md §115).
import { Type, type Static } from 'typebox'
import { BreakdownSchema, CombatantSchema, ResolutionProperties, RollsSchema, RulesetIdSchema, SeedSchema, StringEnum } from './common.js'
import { CONCENTRATION_SITUATIONS } from '../rules/concentration/policy.js'

export const ConcentrationSituationSchema = StringEnum(CONCENTRATION_SITUATIONS, {
  title: 'ConcentrationSituation',
  description: 'What the caster must concentrate through. DCs (dnd35, SRD 3.5 › Skills › Concentration / pf1e, PRD › Magic › Concentration): `damaged` (hurt while casting, e.g. by a readied attack) 10 + damage + spell level, both; `defensive` (casting defensively) 15 + spell level / 15 + twice the spell level; `grappled` (grappled or pinned) 20 + spell level / 10 + the grappler\'s CMB + spell level; `entangled` 15 / 15 + spell level; `vigorous-motion` 10 + spell level, both; `violent-motion` 15 + spell level, both.'
})

export const SpellLevelSchema = Type.Integer({ minimum: 0, maximum: 9, description: 'The spell\'s level, 0 (cantrip, orison) to 9.' })

export const ConcentrationRequestSchema = Type.Object({
  caster: CombatantSchema,
  spellLevel: SpellLevelSchema,
  situation: ConcentrationSituationSchema,
  damageTaken: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'The damage taken while casting: required for `damaged`, refused (422 `inconsistent-fields`) otherwise.' })),
  grapplerCmb: Type.Optional(Type.Integer({ minimum: -50, maximum: 200, description: 'pf1e `grappled`: the grappler\'s Combat Maneuver Bonus (required there, refused elsewhere).' })),
  ...ResolutionProperties
}, {
  title: 'ConcentrationRequest',
  description: 'A concentration check to keep a spell: the caster (dnd35 `concentration`; pf1e `casterLevel` and `castingAbility`), the spell level and the situation.',
  additionalProperties: false,
  examples: [
    { ruleset: 'dnd35', caster: { id: 'wizard', concentration: 8, abilities: { con: 14 } }, spellLevel: 3, situation: 'defensive', seed: 'fireball-in-melee' },
    { ruleset: 'pf1e', caster: { id: 'cleric', casterLevel: 5, castingAbility: 'wis', abilities: { wis: 16 } }, spellLevel: 2, situation: 'grappled', grapplerCmb: 7, seed: 'grappled-cleric', dice: { sequence: [14] } }
  ]
})

export const ConcentrationResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  situation: ConcentrationSituationSchema,
  spellLevel: Type.Integer(),
  dc: Type.Integer({ description: 'The DC of the situation.' }),
  dcBreakdown: Type.Array(BreakdownSchema.items, { description: 'How the DC was built: the situation\'s base, the spell level, the damage or the grappler\'s CMB.' }),
  roll: Type.Integer({ description: 'The d20.' }),
  bonus: Type.Integer({ description: 'The check\'s bonus: dnd35 the Concentration modifier with the condition modifiers on skill checks (shaken, sickened); pf1e caster level + casting ability modifier.' }),
  breakdown: BreakdownSchema,
  total: Type.Integer({ description: 'roll + bonus.' }),
  success: Type.Boolean({ description: 'total ≥ DC. A check: a natural 1 or 20 has no automatic result. A failure loses the spell.' }),
  rolls: RollsSchema
}, { title: 'ConcentrationResult', description: 'The concentration check: the DC, the d20, the bonus and whether the spell is kept.', additionalProperties: false })

export type ConcentrationRequestBody = Static<typeof ConcentrationRequestSchema>

/** The encounter `cast` action's own fields (docs/rules.md §116); `actor` and `description` are the shared action fields. */
export const CAST_FIELDS = {
  spellLevel: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: '`cast`: the spell level.' })),
  castingTime: Type.Optional(StringEnum(['standard', 'full-round', 'swift', 'free'] as const, { description: '`cast`: the action it spends; swift or free does not provoke.' })),
  defensively: Type.Optional(Type.Boolean({ description: '`cast`: no provocation; a `defensive` check.' })),
  threatenedBy: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100, uniqueItems: true, description: '`cast`: ids of the combatants threatening the caster, whom it provokes.' })),
  damageTaken: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '`cast`: damage taken while casting (a `damaged` check).' })),
  grapplerCmb: Type.Optional(Type.Integer({ minimum: -50, maximum: 200, description: '`cast`, pf1e, held in a grapple: the grappler\'s CMB.' })),
  motion: Type.Optional(StringEnum(['vigorous', 'violent'] as const, { description: '`cast`: a motion check.' }))
}

const { ruleset: _ruleset, seed: _seed, rolls: _rolls, ...outcome } = ConcentrationResponseSchema.properties

/** One concentration check as the encounter's `cast` rolls it: the endpoint's answer without its echo. */
const ConcentrationOutcomeSchema = Type.Object(outcome, { additionalProperties: false, title: 'ConcentrationOutcome', description: 'A concentration check the cast rolled: its situation, DC, d20, bonus and result.' })

export const CastResultSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  description: Type.String({ description: 'The spell, as the caller named it.' }),
  spellLevel: Type.Integer(),
  castingTime: CAST_FIELDS.castingTime,
  defensively: Type.Boolean(),
  provokes: Type.Boolean({ description: 'Whether the casting provoked (a standard or full-round spell not cast defensively).' }),
  attacksOfOpportunity: Type.Array(Type.String(), { description: 'The ids of the `threatenedBy` combatants that may take an attack of opportunity now.' }),
  cannotReact: Type.Array(Type.Object({ id: Type.String(), reason: Type.String() }, { additionalProperties: false }), { description: 'The `threatenedBy` combatants that cannot, and why.' }),
  concentrationChecks: Type.Array(ConcentrationOutcomeSchema, { description: 'The checks rolled, in order; the first failure ends them.' }),
  spellCast: Type.Boolean({ description: 'Every check succeeded: the spell takes effect.' }),
  rolls: RollsSchema
}, { additionalProperties: false, title: 'CastResult', description: 'A spell cast in an encounter: what it provoked and the concentration checks it needed.' })
