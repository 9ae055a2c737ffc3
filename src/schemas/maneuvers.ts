import { Type, type Static } from 'typebox'
import {
  AppliedConditionsSchema, BreakdownSchema, CombatantSchema, DiceNotationSchema, LIMITS, ModifierListSchema, Nullable, ResolutionProperties,
  RollsSchema, RulesetIdSchema, SeedSchema, StringEnum
} from './common.js'
import { GRAPPLE_ACTIONS } from '../rules/maneuvers/index.js'
import { MANEUVERS } from '../rules/maneuvers/maneuver-names.js'
import { MAX_DICE_PER_ROLL } from '../rules/dice/notation.js'

const Int = (min: number, max: number, description: string) => Type.Integer({ minimum: min, maximum: max, description })
const Flag = (description: string) => Type.Optional(Type.Boolean({ description }))

export const ManeuverWeaponSchema = Type.Object({
  category: Type.Optional(StringEnum(['unarmed', 'light', 'one-handed', 'two-handed'] as const, { description: 'What the side holds (dnd35/variant disarm and sunder: two-handed +4, light or unarmed −4). Default `one-handed`.' })),
  attackBonus: Type.Optional(Int(-50, 100, 'The melee attack bonus with this weapon for opposed attack rolls (disarm, sunder), without condition penalties (the service adds those from `conditions`). Absent: BAB + Str (+ attack size modifier where the ruleset has one).')),
  damage: Type.Optional(DiceNotationSchema(`Damage dice of the weapon (sunder), Strength added. Required for a sunder. At most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice in all, since the answer lists every die (beyond: 422 \`out-of-range\` naming it).`)),
  meleeWeapon: Type.Optional(Type.Boolean({ description: 'Defender only: false when the item to disarm is not a melee weapon (the defender takes −4). Default true.' })),
  lockedGauntlet: Type.Optional(Type.Boolean({ description: 'Defender only: the weapon is held in a locked gauntlet (+10 against disarm).' })),
  spikedGauntlet: Type.Optional(Type.Boolean({ description: 'Defender only: a spiked gauntlet, which cannot be disarmed (422).' })),
  tripWeapon: Type.Optional(Type.Boolean({ description: 'Attacker only: a trip weapon; the trip provokes no attack of opportunity.' }))
}, { title: 'ManeuverWeapon', description: 'The weapon a maneuver is made with.', additionalProperties: false })

const sharedOptions = {
  attackOfOpportunityDamage: Type.Optional(Int(0, 100000, 'Damage the attack of opportunity provoked by the attempt dealt (the caller resolves it; no dice are rolled for it). dnd35 grapple and disarm: any damage fails the attempt; pf1e: a penalty on the combat maneuver check. Absent: 0.')),
  attackerModifiers: Type.Optional({ ...ModifierListSchema, description: 'Typed modifiers on the actor\'s check (grapple check, CMB, Strength check, opposed attack roll), stacked per the ruleset. Do not repeat condition penalties here: each roller\'s own `conditions` are applied by the service (dnd35/pf1e: prone −4 on melee rolls, entangled −2, shaken/frightened/panicked −2 once, sickened −2, dazzled −1, squeezing −4; pf1e grappled −2 except to grapple or escape; variant: prone −4, shaken −2, disoriented −2, bloodied −1, wounded a further −1, sickened counts as bloodied). Melee rolls are the touch attacks, grapple checks, CMB and opposed attack rolls; Strength, Bluff and Escape Artist checks take only the check penalties (shaken, sickened, bloodied, wounded). The grab and trip touch attacks are BAB + Str (+ attack size modifier) and those condition penalties.' }),
  defenderModifiers: Type.Optional({ ...ModifierListSchema, description: 'Typed modifiers on the defender\'s check, CMD or DC, stacked per the ruleset.' })
}

