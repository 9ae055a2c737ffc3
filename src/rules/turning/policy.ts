/**
 * What a ruleset says about turning and channelling (docs/rules.md §P5). A ruleset
 * defines the 3.5 turning procedure, PF1 channel energy, or neither (the
 * variant); the shared mechanics in this folder read only these numbers.
 */
export interface TurningPolicy {
  /** 3.5 turn or rebuke undead (docs/rules.md §P5.1); null when the ruleset has none. */
  turnUndead: TurnUndeadPolicy | null
  /** PF1 channel energy and the Turn Undead feat (docs/rules.md §P5.3, §45); null when the ruleset has none. */
  channelEnergy: ChannelEnergyPolicy | null
}

export interface UsesPerDayPolicy {
  /** 3 + Cha modifier in both SRDs. */
  base: number
  /** The feat that adds uses (Extra Turning +4, Extra Channel +2). */
  extraUsesFeat: { feat: string, uses: number }
}

export interface TurnUndeadPolicy {
  rangeFeet: number
  /** Turning damage dice: 2d6. */
  damageDice: { count: number, faces: number }
  /** Destroyed (or commanded) when the effective level is at least this multiple of the undead's Hit Dice. */
  destroyAtHitDiceMultiple: number
  /** Turned, rebuked and bolstered effects last this long. */
  durationRounds: number
  /** Knowledge (religion) synergy on the turning check (SRD 3.5 › Cleric). */
  knowledgeReligionSynergy: { minimumRanks: number, bonus: number }
  /** Paladins turn as clerics this many levels lower, from this level on (SRD 3.5 › Paladins and Undead). */
  paladin: { minimumLevel: number, levelOffset: number }
  usesPerDay: UsesPerDayPolicy
}

export interface ChannelEnergyPolicy {
  /** Burst radius centred on the channeler. */
  burstFeet: number
  /** Dice: ceil(level / levelsPerDie) d(faces). */
  dice: { levelsPerDie: number, faces: number }
  /** Save DC = base + floor(level / 2) + Cha modifier. */
  saveDcBase: number
  /** The save creatures harmed (or turned by the feat) make. */
  save: string
  /** Paladins channel positive energy from this level, at their paladin level (PRD › Paladin). */
  paladin: { minimumLevel: number }
  /** The Turn Undead feat: undead flee for this long unless they save (PRD › Feats). */
  turnUndeadFeat: { feat: string, durationRounds: number }
  usesPerDay: UsesPerDayPolicy
}

/**
 * How long a turning outcome that lasts (turned, rebuked, bolstered; the
 * Turn Undead feat's flight) lasts in an encounter, in rounds: the ruleset's
 * turning policy (SRD 3.5 › Turn or Rebuke Undead: 10 rounds; PRD › Feats ›
 * Turn Undead: 1 minute). 0 where the ruleset has neither (no such outcome).
 */
export function turningEffectRounds (policy: TurningPolicy): number {
  return policy.turnUndead?.durationRounds ?? policy.channelEnergy?.turnUndeadFeat.durationRounds ?? 0
}
