import type { CombatantInput } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { DomainError, atPath, ruleNotDefined } from '../errors.js'
import { appliedConditions } from '../effects.js'
import type { Ruleset } from '../rulesets/types.js'
import type { Participant } from './checks.js'
import { resolveCombatManeuverGrapple } from './grapple-cmb.js'
import { resolveOpposedGrapple } from './grapple-opposed.js'
import type { ManeuverProcedure } from './context.js'
import { COMBAT_MANEUVERS } from './maneuvers-cmb.js'
import { OPPOSED_MANEUVERS } from './maneuvers-opposed.js'
import { STRENGTH_MANEUVERS } from './maneuvers-strength.js'
import type { ManeuverSystem } from './policy.js'
import type { ManeuverRequest, ManeuverResult } from './types.js'
import { assertCanAct } from '../can-act.js'

export type { ManeuverPolicy } from './policy.js'
export type { ManeuverRequest, ManeuverResult } from './types.js'

/** Every grapple action any ruleset defines (an action outside this list is a 400). */
export const GRAPPLE_ACTIONS = ['start', 'maintain', 'damage', 'pin', 'escape', 'move', 'break-pin', 'use-opponent-weapon', 'tie-up', 'release'] as const

export function participants (request: ManeuverRequest): { attacker: Participant, defender: Participant, others: Participant[] } {
  return {
    attacker: { role: 'attacker', path: '/attacker', combatant: request.attacker },
    defender: { role: 'defender', path: '/defender', combatant: request.defender },
    others: (request.others ?? []).map((combatant: CombatantInput, i) => ({ role: `others/${i}`, path: `/others/${i}`, combatant }))
  }
}

/**
 * Resolve one grapple action under the ruleset's grapple policy (docs/rules.md
 * §P4.1, §P4.4). A ruleset without grapple rules, or without this action, is a
 * 422 `rule-not-defined`.
 */
export function resolveGrapple (ruleset: Ruleset, dice: Dice, action: string, request: ManeuverRequest): ManeuverResult {
  const policy = ruleset.maneuvers.grapple
  if (policy === null) {
    throw new DomainError('rule-not-defined', `${ruleset.name} does not define grappling (its grapple rules are "(WIP) TBD"), so no grapple action can be resolved`, [{ path: '/action', message: `${ruleset.name} does not define grappling` }])
  }
  if (!ruleset.capabilities.grappleActions.includes(action)) {
    throw ruleNotDefined(ruleset.name, `the grapple action "${action}" (it defines: ${ruleset.capabilities.grappleActions.join(', ')})`, '/action')
  }
  // docs/rules.md §73: a grapple action is an attack (a standard action) its actor's conditions may forbid.
  if (request.actorMayAct !== true) assertCanAct(ruleset, request.attacker, { attack: true, slot: 'primary' }, '/attacker')
  const parts = participants(request)
  const options = request.options ?? {}
  const conditions = sidesConditions(ruleset, request)
  const result = policy.kind === 'opposed-checks'
    ? resolveOpposedGrapple(ruleset, policy, dice, action, parts, options)
    : resolveCombatManeuverGrapple(ruleset, policy, dice, action, parts, options)
  return withConditions(result, conditions)
}

/** Each side's applied conditions before the action (docs/rules.md §88), computed before the procedure changes anything. */
export function sidesConditions (ruleset: Ruleset, request: ManeuverRequest): NonNullable<ManeuverResult['conditions']> {
  return {
    attacker: atPath('/attacker', () => appliedConditions(ruleset, request.attacker)),
    defender: atPath('/defender', () => appliedConditions(ruleset, request.defender)),
    others: (request.others ?? []).map((c, i) => atPath(`/others/${i}`, () => appliedConditions(ruleset, c)))
  }
}

/** The result with `conditions` after `steps`, the order the response schema lists them. */
function withConditions (result: ManeuverResult, conditions: NonNullable<ManeuverResult['conditions']>): ManeuverResult {
  const { success, steps, ...rest } = result
  return { success, steps, conditions, ...rest }
}

const PROCEDURES: Record<ManeuverSystem, Record<string, ManeuverProcedure>> = {
  'opposed-checks': OPPOSED_MANEUVERS,
  'combat-maneuver': COMBAT_MANEUVERS,
  'strength-check': STRENGTH_MANEUVERS
}

/**
 * Resolve one combat maneuver under the ruleset's maneuver system (docs/rules.md
 * §P4.2, §P4.3, §P4.5). A maneuver the ruleset lacks is a 422 `rule-not-defined`.
 */
export function resolveManeuver (ruleset: Ruleset, dice: Dice, maneuver: string, request: ManeuverRequest): ManeuverResult {
  const procedure = ruleset.capabilities.maneuvers.includes(maneuver) ? PROCEDURES[ruleset.maneuvers.maneuvers][maneuver] : undefined
  if (procedure === undefined) {
    throw ruleNotDefined(ruleset.name, `the maneuver "${maneuver}" (it defines: ${ruleset.capabilities.maneuvers.join(', ')})`, '/maneuver')
  }
  if (request.actorMayAct !== true) assertCanAct(ruleset, request.attacker, { attack: true, slot: 'primary', charge: request.options?.charging === true }, '/attacker')
  const { attacker, defender } = participants(request)
  const conditions = sidesConditions(ruleset, request)
  return withConditions(procedure({ ruleset, dice, maneuver, attacker, defender, options: request.options ?? {} }), conditions)
}