export const GrappleOptionsSchema = Type.Object({
  ...sharedOptions,
  lethal: Flag('Deal lethal damage with the unarmed strike: −4 on the check that deals it (dnd35 `start`: the hold check; `damage`: its grapple check; pf1e: the CMB check) unless the actor has improved-unarmed-strike. Default false (nonlethal).'),
  maintainedLastRound: Flag('pf1e: the actor maintained this grapple last round and the target did not break free: +5 circumstance.'),
  useEscapeArtist: Type.Optional(Int(-50, 100, '`escape`: make an Escape Artist check with this bonus instead of the grapple check / CMB (a standard action).')),
  unarmedDamage: Type.Optional(DiceNotationSchema(`Damage dice of the unarmed strike, Strength added (a monk's 1d6). Absent: by size: Tiny and smaller 1, Small 1d2, Medium 1d3, Large 1d4, Huge 1d6, Gargantuan 1d8, Colossal 2d6. The result is nonlethal unless \`lethal\`. At most ${MAX_DICE_PER_ROLL.toLocaleString('en-US')} dice in all, since the answer lists every die (beyond: 422 \`out-of-range\` naming it, for an action that deals this damage, whatever its checks would have rolled).`)),
  speedFeet: Type.Optional(Int(0, 1000, '`move`: the actor\'s speed; the grapple moves half of it.')),
  aidingCreatures: Type.Optional(Int(0, 20, 'pf1e: creatures using aid another to help the actor (+2 each).')),
  humanoidWithoutTwoFreeHands: Flag('pf1e `start`: the actor is a humanoid without two free hands (−4).'),
  reverseGrapple: Flag('pf1e `escape`: on success the actor reverses the grapple and becomes the grappler instead of breaking free.')
}, { title: 'GrappleOptions', additionalProperties: false, description: 'Situational inputs of the grapple action.' })

export const GrappleRequestSchema = Type.Object({
  action: StringEnum(GRAPPLE_ACTIONS, { description: 'dnd35: start, damage, pin, escape, move, break-pin, use-opponent-weapon, release. pf1e: start, maintain, damage, pin, move, tie-up, escape, release. An action the ruleset lacks is a 422 rule-not-defined; the variant defines none.' }),
  attacker: { ...CombatantSchema, description: 'The combatant acting. Needs baseAttackBonus (or, in pf1e, a printed cmb).' },
  defender: { ...CombatantSchema, description: 'Its opponent (for `escape`, the grappler or pinner; for `break-pin`, the pinner).' },
  others: Type.Optional(Type.Array(CombatantSchema, {
    maxItems: LIMITS.listItems,
    description: 'dnd35: further grapplers. `escape` and `move` must beat each of them too; `start` against a creature already grappling counts them toward the four-grappler limit; `break-pin` frees the first of them that is pinned. pf1e: not used (422); count helpers in `options.aidingCreatures`.'
  })),
  options: Type.Optional(GrappleOptionsSchema),
  ...ResolutionProperties
}, { title: 'GrappleRequest', description: 'One grapple action between attacker and defender.',
  additionalProperties: false,
  examples: [
    { action: 'start', attacker: { id: 'fighter', baseAttackBonus: 4, abilities: { str: 14 } }, defender: { id: 'ogre', size: 'large', baseAttackBonus: 3, abilities: { str: 21 } }, seed: 'grab', dice: { sequence: [15, 12, 9, 2] } },
    { ruleset: 'pf1e', action: 'pin', attacker: { id: 'a', cmb: 9, conditions: ['grappled'] }, defender: { id: 'b', cmd: 16, conditions: ['grappled'] }, options: { maintainedLastRound: true }, seed: 'pin' }
  ]
})

