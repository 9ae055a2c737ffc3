import { rulesetIds } from '../rules/rulesets/index.js'
import { Type } from 'typebox'
import { RulesetIdSchema, SizeSchema } from './common.js'

const StringList = (description: string) => Type.Array(Type.String(), { description })

export const CapabilitiesSchema = Type.Object({
  attacks: Type.Object({
    modes: StringList('Attack modes: single, full, coup-de-grace.'),
    twoWeaponFighting: Type.Boolean(),
    criticalConfirmation: Type.Boolean({ description: 'Whether a threat needs a confirmation roll.' })
  }, { additionalProperties: false }),
  saves: Type.Boolean(),
  grappleActions: StringList('Grapple actions this ruleset defines; empty: every grapple request is a 422 rule-not-defined.'),
  maneuvers: StringList('Combat maneuvers this ruleset defines.'),
  turningActions: StringList('Turning or channelling actions; empty: every turning request is a 422 rule-not-defined.'),
  damage: Type.Boolean(),
  healingKinds: StringList('Healing kinds accepted by POST /v1/healing.'),
  initiative: Type.Object({
    rerolledEachRound: Type.Boolean(),
    ties: Type.Union([Type.Literal('higher-modifier-then-roll-off'), Type.Literal('simultaneous')])
  }, { additionalProperties: false })
}, { additionalProperties: false })

export const SizeRowSchema = Type.Object({
  size: SizeSchema,
  attackAndAc: Type.Integer({ description: 'Size modifier on attack rolls and AC (0 throughout in variant, which has none).' }),
  grapple: Type.Integer({ description: 'dnd35 special grapple modifier; dnd35/variant maneuver size adjustment.' }),
  combatManeuver: Type.Integer({ description: 'pf1e special CMB/CMD size modifier.' }),
  spaceFeet: Type.Number(),
  reachTallFeet: Type.Integer(),
  reachLongFeet: Type.Integer()
}, { additionalProperties: false })

export const TurningRowSchema = Type.Object({
  checkMin: Type.Union([Type.Integer(), Type.Null()], { description: 'Lowest turning check result of the row; null for "0 or lower".' }),
  checkMax: Type.Union([Type.Integer(), Type.Null()], { description: 'Highest turning check result of the row; null for "22 or higher".' }),
  maxHitDiceRelativeToLevel: Type.Integer({ description: 'Most powerful undead affected: effective level plus this.' })
}, { additionalProperties: false })

export const RulesetSchema = Type.Object({
  id: RulesetIdSchema,
  name: Type.String(),
  description: Type.String(),
  saves: StringList('Save names, for `save` and `baseSaves`.'),
  actionTypes: StringList('Action types of the ruleset.'),
  capabilities: CapabilitiesSchema,
  sizeTable: Type.Array(SizeRowSchema),
  turningTable: Type.Optional(Type.Array(TurningRowSchema, { description: 'dnd35 only: the Turning Undead table.' }))
}, { additionalProperties: false, title: 'Ruleset', description: 'What a ruleset defines: its saves, action types, capabilities, size table and (dnd35) Turning Undead table.' })

export const RulesetListSchema = Type.Object({
  rulesets: Type.Array(RulesetSchema)
}, { title: 'RulesetList', description: 'Every ruleset the service knows.', additionalProperties: false })

export const RulesetParamsSchema = Type.Object({
  id: Type.String({ maxLength: 200, description: `Ruleset id: ${rulesetIds().join(', ')}.`, examples: [rulesetIds()[0]] })
}, { additionalProperties: false })
