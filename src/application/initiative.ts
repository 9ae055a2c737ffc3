import { DomainError, type DomainErrorField } from '../rules/errors.js'
import { assertValidHitPoints } from './consistency.js'
import { resolutionEcho, type Resolution } from './resolution.js'
import { rollInitiative, type InitiativeCombatant, type InitiativeOutcome } from '../rules/initiative/initiative.js'

/** Initiative as an operation (POST /v1/initiative, and the encounter's start, newcomers and new rounds). */
export function initiative (resolution: Resolution, body: { combatants: InitiativeCombatant[] }): InitiativeOutcome {
  const seen = new Set<string>()
  const duplicates: DomainErrorField[] = []
  body.combatants.forEach((c, i) => {
    if (seen.has(c.id)) duplicates.push({ path: `/combatants/${i}/id`, message: `duplicates the id "${c.id}"` })
    seen.add(c.id)
  })
  if (duplicates.length > 0) throw new DomainError('inconsistent-fields', 'combatant ids must be unique', duplicates)
  // The variant reads bloodied/wounded off hitPoints: `current` above `max` would be negative damage.
  body.combatants.forEach((c, i) => { if (c.hitPoints) assertValidHitPoints(c.hitPoints, resolution.ruleset, `/combatants/${i}/hitPoints`) })
  return rollInitiative(resolution.ruleset, body.combatants, resolution.dice)
}

/** The POST /v1/initiative answer. */
export function initiativeReport (resolution: Resolution, result: InitiativeOutcome) {
  return { ...resolutionEcho(resolution), ...result }
}
