// Damage and healing as operations (POST /v1/damage and /v1/healing, the
// encounter's damage and heal actions, and every blow an encounter action lands).
import { fieldsError, DomainError } from '../rules/errors.js'
import { assertValidHitPoints, kindFieldProblems } from './consistency.js'
import { resolutionEcho, type Resolution } from './resolution.js'
import type { CombatantInput } from '../rules/combatant.js'
import { type Blow, type Healing, type HitPointsReport, receiveHealing, reportHitPoints, takeDamage } from '../rules/hit-points/index.js'

export interface DamageBody { creature: CombatantInput & { hitPoints: NonNullable<CombatantInput['hitPoints']> }, damage: Blow }
export interface HealingBody { creature: CombatantInput & { hitPoints: NonNullable<CombatantInput['hitPoints']> }, healing: Healing & Record<string, unknown> }

type DamageOutcome = ReturnType<typeof takeDamage>
type HealingOutcome = ReturnType<typeof receiveHealing>

export interface DamageResult {
  amount: DamageOutcome['amount']
  before: HitPointsReport
  after: HitPointsReport
  massiveDamage: DamageOutcome['massiveDamage']
  deathSave: DamageOutcome['deathSave']
  wound: DamageOutcome['wound']
}

export interface HealingResult {
  amount: HealingOutcome['amount']
  before: HitPointsReport
  after: HitPointsReport
  check: HealingOutcome['check']
}

/** The body's checks, then the blow (`detail: false`: the rules' fast path, docs/architecture.md › The fast path). */
function damageOutcome (resolution: Resolution, body: DamageBody, detail: boolean): DamageOutcome {
  const blow = body.damage
  if ((blow.amount === undefined) === (blow.dice === undefined)) {
    const message = 'exactly one of amount and dice is required'
    throw new DomainError('inconsistent-fields', message, [{ path: blow.amount === undefined ? '/damage/amount' : '/damage/dice', message }])
  }
  assertValidHitPoints(body.creature.hitPoints, resolution.ruleset, '/creature/hitPoints')
  return takeDamage(resolution.ruleset, body.creature, blow, resolution.dice, detail)
}

/**
 * The hit points `applyDamage` reports after the blow, and nothing else: the
 * same checks, dice and numbers, for a simulated fight, whose blows report
 * nothing (docs/architecture.md › The fast path).
 */
export function hitPointsAfterDamage (resolution: Resolution, body: DamageBody): HitPointsReport {
  return reportHitPoints(damageOutcome(resolution, body, false).after, resolution.ruleset)
}

/** One blow on a creature's hit points. */
export function applyDamage (resolution: Resolution, body: DamageBody): DamageResult {
  const outcome = damageOutcome(resolution, body, true)
  return {
    amount: outcome.amount,
    before: reportHitPoints(outcome.before, resolution.ruleset),
    after: reportHitPoints(outcome.after, resolution.ruleset),
    massiveDamage: outcome.massiveDamage,
    deathSave: outcome.deathSave,
    wound: outcome.wound
  }
}

/** The POST /v1/damage answer. */
export function damageReport (resolution: Resolution, result: DamageResult) {
  return { ...resolutionEcho(resolution), ...result }
}

/** Which `healing` fields go with which kind. */
const HEALING_FIELDS = {
  magical: { oneOf: ['amount', 'dice'] },
  natural: { required: ['period'], optional: ['count'] },
  'nonlethal-recovery': { required: ['hours'] },
  temporary: { required: ['amount'], optional: ['sameSource'] },
  stabilize: { optional: ['continuousDamage'] },
  'heal-check': { required: ['checkBonus'] },
  recover: { required: ['period'], optional: ['tended'] },
  'strenuous-action': {}
} as const

const PERIODS: Record<string, readonly string[]> = { natural: ['night', 'bed-rest-day'], recover: ['hour', 'day'] }

/** One healing step (or a stabilization or recovery roll) on a creature's hit points. */
export function applyHealing (resolution: Resolution, body: HealingBody): HealingResult {
  const problems = kindFieldProblems(body.healing, HEALING_FIELDS, '/healing')
  const periods = PERIODS[body.healing.kind]
  if (periods && body.healing.period !== undefined && !periods.includes(String(body.healing.period))) {
    problems.push({ path: '/healing/period', message: `must be one of ${periods.join(', ')} for kind ${body.healing.kind}` })
  }
  if (problems.length > 0) throw fieldsError('inconsistent-fields', problems)
  assertValidHitPoints(body.creature.hitPoints, resolution.ruleset, '/creature/hitPoints')
  const outcome = receiveHealing(resolution.ruleset, body.creature, body.healing, resolution.dice)
  return {
    amount: outcome.amount,
    before: reportHitPoints(outcome.before, resolution.ruleset),
    after: reportHitPoints(outcome.after, resolution.ruleset),
    check: outcome.check
  }
}

/** The POST /v1/healing answer. */
export function healingReport (resolution: Resolution, result: HealingResult) {
  return { ...resolutionEcho(resolution), ...result }
}
