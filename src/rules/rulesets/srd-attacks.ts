import type { AttackPolicy } from '../attacks/policy.js'

/**
 * The attack rules dnd35 and pf1e share (docs/rules.md §P2: §13, §16, §20, §26):
 * BAB + Str/Dex + size, threat ranges with confirmation, iteratives and
 * two-weapon fighting, the automatic coup de grace with its Fortitude save.
 * pf1e changes only the range penalty (docs/rules.md §14).
 */
export const SRD_ATTACKS: AttackPolicy = {
  fullAttack: true,
  twoWeaponFighting: true,
  // SRD 3.5 › Base Attack Bonus: +6/+1, +11/+6/+1, +16/+11/+6/+1 (four at most, docs/rules.md).
  iterativeAttacks: { babPerAttack: 5, penaltyStep: 5, maxAttacks: 4 },
  // SRD 3.5 › Two-Weapon Fighting: −6/−10, a light off-hand weapon −4/−8, the feat −4/−4 (−2/−2 with a light one).
  twoWeapon: {
    penalties: { primary: -6, offHand: -10 },
    lightOffHand: { primary: -4, offHand: -8 },
    feat: { name: 'two-weapon-fighting', primary: 2, offHand: 6 },
    // SRD 3.5 › Feats: Improved and Greater Two-Weapon Fighting add off-hand attacks at −5 and −10.
    extraAttackFeats: ['improved-two-weapon-fighting', 'greater-two-weapon-fighting'],
    extraAttackStep: 5
  },
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
  concealment: { stacking: 'highest' },
  missChance: { concealment: 20, total: 50 },
  // SRD 3.5 › Rogue › Sneak Attack: the stat block's dice, flanking or Dex denied, ranged within 30 ft (docs/rules.md §74).
  precision: { dice: { from: 'stat-block' }, flanking: true, rangedWithinFeet: 30, aimedWithinIncrement: false, immunities: ['immune-to-critical-hits', 'immune-to-precision-damage'], bloodies: null },
  coupDeGrace: { attack: { automatic: true }, save: { name: 'fortitude', purpose: 'save' } }
}
