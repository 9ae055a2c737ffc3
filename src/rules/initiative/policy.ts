/** What a ruleset says about initiative (RULES.md §7). */
export interface InitiativePolicy {
  /** variant: d20 + BCB + Dex (001 › Initiative). */
  addsBaseAttackBonus: boolean
  /** The Improved Initiative feat (`improved-initiative`). */
  improvedInitiativeBonus: number
  /** Condition penalties on the initiative check (variant: deafened −4, shaken −2). */
  conditionPenalties: Readonly<Record<string, number>>
  /** variant: bloodied −1 and wounded a further −1, from hit points or conditions (sickened counts as bloodied, D63). */
  injuryPenalties: boolean
  /** Equal totals: the higher modifier then a roll-off (dnd35, pf1e), or simultaneous action (variant). */
  ties: 'higher-modifier-then-roll-off' | 'simultaneous'
}
