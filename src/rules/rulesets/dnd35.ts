import type { Ruleset } from './types.js'
import { SRD_DEFENDER_CONDITIONS } from './defender-conditions.js'
import { SRD_SAVING_THROWS } from '../saves/policy.js'

/** D&D 3.5 SRD (seeds 000, 003, 004). */
export const dnd35: Ruleset = {
  id: 'dnd35',
  name: 'D&D 3.5 (SRD)',
  description: 'Dungeons & Dragons 3.5 System Reference Document combat rules.',
  saves: ['fortitude', 'reflex', 'will'],
  // 000 › Action Types: six types (D57).
  actionTypes: ['standard', 'move', 'full-round', 'swift', 'immediate', 'free'],
  // RULES.md §1.2: dodge, racial and untyped stack; circumstance unless from the same source.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial', 'untyped']),
    stackUnlessSameSource: new Set(['circumstance'])
  },
  sizeModifiesAttackAndAc: true,
  armorClass: {
    conditions: SRD_DEFENDER_CONDITIONS,
    deniedDexPenalty: 0,
    invisibleAttackerDeniesDex: true,
    cover: { none: 0, cover: 4, improved: 8 }
  },
  savingThrows: SRD_SAVING_THROWS,
  // 000 › Injury and Death: −10 dead; massive damage 50, DC 15; d% 10% to stabilize; Heal DC 15.
  hitPoints: {
    model: 'countdown',
    deathThreshold: { kind: 'fixed', value: -10 },
    massiveDamage: { minimum: 50, fractionOfMaxHitPoints: 0, dc: 15, save: 'fortitude', optional: false },
    recoveryCheck: { kind: 'percentile', chance: 10 },
    healCheckDc: 15,
    continuousDamageFailsStabilization: false,
    nonlethalCappedAtMaximum: false
  },
  initiative: { addsBaseAttackBonus: false, improvedInitiativeBonus: 4, conditionPenalties: {}, injuryPenalties: false, ties: 'higher-modifier-then-roll-off' },
  capabilities: {
    attacks: { modes: ['single', 'full', 'coup-de-grace'], twoWeaponFighting: true, criticalConfirmation: true },
    saves: true,
    grappleActions: ['start', 'damage', 'pin', 'escape', 'move', 'break-pin', 'use-opponent-weapon', 'release'],
    maneuvers: ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint'],
    turningActions: ['turn', 'rebuke', 'command', 'bolster', 'dispel'],
    damage: true,
    healingKinds: ['magical', 'natural', 'nonlethal-recovery', 'temporary', 'stabilize', 'heal-check', 'recover'],
    initiative: { rerolledEachRound: false, ties: 'higher-modifier-then-roll-off' }
  }
}
