// Hit points changing inside an action: a blow through the same rules as
// POST /v1/damage (massive damage, the variant's Death save), or a new
// hit-point state taken from a rules response.
import type { Blow, HitPointsReport } from '../rules/hit-points/index.js'
import { applyDamage, hitPointsAfterDamage } from '../application/hit-points.js'
import { creatureOf, reportedHitPoints, storedHitPoints } from './combatants.js'
import type { Draft } from './flow.js'
import type { CombatantState, StoredHitPoints } from './model.js'

export function applyHitPoints (draft: Draft, c: CombatantState, after: HitPointsReport | StoredHitPoints, cause: string, extra: { before?: unknown, massiveDamage?: unknown, deathSave?: unknown, check?: unknown } = {}): void {
  if (!c.hitPoints) return
  if (draft.quiet === true) {
    c.hitPoints = storedHitPoints(after)
    return
  }
  const before = extra.before ?? reportedHitPoints(c, draft.ruleset)
  c.hitPoints = storedHitPoints(after)
  draft.applied.push({ kind: 'hit-points', combatantId: c.id, cause, ...extra, before, after: reportedHitPoints(c, draft.ruleset) })
}

/** A blow lands on a combatant with hit points (one without them only has the attack's result); it is one attack's unless it says otherwise. */
export function applyBlow (draft: Draft, c: CombatantState, blow: Blow, cause: string): void {
  landBlow(draft, c, Object.assign({ singleAttack: true }, blow), cause)
}

function landBlow (draft: Draft, c: CombatantState, damage: Blow, cause: string): void {
  if (!c.hitPoints) return
  const body = { creature: creatureOf(c, draft.ruleset) as never, damage }
  if (draft.quiet === true) {
    c.hitPoints = storedHitPoints(hitPointsAfterDamage(draft, body))
    return
  }
  const outcome = applyDamage(draft, body)
  applyHitPoints(draft, c, outcome.after, cause, { before: outcome.before, massiveDamage: outcome.massiveDamage, deathSave: outcome.deathSave })
}

/** A hit's lethal and nonlethal parts land as two blows (each through the damage rules), lethal first. */
export function applyHit (draft: Draft, c: CombatantState, damage: { lethal: number, nonlethal: number }, cause: string, critical = false): void {
  // The blows as applyBlow makes them, written out: every hit of a simulated fight lands here.
  if (damage.lethal > 0) landBlow(draft, c, { singleAttack: true, amount: damage.lethal, critical }, cause)
  if (damage.nonlethal > 0) landBlow(draft, c, { singleAttack: true, amount: damage.nonlethal, nonlethal: true, critical }, cause)
}
