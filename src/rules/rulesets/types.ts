import type { StackingPolicy } from '../modifiers.js'
import type { ArmorClassPolicy } from '../armor-class.js'
import type { TurningPolicy } from '../turning/policy.js'
import type { ManeuverPolicy } from '../maneuvers/policy.js'
import type { HitPointsPolicy } from '../hit-points/policy.js'
import type { SavingThrowPolicy } from '../saves/policy.js'
import type { InitiativePolicy } from '../initiative/policy.js'
import type { AttackPolicy } from '../attacks/policy.js'
import type { EffectsTable } from '../effects.js'
import type { TurnFlowPolicy } from '../turn-flow.js'

/**
 * A ruleset's id. Which ids exist is the registry's to say (./index.ts:
 * `isRulesetId`, `rulesetIds`), not a type: a ruleset registered at start-up
 * (or by a test) is as valid as the shipped ones, in requests and in the
 * encounter store alike.
 */
export type RulesetId = string

/**
 * What a ruleset defines, so a client can grey out what it lacks (CONTRACT ›
 * GET /v1/rulesets). An empty list means the endpoint exists but every action
 * of it is a 422 `rule-not-defined` under this ruleset.
 */
export interface Capabilities {
  attacks: { modes: string[], twoWeaponFighting: boolean, criticalConfirmation: boolean }
  saves: boolean
  grappleActions: string[]
  maneuvers: string[]
  turningActions: string[]
  damage: boolean
  healingKinds: string[]
  initiative: { rerolledEachRound: boolean, ties: 'higher-modifier-then-roll-off' | 'simultaneous' }
}

/**
 * A ruleset supplies the numbers and policies that the shared mechanics in
 * `src/rules` consult; a difference between rulesets lives here, not in
 * `if (ruleset === …)` branches.
 */
export interface Ruleset {
  id: RulesetId
  name: string
  description: string
  /** Save names, in the order the ruleset lists them. */
  saves: readonly string[]
  actionTypes: readonly string[]
  stacking: StackingPolicy
  /** Whether size gives a modifier on attack rolls and AC (the variant has none: RULES.md §1.1). */
  sizeModifiesAttackAndAc: boolean
  /**
   * What each condition and hit-point state does (RULES.md §1.4, §3, §6.3, §7),
   * read by every mechanic through `effectiveStats` (src/rules/effects.ts).
   */
  effects: EffectsTable
  /** Cover, the off-guard penalty, invisible attackers (RULES.md §1.3, §1.4). */
  armorClass: ArmorClassPolicy
  /** Grapple and combat maneuvers (RULES.md §4). */
  maneuvers: ManeuverPolicy
  /** Save bonuses: abilities per save, cover, Dex loss, condition penalties (RULES.md §3). */
  savingThrows: SavingThrowPolicy
  /** A hit deals at least this much, with a weapon or unarmed; pf1e makes the minimum nonlethal (RULES.md §2.5). */
  minimumDamage: { amount: number, nonlethal: boolean }
  /** The hit-point model and its numbers (RULES.md §6). */
  hitPoints: HitPointsPolicy
  /** Initiative modifier, ties (RULES.md §7). */
  initiative: InitiativePolicy
  /** Action budget, reactions, dying and durations in an encounter (RULES.md §7, §8, D68–D70). */
  turnFlow: TurnFlowPolicy
  /** Attack bonus, criticals, damage and coup de grace (RULES.md §2). */
  attacks: AttackPolicy
  /** Derived from the policies above (./capabilities.ts), never restated. */
  capabilities: Capabilities
  /** dnd35 only: the Turning Undead table, published by GET /v1/rulesets. */
  turningTable?: ReadonlyArray<{ checkMin: number | null, checkMax: number | null, maxHitDiceRelativeToLevel: number }>
  /** Turning (dnd35), channel energy (pf1e) or neither (variant): RULES.md §5. */
  turning: TurningPolicy
}

/** What a ruleset module exports: everything but what is derived from it. */
export type RulesetDefinition = Omit<Ruleset, 'capabilities' | 'id'> & { id: string }
