import { RuleError, atPath } from '../errors.js'
import { saveBonus } from '../saves/save-bonus.js'
import { diceCount, notationRange } from '../dice/notation.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { AcType } from '../armor-class.js'
import type { Ruleset } from '../rulesets/types.js'
import { type DamagePlan, damageMultiplier } from './damage.js'
import { type Distribution, addNotation, point } from './distribution.js'
import { afterDamage } from './hit-points.js'
import { massiveDamageOdds } from './massive-damage.js'
import { type AttackPlan, type CoupDeGracePlan, planAction } from './plan.js'
import type { AttackRequest } from './request.js'
import { attackHits, confirmationHits } from './resolve.js'
import { d20Chance } from '../d20.js'

/**
 * Work bounds of POST /v1/attacks/odds, so that no body can take seconds:
 * damage dice per attack (every critical roll counted), the span of one
 * attack's damage, and the cells of the action's joint lethal × nonlethal table.
 */
export const ODDS_LIMITS = { dicePerAttack: 400, spanPerAttack: 20_000, jointCells: 1_000_000, work: 10_000_000 } as const

/** Elementary steps spent so far by one request (each die added costs the span it is added over). */
interface Budget { work: number }

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
function hitCells (plan: DamagePlan, critical: boolean, weight: number, budget: Budget): Cell[] {
  const m = damageMultiplier(plan, critical)
  const dice = diceCount(plan.dice) * m + plan.extra.reduce((n, e) => n + diceCount(e.dice), 0)
  if (dice > ODDS_LIMITS.dicePerAttack) throw tooLarge(`an attack rolling ${dice} damage dice (at most ${ODDS_LIMITS.dicePerAttack})`)
  const range = notationRange(plan.dice)
  const span = (range.max - range.min) * m + plan.extra.reduce((n, e) => { const r = notationRange(e.dice); return n + r.max - r.min }, 0)
  if (span + 1 > ODDS_LIMITS.spanPerAttack) throw tooLarge(`an attack whose damage spans ${span + 1} values (at most ${ODDS_LIMITS.spanPerAttack})`)
  budget.work += dice * (span + 1)
  if (budget.work > ODDS_LIMITS.work) throw tooLarge(`an action needing more than ${ODDS_LIMITS.work} steps of convolution (damage dice × damage span, summed over the attacks)`)
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

/**
 * D67: a probability in a response never leaves [0, 1]. Sums of products of
 * doubles can land a rounding step outside (1.0000000000000002 for a target
 * already dropped), which the response schema rightly refuses.
 */
export function probability (p: number): number {
  return p < 0 ? 0 : p > 1 ? 1 : p
}

function byDamage (cells: readonly Cell[]): Outcome[] {
  const map = new Map<number, number>()
  for (const c of cells) map.set(c.lethal + c.nonlethal, (map.get(c.lethal + c.nonlethal) ?? 0) + c.probability)
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([damage, p]) => ({ damage, probability: probability(p) }))
}

function expected (outcomes: readonly Outcome[]): number {
  return outcomes.reduce((n, o) => n + o.damage * o.probability, 0)
}

function attackCells (plan: AttackPlan, budget: Budget): { cells: Cell[], hitChance: number, critChance: number } {
  const { hit, critical } = hitAndCritical(plan)
  const lands = 1 - plan.missChance / 100
  const hitChance = hit * lands
  const critChance = critical * lands
  const cells: Cell[] = [{ lethal: 0, nonlethal: 0, probability: 1 - hitChance }]
  if (hit - critical > 0) cells.push(...hitCells(plan.damage, false, (hit - critical) * lands, budget))
  if (critical > 0) cells.push(...hitCells(plan.damage, true, critChance, budget))
  return { cells, hitChance, critChance }
}

/** The action's joint table of lethal × nonlethal damage: p[lethal · (nMax + 1) + nonlethal]. */
interface Joint { lMax: number, nMax: number, p: Float64Array }

/** Merge cells of the same lethal and nonlethal damage (a normal and a critical hit may overlap). */
function mergeCells (cells: readonly Cell[]): Cell[] {
  const map = new Map<number, Cell>()
  for (const c of cells) {
    // Damage stays far below 2^20, so the pair packs into one number.
    const key = c.lethal * 1_048_576 + c.nonlethal
    const cell = map.get(key)
    if (cell) cell.probability += c.probability
    else map.set(key, { ...c })
  }
  return [...map.values()]
}

