import { judgeD20 } from '../d20.js'
import type { Dice } from '../dice/roller.js'
import type { BreakdownEntry } from '../modifiers.js'
import { DomainError, atPath } from '../errors.js'
import { type AppliedCondition, appliedConditions } from '../effects.js'
import type { CombatantInput } from '../combatant.js'
import { diceCount } from '../dice/notation.js'
import type { Ruleset } from '../rulesets/types.js'
import { type DamageResult, damageMultiplier, rollDamage } from './damage.js'
import { afterDamage } from './hit-points.js'
import { type ActionPlan, type AttackPlan, type CoupDeGracePlan, planAction } from './plan.js'
import type { AttackRequest } from './request.js'

/** The planned numbers of an attack, then what its dice made of them. */
export interface AttackResult extends Pick<AttackPlan, 'label' | 'attackBonus' | 'attackBreakdown' | 'targetAC' | 'acType' | 'acBreakdown'> {
  /** The natural d20; null for an automatic coup de grace. */
  roll: number | null
  total: number | null
  hit: boolean
  threat: boolean
  critical: boolean
  confirmation: { roll: number, total: number, confirmed: boolean } | null
  missChance: { percent: number, roll: number, missed: boolean } | null
  damage: DamageResult | null
}

export interface CoupDeGraceResult {
  save: string
  dc: number
  /** null when the damage alone killed the target (its `hitPoints` say so): no save is rolled. */
  roll: number | null
  bonus: number
  breakdown: BreakdownEntry[]
  total: number | null
  survived: boolean
}

export interface AttackActionResult {
  attacks: AttackResult[]
  /** The conditions the rules applied to each side, listed and implied (docs/rules.md §88). */
  conditions: { attacker: AppliedCondition[], target: AppliedCondition[] }
  totals: { damage: number, lethal: number, nonlethal: number, hits: number, criticals: number }
  coupDeGrace: CoupDeGraceResult | null
}

/** An attack roll hits on a natural 20, never on a natural 1, otherwise when total ≥ AC (docs/rules.md §P2.3). */
export function attackHits (natural: number, bonus: number, ac: number): boolean {
  return judgeD20(natural, natural + bonus, ac, 'both').success
}

/** The confirmation roll: not a natural 1, and total ≥ AC with the same modifiers; a natural 20 is nothing special (docs/rules.md §65). */
export function confirmationHits (natural: number, bonus: number, ac: number): boolean {
  return judgeD20(natural, natural + bonus, ac, 'natural-1-fails').success
}

/**
 * One attack, dice in the contract's order: d20, confirmation d20, d% miss
 * chance, damage, extra damage. `detail: false` is the fast path
 * (docs/architecture.md › The fast path): the same numbers from the same dice,
 * without the damage breakdown or the notation's terms.
 */
export function resolveAttack (plan: AttackPlan, dice: Dice, detail = true): AttackResult {
  let roll: number | null = null
  let total: number | null = null
  let hit: boolean
  let threat: boolean
  let critical: boolean
  let confirmation: AttackResult['confirmation'] = null
  if (plan.automaticCritical) {
    hit = threat = critical = true
  } else {
    roll = dice.d20('attack')
    total = roll + plan.attackBonus
    hit = attackHits(roll, plan.attackBonus, plan.targetAC)
    // A roll in the threat range that does not hit is no threat (SRD 3.5 › Critical Hits).
    threat = hit && roll >= plan.threatFrom
    critical = threat && !plan.confirm
    if (threat && plan.confirm) {
      const c = dice.d20('confirm')
      const confirmed = confirmationHits(c, plan.attackBonus, plan.targetAC)
      confirmation = { roll: c, total: c + plan.attackBonus, confirmed }
      critical = confirmed
    }
  }
  let missChance: AttackResult['missChance'] = null
  if (hit && plan.missChance > 0) {
    const d = dice.roll(100, 'miss-chance')
    const missed = d <= plan.missChance
    missChance = { percent: plan.missChance, roll: d, missed }
    // The miss chance negates the whole attack, the critical included (SRD 3.5 › Concealment).
    if (missed) hit = critical = false
  }
  const damage = hit ? rollDamage(plan.damage, critical, dice, detail) : null
  // One literal, not a spread of a shared base: V8 builds it far faster (this is the hot path of the service).
  return {
    label: plan.label,
    attackBonus: plan.attackBonus,
    attackBreakdown: plan.attackBreakdown,
    targetAC: plan.targetAC,
    acType: plan.acType,
    acBreakdown: plan.acBreakdown,
    roll,
    total,
    hit,
    threat,
    critical,
    confirmation,
    missChance,
    damage
  }
}

/**
 * The save against death after a coup de grace, rolled after the damage
 * (docs/rules.md §P2.11, §29): DC 10 + the damage dealt. A target the damage
 * already killed makes no save.
 */
function rollCoupDeGraceSave (ruleset: Ruleset, target: AttackRequest['target'], plan: CoupDeGracePlan, damage: DamageResult, dice: Dice): CoupDeGraceResult {
  const dc = 10 + damage.total
  const after = afterDamage(ruleset, target, damage.lethal, damage.nonlethal)
  if (after && !after.deathSave && after.dead === 1) {
    return { save: plan.saveName, dc, roll: null, bonus: plan.bonus, breakdown: plan.breakdown, total: null, survived: false }
  }
  const roll = dice.d20(plan.purpose)
  const total = roll + plan.bonus
  return { save: plan.saveName, dc, roll, bonus: plan.bonus, breakdown: plan.breakdown, total, survived: judgeD20(roll, total, dc).success }
}