export const ManeuverOptionsSchema = Type.Object({
  ...sharedOptions,
  charging: Flag('Bull rush (or the variant\'s pushing past) at the end of a charge: +2. A dnd35 overrun during a charge is a 422 (SRD 3.5 › Overrun).'),
  defenderLegs: Type.Optional(Int(0, 100, 'Legs of the defender: more than two makes it stable (dnd35/variant +4; pf1e +2 CMD per leg beyond two against trip and overrun); 0 (legless) cannot be tripped in pf1e. Default 2.')),
  defenderStable: Flag('The defender is otherwise exceptionally stable (dnd35/variant +4).'),
  defenderAvoids: Flag('Overrun: the defender steps aside instead of blocking (not possible against improved-overrun).'),
  counterAttempt: Flag('dnd35/variant trip, disarm and overrun: on failure the defender tries the counter at once. Default true.'),
  attackerWeapon: Type.Optional({ ...ManeuverWeaponSchema, description: 'The attacker\'s weapon for disarm and sunder.' }),
  defenderWeapon: Type.Optional({ ...ManeuverWeaponSchema, description: 'The defender\'s weapon or item for disarm and sunder.' }),
  item: Type.Optional(Type.Object({
    hardness: Type.Optional(Int(0, 1000, 'Hardness of the item. Required for a sunder, whatever the roll (422 `missing-field` naming it).')),
    hitPoints: Type.Optional(Int(1, 100000, 'Current hit points of the item. Required for a sunder, whatever the roll (422 `missing-field` naming it).')),
    maxHitPoints: Type.Optional(Int(1, 100000, 'pf1e: full hit points of the item (broken at half or less); default `hitPoints`.'))
  }, { additionalProperties: false, description: 'Sunder: the target item (hardness and hit points are inputs: the service has no equipment tables).' })),
  itemFastened: Flag('pf1e steal: the item is fastened (+5 CMD).'),
  dirtyTrickCondition: Type.Optional(StringEnum(['blinded', 'dazzled', 'deafened', 'entangled', 'shaken', 'sickened'] as const, { description: 'pf1e dirty trick: the condition imposed. Required for a dirty trick.' })),
  bluff: Type.Optional(Int(-50, 100, 'Feint: the attacker\'s Bluff bonus. Required for a feint.')),
  senseMotive: Type.Optional(Int(-50, 100, 'Feint: the defender\'s Sense Motive bonus. Required in dnd35 and variant; in pf1e used when `senseMotiveTrained`.')),
  senseMotiveTrained: Flag('pf1e feint: the defender is trained in Sense Motive (10 + its bonus is the DC when higher).'),
  defenderKind: Type.Optional(StringEnum(['humanoid', 'nonhumanoid', 'animal', 'mindless'] as const, { description: 'Feint: nonhumanoid −4, animal −8, mindless impossible (422). Default humanoid.' })),
  defenderChoice: Type.Optional(StringEnum(['step-back', 'stand'] as const, { description: 'variant drive back: the target steps 5 ft back or stands (the attack gets +2). Required for a drive back.' }))
}, { title: 'ManeuverOptions', additionalProperties: false, description: 'Situational inputs of the maneuver.' })

export const ManeuverRequestSchema = Type.Object({
  maneuver: StringEnum(MANEUVERS, { description: 'trip, disarm, bull-rush, overrun, sunder, feint; pf1e also drag, reposition, steal, dirty-trick; variant also drive-back. One the ruleset lacks is a 422 rule-not-defined.' }),
  attacker: { ...CombatantSchema, description: 'The combatant attempting the maneuver.' },
  defender: { ...CombatantSchema, description: 'Its target.' },
  options: Type.Optional(ManeuverOptionsSchema),
  ...ResolutionProperties
}, { title: 'ManeuverRequest', description: 'One combat maneuver of attacker against defender.',
  additionalProperties: false,
  examples: [
    { ruleset: 'pf1e', maneuver: 'bull-rush', attacker: { cmb: 9 }, defender: { cmd: 16 }, seed: 'shove', dice: { sequence: [17] } },
    { maneuver: 'trip', attacker: { baseAttackBonus: 2, abilities: { str: 16 } }, defender: { baseAttackBonus: 1, abilities: { str: 12, dex: 14 } }, seed: 'trip', dice: { sequence: [14, 13, 9] } }
  ]
})

