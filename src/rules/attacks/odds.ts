import { DomainError, atPath } from '../errors.js'
import { saveBonus } from '../saves/save-bonus.js'
import { diceCount, notationRange } from '../dice/notation.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { AcType } from '../armor-class.js'
import type { Ruleset } from '../rulesets/types.js'
import { type DamagePlan, damageMultiplier } from './damage.js'
import { type Distribution, addNotation, point } from './distribution.js'
import { afterDamage, targetHitPoints } from './hit-points.js'
import { type MassiveDamageOdds, massiveDamageOdds } from './massive-damage.js'
import { type AttackPlan, type CoupDeGracePlan, planAction } from './plan.js'
import type { AttackRequest } from './request.js'
import { type AttackActionResult, attackHits, confirmationHits, sidesConditions } from './resolve.js'
import { d20Chance } from '../d20.js'

/**
 * Work bounds of POST /v1/attacks/odds, so that no accepted body costs more
 * than a few tens of milliseconds of CPU: damage dice per attack (every
 * critical roll counted), the span of one attack's damage, the cells of the
 * action's joint lethal × nonlethal table, and the steps of the whole
 * computation, all counted from the plan before any of it is done.
 */
export const ODDS_LIMITS = { dicePerAttack: 400, spanPerAttack: 20_000, jointCells: 200_000, work: 3_000_000 } as const

/**
 * What one unit of each kind of work costs, in convolution steps (one
 * multiply-add over a Float64Array), measured on this service: a damage cell
 * is an object put through a Map and a sort, then an outcome in the response
 * to serialise; a cell of the drop/kill table
 * asks the hit-points rules where the target stands after it, and the
 * variant weighs a Death save over its 20 faces there.
 */
export const ODDS_COST = { cell: 40, dropCell: 100, deathSaveCell: 600 } as const

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
  /** As POST /v1/attacks reports them (docs/rules.md §88). */
  conditions: AttackActionResult['conditions']
  expectedDamage: number
  distribution: Outcome[]
  dropChance: number | null
  killChance: number | null
}

/** One way an attack can end: lethal and nonlethal damage with its probability. */
interface Cell { lethal: number, nonlethal: number, probability: number }

