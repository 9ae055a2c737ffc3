/**
 * How a ruleset's hit points work. Two models share no arithmetic: dnd35 and
 * pf1e count hit points down, the variant counts damage up. Within a model
 * every difference is data here, filled in by the ruleset modules.
 */
export type HitPointsPolicy = CountdownPolicy | AccumulatedPolicy

/** A roll that decides whether a creature stops dying, wakes up, or starts healing. */
export type RecoveryCheck =
  /** dnd35: d% — success on a roll at or below `chance` (SRD 3.5 › Dying). */
  | { kind: 'percentile', chance: number }
  /** pf1e: d20 + Con modifier + current HP (a penalty while negative) ≥ DC; a natural 20 succeeds (PRD › Dying). */
  | { kind: 'constitution-check', dc: number }

export interface CountdownPolicy {
  model: 'countdown'
  /** Dead at this HP or lower: a fixed −10, or the negative Constitution score (pf1e). */
  deathThreshold: { kind: 'fixed', value: number } | { kind: 'negative-constitution' }
  massiveDamage: {
    /** Damage from one attack at or above max(minimum, ⌊fraction × max HP⌋) forces the save. */
    minimum: number
    fractionOfMaxHitPoints: number
    dc: number
    /** The save made against it (Fortitude). */
    save: string
    /** pf1e: an optional rule, applied only when the request enables it (docs/rules.md §47). */
    optional: boolean
  }
  /** The dying creature's own roll each turn (stabilize), and the stable one's hourly/daily rolls (recover). */
  recoveryCheck: RecoveryCheck
  /** A helper's Heal check on a dying creature. */
  healCheckDc: number
  /** pf1e: while taking continuous damage (bleed) the roll to stabilize fails automatically (PRD › Dying). */
  continuousDamageFailsStabilization: boolean
  /** pf1e: nonlethal damage past maximum HP is dealt as lethal (docs/rules.md §48). */
  nonlethalCappedAtMaximum: boolean
}

export interface AccumulatedPolicy {
  model: 'accumulated'
  /** Bloodied when D ≥ numerator/denominator × HP; wounded likewise (variant › Hit Points). */
  bloodied: { numerator: number, denominator: number }
  wounded: { numerator: number, denominator: number }
  /** Death save DC = base + ⌊(D − HP) / excessPerPoint⌋ (variant › Death and Dying). */
  deathSaveDc: { base: number, excessPerPoint: number }
  /** The save the Death save is. */
  deathSave: string
  /** Failing a Death save by this much or more kills (nonlethal: only drops to dying). */
  deadlyFailureMargin: number
  /** Tallies: this many failures kill, this many successes stabilize. */
  failuresToDie: number
  successesToStabilize: number
  /** Constitution damage each Death save costs while dying or stable. */
  constitutionDamagePerSave: number
  /** A stable creature's hourly save wakes it (staggered) on success by this much. */
  wakeMargin: number
  /** docs/rules.md §52: Heal check DC. */
  healCheckDc: number
}
