import { RuleError } from '../errors.js'
import { diceCount, notationRange } from '../dice/notation.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { AcType } from '../armor-class.js'
import type { Ruleset } from '../rulesets/types.js'
import { type DamagePlan, damageMultiplier } from './damage.js'
import { type Distribution, addNotation, point } from './distribution.js'
import { afterDamage } from './hit-points.js'
import { type AttackPlan, type CoupDeGracePlan, planAction } from './plan.js'
import type { AttackRequest } from './request.js'
import { attackHits, confirmationHits, saveSucceeds } from './resolve.js'

/**
 * Work bounds of POST /v1/attacks/odds, so that no body can take seconds:
 * damage dice per attack (every critical roll counted), the span of one
 * attack's damage, and the cells of the action's joint lethal × nonlethal table.
 */
export const ODDS_LIMITS = { dicePerAttack: 400, spanPerAttack: 20_000, jointCells: 1_000_000 } as const

export interface Outcome { damage: number, probability: number }

export interface AttackOdds {
  label: string
  attackBonus: number
  attackBreakdown: BreakdownEntry[]
  targetAC: number
  acType: AcType
  hitChance: number
  critChance: number
  expectedDamage: number
  damageDistribution: Outcome[]
}

export interface ActionOdds {
  attacks: AttackOdds[]
  expectedDamage: number
  distribution: Outcome[]
  dropChance: number | null
  killChance: number | null
}

/** One way an attack can end: lethal and nonlethal damage with its probability. */
interface Cell { lethal: number, nonlethal: number, probability: number }

function tooLarge (message: string): RuleError {
  return new RuleError('out-of-range', `${message}: too large to compute exactly`, [{ path: '', message }])
}

/** Chances over the d20 (and the confirmation d20) that an attack hits normally or critically, before the miss chance. */
function hitAndCritical (plan: AttackPlan): { hit: number, critical: number } {
  if (plan.automaticCritical) return { hit: 1, critical: 1 }
  let confirms = 0
  for (let c = 1; c <= 20; c++) if (confirmationHits(c, plan.attackBonus, plan.targetAC)) confirms++
  let hit = 0
  let critical = 0
  for (let r = 1; r <= 20; r++) {
    if (!attackHits(r, plan.attackBonus, plan.targetAC)) continue
    hit++
    if (r >= plan.threatFrom) critical += plan.confirm ? confirms / 20 : 1
  }
  return { hit: hit / 20, critical: critical / 20 }
}

/** The damage of one hit with the given multiplier, as cells (the floor of the ruleset applied, §2.5). */
function hitCells (plan: DamagePlan, critical: boolean, weight: number): Cell[] {
  const m = damageMultiplier(plan, critical)
  const dice = diceCount(plan.dice) * m + plan.extra.reduce((n, e) => n + diceCount(e.dice), 0)
  if (dice > ODDS_LIMITS.dicePerAttack) throw tooLarge(`an attack rolling ${dice} damage dice (at most ${ODDS_LIMITS.dicePerAttack})`)
  const range = notationRange(plan.dice)
  const span = (range.max - range.min) * m + plan.extra.reduce((n, e) => { const r = notationRange(e.dice); return n + r.max - r.min }, 0)
  if (span + 1 > ODDS_LIMITS.spanPerAttack) throw tooLarge(`an attack whose damage spans ${span + 1} values (at most ${ODDS_LIMITS.spanPerAttack})`)
  let d: Distribution = point(plan.perRoll.total * m)
  for (let i = 0; i < m; i++) d = addNotation(d, plan.dice)
  for (const e of plan.extra) d = addNotation(d, e.dice)
  const cells: Cell[] = []
  let floored = 0
  const { amount, nonlethal: floorIsNonlethal } = plan.minimum
  for (let i = 0; i < d.p.length; i++) {
    const value = d.offset + i
    const probability = d.p[i]! * weight
    if (probability === 0) continue
    if (value < amount) { floored += probability; continue }
    cells.push(plan.nonlethal ? { lethal: 0, nonlethal: value, probability } : { lethal: value, nonlethal: 0, probability })
  }
  if (floored > 0) {
    const nonlethal = plan.nonlethal || floorIsNonlethal
    cells.push(nonlethal ? { lethal: 0, nonlethal: amount, probability: floored } : { lethal: amount, nonlethal: 0, probability: floored })
  }
  return cells
}

function byDamage (cells: readonly Cell[]): Outcome[] {
  const map = new Map<number, number>()
  for (const c of cells) map.set(c.lethal + c.nonlethal, (map.get(c.lethal + c.nonlethal) ?? 0) + c.probability)
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([damage, probability]) => ({ damage, probability }))
}

function expected (outcomes: readonly Outcome[]): number {
  return outcomes.reduce((n, o) => n + o.damage * o.probability, 0)
}

