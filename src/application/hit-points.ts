import { DomainError, fieldsError } from '../rules/errors.js'
import { assertValidHitPoints, kindFieldProblems } from './consistency.js'
import { resolutionEcho, type Resolution } from './resolution.js'
import type { CombatantInput } from '../rules/combatant.js'
import { type Blow, type Healing, receiveHealing, reportHitPoints, takeDamage } from '../rules/hit-points/index.js'

export interface DamageBody { creature: CombatantInput & { hitPoints: NonNullable<CombatantInput['hitPoints']> }, damage: Blow }
export interface HealingBody { creature: CombatantInput & { hitPoints: NonNullable<CombatantInput['hitPoints']> }, healing: Healing & Record<string, unknown> }

/** POST /v1/damage as a function (the stateless route and the encounter `damage` action). */
export function damageResponse (resolution: Resolution, body: DamageBody) {
  const blow = body.damage
  if ((blow.amount === undefined) === (blow.dice === undefined)) {
    const message = 'exactly one of amount and dice is required'
    throw new DomainError('inconsistent-fields', message, [{ path: blow.amount === undefined ? '/damage/amount' : '/damage/dice', message }])
  }
  assertValidHitPoints(body.creature.hitPoints, resolution.ruleset, '/creature/hitPoints')
  const outcome = takeDamage(resolution.ruleset, body.creature, blow, resolution.dice)
  return {
    ...resolutionEcho(resolution),
    amount: outcome.amount,
    before: reportHitPoints(outcome.before, resolution.ruleset),
    after: reportHitPoints(outcome.after, resolution.ruleset),
    massiveDamage: outcome.massiveDamage,
    deathSave: outcome.deathSave,
    wound: outcome.wound
  }
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

/** POST /v1/healing as a function (the stateless route and the encounter `heal` action). */
export function healingResponse (resolution: Resolution, body: HealingBody) {
  const problems = kindFieldProblems(body.healing, HEALING_FIELDS, '/healing')
  const periods = PERIODS[body.healing.kind]
  if (periods && body.healing.period !== undefined && !periods.includes(String(body.healing.period))) {
    problems.push({ path: '/healing/period', message: `must be one of ${periods.join(', ')} for kind ${body.healing.kind}` })
  }
  if (problems.length > 0) throw fieldsError('inconsistent-fields', problems)
  assertValidHitPoints(body.creature.hitPoints, resolution.ruleset, '/creature/hitPoints')
  const outcome = receiveHealing(resolution.ruleset, body.creature, body.healing, resolution.dice)
  return {
    ...resolutionEcho(resolution),
    amount: outcome.amount,
    before: reportHitPoints(outcome.before, resolution.ruleset),
    after: reportHitPoints(outcome.after, resolution.ruleset),
    check: outcome.check
  }
}