/** Odds too costly to compute exactly: the damage of the attack that crossed the limit is the field to lower. */
function tooLarge (path: string, message: string): DomainError {
  return new DomainError('out-of-range', `${message}: too large to compute exactly`, [{ path, message }])
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

/** One way a hit can land (normal or critical), as the plan fixes it before any die: its dice and the range of its damage. */
interface HitKind { critical: boolean, weight: number, dice: number, min: number, max: number }

function hitKind (plan: DamagePlan, critical: boolean, weight: number, path: string): HitKind {
  const m = damageMultiplier(plan, critical)
  const dice = diceCount(plan.dice) * m + plan.extra.reduce((n, e) => n + diceCount(e.dice), 0) + (plan.precision ? diceCount(plan.precision.dice) : 0)
  if (dice > ODDS_LIMITS.dicePerAttack) throw tooLarge(path, `an attack rolling ${dice} damage dice (at most ${ODDS_LIMITS.dicePerAttack})`)
  const range = notationRange(plan.dice)
  let min = (plan.perRoll.total + range.min) * m
  let max = (plan.perRoll.total + range.max) * m
  for (const e of plan.precision ? [...plan.extra, plan.precision] : plan.extra) {
    const r = notationRange(e.dice)
    min += r.min
    max += r.max
  }
  if (max - min + 1 > ODDS_LIMITS.spanPerAttack) throw tooLarge(path, `an attack whose damage spans ${max - min + 1} values (at most ${ODDS_LIMITS.spanPerAttack})`)
  return { critical, weight, dice, min, max }
}

/**
 * One attack as the odds will compute it, counted before any work: the ways
 * it can hit, how many cells its outcomes can take (a miss, every damage
 * value, the floored ones), and the most lethal and nonlethal damage it adds.
 */
interface AttackShape {
  plan: AttackPlan
  path: string
  hitChance: number
  critChance: number
  kinds: HitKind[]
  cells: number
  lethal: number
  nonlethal: number
}

function attackShape (plan: AttackPlan): AttackShape {
  const { hit, critical } = hitAndCritical(plan)
  const lands = 1 - plan.missChance / 100
  const path = `${plan.weaponPath}/damage`
  const kinds: HitKind[] = []
  if (hit - critical > 0) kinds.push(hitKind(plan.damage, false, (hit - critical) * lands, path))
  if (critical > 0) kinds.push(hitKind(plan.damage, true, critical * lands, path))
  const { amount, nonlethal: floorIsNonlethal } = plan.damage.minimum
  let cells = 1
  let lethal = 0
  let nonlethal = 0
  for (const k of kinds) {
    cells += k.max - k.min + 2
    const floored = k.min < amount
    const floorNonlethal = plan.damage.nonlethal || floorIsNonlethal
    const top = k.max >= amount ? k.max : 0
    if (plan.damage.nonlethal) nonlethal = Math.max(nonlethal, top)
    else lethal = Math.max(lethal, top)
    if (floored) {
      if (floorNonlethal) nonlethal = Math.max(nonlethal, amount)
      else lethal = Math.max(lethal, amount)
    }
  }
  return { plan, path, hitChance: hit * lands, critChance: critical * lands, kinds, cells, lethal, nonlethal }
}

/** The work POST /v1/attacks/odds does for one body, counted before it is done. */
export interface OddsWork {
  /** Damage dice convolved, every critical roll counted. */
  dice: number
  /** Cells of the action's joint lethal × nonlethal table. */
  cells: number
  /** Everything, in convolution steps (ODDS_LIMITS.work). */
  steps: number
}

/**
 * Count the whole computation from the plan — the convolutions, each
 * attack's cells, each step of the joint table (twice while massive damage
 * keeps a table of survivors apart), the final distribution and the drop/kill
 * table — and refuse, naming the damage of the attack that crosses a limit,
 * before any of it is done.
 */
function countWork (ruleset: Ruleset, request: AttackRequest, shapes: readonly AttackShape[], massive: MassiveDamageOdds | null, coupDeGrace: boolean): OddsWork {
  const perFinalCell = !request.target.hitPoints && !coupDeGrace
    ? 1
    : 1 + (ruleset.hitPoints.model === 'accumulated' ? ODDS_COST.deathSaveCell : ODDS_COST.dropCell)
  let dice = 0
  let steps = 0
  let lMax = 0
  let nMax = 0
  let size = 1
  let apart = false
  for (const a of shapes) {
    for (const k of a.kinds) {
      dice += k.dice
      steps += k.dice * (k.max - k.min + 1)
    }
    steps += a.cells * ODDS_COST.cell
    lMax += a.lethal
    nMax += a.nonlethal
    const next = (lMax + 1) * (nMax + 1)
    if (next > ODDS_LIMITS.jointCells) throw tooLarge(a.path, `an action whose lethal × nonlethal damage table needs ${next} cells (at most ${ODDS_LIMITS.jointCells})`)
    apart ||= massive !== null && a.lethal >= massive.threshold
    steps += (apart ? 2 : 1) * (size + size * a.cells + next)
    size = next
    // The action's distribution has one outcome per total damage.
    if (steps + size * perFinalCell + (lMax + nMax + 1) * ODDS_COST.cell > ODDS_LIMITS.work) {
      throw tooLarge(a.path, `an action needing more than ${ODDS_LIMITS.work} steps (damage dice × damage span per attack and critical roll, the cells of each attack and of the joint lethal × nonlethal table, and the drop and kill chances over that table)`)
    }
  }
  return { dice, cells: size, steps: steps + size * perFinalCell + (lMax + nMax + 1) * ODDS_COST.cell }
}

/** The damage of one way of hitting, as cells (the floor of the ruleset applied, docs/rules.md §P2.5). */
function hitCells (plan: DamagePlan, kind: HitKind): Cell[] {
  const m = damageMultiplier(plan, kind.critical)
  let d: Distribution = point(plan.perRoll.total * m)
  for (let i = 0; i < m; i++) d = addNotation(d, plan.dice)
  for (const e of plan.extra) d = addNotation(d, e.dice)
  if (plan.precision) d = addNotation(d, plan.precision.dice)
  const cells: Cell[] = []
  let floored = 0
  const { amount, nonlethal: floorIsNonlethal } = plan.minimum
  for (let i = 0; i < d.p.length; i++) {
    const value = d.offset + i
    const probability = d.p[i]! * kind.weight
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
 * docs/rules.md §67: a probability in a response never leaves [0, 1]. Sums of products of
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

/**
 * docs/rules.md §67: the mean of a distribution, rounded to 12 significant
 * digits, so that a mean the dice make exact (2d6: 7) is not answered as the
 * sum of doubles (6.999999999999998).
 */
export function expectedValue (outcomes: readonly Outcome[]): number {
  return Number(outcomes.reduce((n, o) => n + o.damage * o.probability, 0).toPrecision(12))
}

function attackCells (shape: AttackShape): Cell[] {
  const cells: Cell[] = [{ lethal: 0, nonlethal: 0, probability: 1 - shape.hitChance }]
  for (const kind of shape.kinds) cells.push(...hitCells(shape.plan.damage, kind))
  return cells
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

/** Independent attacks: add one attack's outcomes to the joint table (a discrete convolution; its size counted in countWork). */
function combine (joint: Joint, cells: readonly Cell[]): Joint {
  let lAdd = 0
  let nAdd = 0
  for (const c of cells) {
    if (c.lethal > lAdd) lAdd = c.lethal
    if (c.nonlethal > nAdd) nAdd = c.nonlethal
  }
  const lMax = joint.lMax + lAdd
  const nMax = joint.nMax + nAdd
  const p = new Float64Array((lMax + 1) * (nMax + 1))
  const width = nMax + 1
  const oldWidth = joint.nMax + 1
  // The cells as flat arrays: the inner loop runs up to millions of times.
  const at = new Int32Array(cells.length)
  const weight = new Float64Array(cells.length)
  for (let k = 0; k < cells.length; k++) {
    at[k] = cells[k]!.lethal * width + cells[k]!.nonlethal
    weight[k] = cells[k]!.probability
  }
  for (let i = 0; i < joint.p.length; i++) {
    const q = joint.p[i]!
    if (q === 0) continue
    const base = Math.floor(i / oldWidth) * width + (i % oldWidth)
    for (let k = 0; k < at.length; k++) p[base + at[k]!]! += q * weight[k]!
  }
  return { lMax, nMax, p }
}

/** The joint table by total damage, summed in the table's order (as a list of its cells would be), without a cell object each. */
function jointByDamage (joint: Joint): Outcome[] {
  const width = joint.nMax + 1
  const sums = new Float64Array(joint.lMax + joint.nMax + 1)
  const seen = new Uint8Array(sums.length)
  for (let i = 0; i < joint.p.length; i++) {
    const q = joint.p[i]!
    if (!(q > 0)) continue
    const damage = Math.floor(i / width) + (i % width)
    sums[damage]! += q
    seen[damage] = 1
  }
  const out: Outcome[] = []
  for (let damage = 0; damage < sums.length; damage++) if (seen[damage]) out.push({ damage, probability: probability(sums[damage]!) })
  return out
}

/** P(a save with this bonus fails against the DC), over the d20 (docs/rules.md §P3). */
function saveFailure (bonus: number, dc: number): number {
  return 1 - d20Chance(bonus, dc)
}

/**
 * The variant's Death save bonus after damage, through the one save path
 * (docs/rules.md §P3: shaken −2; sickened spares Death saves); a base of 0 when the
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
 * dropChance and killChance (OpenAPI › POST /v1/attacks/odds; docs/rules.md §P6)
 * over the joint table of the survivors, cell by cell in the table's order.
 * The hit-points module decides each damage total (./hit-points.ts); the
 * variant's Death save uses `baseSaves.death`, 0 when absent. A coup de grace
 * adds the save against death (DC 10 + damage).
 */
function dropAndKill (ruleset: Ruleset, request: AttackRequest, joint: Joint, cdg: CoupDeGracePlan | null): { drop: number | null, kill: number | null } {
  const target = request.target
  if (!target.hitPoints && !cdg) return { drop: null, kill: null }
  let drop = 0
  let kill = 0
  const deathBonus = deathSaveBonus(ruleset, target)
  const before = target.hitPoints ? targetHitPoints(ruleset, target) : undefined
  const width = joint.nMax + 1
  for (let i = 0; i < joint.p.length; i++) {
    const cellProbability = joint.p[i]!
    if (!(cellProbability > 0)) continue
    const lethal = Math.floor(i / width)
    const nonlethal = i % width
    const damage = lethal + nonlethal
    const after = afterDamage(ruleset, target, lethal, nonlethal, deathBonus, before)
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
    drop += cellProbability * pDrop
    kill += cellProbability * pDead
  }
  return { drop: target.hitPoints ? drop : null, kill }
}

function planOdds (ruleset: Ruleset, request: AttackRequest) {
  const plan = planAction(ruleset, request)
  const massive = massiveDamageOdds(ruleset, request.target)
  const shapes = plan.attacks.map(attackShape)
  const work = countWork(ruleset, request, shapes, massive, plan.coupDeGrace !== null)
  return { plan, massive, shapes, work }
}

/** The work the odds of this body would take, counted as the endpoint counts it before doing any (throws the same 422 beyond a limit). */
export function oddsWork (ruleset: Ruleset, request: AttackRequest): OddsWork {
  return planOdds(ruleset, request).work
}

/** POST /v1/attacks/odds: the exact odds of the same action POST /v1/attacks would roll. */
export function attackOdds (ruleset: Ruleset, request: AttackRequest): ActionOdds {
  const { plan, massive, shapes } = planOdds(ruleset, request)
  let joint: Joint = { lMax: 0, nMax: 0, p: Float64Array.of(1) }
  // The same table without the ways in which massive damage killed the target, and their total chance.
  let survivors = joint
  let massiveDeath = 0
  const attacks: AttackOdds[] = []
  for (const shape of shapes) {
    const a = shape.plan
    const cells = mergeCells(attackCells(shape))
    const damageDistribution = byDamage(cells)
    attacks.push({
      label: a.label,
      attackBonus: a.attackBonus,
      attackBreakdown: a.attackBreakdown,
      targetAC: a.targetAC,
      acType: a.acType,
      hitChance: probability(shape.hitChance),
      critChance: probability(shape.critChance),
      expectedDamage: expectedValue(damageDistribution),
      damageDistribution
    })
    const shared = survivors === joint
    const massiveCells = massive ? cells.filter((c) => c.lethal >= massive.threshold) : []
    if (massive && massiveCells.length > 0) {
      const q = massive.deathChance()
      const alive = survivors.p.reduce((n, p) => n + p, 0)
      massiveDeath += alive * q * massiveCells.reduce((n, c) => n + c.probability, 0)
      const spared = cells.map((c) => c.lethal >= massive.threshold ? { ...c, probability: c.probability * (1 - q) } : c)
      survivors = combine(survivors, spared)
      joint = combine(joint, cells)
    } else {
      joint = combine(joint, cells)
      survivors = shared ? joint : combine(survivors, cells)
    }
  }
  const distribution = jointByDamage(joint)
  const { drop, kill } = dropAndKill(ruleset, request, survivors, plan.coupDeGrace)
  return {
    attacks,
    conditions: sidesConditions(ruleset, request),
    expectedDamage: expectedValue(distribution),
    distribution,
    dropChance: drop === null ? null : probability(drop + massiveDeath),
    killChance: kill === null ? null : probability(kill + massiveDeath)
  }
}
