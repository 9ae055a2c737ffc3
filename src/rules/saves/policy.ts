import type { AbilityName } from '../abilities.js'
import type { SaveCover } from './save-bonus.js'

/**
 * What a ruleset says about saving throws (RULES.md §3). The shared mechanics
 * in this folder read only this; nothing branches on the ruleset's id.
 */
export interface SavingThrowPolicy {
  /**
   * The abilities a save adds, by save name. Several abilities: the best of
   * them applies (the variant's Charm: Cha or Wis). None: the base alone.
   */
  abilities: Readonly<Record<string, readonly AbilityName[]>>
  /** The save that Dex-loss conditions and cover apply to. */
  reflexSave: string
  /** Conditions that take a positive Dex bonus off Reflex saves (the variant's off-guard). */
  reflexLosesDex: ReadonlySet<string>
  /** Conditions under which Dex counts as 0 (−5) on Reflex saves (helpless, paralyzed). */
  dexterityZero: ReadonlySet<string>
  /** Reflex bonus from the saver's cover (+2 cover, +4 improved cover); a degree the ruleset lacks is absent (a 422). */
  coverReflexBonus: Readonly<Partial<Record<SaveCover, number>>>
  /** Conditions that penalise saves, and the saves they spare (the variant's sickened spares Death). */
  conditionPenalties: Readonly<Record<string, { value: number, except?: readonly string[] }>>
  /** The variant's total defense adds the shield bonus to Reflex saves (001 › Total Defense). */
  totalDefenseShieldToReflex: boolean
}

/** Conditions under which a creature's Dex counts as 0 (−5): the helpless family (000 › Helpless Defenders). */
const HELPLESS = new Set(['helpless', 'paralyzed', 'unconscious', 'asleep', 'tied-up', 'petrified'])

/** dnd35 and pf1e saves (000 › Saving Throws; 000 › Cover; SRD35/PRD › Conditions). */
export const SRD_SAVING_THROWS: SavingThrowPolicy = {
  abilities: { fortitude: ['con'], reflex: ['dex'], will: ['wis'] },
  reflexSave: 'reflex',
  // Flat-footed costs Dex on AC only; Reflex keeps it.
  reflexLosesDex: new Set(),
  dexterityZero: HELPLESS,
  coverReflexBonus: { none: 0, cover: 2, improved: 4 },
  // SRD35/PRD › Conditions: shaken, frightened, panicked and sickened: −2 on saving throws.
  conditionPenalties: { shaken: { value: -2 }, frightened: { value: -2 }, panicked: { value: -2 }, sickened: { value: -2 } },
  totalDefenseShieldToReflex: false
}

/** pf1e adds partial cover: +1 Reflex (RULES.md §2.8; PRD › Cover). */
export const PF1E_SAVING_THROWS: SavingThrowPolicy = {
  ...SRD_SAVING_THROWS,
  coverReflexBonus: { ...SRD_SAVING_THROWS.coverReflexBonus, partial: 1 }
}

/** The variant's five saves (001 › Saving Throws; Conditions; Cover; Total Defense). */
export const VARIANT_SAVING_THROWS: SavingThrowPolicy = {
  abilities: { charm: ['cha', 'wis'], reflex: ['dex'], death: [], fear: [], spell: [] },
  reflexSave: 'reflex',
  // 001 › Conditions › Off-Guard: no Dex to AC or Reflex saves; these conditions make a creature off-guard.
  reflexLosesDex: new Set(['off-guard', 'flat-footed', 'stunned', 'blinded', 'cowering']),
  dexterityZero: HELPLESS,
  coverReflexBonus: { none: 0, cover: 2, improved: 4 },
  conditionPenalties: { shaken: { value: -2 }, sickened: { value: -2, except: ['death'] } },
  totalDefenseShieldToReflex: true
}
