import type { RulesetDefinition } from './types.js'
import { SRD_ATTACKS } from './srd-attacks.js'
import { PF1E_EFFECTS } from './srd-effects.js'
import { SRD_UNARMED_DAMAGE } from '../maneuvers/policy.js'
import { PF1E_SAVING_THROWS } from '../saves/policy.js'
import { SRD_TURN_FLOW } from '../turn-flow.js'

/** Pathfinder RPG 1st edition (seed 002, numbers from the PRD where stripped). */
export const pf1e: RulesetDefinition = {
  id: 'pf1e',
  name: 'Pathfinder 1st Edition',
  description: 'Pathfinder Roleplaying Game (1st edition) combat rules, with CMB/CMD combat maneuvers and channel energy (PRD › Channel Energy).',
  saves: ['fortitude', 'reflex', 'will'],
  actionTypes: ['standard', 'move', 'full-round', 'swift', 'immediate', 'free'],
  // RULES.md §1.2: pf1e untyped bonuses stack "unless from the same source"; trait does not stack.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial']),
    stackUnlessSameSource: new Set(['circumstance', 'untyped'])
  },
  sizeModifiesAttackAndAc: true,
  // PRD › Conditions: grappled −4 Dex and −2 on attacks and maneuvers except to grapple or escape; pinned replaces it (D11).
  effects: PF1E_EFFECTS,
  armorClass: {
    deniedDexPenalty: 0,
    invisibleAttackerDeniesDex: true,
    // D24: the PRD values.
    cover: { none: 0, cover: 4, improved: 8 }
  },
  // RULES.md §4.3, §4.4 (D35–D38); PRD › Feats: an Improved maneuver feat gives +2 CMB and +2 CMD.
  maneuvers: {
    grapple: {
      kind: 'combat-maneuver',
      lethalPenalty: 4,
      maintainBonus: 5,
      tieUpGrappledPenalty: 10,
      tieUpDcBase: 20,
      withoutTwoHandsPenalty: 4,
      conditions: { grappled: 'grappled', pinned: 'pinned', tiedUp: 'tied-up' }
    },
    maneuvers: 'combat-maneuver',
    unarmedDamage: SRD_UNARMED_DAMAGE,
    improvedFeatBonus: 2,
    improvedFeatDefenseBonus: 2,
    greaterFeatBonus: 2,
    sizeStepBonus: 0,
    stabilityBonus: 0,
    perExtraLegCmd: 2,
    chargeBonus: 2,
    itemDestruction: { destroyedAtOrBelow: -1, brokenAtHalf: true },
    tieRerollLimit: 20,
    knockedDownCondition: 'prone'
  },
  savingThrows: PF1E_SAVING_THROWS,
  minimumDamage: { amount: 1, nonlethal: true },
  // 002 › Injury and Death; PRD: dead at −Con; DC 10 Con check to stabilize (D46); optional massive damage (D47); nonlethal past max is lethal (D48).
  hitPoints: {
    model: 'countdown',
    deathThreshold: { kind: 'negative-constitution' },
    massiveDamage: { minimum: 50, fractionOfMaxHitPoints: 0.5, dc: 15, save: 'fortitude', optional: true },
    recoveryCheck: { kind: 'constitution-check', dc: 10 },
    healCheckDc: 15,
    continuousDamageFailsStabilization: true,
    nonlethalCappedAtMaximum: true
  },
  turnFlow: SRD_TURN_FLOW,
  initiative: { addsBaseAttackBonus: false, improvedInitiativeBonus: 4, rerolledEachRound: false, ties: 'higher-modifier-then-roll-off' },
  // RULES.md §2: as dnd35 except the range penalty (D14); grappled −2 and the nonlethal minimum live in effects and minimumDamage.
  attacks: { ...SRD_ATTACKS, rangeIncrements: 'started-beyond-first' },
  // D45: 002 has no channelling; PRD › Cleric, Paladin, Feats (RULES.md §5.3).
  turning: {
    turnUndead: null,
    channelEnergy: {
      burstFeet: 30,
      dice: { levelsPerDie: 2, faces: 6 },
      saveDcBase: 10,
      save: 'will',
      paladin: { minimumLevel: 4 },
      turnUndeadFeat: { feat: 'turn-undead', durationRounds: 10 },
      usesPerDay: { base: 3, extraUsesFeat: { feat: 'extra-channel', uses: 2 } }
    }
  }
}
