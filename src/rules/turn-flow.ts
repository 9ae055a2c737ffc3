// What a turn allows, per ruleset (docs/rules.md §P7, §P8, §68–§70): the action
// budget, who may react off-turn, when the dying roll, how durations end. The
// encounter service walks the turns; the numbers and policies are here, pure.
import { modifierOf } from './abilities.js'
import { type CombatantInput, hasFeat } from './combatant.js'

export interface TurnFlowPolicy {
  /** The ruleset's names for its action slots. */
  slots: { primary: string, secondary: string, fullRound: string, swift: string | null, immediate: string | null, free: string, reaction: string }
  /** The condition every combatant starts with until its first turn (SRD 3.5 › Initiative; variant › off-guard). */
  flatFootedCondition: string
  /** Whether a combatant may react (attack of opportunity, reaction) while flat-footed. */
  reactsWhileFlatFooted: (combatant: CombatantInput) => boolean
  /** Reactions (attacks of opportunity) a combatant has per round. */
  reactionsPerRound: (combatant: CombatantInput & { reactionsPerRound?: number }) => number
  /** dnd35/pf1e: a dying creature rolls to stabilize when its turn comes; variant: Death saves at the end of the round. */
  dyingRolls: 'on-own-turn' | 'end-of-round'
  /** dnd35/pf1e: just before the starting count (docs/rules.md §69); variant: at the end of the round (docs/rules.md §55). */
  durationsEnd: 'before-starting-count' | 'end-of-round'
  /** Delay and ready move the combatant's count for good (dnd35/pf1e) or only this round (variant, re-rolled anyway). */
  countChangesArePermanent: boolean
  /** The numbers of the stances and special attacks an encounter stores (docs/rules.md §105–§111). */
  combatOptions: CombatOptionsPolicy
}

/**
 * Aid another, fighting defensively and the variant's own attack options, as
 * numbers; null where the ruleset has no such option (a 422 rule-not-defined).
 */
export interface CombatOptionsPolicy {
  /** The attack roll's target number and the bonus a success grants (SRD 3.5 › Aid Another; docs/rules.md §12, §105). */
  aidAnother: { armorClass: number, bonus: number }
  /** How long fighting defensively's dodge bonus is stored: dnd35 the same round, pf1e to the start of the next turn (docs/rules.md §107). */
  fightingDefensivelyLasts: 'this-round' | 'until-next-turn' | null
  /** variant › Desperate Attack: the attack bonus; the −2 AC is the `desperate-attack` condition's row. */
  desperateAttack: { attackBonus: number } | null
  /** variant › Take Aim: the aimed shot's attack bonus (Dexterity is added to its damage). */
  takeAim: { attackBonus: number } | null
  /** variant › Drive Back: the circumstance bonus when the target stands. */
  driveBack: { attackBonus: number } | null
  /** variant › Fight Back-to-Back and › Intercept exist. */
  backToBack: boolean
  intercept: boolean
}

const SRD_COMBAT_OPTIONS: CombatOptionsPolicy = {
  aidAnother: { armorClass: 10, bonus: 2 },
  // SRD 3.5 › Fighting Defensively as a Standard Action: "a +2 dodge bonus to AC for the same round".
  fightingDefensivelyLasts: 'this-round',
  desperateAttack: null,
  takeAim: null,
  driveBack: null,
  backToBack: false,
  intercept: false
}

/**
 * dnd35 and pf1e (SRD 3.5 › Attacks of Opportunity; Combat Reflexes): one attack
 * of opportunity a round, 1 + Dex modifier with Combat Reflexes, which also
 * allows them while flat-footed; pf1e uncanny dodge also reacts before acting.
 */
export const SRD_TURN_FLOW: TurnFlowPolicy = {
  slots: { primary: 'standard', secondary: 'move', fullRound: 'full-round', swift: 'swift', immediate: 'immediate', free: 'free', reaction: 'attack-of-opportunity' },
  flatFootedCondition: 'flat-footed',
  reactsWhileFlatFooted: (c) => hasFeat(c, 'combat-reflexes') || hasFeat(c, 'uncanny-dodge'),
  reactionsPerRound: (c) => hasFeat(c, 'combat-reflexes') ? 1 + Math.max(0, modifierOf(c.abilities, 'dex') ?? 0) : 1,
  dyingRolls: 'on-own-turn',
  durationsEnd: 'before-starting-count',
  countChangesArePermanent: true,
  combatOptions: SRD_COMBAT_OPTIONS
}

