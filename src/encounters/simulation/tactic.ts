// How a simulated creature fights (docs/rules.md §83, §131): whom it attacks
// and whether it makes full attacks. Pure choices over the encounter state.
import { Dice } from '../../rules/dice/roller.js'
import type { CombatantState } from '../model.js'

export const TARGET_RULES = ['lowest-hit-points', 'highest-threat', 'random'] as const
export type TargetRule = typeof TARGET_RULES[number]

export interface Tactic {
  target: TargetRule
  fullAttack: boolean
}

export const DEFAULT_TACTIC: Tactic = { target: 'lowest-hit-points', fullAttack: true }

function currentHitPoints (c: CombatantState): number {
  return c.hitPoints ? c.hitPoints.current + c.hitPoints.temporary : Number.POSITIVE_INFINITY
}

/**
 * The enemy to attack: `roster[enemies[0..count - 1]]` are those able to act,
 * in roster order, and `dealt` what each in the roster has dealt in this
 * fight; the answer is the chosen one's place in the roster. Lowest current
 * hit points (temporary included); highest threat, the one that has dealt
 * the most damage in this fight, then the highest base attack bonus; random,
 * a d<count> from the seed `<turn seed>:target` (POST /v1/dice replays it),
 * the turn's seed being `seeds.text(k)`. Ties go to the first listed.
 */
export function chooseTarget (rule: TargetRule, roster: readonly CombatantState[], enemies: readonly number[], count: number, dealt: readonly number[], seeds: { text: (k: number) => string }, k: number): number {
  let best = enemies[0] as number
  if (rule === 'random') {
    if (count === 1) return best
    const roll = new Dice({ seed: `${seeds.text(k)}:target`, record: false }).roll(count, 'target')
    return enemies[roll - 1] as number
  }
  if (rule === 'lowest-hit-points') {
    // The lowest so far kept, not read again for each enemy: every simulated turn chooses.
    let lowest = currentHitPoints(roster[best] as CombatantState)
    for (let j = 1; j < count; j++) {
      const i = enemies[j] as number
      const hp = currentHitPoints(roster[i] as CombatantState)
      if (hp < lowest) {
        best = i
        lowest = hp
      }
    }
    return best
  }
  for (let j = 1; j < count; j++) {
    const i = enemies[j] as number
    const d = dealt[i] as number
    const bd = dealt[best] as number
    if (d > bd || (d === bd && babOf(roster[i] as CombatantState) > babOf(roster[best] as CombatantState))) best = i
  }
  return best
}

function babOf (c: CombatantState): number {
  const bab = c.statBlock.baseAttackBonus
  return typeof bab === 'number' ? bab : 0
}
