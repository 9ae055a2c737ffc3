// Why the encounter refuses a write, as DomainErrors; the problems plugin maps
// each kind to its problem type.
import { DomainError, fieldsError, type DomainErrorField, type ProblemMembers } from '../rules/errors.js'

export function conflict (detail: string, path?: string, members?: ProblemMembers): DomainError {
  return new DomainError('conflict', detail, path === undefined ? [] : [{ path, message: detail }], members === undefined ? {} : { members })
}

export function unknownCombatant (id: string, path: string): DomainError {
  return new DomainError('unknown-combatant', `the encounter has no combatant "${id}"`, [{ path, message: `no combatant "${id}" in this encounter` }])
}

export function notPossible (detail: string, path: string): DomainError {
  return new DomainError('not-possible', detail, [{ path, message: detail }])
}

export function missing (path: string, detail: string): DomainError {
  return new DomainError('missing-field', detail, [{ path, message: detail }])
}

export function fieldProblems (kind: 'not-possible' | 'missing-field', problems: DomainErrorField[]): DomainError {
  return fieldsError(kind, problems)
}