const CheckSideSchema = Type.Object({
  role: Type.String({ description: '`attacker`, `defender` or `others/<i>`.' }),
  id: Nullable(Type.String(), { description: 'The combatant\'s id, when it has one.' }),
  roll: Type.Integer({ description: 'The d20.' }),
  modifier: Type.Integer({ description: 'Check modifier; the sum of the applied breakdown.' }),
  total: Type.Integer(),
  breakdown: BreakdownSchema
}, { additionalProperties: false })

export const DamageSchema = Type.Object({
  dice: Type.String({ description: 'The damage dice rolled (Strength comes on top).' }),
  rolls: Type.Array(Type.Integer()),
  total: Type.Integer(),
  lethal: Type.Integer({ description: 'Lethal part of the total.' }),
  nonlethal: Type.Integer({ description: 'Nonlethal part of the total.' }),
  breakdown: BreakdownSchema
}, { additionalProperties: false })

const StepSchema = Type.Object({
  step: StringEnum(['attack-of-opportunity', 'touch-attack', 'size-check', 'opposed-check', 'combat-maneuver-check', 'strength-check', 'skill-check', 'damage', 'counter-attempt', 'defender-choice', 'grapple-limit', 'release'] as const, { description: 'The step of the procedure.' }),
  actor: Type.String({ description: 'Who acts in this step: `attacker`, `defender` or `others/<i>`.' }),
  summary: Type.String({ description: 'What happened, in words.' }),
  success: Type.Boolean({ description: 'Whether the step went the actor\'s way.' }),
  automatic: Type.Optional(Nullable(Type.String(), { description: 'Why the step was decided without dice (`target-two-or-more-sizes-larger`, `joining-a-grapple`, `target-incapacitated`, …).' })),
  provoked: Type.Optional(Type.Boolean({ description: 'Attack of opportunity: whether the attempt provoked one.' })),
  attackOfOpportunityDamage: Type.Optional(Type.Integer()),
  roll: Type.Optional(Type.Integer({ description: 'The d20.' })),
  natural: Type.Optional(Nullable(StringEnum(['natural-1', 'natural-20'] as const))),
  modifier: Type.Optional(Type.Integer({ description: 'The actor\'s bonus; the sum of `breakdown`.' })),
  total: Type.Optional(Type.Integer()),
  breakdown: Type.Optional(BreakdownSchema),
  against: Type.Optional(Type.Integer({ description: 'The number to meet: touch AC, CMD or DC.' })),
  againstLabel: Type.Optional(Type.String({ description: 'What `against` is.' })),
  againstBreakdown: Type.Optional({ ...BreakdownSchema, description: 'How `against` was built (base 10 for an AC, CMD or DC).' }),
  acType: Type.Optional(Type.String({ description: 'Touch attack: `touch` or `touch-flat-footed`.' })),
  margin: Type.Optional(Type.Integer({ description: 'total − against; the per-5 results count it.' })),
  sides: Type.Optional(Type.Array(CheckSideSchema, { description: 'Opposed check: the actor\'s side, then its opponent\'s.' })),
  winner: Type.Optional(Type.String({ description: 'Opposed check: the winning role.' })),
  tieBreak: Type.Optional(Nullable(Type.Object({
    rule: StringEnum(['higher-modifier', 'reroll'] as const),
    rerolls: Type.Array(Type.Object({ actor: Type.Integer(), opponent: Type.Integer() }, { additionalProperties: false }), { description: 'The re-rolled d20s, one pair per round.' })
  }, { additionalProperties: false }), { description: 'How equal totals were settled; null when the totals differed.' })),
  damage: Type.Optional(DamageSchema)
}, { title: 'ManeuverStep', description: 'One step of a grapple or maneuver: the check made and its outcome.', additionalProperties: false })

