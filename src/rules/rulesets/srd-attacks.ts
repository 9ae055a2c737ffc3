import type { AttackPolicy } from '../attacks/policy.js'

/**
 * The attack rules dnd35 and pf1e share (RULES.md §2: D13, D16, D20, D26):
 * BAB + Str/Dex + size, threat ranges with confirmation, iteratives and
 * two-weapon fighting, the automatic coup de grace with its Fortitude save.
 * pf1e changes only the range penalty (D14).
 */
export const SRD_ATTACKS: AttackPolicy = {
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
  concealment: { stacking: 'highest' },
  coupDeGrace: { attack: { automatic: true }, save: { name: 'fortitude', purpose: 'save' } }
}
