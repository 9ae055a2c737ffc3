// Behaviour rolls in an encounter (docs/rules.md §117): a confused combatant
// rolls what it does at the start of its turn, and the actions that behaviour
// rules out are refused on that turn. The tables are the ruleset's data
// (`behaviourRolls`, by condition name); nothing here names a condition.
import { rollBehaviour, type BehaviourAllows } from '../rules/behaviour.js'
import { effectiveStats } from '../rules/effects.js'
import { creatureOf, isDown } from './combatants.js'
import type { Draft } from './flow.js'
import { applyBlow } from './harm.js'
import type { CombatantState, ConditionRecord, EncounterState } from './model.js'
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
  // A counted loop (V8 optimises `for…of` less well here): every turn of a simulated fight begins here.
  const conditions = c.conditions
  for (let i = 0; i < conditions.length; i++) {
    const record = conditions[i] as ConditionRecord
    const table = tables[record.name]
    if (table === undefined) continue
    // docs/rules.md §147: attacked since its last turn, it attacks those attackers still in the fight, without a roll.
    const attackers = (record.attackedBy ?? []).filter((id) => {
      const other = draft.state.combatants.find((x) => x.id === id)
      return other !== undefined && !isDown(other, draft.ruleset)
    })
    delete record.attackedBy
    if (table.whenAttacked !== undefined && attackers.length > 0) {
      const { behaviour, allows } = table.whenAttacked
      // Keys in jsonb's order (shorter first), as below.
      record.behaviour = { round: draft.state.round, allows, targets: attackers, behaviour }
      draft.applied.push({ kind: 'behaviour', combatantId: c.id, condition: record.name, behaviour, allows, targets: attackers })
      continue
    }
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

/**
 * A 409 when the behaviour rolled at the start of this turn rules the action
 * out; with `targets` (attack its attackers, docs/rules.md §147) an attack at
 * anyone else is a 409 naming `/target`.
 */
export function refuseByBehaviour (state: EncounterState, actor: CombatantState, type: string, target: unknown): void {
  for (const record of actor.conditions) {
    const b = record.behaviour
    if (b === undefined || b.round !== state.round) continue
    const why = b.roll === undefined ? `"${b.behaviour}" (attacked by ${(b.targets ?? []).join(', ')})` : `"${b.behaviour}" (d% ${b.roll})`
    const allowed = ALLOWED[b.allows]
    if (allowed !== null && !allowed.has(type)) {
      throw conflict(`${actor.id} is ${record.name} and rolled ${why} this turn: it may only ${[...allowed].join(', ')}, not ${type}`, '/type')
    }
    if (b.targets !== undefined && ATTACKS.has(type) && !b.targets.includes(String(target))) {
      throw conflict(`${actor.id} is ${record.name} and must attack its attackers this turn (${b.targets.join(', ')}), not ${String(target)}`, '/target')
    }
  }
}

/** The actions of the `attack` behaviour that strike a target. */
const ATTACKS: ReadonlySet<string> = new Set(['attack', 'full-attack'])

/**
 * Remember that `attacker` attacked `target`, on each of the target's
 * conditions whose behaviour table says what an attacked creature does
 * (confused: it attacks its attackers on its next turn; docs/rules.md §147).
 * Stored on the condition, so the log replays it and it ends with the condition.
 */
export function noteAttacked (draft: Draft, attacker: CombatantState, target: CombatantState): void {
  const tables = draft.ruleset.behaviourRolls
  if (tables === undefined || attacker.id === target.id) return
  for (const record of target.conditions) {
    if (tables[record.name]?.whenAttacked === undefined) continue
    const list = record.attackedBy ?? []
    if (!list.includes(attacker.id)) record.attackedBy = [...list, attacker.id]
  }
}
