// Behaviour rolls in an encounter (docs/rules.md §117): a confused combatant
// rolls what it does at the start of its turn, and the actions that behaviour
// rules out are refused on that turn. The tables are the ruleset's data
// (`behaviourRolls`, by condition name); nothing here names a condition.
import { rollBehaviour, type BehaviourAllows } from '../rules/behaviour.js'
import { effectiveStats } from '../rules/effects.js'
import { creatureOf } from './combatants.js'
import type { Draft } from './flow.js'
import { applyBlow } from './harm.js'
import type { CombatantState, EncounterState } from './model.js'
import { conflict } from './problems.js'

/** The encounter actions each behaviour leaves the combatant on its own turn (null: any). */
const ALLOWED: Record<BehaviourAllows, ReadonlySet<string> | null> = {
  any: null,
  none: new Set(['end-turn']),
  move: new Set(['move', 'end-turn']),
  attack: new Set(['attack', 'full-attack', 'move', 'end-turn'])
}

/**
 * At the start of `c`'s turn: one roll per condition it has that its ruleset
 * gives a behaviour table, kept on the condition and reported as part of the
 * event that begins the turn; a behaviour that hurts the creature itself is
 * rolled and applied at once (dice order: the d%, then its damage dice).
 */
export function rollBehaviours (draft: Draft, c: CombatantState): void {
  const tables = draft.ruleset.behaviourRolls
  if (tables === undefined) return
  for (const record of c.conditions) {
    const table = tables[record.name]
    if (table === undefined) continue
    const { roll, band } = rollBehaviour(table, record.name, draft.dice)
    // Keys in the order PostgreSQL's jsonb keeps them (shorter first), so a replayed state is the stored one byte for byte.
    record.behaviour = { roll: roll.roll, round: draft.state.round, allows: roll.allows, behaviour: roll.behaviour }
    draft.applied.push({ kind: 'behaviour', combatantId: c.id, ...roll })
    if (band.selfDamage !== undefined) {
      const die = draft.dice.roll(band.selfDamage.faces, 'behaviour damage')
      const modifier = effectiveStats(draft.ruleset, creatureOf(c, draft.ruleset)).ability(band.selfDamage.ability) ?? 0
      const { amount, nonlethal } = draft.ruleset.minimumDamage
      const total = die + modifier
      applyBlow(draft, c, total < amount ? { amount, nonlethal } : { amount: total }, `${record.name}: ${roll.behaviour} (1d${band.selfDamage.faces} ${die} ${modifier < 0 ? '−' : '+'} ${Math.abs(modifier)})`)
    }
  }
}

/** A 409 when the behaviour rolled at the start of this turn rules the action out. */
export function refuseByBehaviour (state: EncounterState, actor: CombatantState, type: string): void {
  for (const record of actor.conditions) {
    const b = record.behaviour
    if (b === undefined || b.round !== state.round) continue
    const allowed = ALLOWED[b.allows]
    if (allowed === null || allowed.has(type)) continue
    throw conflict(`${actor.id} is ${record.name} and rolled "${b.behaviour}" (d% ${b.roll}) this turn: it may only ${[...allowed].join(', ')}, not ${type}`, '/type')
  }
}
