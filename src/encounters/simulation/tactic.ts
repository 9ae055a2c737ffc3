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
 * The enemy to attack among `enemies` (able to act, in roster order):
 * lowest current hit points (temporary included); highest threat, the one that
 * has dealt the most damage in this fight, then the highest base attack bonus;
 * random, a d<n> from the seed `<turn seed>:target` (POST /v1/dice replays it),
 * the turn's seed being `seeds.text(k)`.
 * Ties go to the first listed.
 */
export function chooseTarget (rule: TargetRule, enemies: readonly CombatantState[], dealt: ReadonlyMap<string, number>, seeds: { text: (k: number) => string }, k: number): CombatantState {
  let best = enemies[0] as CombatantState
  if (rule === 'random') {
    if (enemies.length === 1) return best
    const roll = new Dice({ seed: `${seeds.text(k)}:target`, record: false }).roll(enemies.length, 'target')
    return enemies[roll - 1] as CombatantState
  }
  for (let i = 1; i < enemies.length; i++) {
    const c = enemies[i] as CombatantState
    if (rule === 'lowest-hit-points') {
      if (currentHitPoints(c) < currentHitPoints(best)) best = c
    } else {
      const d = dealt.get(c.id) ?? 0
      const b = dealt.get(best.id) ?? 0
      if (d > b || (d === b && babOf(c) > babOf(best))) best = c
    }
  }
  return best
}

function babOf (c: CombatantState): number {
  const bab = c.statBlock.baseAttackBonus
  return typeof bab === 'number' ? bab : 0
}
