// What an encounter action is: one module per action type
// (src/encounters/actions/<type>.ts) gives all of it, and the registry
// (./index.ts) builds the request schema, the cost table, the options list and
// the documentation from them.
import { RemoveOptional, Type, type TObject, type TSchema } from 'typebox'
import type { Ruleset } from '../../rules/rulesets/types.js'
import type { Slot } from '../../rules/turn-flow.js'
import { DomainError } from '../../rules/errors.js'
import { combatantById, type Draft } from '../flow.js'
import type { CombatantState, EncounterState } from '../model.js'
import { missing, unknownCombatant } from '../problems.js'

export type ActionBody = Record<string, unknown>

export interface ActionContext {
  draft: Draft
  /** The action body as the client sent it (without `type`), the seed filled in. */
  body: ActionBody
  /** The acting combatant, when the body names one. */
  actor: CombatantState | null
}

export interface EncounterAction {
  type: string
  /**
   * The body this action takes, `type` aside: its required and optional
   * fields (TypeBox). A field it needs and lacks is a 422 `missing-field`, a
   * field it does not take a 422 `not-possible`, each naming the field.
   */
  body: TObject
  /** Fields of which exactly one must be given (`add` or `remove`). */
  oneOf?: readonly string[]
  /**
   * The schema of what `handle` returns, the `result` of its response and of
   * its logged event (TypeBox): the stateless endpoint's response schema, or
   * `Type.Null()` for bookkeeping. Required, so the document types every
   * action's outcome.
   */
  result: TSchema
  /** The schema its `options` must fit (the stateless endpoint's options), if it takes any. */
  options?: TSchema
  /**
   * The slot of the turn's action budget it spends, per ruleset: a slot, null
   * for none, or a function of the ruleset and body (which may refuse with a
   * DomainError when the ruleset has no such action). `restricted`: the actor
   * may take only one standard or move action this turn (surprise round,
   * staggered, disabled), where some full-round actions shrink to a standard one.
   */
  cost: Slot | null | ((ruleset: Ruleset, body: ActionBody, restricted: boolean) => Slot | null)
  /** A GM may use it at any time, off any turn (always, or in the states the function accepts). */
  gm?: boolean | ((state: EncounterState) => boolean)
  /**
   * It makes an attack roll or something like one (a maneuver, a grapple
   * check), which conditions such as nauseated or panicked forbid (docs/rules.md §73).
   */
  attack?: boolean
  /** It casts a spell, which conditions such as nauseated forbid whatever its casting time (docs/rules.md §146). */
  spell?: boolean
  /** It may be taken off the actor's turn with `offTurn: true` (a reaction), for this body. */
  offTurn?: (ruleset: Ruleset, body: ActionBody) => boolean
  /** One Markdown line for the operation's description: the fields and what it costs. */
  description: string
  /** Carry it out on the draft; returns the result to log (the stateless endpoint's answer) or null. */
  handle: (context: ActionContext) => unknown
}

/** The action's own body object: `type` fixed to its name, then its fields. */
export function actionBody (type: string, required: Record<string, TSchema>, optional: Record<string, TSchema>): TObject {
  const properties: Record<string, TSchema> = { type: Type.Literal(type) }
  for (const [name, schema] of Object.entries(required)) properties[name] = RemoveOptional(schema) as TSchema
  for (const [name, schema] of Object.entries(optional)) properties[name] = Type.Optional(schema)
  return Type.Object(properties, { additionalProperties: false })
}

/** The combatant a body field names, or a 422 naming that field. */
export function combatant (draft: Draft, id: unknown, path: string): CombatantState {
  if (typeof id !== 'string') throw missing(path, `${path.slice(1)} is required for this action`)
  const c = combatantById(draft.state, id)
  if (!c) throw unknownCombatant(id, path)
  return c
}

/**
 * A stored combatant handed to an operation in place of the object the
 * stateless body would carry: `from` is where the operation sees it
 * (`/attacker`), `to` the body field that named it (`/actor`), `sent` the
 * fields of that object the client sent itself, whose paths stand as they are.
 */
export interface Reference { from: string, to: string, id: string, sent?: readonly string[] }

/**
 * Run an operation on stored combatants and rebase the paths of its errors
 * onto the action body the client sent: a field of a stored stat block is
 * named by the body field that referenced the combatant (`/target`, not
 * `/target/conditions`), the stat-block field kept in the message.
 */
export function inBody<T> (references: readonly Reference[], fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    if (error instanceof DomainError) {
      for (const field of error.errors) {
        const ref = references.find((r) => field.path === r.from || field.path.startsWith(`${r.from}/`))
        if (!ref) continue
        const rest = field.path.slice(ref.from.length)
        if (ref.sent?.includes(rest.split('/')[1] ?? '')) continue
        field.path = ref.to
        if (rest !== '') field.message = `${field.message} (combatant "${ref.id}": ${rest.slice(1)})`
      }
    }
    throw error
  }
}

/** The ruleset's own name of a slot of the action budget (`standard`, variant `major`…). */
export function slotLabel (ruleset: Ruleset, slot: Slot): string {
  const s = ruleset.turnFlow.slots
  return { primary: s.primary, secondary: s.secondary, fullRound: s.fullRound, swift: s.swift ?? 'swift', free: s.free }[slot]
}
