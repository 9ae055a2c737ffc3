import type { DefenderConditionEffect } from '../armor-class.js'

/**
 * Helpless and the conditions that make a creature helpless: Dex treated as 0
 * (−5) against all attacks, −4 more against melee, each counted once
 * (000 › Helpless Defenders; 001 › Helpless Defenders, where the off-guard −2
 * is not added either). The same in all three rulesets.
 */
export const HELPLESS_DEFENDER: Readonly<Record<string, DefenderConditionEffect>> = {
  helpless: { dexModifierAs: -5, melee: -4 },
  paralyzed: { dexModifierAs: -5, melee: -4, sameAs: 'helpless' },
  unconscious: { dexModifierAs: -5, melee: -4, sameAs: 'helpless' },
  asleep: { dexModifierAs: -5, melee: -4, sameAs: 'helpless' },
  'tied-up': { dexModifierAs: -5, melee: -4, sameAs: 'helpless' },
  petrified: { dexModifierAs: -5, melee: -4, sameAs: 'helpless' }
}

/**
 * Defender conditions shared by dnd35 and pf1e (RULES.md §1.4, SRD35/PRD
 * tables). Each ruleset module takes this table and overrides what differs.
 */
export const SRD_DEFENDER_CONDITIONS: Readonly<Record<string, DefenderConditionEffect>> = {
  'flat-footed': { deniesDex: true, uncannyDodgeKeepsDex: true },
  // The variant's name for flat-footed, accepted as the same condition.
  'off-guard': { deniesDex: true, uncannyDodgeKeepsDex: true },
  ...HELPLESS_DEFENDER,
  stunned: { deniesDex: true, melee: -2, ranged: -2 },
  blinded: { deniesDex: true, melee: -2, ranged: -2 },
  cowering: { deniesDex: true, melee: -2, ranged: -2 },
  prone: { melee: -4, ranged: 4 },
  kneeling: { melee: -2, ranged: 2 },
  sitting: { melee: -2, ranged: 2 },
  // D10: −4 against all attacks by non-pinners, plus the Dex every grappler loses.
  pinned: { deniesDex: true, melee: -4, ranged: -4, notAgainstPinner: true },
  // 000 › Grappling Consequences: no Dex against opponents it is not grappling.
  grappling: { deniesDex: true, onlyAgainstNonGrapplers: true },
  // 3.5 has one state for both sides of a grapple; `grappled` is read as `grappling` (pf1e overrides it).
  grappled: { deniesDex: true, onlyAgainstNonGrapplers: true },
  squeezing: { melee: -4, ranged: -4 },
  // RULES.md §1.4 (SRD35/PRD › Entangled): −4 Dex, which lowers AC and CMD through the Dex modifier.
  entangled: { dexScoreChange: -4 },
  // 000 › Charge: −2 AC until the start of the charger's next turn.
  charging: { melee: -2, ranged: -2 },
  'fighting-defensively': { dodge: 2 },
  'total-defense': { dodge: 4 }
}