/** pf1e: as dnd35, but fighting defensively lasts until the start of the next turn (PRD › Combat › Fighting Defensively as a Standard Action). */
export const PF1E_TURN_FLOW: TurnFlowPolicy = {
  ...SRD_TURN_FLOW,
  combatOptions: { ...SRD_COMBAT_OPTIONS, fightingDefensivelyLasts: 'until-next-turn' }
}

/** The variant (variant › Types of Action; Reactions; docs/rules.md §59): one reaction a round unless `reactionsPerRound` says more; never while off-guard. */
export const VARIANT_TURN_FLOW: TurnFlowPolicy = {
  slots: { primary: 'major', secondary: 'minor', fullRound: 'full-round', swift: null, immediate: null, free: 'free', reaction: 'reaction' },
  flatFootedCondition: 'off-guard',
  reactsWhileFlatFooted: () => false,
  reactionsPerRound: (c) => c.reactionsPerRound ?? 1,
  dyingRolls: 'end-of-round',
  durationsEnd: 'end-of-round',
  countChangesArePermanent: false,
  // variant › Aid Another; › Desperate Attack; › Take Aim; › Drive Back; › Fight Back-to-Back; › Intercept. No fighting defensively.
  combatOptions: {
    aidAnother: { armorClass: 10, bonus: 2 },
    fightingDefensivelyLasts: null,
    desperateAttack: { attackBonus: 4 },
    takeAim: { attackBonus: 4 },
    driveBack: { attackBonus: 2 },
    backToBack: true,
    intercept: true
  }
}

export type Slot = 'primary' | 'secondary' | 'fullRound' | 'swift' | 'free'

/** The slot an action type of the ruleset fills, or null when the ruleset has no such action type. */
export function slotOf (policy: TurnFlowPolicy, actionType: string): Slot | null {
  const { slots } = policy
  if (actionType === slots.primary) return 'primary'
  if (actionType === slots.secondary) return 'secondary'
  if (actionType === slots.fullRound) return 'fullRound'
  // An immediate action on one's own turn uses the swift action (SRD 3.5 › Immediate Actions).
  if (slots.swift !== null && (actionType === slots.swift || actionType === slots.immediate)) return 'swift'
  if (actionType === slots.free) return 'free'
  return null
}

/**
 * Whether a turn that has spent `spent` may still take an action of `slot`
 * (docs/rules.md §70): one primary and one secondary, or one full-round action; a secondary
 * may replace the primary; one swift; free actions always. In restricted
 * activity (surprise round, staggered, disabled: SRD 3.5 › Restricted Activity)
 * only one primary or one secondary in all, and no full-round action.
 * Returns null when allowed, else why not.
 */
export function budgetRefusal (spent: readonly Slot[], slot: Slot, restricted: boolean): string | null {
  // Counted in one pass, no lists made: every simulated turn asks.
  let primary = 0
  let secondary = 0
  let full = 0
  let swift = 0
  // Stryker disable next-line EqualityOperator: equivalent: `<=` reads one past the end, undefined, which counts as no slot
  for (let i = 0; i < spent.length; i++) {
    const x = spent[i]
    if (x === 'primary') primary++
    else if (x === 'secondary') secondary++
    else if (x === 'fullRound') full++
    else if (x === 'swift') swift++
  }
  if (slot === 'free') return null
  if (slot === 'swift') return swift > 0 ? 'the swift action of this turn is spent' : null
  if (restricted) {
    if (slot === 'fullRound') return 'restricted activity allows one standard or move action, no full-round action'
    return primary + secondary + full > 0 ? 'restricted activity allows only one standard or move action, already taken' : null
  }
  if (full > 0) return 'a full-round action was taken this turn'
  if (slot === 'fullRound') return primary + secondary > 0 ? 'a full-round action needs the whole turn, and part of it is spent' : null
  if (slot === 'primary') return primary > 0 || secondary > 1 ? 'the standard action of this turn is spent' : null
  // secondary: the first is the turn's own; a second replaces the unused primary.
  if (secondary === 0) return null
  return secondary === 1 && primary === 0 ? null : 'no move action is left this turn'
}
