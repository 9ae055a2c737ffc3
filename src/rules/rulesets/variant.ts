import type { Ruleset } from './types.js'
import { HELPLESS_DEFENDER } from './defender-conditions.js'
import { VARIANT_ATTACKER_CONDITIONS } from './attacker-conditions.js'
import { SRD_UNARMED_DAMAGE } from '../maneuvers/policy.js'
import { VARIANT_SAVING_THROWS } from '../saves/policy.js'
import { VARIANT_TURN_FLOW } from '../turn-flow.js'

/** The d20 variant of seed 001: base combat bonus, five saves, accumulated damage, no grapple or turning rules. */
export const variant: Ruleset = {
  id: 'variant',
  name: 'd20 variant',
  description: 'A d20 variant with base combat bonus, major/minor actions and reactions, bloodied/wounded thresholds, wound points and Death saves.',
  // 001 › Saving Throws; RULES.md §10.
  saves: ['charm', 'reflex', 'death', 'fear', 'spell'],
  actionTypes: ['major', 'minor', 'full-round', 'free', 'reaction'],
  // D06: the variant has no stacking rule of its own; use the dnd35 table.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial', 'untyped']),
    stackUnlessSameSource: new Set(['circumstance'])
  },
  sizeModifiesAttackAndAc: false,
  armorClass: {
    conditions: {
      // 001 › Conditions › Off-Guard: no Dex, and −2 (deniedDexPenalty below).
      'off-guard': { deniesDex: true, uncannyDodgeKeepsDex: true },
      'flat-footed': { deniesDex: true, uncannyDodgeKeepsDex: true },
      // 001 › Helpless Defenders: −4 melee, Dex −5, and the off-guard −2 is not added.
      ...HELPLESS_DEFENDER,
      // 001 › Conditions: stunned, blinded and cowering make the creature off-guard.
      stunned: { deniesDex: true },
      blinded: { deniesDex: true },
      cowering: { deniesDex: true },
      prone: { melee: -4, ranged: 4 },
      squeezing: { melee: -4, ranged: -4 },
      disoriented: { melee: -2, ranged: -2 },
      charging: { melee: -2, ranged: -2 },
      'total-defense': { dodge: 4 }
    },
    deniedDexPenalty: 2,
    invisibleAttackerDeniesDex: true,
    cover: { none: 0, cover: 4, improved: 8 }
  },
  attackerConditions: VARIANT_ATTACKER_CONDITIONS,
  // 001 › Combat Maneuvers: Str checks against DC 10 + the defender's bonus; grapple is "(WIP) TBD" (RULES.md §4.5).
  maneuvers: {
    grapple: null,
    maneuvers: 'strength-check',
    unarmedDamage: SRD_UNARMED_DAMAGE, // D23
    improvedFeatBonus: 0,
    improvedFeatDefenseBonus: 0,
    sizeStepBonus: 4,
    stabilityBonus: 4,
    perExtraLegCmd: 0,
    chargeBonus: 2,
    itemDestruction: { destroyedAtOrBelow: 0, brokenAtHalf: false },
    tieRerollLimit: 20
  },
  savingThrows: VARIANT_SAVING_THROWS,
  minimumDamage: { amount: 1, nonlethal: false },
  // 001 › Hit Points; Death and Dying (RULES.md §6.3, D49–D54).
  hitPoints: {
    model: 'accumulated',
    bloodied: { numerator: 1, denominator: 2 },
    wounded: { numerator: 3, denominator: 4 },
    deathSaveDc: { base: 10, excessPerPoint: 2 },
    deathSave: 'death',
    deadlyFailureMargin: 10,
    failuresToDie: 3,
    successesToStabilize: 4,
    constitutionDamagePerSave: 1,
    wakeMargin: 5,
    healCheckDc: 15
  },
  // 001 › Initiative; RULES.md §7: d20 + BCB + Dex, injury penalties, deafened −4, shaken −2; ties simultaneous.
  initiative: { addsBaseAttackBonus: true, improvedInitiativeBonus: 4, conditionPenalties: { deafened: -4, shaken: -2 }, injuryPenalties: true, ties: 'simultaneous' },
  turnFlow: VARIANT_TURN_FLOW,
  // RULES.md §2 for the variant (001 › Attack, Critical Hits, Damage; D15, D17, D21, D23, D25, D27, D28, D30).
  attacks: {
    fullAttack: false,
    twoWeaponFighting: false,
    swiftAttackPenalty: 4,
    finesse: 'light-or-finesse-weapon',
    baseBonusToDamage: true,
    untrainedUnarmedRestricted: true,
    rangeIncrements: 'full',
    critical: { confirmation: false, multiplier: 2 },
    reachWeaponAdjacentPenalty: -4,
    reachWeaponReach: 'plus-five',
    projectileStrength: false,
    compositeBows: false,
    situational: { flanking: 2, charging: 2, higherGround: { melee: 1, ranged: 1 }, fightingDefensively: null, shootingIntoMelee: -4, invisibleAttacker: 0, nonlethalSwitch: -4 },
    proneRangedWeapons: ['crossbow'],
    concealment: { stacking: 'sum', cap: 50 },
    coupDeGrace: { attack: { automatic: false, bonus: 4 }, save: { name: 'death', ability: null, purpose: 'death-save' } }
  },
  capabilities: {
    // RULES.md §2.9, D28: no full attack and no two-weapon rules.
    attacks: { modes: ['single', 'coup-de-grace'], twoWeaponFighting: false, criticalConfirmation: false },
    saves: true,
    // 001 › Grapple is "(WIP) TBD".
    grappleActions: [],
    maneuvers: ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint', 'drive-back'],
    turningActions: [],
    damage: true,
    // D54: no natural healing, nonlethal recovery or temporary hit points.
    healingKinds: ['magical', 'stabilize', 'heal-check', 'recover', 'strenuous-action'],
    initiative: { rerolledEachRound: true, ties: 'simultaneous' }
  },
  // RULES.md §5.4: 001 has no undead, turning or channelling.
  turning: { turnUndead: null, channelEnergy: null }
}
