import type { AttackerConditionTable } from '../attacker-conditions.js'

/**
 * Penalties a creature's own conditions put on its rolls, shared by dnd35
 * and pf1e (RULES.md §1.4; SRD35 › Conditions and the Attack Roll Modifiers
 * table; the PRD's are the same). pf1e adds grappled in its module.
 */
export const SRD_ATTACKER_CONDITIONS: AttackerConditionTable = {
  prone: { melee: -4 },
  entangled: { melee: -2, ranged: -2 },
  dazzled: { melee: -1, ranged: -1 },
  // Shaken: −2 on attack rolls, saves, skill and ability checks; frightened and panicked include it and do not add to it.
  shaken: { melee: -2, ranged: -2, checks: -2 },
  frightened: { implies: ['shaken'] },
  panicked: { implies: ['shaken'] },
  sickened: { melee: -2, ranged: -2, checks: -2 },
  // 000 › Terrain and Obstacles › Squeezing: −4 on attack rolls.
  squeezing: { melee: -4, ranged: -4 }
}

/**
 * dnd35: attacking while grappling is −4 (000 › If You're Grappling); the
 * grapple checks themselves are not penalised. Listed under either name, once.
 */
export const DND35_ATTACKER_CONDITIONS: AttackerConditionTable = {
  ...SRD_ATTACKER_CONDITIONS,
  grappling: { melee: -4, ranged: -4, notToGrapple: true },
  grappled: { implies: ['grappling'] }
}

/** pf1e: grappled is −2 on attacks and on maneuvers other than grapple and escape (PRD › Conditions); the grappler is grappled too. */
export const PF1E_ATTACKER_CONDITIONS: AttackerConditionTable = {
  ...SRD_ATTACKER_CONDITIONS,
  grappled: { melee: -2, ranged: -2, notToGrapple: true },
  grappling: { implies: ['grappled'] }
}

/** The variant's own (001 › Conditions; D09: prone is −4 on melee). */
export const VARIANT_ATTACKER_CONDITIONS: AttackerConditionTable = {
  prone: { melee: -4 },
  shaken: { melee: -2, ranged: -2, checks: -2 },
  frightened: { implies: ['shaken'] },
  panicked: { implies: ['shaken'] },
  disoriented: { melee: -2, ranged: -2 },
  bloodied: { melee: -1, ranged: -1, checks: -1 },
  // Wounded is a further −1 on top of bloodied; sickened counts as bloodied (D63).
  wounded: { melee: -1, ranged: -1, checks: -1, implies: ['bloodied'] },
  sickened: { implies: ['bloodied'] },
  squeezing: { melee: -4, ranged: -4 },
  // 001 › Fight Back-to-Back: −2 on attacks.
  'back-to-back': { melee: -2, ranged: -2 }
}
