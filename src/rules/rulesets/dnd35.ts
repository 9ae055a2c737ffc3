import type { Ruleset } from './types.js'
import { SRD_DEFENDER_CONDITIONS } from './defender-conditions.js'
import { srdAttackerConditions } from '../attacks/attacker-conditions.js'

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
  // RULES.md §2; 000 › Attack Bonus, Critical Hits, Damage; 000 › If You're Grappling (−4).
  attacks: {
    fullAttack: true,
    twoWeaponFighting: true,
    swiftAttackPenalty: null,
    finesse: 'feat',
    baseBonusToDamage: false,
    untrainedUnarmedRestricted: false,
    rangeIncrements: 'full',
    critical: { confirmation: true },
    reachWeaponAdjacentPenalty: null,
    reachWeaponReach: 'double',
    projectileStrength: true,
    compositeBows: true,
    situational: { flanking: 2, charging: 2, higherGround: { melee: 1, ranged: 0 }, fightingDefensively: -4, shootingIntoMelee: -4, invisibleAttacker: 2, nonlethalSwitch: -4 },
    proneRangedWeapons: ['crossbow', 'shuriken'],
    attackerConditions: srdAttackerConditions(-4),
    concealment: { stacking: 'highest' },
    minimumDamage: { amount: 1, nonlethal: false },
    coupDeGrace: { attack: { automatic: true }, save: { name: 'fortitude', ability: 'con', purpose: 'save' } },
    hitPoints: { kind: 'countdown', deadAt: 'minus-ten' }
  },
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