/** Independent attacks: add one attack's outcomes to the joint table (a discrete convolution). */
function combine (joint: Joint, cells: readonly Cell[], budget: Budget): Joint {
  let lAdd = 0
  let nAdd = 0
  for (const c of cells) {
    if (c.lethal > lAdd) lAdd = c.lethal
    if (c.nonlethal > nAdd) nAdd = c.nonlethal
  }
  const lMax = joint.lMax + lAdd
  const nMax = joint.nMax + nAdd
  const size = (lMax + 1) * (nMax + 1)
  if (size > ODDS_LIMITS.jointCells) throw tooLarge(`an action whose lethal × nonlethal damage table needs ${size} cells (at most ${ODDS_LIMITS.jointCells})`)
  let nonZero = 0
  for (let i = 0; i < joint.p.length; i++) if (joint.p[i] !== 0) nonZero++
  // Checked before the work, so that a body over the limit is refused at once.
  budget.work += nonZero * cells.length + size
  if (budget.work > ODDS_LIMITS.work) throw tooLarge(`an action needing more than ${ODDS_LIMITS.work} steps of convolution`)
  const p = new Float64Array(size)
  const width = nMax + 1
  const oldWidth = joint.nMax + 1
  for (let i = 0; i < joint.p.length; i++) {
    const q = joint.p[i]!
    if (q === 0) continue
    const base = Math.floor(i / oldWidth) * width + (i % oldWidth)
    for (const c of cells) p[base + c.lethal * width + c.nonlethal]! += q * c.probability
  }
  return { lMax, nMax, p }
}

function jointCells (joint: Joint): Cell[] {
  const cells: Cell[] = []
  const width = joint.nMax + 1
  for (let i = 0; i < joint.p.length; i++) {
    const probability = joint.p[i]!
    if (probability > 0) cells.push({ lethal: Math.floor(i / width), nonlethal: i % width, probability })
  }
  return cells
}

/** P(a save with this bonus fails against the DC), over the d20 (RULES.md §3). */
function saveFailure (bonus: number, dc: number): number {
  return 1 - d20Chance(bonus, dc)
}

/**
 * The variant's Death save bonus after damage, through the one save path
 * (RULES.md §3: shaken −2; sickened spares Death saves); a base of 0 when the
 * target gives none, as before a Death save is asked for.
 */
function deathSaveBonus (ruleset: Ruleset, target: AttackRequest['target']): number {
  const policy = ruleset.hitPoints
  if (policy.model !== 'accumulated' || !target.hitPoints) return 0
  const save = policy.deathSave
  const creature = target.baseSaves?.[save] === undefined ? { ...target, baseSaves: { ...target.baseSaves, [save]: 0 } } : target
  return atPath('/target', () => saveBonus(ruleset, creature, save)).value
}

/**
 * dropChance and killChance (CONTRACT › POST /v1/attacks/odds; RULES.md §6).
 * The hit-points module decides each damage total (./hit-points.ts); the
 * variant's Death save uses `baseSaves.death`, 0 when absent. A coup de grace
 * adds the save against death (DC 10 + damage).
 */
function dropAndKill (ruleset: Ruleset, request: AttackRequest, joint: readonly Cell[], cdg: CoupDeGracePlan | null): { drop: number | null, kill: number | null } {
  const target = request.target
  if (!target.hitPoints && !cdg) return { drop: null, kill: null }
  let drop = 0
  let kill = 0
  const deathBonus = deathSaveBonus(ruleset, target)
  for (const cell of joint) {
    const damage = cell.lethal + cell.nonlethal
    const after = afterDamage(ruleset, target, cell.lethal, cell.nonlethal, deathBonus)
    let pDead = after?.dead ?? 0
    let pDrop = after?.dropped ?? 0
    // A coup de grace's own save is the variant's Death save: it is not rolled twice.
    if (after?.deathSave && cdg) pDead = pDrop = 0
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
  let joint: Joint = { lMax: 0, nMax: 0, p: Float64Array.of(1) }
  // The same table without the ways in which massive damage killed the target, and their total chance.
  let survivors = joint
  let massiveDeath = 0
  const massive = massiveDamageOdds(ruleset, request.target)
  const attacks: AttackOdds[] = []
  const budget: Budget = { work: 0 }
  for (const a of plan.attacks) {
    const outcome = attackCells(a, budget)
    const { hitChance, critChance } = outcome
    const cells = mergeCells(outcome.cells)
    const damageDistribution = byDamage(cells)
    attacks.push({
      label: a.label,
      attackBonus: a.attackBonus,
      attackBreakdown: a.attackBreakdown,
      targetAC: a.targetAC,
      acType: a.acType,
      hitChance: probability(hitChance),
      critChance: probability(critChance),
      expectedDamage: expected(damageDistribution),
      damageDistribution
    })
    const shared = survivors === joint
    const massiveCells = massive ? cells.filter((c) => c.lethal >= massive.threshold) : []
    if (massive && massiveCells.length > 0) {
      const q = massive.deathChance()
      const alive = survivors.p.reduce((n, p) => n + p, 0)
      massiveDeath += alive * q * massiveCells.reduce((n, c) => n + c.probability, 0)
      const spared = cells.map((c) => c.lethal >= massive.threshold ? { ...c, probability: c.probability * (1 - q) } : c)
      survivors = combine(survivors, spared, budget)
      joint = combine(joint, cells, budget)
    } else {
      joint = combine(joint, cells, budget)
      survivors = shared ? joint : combine(survivors, cells, budget)
    }
  }
  const all = jointCells(joint)
  const distribution = byDamage(all)
  const { drop, kill } = dropAndKill(ruleset, request, jointCells(survivors), plan.coupDeGrace)
  return {
    attacks,
    expectedDamage: expected(distribution),
    distribution,
    dropChance: drop === null ? null : probability(drop + massiveDeath),
    killChance: kill === null ? null : probability(kill + massiveDeath)
  }
}
