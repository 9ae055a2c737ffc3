import type { AttackKind } from '../armor-class.js'
import type { PrecisionPolicy } from './precision.js'

/** Who may add Dexterity instead of Strength to a melee attack roll. */
export type FinesseRule =
  /** dnd35/pf1e: the Weapon Finesse feat, with a light weapon or one tagged `finesse` (rapier, whip, spiked chain). */
  | 'feat'
  /** variant: anyone, with a light weapon or one tagged `finesse` (variant › Attack Bonus). */
  | 'light-or-finesse-weapon'

/**
 * Everything the attack mechanics (src/rules/attacks) need to know about a
 * ruleset: each ruleset module fills one of these (docs/rules.md §P1.4, §P2).
 */
export interface AttackPolicy {
  /** Full attacks with iterative attacks from BAB (the variant has none: docs/rules.md §P2.9). */
  fullAttack: boolean
  /** Two-weapon fighting (the variant has none: docs/rules.md §28). */
  twoWeaponFighting: boolean
  /** The numbers of iterative attacks, where `fullAttack` allows them; null where it does not. */
  iterativeAttacks: IterativeAttackPolicy | null
  /** The numbers of two-weapon fighting, where `twoWeaponFighting` allows it; null where it does not. */
  twoWeapon: TwoWeaponPolicy | null
  /** The variant's Swift Attack: the BCB counts this much lower for the attack and its damage (docs/rules.md §27); null: not defined. */
  swiftAttackPenalty: number | null
  finesse: FinesseRule
  /** The base attack bonus is added to damage when proficient (variant BCB, variant › Damage). */
  baseBonusToDamage: boolean
  /** Untrained unarmed strikes add no base bonus to damage and cannot deal lethal damage (variant, docs/rules.md §23). */
  untrainedUnarmedRestricted: boolean
  /**
   * Range increments that count against the attack: 'full' = ⌊d / inc⌋ (dnd35, docs/rules.md §15);
   * 'started-beyond-first' = ⌈d / inc⌉ − 1 (pf1e, docs/rules.md §14).
   */
  rangeIncrements: 'full' | 'started-beyond-first'
  /** Criticals: threat range and a confirmation roll (dnd35/pf1e), or a natural 20 doubling without one (variant, docs/rules.md §17). */
  critical: { confirmation: true } | { confirmation: false, multiplier: number }
  /** A reach weapon against a foe inside the wielder's natural reach: a penalty (variant −4), or null when impossible. */
  reachWeaponAdjacentPenalty: number | null
  /**
   * How far a reach weapon reaches: twice the natural reach (SRD), or one
   * square past it for a Medium or smaller wielder and twice it for a larger
   * one, which then cannot strike inside its natural reach (variant, docs/rules.md §95).
   */
  reachWeaponReach: 'double' | 'plus-five-then-double'
  /** Strength on damage with a projectile weapon (bow, sling); the variant never adds it (docs/rules.md §21). */
  projectileStrength: boolean
  /** Composite bow ratings exist (not defined in the variant). */
  compositeBows: boolean
  /** Bonuses from the situation (docs/rules.md §P1.4). `higherGround` per attack kind. */
  situational: {
    flanking: number
    charging: number
    higherGround: Record<AttackKind, number>
    /** null: the ruleset has no fighting defensively (variant). */
    fightingDefensively: number | null
    shootingIntoMelee: number
    invisibleAttacker: number
    nonlethalSwitch: number
  }
  /** Ranged weapons a prone attacker can still use, matched in the weapon's name (SRD 3.5/PRD table; variant › Prone). */
  proneRangedWeapons: readonly string[]
  /** Concealment from several sources: the highest applies (SRD), or they add up to a cap (variant, docs/rules.md §25). */
  concealment: { stacking: 'highest' } | { stacking: 'sum', cap: number }
  /**
   * The miss chance of concealment and of total concealment, in percent
   * (SRD 3.5 › Concealment: 20% and 50%); total concealment is also what a
   * `blind` attacker's foes and an `invisible` target have.
   */
  missChance: { concealment: number, total: number }
  /** Sneak attack (docs/rules.md §74). */
  precision: PrecisionPolicy
  coupDeGrace: {
    /** dnd35/pf1e: automatic hit and critical; variant: an attack roll with a bonus (variant › Coup de Grace). */
    attack: { automatic: true } | { automatic: false, bonus: number }
    /** The save against death: its name (the bonus comes from the one save path, `saveBonus`) and the purpose of its d20. */
    save: { name: string, purpose: 'save' | 'death-save' }
  }
}

/**
 * Iterative attacks (SRD 3.5 › Full Attack; Base Attack Bonus): one more
 * attack for each `babPerAttack` of base attack bonus beyond the first point,
 * each `penaltyStep` lower than the one before, at most `maxAttacks` in all.
 */
export interface IterativeAttackPolicy {
  babPerAttack: number
  penaltyStep: number
  maxAttacks: number
}

/**
 * Two-weapon fighting (SRD 3.5 › Two-Weapon Fighting table): the penalties
 * on the primary and the off hand, smaller with a light off-hand weapon (or
 * the off end of a double weapon), reduced by the feat; the Improved and
 * Greater feats add off-hand attacks, each `extraAttackStep` lower.
 */
export interface TwoWeaponPolicy {
  penalties: { primary: number, offHand: number }
  lightOffHand: { primary: number, offHand: number }
  feat: { name: string, primary: number, offHand: number }
  /** Each feat adds one off-hand attack, a feat counting only with all those before it. */
  extraAttackFeats: readonly string[]
  extraAttackStep: number
}
