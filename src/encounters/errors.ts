// What the encounter store can refuse, as DomainErrors: the problems plugin
// maps each `kind` to its problem type (src/plugins/app/problems.ts); nothing
// here knows HTTP. The subclasses only give the common cases a name.
import { DomainError } from '../rules/errors.js'

export class EncounterNotFoundError extends DomainError {
  constructor (what: string) {
    super('not-found', `${what} not found`)
    this.name = 'EncounterNotFoundError'
  }
}

/** The versions a write may happen at (an `If-Match`), and how to name them when none is current. */
export interface VersionPrecondition {
  versions: readonly number[]
  describe: string
}

/** An `If-Match` version that is no longer current: nothing was changed. */
export class VersionConflictError extends DomainError {
  readonly currentVersion: number
  constructor (expected: VersionPrecondition, current: number) {
    super('precondition-failed', `${expected.describe}; the encounter is at version ${current}`)
    this.name = 'VersionConflictError'
    this.currentVersion = current
  }
}

export class InvalidCursorError extends DomainError {
  constructor () {
    super('validation-failed', 'the cursor is not one this service returned', [{ path: '?cursor', message: 'not a cursor this service returned' }])
    this.name = 'InvalidCursorError'
  }
}

/** The database did not answer (down, unreachable, pool exhausted): a 503, never a 500. */
export class DatabaseUnavailableError extends DomainError {
  constructor (cause: unknown) {
    super('database-unavailable', 'the database is unavailable; stateless endpoints keep working', [], { retryAfterSeconds: 5, cause })
    this.name = 'DatabaseUnavailableError'
  }
}
