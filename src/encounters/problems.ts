// Why the encounter refuses a write. The HTTP layer maps each kind to its
// problem type; the domain only names it.
import { HttpProblem, type ProblemField } from '../http/problem.js'

export function conflict (detail: string, path?: string): HttpProblem {
  return new HttpProblem('conflict', detail, path === undefined ? [] : [{ path, message: detail }])
}

export function unknownCombatant (id: string, path: string): HttpProblem {
  return new HttpProblem('unknown-combatant', `the encounter has no combatant "${id}"`, [{ path, message: `no combatant "${id}" in this encounter` }])
}

export function notPossible (detail: string, path: string): HttpProblem {
  return new HttpProblem('not-possible', detail, [{ path, message: detail }])
}

export function missing (path: string, detail: string): HttpProblem {
  return new HttpProblem('missing-field', detail, [{ path, message: detail }])
}

export function fieldProblems (kind: 'not-possible' | 'missing-field', problems: ProblemField[]): HttpProblem {
  return new HttpProblem(kind, problems.map((p) => `${p.path} ${p.message}`).join('; '), problems)
}
