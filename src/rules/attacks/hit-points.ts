import type { CombatantInput } from '../combatant.js'
import type { HitPointModel } from './policy.js'

/**
 * Where a target stands after an action's damage, as far as the attack
 * endpoints need it (RULES.md §6): whether it drops (unconscious, dying)
 * and whether it dies outright. The variant never dies outright from damage:
 * reaching its HP calls for a Death save (`deathSaveDc`).
 */
export interface AfterDamage {
  dropped: boolean
  dead: boolean
  /** variant: the DC of the Death save the damage calls for, or null. */
  deathSaveDc: number | null
  /** variant: the creature was already dying, so a natural 1 on that save kills it too (D51). */
  alreadyDying: boolean
}

/** dnd35/pf1e (§6.1, §6.2, D48): HP count down; temporary HP take lethal damage first. */
function countdown (deadAt: 'minus-ten' | 'minus-con', target: CombatantInput, lethal: number, nonlethal: number): AfterDamage {
  const hp = target.hitPoints!
  const current0 = hp.current ?? hp.max
  let nonlethalTotal = (hp.nonlethal ?? 0) + nonlethal
  let lethalTaken = lethal
  // pf1e: nonlethal damage beyond maximum HP is lethal (D48).
  if (deadAt === 'minus-con' && nonlethalTotal > hp.max) {
    lethalTaken += nonlethalTotal - Math.max(hp.max, hp.nonlethal ?? 0)
    nonlethalTotal = Math.max(hp.max, hp.nonlethal ?? 0)
  }
  const current = current0 - Math.max(0, lethalTaken - (hp.temporary ?? 0))
  const con = target.abilities?.con
  // A creature with no Con score (undead) is destroyed at 0 HP in pf1e.
  const deadBelow = deadAt === 'minus-ten' ? -10 : (con === null ? 0 : -(con ?? 10))
  const dead = current <= deadBelow
  const dropped = dead || current < 0 || nonlethalTotal > current
  return { dropped, dead, deathSaveDc: null, alreadyDying: false }
}

/** variant (§6.3): accumulated damage D; a Death save at D ≥ HP, DC 10 + ⌊(D − HP) / 2⌋. */
function accumulated (target: CombatantInput, lethal: number, nonlethal: number): AfterDamage {
  const hp = target.hitPoints!
  const before = hp.max - (hp.current ?? hp.max)
  const d = before + lethal + nonlethal
  if (d < hp.max) return { dropped: false, dead: false, deathSaveDc: null, alreadyDying: false }
  return { dropped: false, dead: false, deathSaveDc: 10 + Math.floor((d - hp.max) / 2), alreadyDying: before >= hp.max }
}

export function afterDamage (model: HitPointModel, target: CombatantInput, lethal: number, nonlethal: number): AfterDamage | null {
  if (!target.hitPoints) return null
  return model.kind === 'countdown' ? countdown(model.deadAt, target, lethal, nonlethal) : accumulated(target, lethal, nonlethal)
}
