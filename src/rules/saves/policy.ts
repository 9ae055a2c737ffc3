import type { AbilityName } from '../abilities.js'
import type { SaveCover } from './save-bonus.js'

/**
 * What a ruleset says about saving throws (docs/rules.md §P3). The shared mechanics
 * in this folder read only this; nothing branches on the ruleset's id.
 */
export interface SavingThrowPolicy {
  /**
   * The abilities a save adds, by save name. Several abilities: the best of
   * them applies (the variant's Charm: Cha or Wis). None: the base alone.
   */
  abilities: Readonly<Record<string, readonly AbilityName[]>>
  /** The save that Dex-loss conditions (`Ruleset.effects`) and cover apply to. */
  reflexSave: string
  /** Reflex bonus from the saver's cover (+2 cover, +4 improved cover); a degree the ruleset lacks is absent (a 422). */
  coverReflexBonus: Readonly<Partial<Record<SaveCover, number>>>
}

/** dnd35 and pf1e saves (SRD 3.5 › Saving Throws; SRD 3.5 › Cover; SRD 3.5/PRD › Conditions). */
export const SRD_SAVING_THROWS: SavingThrowPolicy = {
  abilities: { fortitude: ['con'], reflex: ['dex'], will: ['wis'] },
  reflexSave: 'reflex',
  coverReflexBonus: { none: 0, cover: 2, improved: 4 }
}

/** pf1e adds partial cover: +1 Reflex (docs/rules.md §P2.8; PRD › Cover). */
export const PF1E_SAVING_THROWS: SavingThrowPolicy = {
  ...SRD_SAVING_THROWS,
  coverReflexBonus: { ...SRD_SAVING_THROWS.coverReflexBonus, partial: 1 }
}

/** The variant's five saves (variant › Saving Throws; Conditions; Cover; Total Defense). */
export const VARIANT_SAVING_THROWS: SavingThrowPolicy = {
  abilities: { charm: ['cha', 'wis'], reflex: ['dex'], death: [], fear: [], spell: [] },
  reflexSave: 'reflex',
  coverReflexBonus: { none: 0, cover: 2, improved: 4 }
}
