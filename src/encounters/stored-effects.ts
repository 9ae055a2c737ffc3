// A combatant's lasting effects in an encounter (docs/rules.md §96): kept in
// its stat block's `effects`, where every mechanic reads them, each with the
// end its duration gives it (docs/rules.md §69), as conditions keep theirs.
import type { StatBlockEffect } from '../rules/combatant.js'
import { frozenStatBlock } from './combatants.js'
import type { Draft } from './flow.js'
import type { CombatantState, ConditionRecord } from './model.js'

export interface StoredEffect extends StatBlockEffect {
  endsAt?: ConditionRecord['endsAt']
}

export function storedEffects (c: CombatantState): readonly StoredEffect[] {
  const list = c.statBlock.effects
  return Array.isArray(list) ? list as StoredEffect[] : NO_EFFECTS
}

/** One list for every combatant without lasting effects (the turn flow asks about each at every turn). */
const NO_EFFECTS: readonly StoredEffect[] = Object.freeze([])

function setEffects (draft: Draft, c: CombatantState, next: StoredEffect[], added: string[], removed: string[], cause: string): void {
  // A new stat block, never a change to the one held: a simulation's runs share stat blocks (docs/rules.md §140).
  const statBlock = { ...c.statBlock }
  if (next.length === 0) delete statBlock.effects
  else statBlock.effects = next
  c.statBlock = frozenStatBlock(statBlock)
  if (added.length + removed.length > 0) draft.applied.push({ kind: 'effects', combatantId: c.id, added, removed, cause })
}

/** Add an effect; one of the same source and target is replaced (a spell cast again renews its duration). */
export function addEffect (draft: Draft, c: CombatantState, effect: StoredEffect, cause: string): void {
  const rest = storedEffects(c).filter((e) => !(e.source === effect.source && e.target === effect.target))
  setEffects(draft, c, [...rest, effect], [effect.source], [], cause)
}

/** Remove every effect of a source; the number removed. */
export function removeEffects (draft: Draft, c: CombatantState, source: string, cause: string): number {
  const list = storedEffects(c)
  const next = list.filter((e) => e.source !== source)
  if (next.length !== list.length) setEffects(draft, c, next, [], [source], cause)
  return list.length - next.length
}

/** Whether an end is reached when count `count` of round `round` is about to act (null: the round's start). */
export function isOver (endsAt: ConditionRecord['endsAt'] | undefined, round: number, count: number | null): boolean {
  if (endsAt === null || endsAt === undefined) return false
  if (endsAt.round < round) return true
  if (endsAt.round > round || endsAt.initiativeCount === null || count === null) return false
  return endsAt.initiativeCount >= count
}

/** Remove the effects whose time is up, as conditions end (docs/rules.md §69). */
export function expireEffects (draft: Draft, round: number, count: number | null): void {
  for (const c of draft.state.combatants) {
    const list = storedEffects(c)
    if (list.length === 0) continue
    const next = list.filter((e) => !isOver(e.endsAt, round, count))
    if (next.length === list.length) continue
    const removed = [...new Set(list.filter((e) => !next.includes(e)).map((e) => e.source))]
    setEffects(draft, c, next, [], removed, 'duration ended')
  }
}
