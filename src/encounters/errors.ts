// What the encounter store can refuse. The HTTP layer maps each `kind` to its
// problem type (src/plugins/app/problems.ts); nothing here knows HTTP.

export type EncounterErrorKind = 'not-found' | 'precondition-failed' | 'conflict' | 'validation-failed' | 'database-unavailable'

export class EncounterStoreError extends Error {
  readonly kind: EncounterErrorKind
  /** The request fields at fault, as `{ path, message }` (query parameters start with `?`). */
  readonly errors: Array<{ path: string, message: string }>
  constructor (kind: EncounterErrorKind, message: string, errors: Array<{ path: string, message: string }> = []) {
    super(message)
    this.name = 'EncounterStoreError'
    this.kind = kind
    this.errors = errors
  }
}

export class EncounterNotFoundError extends EncounterStoreError {
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
export class VersionConflictError extends EncounterStoreError {
  readonly currentVersion: number
  constructor (expected: VersionPrecondition, current: number) {
    super('precondition-failed', `${expected.describe}; the encounter is at version ${current}`)
    this.name = 'VersionConflictError'
    this.currentVersion = current
  }
}

export class DuplicateCombatantError extends EncounterStoreError {
  constructor (id: string) {
    super('conflict', `the encounter already has a combatant with id "${id}"`)
    this.name = 'DuplicateCombatantError'
  }
}

export class InvalidCursorError extends EncounterStoreError {
  constructor () {
    super('validation-failed', 'the cursor is not one this service returned', [{ path: '?cursor', message: 'not a cursor this service returned' }])
    this.name = 'InvalidCursorError'
  }
}

/** The database did not answer (down, unreachable, pool exhausted): a 503, never a 500. */
export class DatabaseUnavailableError extends EncounterStoreError {
  constructor (cause: unknown) {
    super('database-unavailable', 'the database is unavailable; stateless endpoints keep working')
    this.name = 'DatabaseUnavailableError'
    this.cause = cause
  }
}
