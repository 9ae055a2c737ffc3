/**
 * The one d20 judgement every roll against a number goes through: attack
 * rolls, confirmation rolls, saving throws, combat maneuver checks, the pf1e
 * stabilization check. Which automatic results a roll has is the rule's to say:
 *
 * - `both`: a natural 1 fails and a natural 20 succeeds (attack rolls,
 *   SRD 3.5 › Attack Roll; saving throws, SRD 3.5 › Saving Throws, variant › Saving
 *   Throws, docs/rules.md §16; combat maneuver checks, PRD › Combat Maneuvers);
 * - `natural-1-fails`: the confirmation roll, where a natural 20 has no
 *   special effect (docs/rules.md §65);
 * - `natural-20-succeeds`: pf1e's Constitution check to stabilize (docs/rules.md §46);
 * - `none`: ability and skill checks, whose total alone decides.
 */
export type NaturalRule = 'both' | 'natural-1-fails' | 'natural-20-succeeds' | 'none'

export type Natural = 'natural-1' | 'natural-20' | null

export interface D20Judgement {
  success: boolean
  /** The natural result that decided the roll whatever its total, or null. */
  automatic: Natural
  /** Signed: total − DC. */
  margin: number
}

export function judgeD20 (roll: number, total: number, dc: number, rule: NaturalRule = 'both'): D20Judgement {
  const margin = total - dc
  if (roll === 1 && (rule === 'both' || rule === 'natural-1-fails')) return { success: false, automatic: 'natural-1', margin }
  if (roll === 20 && (rule === 'both' || rule === 'natural-20-succeeds')) return { success: true, automatic: 'natural-20', margin }
  return { success: margin >= 0, automatic: null, margin }
}

/** The natural result of a roll under the both-ways rule, for reports that show it even when the total decided. */
export function naturalOf (roll: number): Natural {
  return roll === 1 ? 'natural-1' : roll === 20 ? 'natural-20' : null
}

/** The chance over a fair d20 that a roll with this bonus meets the DC (the odds use the same judgement as the dice). */
export function d20Chance (bonus: number, dc: number, rule: NaturalRule = 'both'): number {
  let successes = 0
  for (let roll = 1; roll <= 20; roll++) if (judgeD20(roll, roll + bonus, dc, rule).success) successes++
  return successes / 20
}
