import { Type, type Static } from 'typebox'
import { CombatantSchema, LIMITS, RulesetIdSchema, SeedSchema, StringEnum } from './common.js'
import { TARGET_RULES } from '../encounters/simulation/tactic.js'
import { MAX_RUNS, SIMULATION_WORK_LIMIT } from '../encounters/simulation/simulate.js'
import { ROUND_CAP } from '../encounters/simulation/fight.js'

/** A side's name: a key of `sides`, of `winners` and of `sampleSeeds` (never `draw`, which `winners` uses). */
export const SIDE_NAME_PATTERN = '^(?!draw$)[A-Za-z0-9_.-]{1,60}$'
export const MAX_SIDES = 10

const work = `${SIMULATION_WORK_LIMIT.toLocaleString('en-US')}`

export const TacticSchema = Type.Object({
  target: Type.Optional(StringEnum(TARGET_RULES, {
    description: 'Whom each creature attacks among the enemies still able to act: `lowest-hit-points` (default: current plus temporary hit points), `highest-threat` (the one that has dealt the most damage in this fight, then the highest base attack bonus), `random` (a d<n> over them in listed order, from the seed `<action seed>:target`). Ties go to the first listed.'
  })),
  fullAttack: Type.Optional(Type.Boolean({ description: 'Default true: a full attack whenever the ruleset has full attacks and the turn allows a full-round action (all creatures are taken to reach each other); false: a single attack each turn.' }))
}, { additionalProperties: false, title: 'Tactic', description: 'How every simulated creature fights. Absent fields take the default tactic (docs: full attack against the enemy with the lowest current hit points).' })

const Runs = Type.Integer({
  minimum: 1,
  maximum: MAX_RUNS,
  description: `Fights to simulate, 1–${MAX_RUNS.toLocaleString('en-US')}. The work, counted before anything runs as combatants × runs × ${ROUND_CAP} (the round cap), may be at most ${work}; beyond, a 422 \`out-of-range\` naming \`/runs\`.`
})

export const SimulationRequestSchema = Type.Object({
  ruleset: Type.Optional(RulesetIdSchema),
  // A map with named keys: `propertyNames` holds the side names to their pattern, so a bad one is a 400.
  sides: Type.Unsafe<Record<string, Array<Static<typeof CombatantSchema>>>>({
    type: 'object',
    propertyNames: { type: 'string', pattern: SIDE_NAME_PATTERN },
    additionalProperties: Type.Array(CombatantSchema, { minItems: 1, maxItems: LIMITS.listItems }),
    minProperties: 2,
    maxProperties: MAX_SIDES,
    description: `The sides by name (1–60 letters, digits, \`_\`, \`.\`, \`-\`; not \`draw\`), 2–${MAX_SIDES} of them, each a list of 1–100 stat blocks; at most 100 combatants in all (a 422 \`out-of-range\` naming \`/sides\` beyond). Every combatant needs \`hitPoints\` and \`weapons\` (the first is the one it fights with, its \`offHand\` in full attacks); a missing \`id\` becomes \`<side>-<n>\` (n from 1). Ids are unique across sides.`
  }),
  runs: Runs,
  tactic: Type.Optional(TacticSchema),
  seed: Type.Optional(SeedSchema)
}, {
  additionalProperties: false,
  title: 'SimulationRequest',
  description: 'Sides of stat blocks, how many fights to simulate, the tactic and the seed.',
  examples: [{
    ruleset: 'dnd35',
    seed: 'ambush',
    runs: 1000,
    sides: {
      party: [{ id: 'fighter', baseAttackBonus: 5, abilities: { str: 16, dex: 12, con: 14 }, armorClass: { armor: 5, shield: 2 }, hitPoints: { max: 44 }, weapons: [{ name: 'longsword', damage: '1d8', critRange: 19 }] }],
      goblins: [
        { id: 'goblin-1', size: 'small', baseAttackBonus: 1, abilities: { dex: 13 }, armorClass: { armor: 2, shield: 1 }, hitPoints: { max: 5 }, weapons: [{ name: 'morningstar', damage: '1d6' }] },
        { id: 'goblin-2', size: 'small', baseAttackBonus: 1, abilities: { dex: 13 }, armorClass: { armor: 2, shield: 1 }, hitPoints: { max: 5 }, weapons: [{ name: 'morningstar', damage: '1d6' }] }
      ]
    }
  }]
})
export type SimulationRequest = Static<typeof SimulationRequestSchema>

export const EncounterSimulationRequestSchema = Type.Object({
  runs: Runs,
  tactic: Type.Optional(TacticSchema),
  seed: Type.Optional(SeedSchema)
}, { additionalProperties: false, title: 'EncounterSimulationRequest', description: 'How many fights to simulate from the encounter\'s current state, the tactic and the seed.', examples: [{ runs: 1000, seed: 'how-bad' }] })
export type EncounterSimulationRequest = Static<typeof EncounterSimulationRequestSchema>

const Probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })
const EstimateSchema = Type.Object({
  probability: Probability('The share of runs.'),
  interval: Type.Array(Probability('A bound.'), { minItems: 2, maxItems: 2, description: 'The 95% Wilson score interval [low, high].' })
}, { additionalProperties: false, title: 'SampledProbability', description: 'A probability estimated from the runs, with its 95% Wilson score interval.' })

export const SimulationResponseSchema = Type.Object({
  ruleset: RulesetIdSchema,
  seed: SeedSchema,
  runs: Type.Integer({ description: 'Fights simulated.' }),
  winners: Type.Record(Type.String(), EstimateSchema, { description: 'Per side, the chance it is the last side with a creature able to act; `draw`: neither was after the round cap (or both went down at once).' }),
  rounds: Type.Object({
    mean: Type.Number({ description: 'Mean rounds fought, the last one counted.' }),
    histogram: Type.Array(Type.Object({
      rounds: Type.Integer({ description: `Rounds fought (1–${ROUND_CAP}).` }),
      runs: Type.Integer({ description: 'Runs that lasted that long.' }),
      probability: Probability('Their share of the runs.')
    }, { additionalProperties: false }), { description: 'Each length of fight that happened, shortest first.' })
  }, { additionalProperties: false }),
  combatants: Type.Array(Type.Object({
    id: Type.String(),
    side: Type.Union([Type.String(), Type.Null()], { description: 'Its side (null: an encounter combatant with none, which takes no part).' }),
    survival: EstimateSchema,
    meanDamageDealt: Type.Number({ description: 'Mean damage its hits rolled per run (lethal and nonlethal, before temporary hit points).' }),
    meanDamageTaken: Type.Number({ description: 'Mean damage rolled by the hits it took, per run.' })
  }, { additionalProperties: false }), { description: 'Every combatant, in roster order. Survival: not dead when the fight ends (dying or unconscious counts as surviving).' }),
  sampleSeeds: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]), { description: 'Per side, the seed of the first run it won (null: it won none), to replay as an encounter (README › Operation details › simulateFight says how).' })
}, { additionalProperties: false, title: 'SimulationResult', description: 'Sampled outcomes of the fight (never exact odds): each carries the run count and 95% Wilson intervals.' })

