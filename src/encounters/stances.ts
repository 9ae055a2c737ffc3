// What an action leaves on its actor or on others for a while (docs/rules.md
// §105–§111): the stance conditions a charge, fighting defensively, total
// defense, a desperate attack or fighting back-to-back store until the start
// of the actor's next turn, and the aid and aims a combatant holds. flow.ts
// ends them when that turn begins; the actions here set and use them.
import type { Draft } from './flow.js'
import type { CombatantState, ConditionRecord, Pending } from './model.js'

/** The conditions an action stores "until the start of the actor's next turn" (docs/rules.md §106). */
export const OWN_TURN_STANCES: ReadonlySet<string> = new Set(['charging', 'fighting-defensively', 'total-defense', 'desperate-attack', 'back-to-back'])

/** The stances during which a combatant makes no attacks of opportunity or reaction attacks (SRD 3.5 › Total Defense; variant › Total Defense). */
export const NO_REACTION_STANCES: ReadonlySet<string> = new Set(['total-defense'])

/**
 * The end shown for a stance that lasts until the start of the actor's next
 * turn: dnd35/pf1e the actor's count in the next round (it expires as that
 * count comes, docs/rules.md §69); the variant re-rolls initiative each
 * round, so the next round with no count, and the stance ends as the actor's
 * turn begins in it (docs/rules.md §106).
 */
export function untilNextTurn (draft: Draft, c: CombatantState): ConditionRecord['endsAt'] {
  const { state, ruleset } = draft
  const count = state.turn?.combatantId === c.id ? state.turn.initiativeCount : c.initiative
  if (ruleset.turnFlow.durationsEnd === 'end-of-round' || count === null) return { round: state.round + 1, initiativeCount: null }
  return { round: state.round + 1, initiativeCount: count }
}

/** The end of the current round (dnd35 fighting defensively, SRD 3.5 › Fighting Defensively: "for the same round"). */
export function endOfThisRound (draft: Draft): ConditionRecord['endsAt'] {
  return { round: draft.state.round, initiativeCount: null }
}

/** What of a combatant's holdings survives the start of its turn in `round`: only an aim taken the round before (variant › Take Aim). */
export function keptAtTurnStart (pending: readonly Pending[], round: number): Pending[] {
  return pending.filter((p) => p.kind === 'aim' && p.round === round - 1)
}

/** A short label for the applied list and breakdown sources. */
export function pendingLabel (p: Pending): string {
  return p.kind === 'aid' ? `aid another (${p.choice}) for ${p.ally} against ${p.opponent}` : `aim at ${p.target}`
}