export const ConditionStateSchema = Type.Object({
  attacker: Type.Array(Type.String()),
  defender: Type.Array(Type.String()),
  others: Type.Array(Type.Array(Type.String()), { description: 'Conditions of each of `others`, in request order.' })
}, { title: 'ManeuverConditions', additionalProperties: false, description: 'The conditions each side has afterwards (its input conditions, changed by the outcome).' })

export const EffectSchema = Type.Object({
  pushFeet: Type.Optional(Type.Integer({ description: 'Bull rush: feet the defender is pushed (if the attacker follows).' })),
  moveFeet: Type.Optional(Nullable(Type.Integer(), { description: 'Feet moved (grapple move: half speed; null without `speedFeet`; drag, reposition).' })),
  durationRounds: Type.Optional(Type.Integer({ description: 'Dirty trick: rounds the condition lasts.' })),
  condition: Type.Optional(Type.String({ description: 'Dirty trick: the condition imposed.' })),
  itemsDropped: Type.Optional(Type.Integer({ description: 'Disarm: items the defender drops.' })),
  attackerHoldsItem: Type.Optional(Type.Boolean({ description: 'Disarm: an unarmed attacker now holds the item.' })),
  attackerDropsWeapon: Type.Optional(Type.Boolean({ description: 'pf1e disarm failed by 10 or more, or a counter-disarm succeeded.' })),
  itemDamage: Type.Optional(Type.Integer({ description: 'Sunder: damage to the item after hardness.' })),
  itemHitPointsLeft: Type.Optional(Type.Integer()),
  itemBroken: Type.Optional(Type.Boolean()),
  itemDestroyed: Type.Optional(Type.Boolean()),
  escapeDc: Type.Optional(Type.Integer({ description: 'pf1e tie-up: the DC to escape the bonds.' })),
  followUpAttackPenalty: Type.Optional(Type.Integer({ description: 'The penalty on the attack the success allows (use an opponent\'s weapon: −4).' })),
  attackBonus: Type.Optional(Type.Integer({ description: 'variant drive back: the bonus the attack gets when the target stands.' })),
  deniesDexToNextMeleeAttack: Type.Optional(Type.Boolean({ description: 'Feint: the next melee attack ignores the target\'s Dex bonus.' })),
  pinBroken: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Type.Array(Type.String(), { description: 'What the table does next.' }))
}, { title: 'ManeuverEffect', additionalProperties: false, description: 'The results the rules name beyond conditions; only the fields that apply are present.' })

export const ManeuverAppliedConditionsSchema = Type.Object({
  attacker: AppliedConditionsSchema,
  defender: AppliedConditionsSchema,
  others: Type.Array(AppliedConditionsSchema, { description: 'Those of each of `others`, in request order.' })
}, { additionalProperties: false, title: 'ManeuverAppliedConditions', description: 'The conditions applied to each side before the action (`state`: afterwards). Always present.' })

const resultProperties = {
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  success: Type.Boolean({ description: 'Whether the action or maneuver achieved its aim.' }),
  steps: Type.Array(StepSchema, { description: 'Each step of the procedure that happened, in order.' }),
  conditions: Type.Optional(ManeuverAppliedConditionsSchema),
  state: ConditionStateSchema,
  damage: Nullable(DamageSchema, { description: 'Damage dealt to the defender, or null.' }),
  effect: EffectSchema,
  rolls: RollsSchema
}

export const GrappleResponseSchema = Type.Object({
  action: Type.String(),
  ...resultProperties
}, { title: 'GrappleResult', description: 'The grapple action\'s steps, outcome, conditions and effect.', additionalProperties: false })

export const ManeuverResponseSchema = Type.Object({
  maneuver: Type.String(),
  ...resultProperties
}, { title: 'ManeuverResult', description: 'The maneuver\'s steps, outcome, conditions and effect.', additionalProperties: false })

export type GrappleRequest = Static<typeof GrappleRequestSchema>
export type ManeuverRequestBody = Static<typeof ManeuverRequestSchema>