/**
 * Damage dice one action may roll, every attack a critical. Each notation is
 * bounded (OpenAPI › Limits), but 20 terms of 1000d1000, multiplied and with
 * ten extra-damage entries, over five attacks, is millions of dice and seconds
 * of work; no table rolls that many.
 */
export const MAX_DAMAGE_DICE_PER_ACTION = 10_000

function checkDamageDice (attacks: readonly AttackPlan[]): void {
  let dice = 0
  for (const a of attacks) {
    dice += diceCount(a.damage.dice) * damageMultiplier(a.damage, true) + a.damage.extra.reduce((n, e) => n + diceCount(e.dice), 0) +
      (a.damage.precision ? diceCount(a.damage.precision.dice) : 0)
  }
  if (dice > MAX_DAMAGE_DICE_PER_ACTION) {
    const message = `the action could roll ${dice} damage dice (at most ${MAX_DAMAGE_DICE_PER_ACTION}, every attack counted as a critical)`
    throw new DomainError('out-of-range', message, [{ path: '/weapon/damage', message }])
  }
}

/**
 * One attack on the fast path, for a simulation that resolves millions: plan
 * once (`planAttackAction`), then call this per attack with dice made with
 * `record: false`. Every number is the one `resolveAttack` gives for the same
 * plan and dice (test/rules/attacks/fast-path.test.ts); `damage.breakdown` is
 * empty.
 */
export function resolveAttackFast (plan: AttackPlan, dice: Dice): AttackResult {
  return resolveAttack(plan, dice, false)
}

/** Plan an attack action and check its dice bound: every rules error is raised here, before a die is rolled. */
/** A planned action and the conditions the rules applied to each side: planning-time facts no die changes. */
export interface AttackActionPlan extends ActionPlan {
  conditions: AttackActionResult['conditions']
}

export function planAttackAction (ruleset: Ruleset, request: AttackRequest): AttackActionPlan {
  const plan = planAction(ruleset, request)
  checkDamageDice(plan.attacks)
  // Each field named, not `...plan`: a spread copies through a slow generic path (this runs on every attack request).
  return { attacks: plan.attacks, coupDeGrace: plan.coupDeGrace, conditions: sidesConditions(ruleset, request) }
}

/**
 * Roll a planned action: each attack in order, the totals, then the save of a
 * coup de grace. `target` is the request's target (a coup de grace reads its
 * hit points). `detail: false` is the fast path, as for `resolveAttack`.
 */
export function rollAttackAction (ruleset: Ruleset, target: AttackRequest['target'], plan: AttackActionPlan, dice: Dice, detail = true): AttackActionResult {
  const attacks: AttackResult[] = []
  const totals = { damage: 0, lethal: 0, nonlethal: 0, hits: 0, criticals: 0 }
  // A counted loop (V8 optimises `for…of` less well here): a simulated fight makes millions of attacks.
  for (let i = 0; i < plan.attacks.length; i++) {
    const a = resolveAttack(plan.attacks[i] as AttackActionPlan['attacks'][number], dice, detail)
    attacks.push(a)
    if (!a.hit) continue
    totals.hits++
    if (a.critical) totals.criticals++
    // Stryker disable next-line OptionalChaining: equivalent: a hit always has its damage (resolveAttack), the ?. only satisfies the type
    totals.damage += a.damage?.total ?? 0
    // Stryker disable next-line OptionalChaining: equivalent: a hit always has its damage (resolveAttack)
    totals.lethal += a.damage?.lethal ?? 0
    // Stryker disable next-line OptionalChaining: equivalent: a hit always has its damage (resolveAttack)
    totals.nonlethal += a.damage?.nonlethal ?? 0
  }
  let coupDeGrace: CoupDeGraceResult | null = null
  const struck = attacks[0]
  // Stryker disable next-line OptionalChaining: equivalent: every plan has at least one attack, so attacks[0] exists
  if (plan.coupDeGrace && struck?.damage) coupDeGrace = rollCoupDeGraceSave(ruleset, target, plan.coupDeGrace, struck.damage, dice)
  return { attacks, conditions: plan.conditions, totals, coupDeGrace }
}

/** The attacker's and the target's applied conditions, for the attack and its odds (docs/rules.md §88). */
export function sidesConditions (ruleset: Ruleset, request: { attacker: CombatantInput, target: CombatantInput }): AttackActionResult['conditions'] {
  return {
    attacker: atPath('/attacker', () => appliedConditions(ruleset, request.attacker)),
    target: atPath('/target', () => appliedConditions(ruleset, request.target))
  }
}

/** POST /v1/attacks: plan the action, then roll it. */
export function resolveAttackAction (ruleset: Ruleset, request: AttackRequest, dice: Dice, detail = true): AttackActionResult {
  return rollAttackAction(ruleset, request.target, planAttackAction(ruleset, request), dice, detail)
}