function attackCells (plan: AttackPlan): { cells: Cell[], hitChance: number, critChance: number } {
  const { hit, critical } = hitAndCritical(plan)
  const lands = 1 - plan.missChance / 100
  const hitChance = hit * lands
  const critChance = critical * lands
  const cells: Cell[] = [{ lethal: 0, nonlethal: 0, probability: 1 - hitChance }]
  if (hit - critical > 0) cells.push(...hitCells(plan.damage, false, (hit - critical) * lands))
  if (critical > 0) cells.push(...hitCells(plan.damage, true, critChance))
  return { cells, hitChance, critChance }
}

/** Independent attacks: the joint table of the action's lethal and nonlethal damage. */
function combine (a: readonly Cell[], b: readonly Cell[]): Cell[] {
  if (a.length * b.length > ODDS_LIMITS.jointCells) throw tooLarge(`an action whose damage table needs ${a.length * b.length} cells (at most ${ODDS_LIMITS.jointCells})`)
  const map = new Map<string, Cell>()
  for (const x of a) {
    for (const y of b) {
      const lethal = x.lethal + y.lethal
      const nonlethal = x.nonlethal + y.nonlethal
      const key = `${lethal}:${nonlethal}`
      const cell = map.get(key)
      if (cell) cell.probability += x.probability * y.probability
      else map.set(key, { lethal, nonlethal, probability: x.probability * y.probability })
    }
  }
  return [...map.values()]
}

/** P(a save with this bonus fails against the DC), over the d20 (RULES.md §3). */
function saveFailure (bonus: number, dc: number, failBy = 0, natural1Counts = false): number {
  let fails = 0
  for (let n = 1; n <= 20; n++) {
    if (saveSucceeds(n, bonus, dc)) continue
    if (failBy === 0 || n + bonus <= dc - failBy || (natural1Counts && n === 1)) fails++
  }
  return fails / 20
}

/**
 * dropChance and killChance (CONTRACT › POST /v1/attacks/odds; RULES.md §6).
 * dnd35/pf1e: dying or unconscious, dead at −10 / −Con. variant: reaching HP
 * calls for a Death save (bonus `baseSaves.death`, 0 when absent): a failure
 * drops it, a failure by 10 or more of lethal damage kills it (or a natural 1
 * when it was already dying, D51). A coup de grace
 * adds the save against death (DC 10 + damage).
 */
function dropAndKill (ruleset: Ruleset, request: AttackRequest, joint: readonly Cell[], cdg: CoupDeGracePlan | null): { drop: number | null, kill: number | null } {
  const target = request.target
  if (!target.hitPoints && !cdg) return { drop: null, kill: null }
  let drop = 0
  let kill = 0
  const deathBonus = target.baseSaves?.death ?? 0
  for (const cell of joint) {
    const damage = cell.lethal + cell.nonlethal
    const after = afterDamage(ruleset.attacks.hitPoints, target, cell.lethal, cell.nonlethal)
    let pDead = after?.dead ? 1 : 0
    let pDrop = after?.dropped ? 1 : 0
    // A coup de grace's own save is the variant's Death save: it is not rolled twice.
    if (after && after.deathSaveDc !== null && !cdg) {
      pDrop = saveFailure(deathBonus, after.deathSaveDc)
      pDead = cell.lethal > 0 ? saveFailure(deathBonus, after.deathSaveDc, 10, after.alreadyDying) : 0
    }
    if (cdg && damage > 0 && pDead < 1) {
      // The save against death comes after the damage; a creature already dead makes none.
      const failsCdg = saveFailure(cdg.bonus, 10 + damage)
      pDead = pDead + (1 - pDead) * failsCdg
      pDrop = Math.max(pDrop, pDead)
    }
    drop += cell.probability * pDrop
    kill += cell.probability * pDead
  }
  return { drop: target.hitPoints ? drop : null, kill }
}

/** POST /v1/attacks/odds: the exact odds of the same action POST /v1/attacks would roll. */
export function attackOdds (ruleset: Ruleset, request: AttackRequest): ActionOdds {
  const plan = planAction(ruleset, request)
  let joint: Cell[] = [{ lethal: 0, nonlethal: 0, probability: 1 }]
  const attacks: AttackOdds[] = []
  for (const a of plan.attacks) {
    const { cells, hitChance, critChance } = attackCells(a)
    const damageDistribution = byDamage(cells)
    attacks.push({
      label: a.label,
      attackBonus: a.attackBonus,
      attackBreakdown: a.attackBreakdown,
      targetAC: a.targetAC,
      acType: a.acType,
      hitChance,
      critChance,
      expectedDamage: expected(damageDistribution),
      damageDistribution
    })
    joint = combine(joint, cells)
  }
  const distribution = byDamage(joint)
  const { drop, kill } = dropAndKill(ruleset, request, joint, plan.coupDeGrace)
  return { attacks, expectedDamage: expected(distribution), distribution, dropChance: drop, killChance: kill }
}

