import { DomainError, type DomainErrorField } from '../rules/errors.js'
import { hitPointsProblems } from '../rules/hit-points/index.js'
import type { HitPointsInput } from '../rules/combatant.js'
import type { Ruleset } from '../rules/rulesets/types.js'

/**
 * Cross-field checks of a HitPoints input (`current` above `max`…): each
 * field fits the schema, so this is a 422 `inconsistent-fields` naming each
 * (OpenAPI › Errors: a body the published schema accepts is never a 400).
 */
export function assertValidHitPoints (hitPoints: HitPointsInput, ruleset: Ruleset, path: string): void {
  const problems = hitPointsProblems(hitPoints, ruleset)
  if (problems.length > 0) {
    throw new DomainError('inconsistent-fields', problems.map((p) => p.message).join('; '), problems.map((p) => ({ path: path + p.path, message: p.message })))
  }
}

/**
 * Fields that go with each kind of a tagged object: `required` must be
 * present, and nothing outside `required` + `optional` may be. Each problem
 * names its own field.
 */
export function kindFieldProblems (
  value: Record<string, unknown> & { kind: string },
  table: Readonly<Record<string, { required?: readonly string[], optional?: readonly string[], oneOf?: readonly string[] }>>,
  path: string
): DomainErrorField[] {
  const rule = table[value.kind] ?? {}
  const allowed = new Set(['kind', ...(rule.required ?? []), ...(rule.optional ?? []), ...(rule.oneOf ?? [])])
  const problems: DomainErrorField[] = []
  for (const field of rule.required ?? []) {
    if (value[field] === undefined) problems.push({ path: `${path}/${field}`, message: `is required for kind ${value.kind}` })
  }
  if (rule.oneOf) {
    const given = rule.oneOf.filter((f) => value[f] !== undefined)
    if (given.length !== 1) problems.push({ path: `${path}/${rule.oneOf[given.length === 0 ? 0 : 1]}`, message: `exactly one of ${rule.oneOf.join(', ')} is required for kind ${value.kind}` })
  }
  for (const field of Object.keys(value)) {
    if (!allowed.has(field)) problems.push({ path: `${path}/${field}`, message: `does not apply to kind ${value.kind}` })
  }
  return problems
}
