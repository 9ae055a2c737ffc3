// POST /v1/attacks as a function: the stateless route and the encounter
// service's attack actions both call it, so the same combatants and dice give
// the same response wherever the attack is made.
import { DomainError } from '../rules/errors.js'
import { assertValidHitPoints } from './consistency.js'
import { resolutionEcho, type Resolution } from './resolution.js'
import { resolveAttackAction } from '../rules/attacks/resolve.js'
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

export function attackResponse (resolution: Resolution, body: AttackRequest) {
  checkAttackBody(body, resolution.ruleset)
  const result = resolveAttackAction(resolution.ruleset, body, resolution.dice)
  const echo = resolutionEcho(resolution)
  return { ruleset: echo.ruleset, seed: echo.seed, ...result, rolls: echo.rolls }
}
