/** What a ruleset says about initiative (docs/rules.md §P7). */
export interface InitiativePolicy {
  /** variant: d20 + BCB + Dex (variant › Initiative). */
  addsBaseAttackBonus: boolean
  /** The Improved Initiative feat (`improved-initiative`). */
  improvedInitiativeBonus: number
  /** variant: initiative is rolled again at the start of every round (variant › Initiative). */
  rerolledEachRound: boolean
  /** Equal totals: the higher modifier then a roll-off (dnd35, pf1e), or simultaneous action (variant). */
  ties: 'higher-modifier-then-roll-off' | 'simultaneous'
}
