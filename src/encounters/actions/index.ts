// The registry of encounter actions: one module per action type, one line
// each here. The request schema, the cost table, the options each action
// takes and the operation's documentation are built from it; adding an
// action is its module and its registerAction line.
import type { Slot } from '../../rules/turn-flow.js'
import type { Ruleset } from '../../rules/rulesets/types.js'
import type { DomainErrorField } from '../../rules/errors.js'
import type { EncounterState } from '../model.js'
import type { ActionBody, EncounterAction } from './types.js'
import { attack } from './attack.js'
import { fullAttack } from './full-attack.js'
import { coupDeGrace } from './coup-de-grace.js'
import { save } from './save.js'
import { grappleAction } from './grapple.js'
import { maneuverAction } from './maneuver.js'
import { turn } from './turn.js'
import { damage } from './damage.js'
import { heal } from './heal.js'
import { condition } from './condition.js'
import { effect } from './effect.js'
import { move } from './move.js'
import { act } from './act.js'
import { delay } from './delay.js'
import { ready } from './ready.js'
import { endTurn } from './end-turn.js'
import { end } from './end.js'
import { aid } from './aid.js'
import { charge } from './charge.js'
import { totalDefense } from './total-defense.js'
import { desperateAttack } from './desperate-attack.js'
import { takeAim } from './take-aim.js'
import { intercept } from './intercept.js'
import { backToBack } from './back-to-back.js'
import { driveBack } from './drive-back.js'
import { cast } from './cast.js'

export type { ActionBody, ActionContext, EncounterAction } from './types.js'

interface Registered {
  action: EncounterAction
  /** The body fields it needs, in the order they are reported missing. */
  required: readonly string[]
  /** Every body field it takes, `type` included. */
  allowed: ReadonlySet<string>
}

const ACTIONS = new Map<string, Registered>()

/** Add an action type. Its fields must come from ACTION_FIELDS or be its own; a type is registered once. */
export function registerAction (action: EncounterAction): void {
  if (ACTIONS.has(action.type)) throw new Error(`the action type "${action.type}" is registered already`)
  const required = (action.body.required ?? []).filter((name) => name !== 'type')
  ACTIONS.set(action.type, { action, required, allowed: new Set(Object.keys(action.body.properties)) })
}

// Every action may carry seed and dice: even one that rolls nothing itself is logged with the seed it ran under.
registerAction(attack)
registerAction(fullAttack)
registerAction(coupDeGrace)
registerAction(save)
registerAction(grappleAction)
registerAction(maneuverAction)
registerAction(turn)
registerAction(damage)
registerAction(heal)
registerAction(condition)
registerAction(effect)
registerAction(move)
registerAction(act)
registerAction(delay)
registerAction(ready)
registerAction(endTurn)
registerAction(end)
registerAction(aid)
registerAction(charge)
registerAction(totalDefense)
registerAction(desperateAttack)
registerAction(takeAim)
registerAction(intercept)
registerAction(backToBack)
registerAction(driveBack)
registerAction(cast)

export function actionOf (type: string): EncounterAction | undefined {
  return ACTIONS.get(type)?.action
}

/** The registered actions, in registration order. */
export function registeredActions (): EncounterAction[] {
  return [...ACTIONS.values()].map((r) => r.action)
}

/** The slot an action spends on its actor's turn under this ruleset (null: none). */
export function actionCost (action: EncounterAction, ruleset: Ruleset, body: ActionBody, restricted = false): Slot | null {
  return typeof action.cost === 'function' ? action.cost(ruleset, body, restricted) : action.cost
}

/** Whether a GM may apply it now, off any turn. */
export function isGmAction (action: EncounterAction, state: EncounterState): boolean {
  return typeof action.gm === 'function' ? action.gm(state) : action.gm === true
}

/**
 * Which fields of the body do not go with its action type: the schema lists
 * every field any action takes, so a field an action needs and lacks, or one
 * it does not use, is named here and nothing a client sends is silently ignored.
 */
export function actionFieldProblems (type: string, body: ActionBody): DomainErrorField[] {
  const registered = ACTIONS.get(type)
  if (!registered) return [{ path: '/type', message: `unknown action type "${type}"` }]
  const { action, required, allowed } = registered
  const problems: DomainErrorField[] = []
  for (const field of required) {
    if (body[field] === undefined) problems.push({ path: `/${field}`, message: `is required for ${type}` })
  }
  if (action.oneOf) {
    const given = action.oneOf.filter((f) => body[f] !== undefined)
    if (given.length !== 1) problems.push({ path: `/${action.oneOf[given.length === 0 ? 0 : 1] as string}`, message: `${type} takes exactly one of ${action.oneOf.join(', ')}` })
  }
  for (const field of Object.keys(body)) {
    if (!allowed.has(field)) problems.push({ path: `/${field}`, message: `does not apply to ${type}` })
  }
  return problems
}
