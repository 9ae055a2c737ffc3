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
import type { ConcentrationPolicy } from '../concentration/policy.js'
import type { BehaviourTable } from '../behaviour.js'

/**
 * A ruleset's id. Which ids exist is the registry's to say (./index.ts:
 * `isRulesetId`, `rulesetIds`), not a type: a ruleset registered at start-up
 * (or by a test) is as valid as the shipped ones, in requests and in the
 * encounter store alike.
 */
export type RulesetId = string

/**
 * What a ruleset defines, so a client can grey out what it lacks (OpenAPI ›
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
  /** Whether size gives a modifier on attack rolls and AC (the variant has none: docs/rules.md §P1.1). */
  sizeModifiesAttackAndAc: boolean
  /**
   * What each condition and hit-point state does (docs/rules.md §P1.4, §P3, §P6.3, §P7),
   * read by every mechanic through `effectiveStats` (src/rules/effects.ts).
   */
  effects: EffectsTable
  /** Cover, the off-guard penalty, invisible attackers (docs/rules.md §P1.3, §P1.4). */
  armorClass: ArmorClassPolicy
  /** Grapple and combat maneuvers (docs/rules.md §P4). */
  maneuvers: ManeuverPolicy
  /** Save bonuses: abilities per save, cover, Dex loss, condition penalties (docs/rules.md §P3). */
  savingThrows: SavingThrowPolicy
  /** A hit deals at least this much, with a weapon or unarmed; pf1e makes the minimum nonlethal (docs/rules.md §P2.5). */
  minimumDamage: { amount: number, nonlethal: boolean }
  /** The hit-point model and its numbers (docs/rules.md §P6). */
  hitPoints: HitPointsPolicy
  /** Initiative modifier, ties (docs/rules.md §P7). */
  initiative: InitiativePolicy
  /** Action budget, reactions, dying and durations in an encounter (docs/rules.md §P7, §P8, §68–§70). */
  turnFlow: TurnFlowPolicy
  /** Attack bonus, criticals, damage and coup de grace (docs/rules.md §P2). */
  attacks: AttackPolicy
  /** Derived from the policies above (./capabilities.ts), never restated. */
  capabilities: Capabilities
  /** dnd35 only: the Turning Undead table, published by GET /v1/rulesets. */
  turningTable?: ReadonlyArray<{ checkMin: number | null, checkMax: number | null, maxHitDiceRelativeToLevel: number }>
  /** Turning (dnd35), channel energy (pf1e) or neither (variant): docs/rules.md §P5. */
  turning: TurningPolicy
  /** Concentration checks (docs/rules.md §115); absent where the ruleset has none (the variant). */
  concentration?: ConcentrationPolicy
  /**
   * Conditions whose creature rolls its behaviour at the start of each of its
   * turns in an encounter, by condition name (confused: docs/rules.md §117).
   */
  behaviourRolls?: Readonly<Record<string, BehaviourTable>>
}

/** What a ruleset module exports: everything but what is derived from it. */
export type RulesetDefinition = Omit<Ruleset, 'capabilities' | 'id'> & { id: string }
