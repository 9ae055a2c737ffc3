import type { RulesetDefinition } from './types.js'
import { SRD_ATTACKS } from './srd-attacks.js'
import { PF1E_EFFECTS } from './srd-effects.js'
import { SRD_UNARMED_DAMAGE } from '../maneuvers/policy.js'
import { PF1E_SAVING_THROWS } from '../saves/policy.js'
import { PF1E_TURN_FLOW } from '../turn-flow.js'
import { PF1E_CONCENTRATION } from '../concentration/policy.js'
import { PF1E_CONFUSION } from '../behaviour.js'

/** Pathfinder RPG 1st edition (the PRD). */
export const pf1e: RulesetDefinition = {
  id: 'pf1e',
  name: 'Pathfinder 1st Edition',
  description: 'Pathfinder Roleplaying Game (1st edition) combat rules, with CMB/CMD combat maneuvers and channel energy (PRD › Channel Energy).',
  saves: ['fortitude', 'reflex', 'will'],
  actionTypes: ['standard', 'move', 'full-round', 'swift', 'immediate', 'free'],
  // docs/rules.md §P1.2: pf1e untyped bonuses stack "unless from the same source"; trait does not stack.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial']),
    stackUnlessSameSource: new Set(['circumstance', 'untyped'])
  },
  sizeModifiesAttackAndAc: true,
  // PRD › Conditions: grappled −4 Dex and −2 on attacks and maneuvers except to grapple or escape; pinned replaces it (docs/rules.md §11).
  effects: PF1E_EFFECTS,
  armorClass: {
    deniedDexPenalty: 0,
    invisibleAttackerDeniesDex: true,
    // docs/rules.md §24: the PRD values.
    cover: { none: 0, cover: 4, improved: 8 }
  },
  // docs/rules.md §P4.3, §P4.4 (§35–§38); PRD › Feats: an Improved maneuver feat gives +2 CMB and +2 CMD.
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
  // PRD › Injury and Death; PRD: dead at −Con; DC 10 Con check to stabilize (docs/rules.md §46); optional massive damage (docs/rules.md §47); nonlethal past max is lethal (docs/rules.md §48).
  hitPoints: {
    model: 'countdown',
    deathThreshold: { kind: 'negative-constitution' },
    massiveDamage: { minimum: 50, fractionOfMaxHitPoints: 0.5, dc: 15, save: 'fortitude', optional: true },
    recoveryCheck: { kind: 'constitution-check', dc: 10 },
    healCheckDc: 15,
    continuousDamageFailsStabilization: true,
    nonlethalCappedAtMaximum: true
  },
  turnFlow: PF1E_TURN_FLOW,
  initiative: { addsBaseAttackBonus: false, improvedInitiativeBonus: 4, rerolledEachRound: false, ties: 'higher-modifier-then-roll-off' },
  // docs/rules.md §P2: as dnd35 except the range penalty (§14); grappled −2 and the nonlethal minimum live in effects and minimumDamage.
  attacks: {
    ...SRD_ATTACKS,
    rangeIncrements: 'started-beyond-first',
    // PRD › Rogue › Sneak Attack: only the precision-damage tag protects (critical immunity alone does not, docs/rules.md §74).
    precision: { ...SRD_ATTACKS.precision, immunities: ['immune-to-precision-damage'] }
  },
  // docs/rules.md §45: the PRD combat chapter has no channelling; PRD › Cleric, Paladin, Feats (docs/rules.md §P5.3).
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
  },
  // docs/rules.md §115: concentration checks; §117: a confused creature's behaviour roll.
  concentration: PF1E_CONCENTRATION,
  behaviourRolls: { confused: PF1E_CONFUSION }
}
