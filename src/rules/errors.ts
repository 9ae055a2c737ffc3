/**
 * The one error type below the HTTP layer. The rules library, the application
 * operations and the encounter domain throw it when a request is well-formed
 * but cannot be carried out; the problems plugin (src/plugins/app/problems.ts)
 * is the one place that turns it into problem+json, `kind` becoming the last
 * segment of the problem `type` URI and choosing the status.
 */
export type DomainErrorKind =
  // The rules cannot resolve the request (422).
  | 'rule-not-defined'
  | 'invalid-die-value'
  | 'missing-field'
  | 'out-of-range'
  | 'not-possible'
  | 'unknown-save'
  | 'inconsistent-fields'
  // The encounter and its store.
  | 'unknown-combatant'
  | 'conflict'
  | 'not-found'
  | 'precondition-failed'
  | 'validation-failed'
  | 'request-in-progress'
  | 'idempotency-key-reused'
  | 'database-unavailable'

export interface DomainErrorField {
  /** JSON Pointer into the input the throwing function was given, e.g. `/dice/sequence/3`. */
  path: string
  message: string
}

export interface ProblemMembers {
  /** Whose turn it is (null: nobody's). */
  expected?: string | null
  /** Who tried to act. */
  actual?: string
  /** The action types the turn has spent, in the ruleset's own names. */
  spent?: string[]
}

export interface DomainErrorExtras {
  /** How long a client should wait before retrying (a busy or unreachable store). */
  retryAfterSeconds?: number
  /**
   * Machine-readable members the problem carries beside `errors` (RFC 9457
   * extension members): a turn conflict's `expected` and `actual` combatant
   * ids, a budget conflict's `spent` action types.
   */
  members?: ProblemMembers
  /** What caused it (a database error), for the logs only. */
  cause?: unknown
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind
  /** Each field at fault, most relevant first; empty when no field is (a conflict of state). */
  readonly errors: DomainErrorField[]
  readonly retryAfterSeconds: number | undefined
  readonly members: ProblemMembers | undefined

  constructor (kind: DomainErrorKind, detail: string, errors: DomainErrorField[] = [], extras: DomainErrorExtras = {}) {
    super(detail)
    this.name = 'DomainError'
    this.kind = kind
    this.errors = errors
    this.retryAfterSeconds = extras.retryAfterSeconds
    this.members = extras.members
    if (extras.cause !== undefined) this.cause = extras.cause
  }

  /** The human-readable explanation (the problem's `detail`). */
  get detail (): string {
    return this.message
  }

  /** The first field at fault, or '' when none is. */
  get path (): string {
    return this.errors[0]?.path ?? ''
  }
}

/** The earlier name of DomainError, still read by the rules tests. */
export { DomainError as RuleError }
export type RuleErrorKind = DomainErrorKind
export type RuleErrorField = DomainErrorField

/** Problems that each name their own field: one error whose detail lists them. */
export function fieldsError (kind: DomainErrorKind, fields: DomainErrorField[]): DomainError {
  return new DomainError(kind, fields.map((p) => `${p.path} ${p.message}`).join('; '), fields)
}

/** The rules need a field the caller left out ("a missing field the rules need is a 422 that names it"). */
export function missingField (path: string, message: string): DomainError {
  return new DomainError('missing-field', message, [{ path, message }])
}

/** The ruleset has no rule for what was asked (the variant's grapple, turning…). */
export function ruleNotDefined (rulesetName: string, what: string, path = ''): DomainError {
  const message = `${rulesetName} does not define ${what}`
  return new DomainError('rule-not-defined', message, path ? [{ path, message }] : [])
}

/**
 * Rules functions name fields relative to the object they were given
 * (`/armorClass/touch`); the caller knows where that object sits in the request.
 */
export function atPath<T> (prefix: string, fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    if (error instanceof DomainError && !error.errors.some((e) => e.path.startsWith('/dice/'))) {
      for (const e of error.errors) e.path = prefix + e.path
    }
    throw error
  }
}
