import type { Ruleset } from './types.js'
import { SRD_DEFENDER_CONDITIONS } from './defender-conditions.js'
import { srdAttackerConditions } from '../attacks/attacker-conditions.js'

/** Pathfinder RPG 1st edition (seed 002, numbers from the PRD where stripped). */
export const pf1e: Ruleset = {
  id: 'pf1e',
  name: 'Pathfinder 1st Edition',
  description: 'Pathfinder Roleplaying Game (1st edition) combat rules, with CMB/CMD combat maneuvers and channel energy.',
  saves: ['fortitude', 'reflex', 'will'],
  actionTypes: ['standard', 'move', 'full-round', 'swift', 'immediate', 'free'],
  // RULES.md §1.2: pf1e untyped bonuses stack "unless from the same source"; trait does not stack.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial']),
    stackUnlessSameSource: new Set(['circumstance', 'untyped'])
  },
  sizeModifiesAttackAndAc: true,
  armorClass: {
    conditions: {
      ...SRD_DEFENDER_CONDITIONS,
      // PRD › Conditions: grappled is −4 Dex but keeps the Dex bonus; it does not deny Dex.
      grappled: { dexScoreChange: -4 },
      grappling: { dexScoreChange: -4 },
      // D11: pinned is denied Dex and takes a flat −4 against all attacks.
      pinned: { deniesDex: true, melee: -4, ranged: -4 },
      // PRD › Helpless: also flat-footed (−9 melee, −5 ranged in total, 002 › Helpless Defenders).
      helpless: { dexModifierAs: -5, melee: -4 }
    },
    deniedDexPenalty: 0,
    invisibleAttackerDeniesDex: true,
    // D24: the PRD values.
    cover: { none: 0, cover: 4, improved: 8 }
  },
  // RULES.md §2: as dnd35 except the range penalty (D14), grappled −2 and the nonlethal minimum (002 › Damage).
  attacks: {
    fullAttack: true,
    twoWeaponFighting: true,
    swiftAttackPenalty: null,
    finesse: 'feat',
    baseBonusToDamage: false,
    untrainedUnarmedRestricted: false,
    rangeIncrements: 'started-beyond-first',
    critical: { confirmation: true },
    reachWeaponAdjacentPenalty: null,
    reachWeaponReach: 'double',
    projectileStrength: true,
    compositeBows: true,
    situational: { flanking: 2, charging: 2, higherGround: { melee: 1, ranged: 0 }, fightingDefensively: -4, shootingIntoMelee: -4, invisibleAttacker: 2, nonlethalSwitch: -4 },
    proneRangedWeapons: ['crossbow', 'shuriken'],
    attackerConditions: srdAttackerConditions(-2),
    concealment: { stacking: 'highest' },
    minimumDamage: { amount: 1, nonlethal: true },
    coupDeGrace: { attack: { automatic: true }, save: { name: 'fortitude', ability: 'con', purpose: 'save' } },
    hitPoints: { kind: 'countdown', deadAt: 'minus-con' }
  },
  capabilities: {
    attacks: { modes: ['single', 'full', 'coup-de-grace'], twoWeaponFighting: true, criticalConfirmation: true },
    saves: true,
    grappleActions: ['start', 'maintain', 'damage', 'pin', 'move', 'tie-up', 'escape', 'release'],
    maneuvers: ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint', 'drag', 'reposition', 'steal', 'dirty-trick'],
    turningActions: ['channel-positive', 'channel-negative', 'turn-undead'],
    damage: true,
    healingKinds: ['magical', 'natural', 'nonlethal-recovery', 'temporary', 'stabilize', 'heal-check', 'recover'],
    initiative: { rerolledEachRound: false, ties: 'higher-modifier-then-roll-off' }
  }
}
