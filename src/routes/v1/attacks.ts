import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AttackOddsRequestSchema, AttackRequestSchema, AttackResponseSchema } from '../../schemas/attacks.js'
import { AttackOddsResponseSchema } from '../../schemas/attack-odds.js'
import { errorResponses } from '../../schemas/common.js'
import { startResolution } from '../../application/resolution.js'
import { attackOdds, attackReport, resolveAttack } from '../../application/attacks.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import { MAX_DAMAGE_DICE_PER_ACTION } from '../../rules/attacks/resolve.js'
import { ODDS_COST, ODDS_LIMITS } from '../../rules/attacks/odds.js'
import type { AttackRequest } from '../../rules/attacks/request.js'

const INPUTS = 'Feats read: attacker `weapon-finesse`, `precise-shot`, `two-weapon-fighting`, `improved-two-weapon-fighting`, `greater-two-weapon-fighting`, `improved-unarmed-strike`; target `uncanny-dodge`, `immune-to-critical-hits` (no threat, no coup de grace). Attacker conditions: `prone` (−4 melee; ranged only with a weapon named crossbow, or shuriken in dnd35/pf1e), `squeezing`, `dazzled`, `entangled`, `shaken`, `frightened`, `grappling`/`grappled`, `invisible` (+2, target loses Dex), `blinded` (50% miss chance); variant `bloodied`, `wounded`, `sickened`, `disoriented`, `back-to-back`. Target conditions choose the AC (flat-footed/off-guard, helpless, stunned, blinded, cowering, prone, pinned, squeezing, grappling, charging, …) and `invisible` gives a 50% miss chance. In a coup de grace, concealment is not rolled: finding the creature is the caller\'s earlier round.'

const DICE_ORDER = 'Dice order, for each attack in turn (primary attacks highest bonus first, then the off hand): the attack d20 (`attack`); the confirmation d20 (`confirm`) if the attack threatens (never in `variant`); the d% (`miss-chance`, die 100) if the attack hit and a miss chance applies (it misses at or below the percent); then, on a hit, the weapon\'s dice (`damage`) once per point of multiplier, each in notation order, then each `extraDamage` entry once (`extra-damage`). A coup de grace rolls no attack d20 in dnd35/pf1e (automatic critical); after its damage comes the save against death: `save` (Fortitude, DC 10 + damage) or, in `variant`, `death-save`.'

const attacks: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/attacks', {
    schema: {
      tags: ['attacks'],
      operationId: 'resolveAttack',
      summary: 'Resolve an attack, a full attack or a coup de grace',
      description: `Rolls one attack (\`mode: single\`), a full attack with iterative attacks from BAB and an optional off-hand weapon (\`mode: full\`; dnd35/pf1e only), or a coup de grace against a helpless target. Every number carries its breakdown. At most ${MAX_DAMAGE_DICE_PER_ACTION} damage dice per action, counting every attack as a critical (beyond: 422 \`out-of-range\`). ${INPUTS} ${DICE_ORDER}`,
      body: AttackRequestSchema,
      response: { 200: AttackResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => {
    const resolution = startResolution(request.body, fastify.config.defaultRuleset)
    return attackReport(resolution, resolveAttack(resolution, request.body as AttackRequest))
  })

  fastify.post('/v1/attacks/odds', {
    schema: {
      tags: ['attacks'],
      operationId: 'attackOdds',
      summary: 'Exact odds of an attack action',
      description: `The same body as POST /v1/attacks without \`seed\` and \`dice\`. Computed exactly by enumerating the d20s and the d% and convolving the damage dice (no sampling): per attack \`hitChance\`, \`critChance\`, \`expectedDamage\` and \`damageDistribution\`; for the action \`expectedDamage\`, \`distribution\`, and with target \`hitPoints\`, \`dropChance\` and \`killChance\`. Bounded work, counted before any is done, so that no accepted body costs more than a few tens of milliseconds: each attack may roll at most ${ODDS_LIMITS.dicePerAttack} damage dice (critical rolls included) and span at most ${ODDS_LIMITS.spanPerAttack.toLocaleString('en-US')} damage values; the action's joint lethal × nonlethal table may have at most ${ODDS_LIMITS.jointCells.toLocaleString('en-US')} cells, and the whole computation at most ${ODDS_LIMITS.work.toLocaleString('en-US')} steps: damage dice × damage span per attack and critical roll, about ${ODDS_COST.cell} per damage value of each attack and of the action's distribution, the joint table's convolutions (twice while massive damage is possible), and, with target \`hitPoints\` or a coup de grace, ${ODDS_COST.dropCell} per cell of the table for the drop and kill chances (${ODDS_COST.deathSaveCell} in \`variant\`, whose Death save is weighed over its 20 faces). Beyond a limit the answer is a 422 \`out-of-range\` naming the \`damage\` of the attack that crosses it.`,
      body: AttackOddsRequestSchema,
      response: { 200: AttackOddsResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request) => attackOdds(getRuleset(request.body.ruleset ?? fastify.config.defaultRuleset), request.body as AttackRequest))
}

export default attacks
