// Casting a spell in an encounter (docs/rules.md §116): it spends its casting
// time's action, provokes the creatures the caller says threaten the caster
// (unless cast defensively, or swift or free), and rolls each concentration
// check the situation requires, through the same operation as POST /v1/concentration.
import { concentration } from '../../application/concentration.js'
import { resolutionEcho } from '../../application/resolution.js'
import type { ConcentrationOutcome } from '../../rules/concentration/check.js'
import { DomainError } from '../../rules/errors.js'
import { concentrationPolicy } from '../../rules/concentration/check.js'
import type { ConcentrationSituation } from '../../rules/concentration/policy.js'
import { effectiveStats } from '../../rules/effects.js'
import type { Ruleset } from '../../rules/rulesets/types.js'
import type { Slot } from '../../rules/turn-flow.js'
import { CAST_FIELDS as C, CastResultSchema } from '../../schemas/concentration.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf, isDown } from '../combatants.js'
import type { Draft } from '../flow.js'
import type { CombatantState } from '../model.js'
import { actionBody, combatant, inBody, type ActionBody, type EncounterAction } from './types.js'

const SLOTS: Record<string, Slot> = { standard: 'primary', 'full-round': 'fullRound', swift: 'swift', free: 'free' }

/** A swift or free casting (a quickened spell) does not provoke (SRD 3.5 › Feats › Quicken Spell; PRD › Feats › Quicken Spell). */
const PROVOKING = new Set(['standard', 'full-round'])

function castCost (ruleset: Ruleset, body: ActionBody): Slot {
  concentrationPolicy(ruleset, '/type')
  return SLOTS[String(body.castingTime)] ?? 'primary'
}

/** Who of the stated threateners may take the attack of opportunity now, and why the others may not. */
function opportunities (draft: Draft, caster: CombatantState, ids: readonly string[]) {
  const { ruleset } = draft
  const flow = ruleset.turnFlow
  const may: string[] = []
  const cannot: Array<{ id: string, reason: string }> = []
  ids.forEach((id, i) => {
    const c = combatant(draft, id, `/threatenedBy/${i}`)
    if (c.id === caster.id) return cannot.push({ id, reason: 'the caster itself' })
    const view = creatureOf(c, ruleset)
    if (isDown(c, ruleset)) return cannot.push({ id, reason: c.hitPoints?.status ?? 'out of the fight' })
    if (c.conditions.some((x) => x.name === flow.flatFootedCondition) && !flow.reactsWhileFlatFooted(view)) return cannot.push({ id, reason: flow.flatFootedCondition })
    if (c.reactionsUsed >= flow.reactionsPerRound(view as never)) return cannot.push({ id, reason: `no ${flow.slots.reaction} left this round` })
    may.push(id)
  })
  return { may, cannot }
}

/** The checks the situation requires, in the order they are rolled: held in a grapple, entangled, defensively, motion, damage. */
function situations (draft: Draft, caster: CombatantState, body: ActionBody): ConcentrationSituation[] {
  const policy = concentrationPolicy(draft.ruleset, '/type')
  const found = new Set<ConcentrationSituation>()
  for (const e of effectiveStats(draft.ruleset, creatureOf(caster, draft.ruleset)).effects) {
    const situation = policy.conditionSituations[e.name]
    if (situation !== undefined) found.add(situation)
  }
  const out: ConcentrationSituation[] = (['grappled', 'entangled'] as const).filter((s) => found.has(s))
  if (body.defensively === true) out.push('defensive')
  if (body.motion !== undefined) out.push(body.motion === 'violent' ? 'violent-motion' : 'vigorous-motion')
  if (body.damageTaken !== undefined) out.push('damaged')
  return out
}

export const cast: EncounterAction = {
  type: 'cast',
  body: actionBody('cast', { actor: F.actor, spellLevel: C.spellLevel, castingTime: C.castingTime, description: F.description }, {
    defensively: C.defensively, threatenedBy: C.threatenedBy, damageTaken: C.damageTaken, grapplerCmb: C.grapplerCmb, motion: C.motion, readied: F.readied, seed: F.seed, dice: F.dice
  }),
  result: CastResultSchema,
  cost: castCost,
  spell: true,
  description: '`cast` (dnd35/pf1e; its `castingTime`): `actor`, `spellLevel`, `castingTime`, `description`, optional `defensively`, `threatenedBy`, `damageTaken`, `grapplerCmb`, `motion`; provokes, then a concentration check per situation.',
  handle: ({ draft, body, actor }) => {
    const caster = actor as CombatantState
    const spellLevel = body.spellLevel as number
    const list = situations(draft, caster, body)
    const usesCmb = list.some((s) => concentrationPolicy(draft.ruleset).dcs[s].addsGrapplerCmb === true)
    if (body.grapplerCmb !== undefined && !usesCmb) {
      const message = `${draft.ruleset.name} uses the grappler's CMB only for a caster held in a grapple, and ${caster.id} is not`
      throw new DomainError('inconsistent-fields', message, [{ path: '/grapplerCmb', message }])
    }
    const checks: ConcentrationOutcome[] = []
    for (const situation of list) {
      const request = {
        caster: creatureOf(caster, draft.ruleset),
        // The dispatch has checked who may cast (docs/rules.md §73, §146).
        actorMayAct: true,
        spellLevel,
        situation,
        ...(situation === 'damaged' ? { damageTaken: body.damageTaken as number } : {}),
        ...(draft.ruleset.concentration?.dcs[situation].addsGrapplerCmb === true && body.grapplerCmb !== undefined ? { grapplerCmb: body.grapplerCmb as number } : {})
      }
      const check = inBody([{ from: '/caster', to: '/actor', id: caster.id }], () => concentration(draft, request))
      checks.push(check)
      if (!check.success) break
    }
    const provokes = PROVOKING.has(String(body.castingTime)) && body.defensively !== true
    const threats = (body.threatenedBy as string[] | undefined) ?? []
    // The ids are checked either way: a wrong one is an error, not silently ignored.
    const reactions = opportunities(draft, caster, threats)
    const { may, cannot } = provokes ? reactions : { may: [], cannot: [] }
    return {
      ...resolutionEcho(draft),
      description: body.description,
      spellLevel,
      castingTime: body.castingTime,
      defensively: body.defensively === true,
      provokes,
      attacksOfOpportunity: may,
      cannotReact: cannot,
      concentrationChecks: checks,
      spellCast: checks.every((c) => c.success)
    }
  }
}
