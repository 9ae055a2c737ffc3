// Attacks as operations: POST /v1/attacks and /v1/attacks/odds, and the
// encounter's attack, full-attack and coup-de-grace actions, call these, so the
// same combatants and dice give the same result wherever the attack is made.
import { DomainError } from '../rules/errors.js'
import { assertValidHitPoints } from './consistency.js'
import { resolutionEcho, type Resolution } from './resolution.js'
import { planAttackAction, resolveAttackAction, type AttackActionResult } from '../rules/attacks/resolve.js'
import type { AttackActionPlan } from '../rules/attacks/resolve.js'
import { attackOdds as oddsOf } from '../rules/attacks/odds.js'
import type { AttackRequest } from '../rules/attacks/request.js'
import type { Ruleset } from '../rules/rulesets/types.js'

/**
 * Cross-field rules the schema leaves to the service (422
 * `inconsistent-fields`, never a 400: the body fits the schema): an off-hand weapon
 * belongs to a full attack; the target's hit points are consistent (`current`
 * not above `max`…), as POST /v1/damage requires, since the odds and a coup
 * de grace read them.
 */
export function checkAttackBody (body: AttackRequest, ruleset: Ruleset): void {
  if (body.offHand && ruleset.attacks.twoWeaponFighting && (body.mode ?? 'single') !== 'full') {
    throw new DomainError('inconsistent-fields', 'an off-hand weapon is used only in a full attack (mode: full)', [{ path: '/offHand', message: 'needs mode "full"' }])
  }
  if (body.target.hitPoints) assertValidHitPoints(body.target.hitPoints, ruleset, '/target/hitPoints')
}

/** Resolve one attack action (a single attack, a full attack or a coup de grace). */
export function resolveAttack (resolution: Resolution, body: AttackRequest, detail = true): AttackActionResult {
  checkAttackBody(body, resolution.ruleset)
  return resolveAttackAction(resolution.ruleset, body, resolution.dice, detail)
}

/**
 * Plan an attack action once, checked as POST /v1/attacks checks it, to roll
 * it many times on the fast path (a simulation): `resolveAttackFast` per
 * attack or `rollAttackAction(…, false)` per action, with dice made with
 * `record: false` (docs/architecture.md › The fast path). A plan holds while
 * neither side's conditions, hit-point state or options change.
 */
export function planAttack (ruleset: Ruleset, body: AttackRequest): AttackActionPlan {
  checkAttackBody(body, ruleset)
  return planAttackAction(ruleset, body)
}

export { resolveAttackFast, rollAttackAction } from '../rules/attacks/resolve.js'

/** The POST /v1/attacks answer: the result between the ruleset and seed and the rolls so far. */
export function attackReport (resolution: Resolution, result: AttackActionResult): ReturnType<typeof resolutionEcho> & AttackActionResult {
  const echo = resolutionEcho(resolution)
  // Each field named, in the result's order, not `...result`: a spread copies through a slow generic path
  // (about 2 µs of a POST /v1/attacks). The return type makes a field added to the result a compile error here.
  return { ruleset: echo.ruleset, seed: echo.seed, attacks: result.attacks, conditions: result.conditions, totals: result.totals, coupDeGrace: result.coupDeGrace, rolls: echo.rolls }
}

/** The exact odds of an attack action (POST /v1/attacks/odds), with the ruleset it used. */
export function attackOdds (ruleset: Ruleset, body: AttackRequest) {
  checkAttackBody(body, ruleset)
  return { ruleset: ruleset.id, ...oddsOf(ruleset, body) }
}
