/**
 * Errors the rules library raises when a request is well-formed but cannot be
 * resolved under the rules. The HTTP layer turns each into a 422 problem+json;
 * `kind` becomes the last segment of the problem `type` URI.
 */
export type RuleErrorKind =
  | 'rule-not-defined'
  | 'invalid-die-value'
  | 'missing-field'
  | 'out-of-range'
  | 'not-possible'
  | 'unknown-save'

export interface RuleErrorField {
  /** JSON Pointer into the request body, e.g. `/dice/sequence/3`. */
  path: string
  message: string
}

export class RuleError extends Error {
  readonly kind: RuleErrorKind
  readonly errors: RuleErrorField[]

  constructor (kind: RuleErrorKind, message: string, errors: RuleErrorField[] = []) {
    super(message)
    this.name = 'RuleError'
    this.kind = kind
    this.errors = errors
  }
}

/** The rules need a field the caller left out (CONTRACT: "a missing field the rules need is a 422 that names it"). */
export function missingField (path: string, message: string): RuleError {
  return new RuleError('missing-field', message, [{ path, message }])
}

/** The ruleset has no rule for what was asked (the variant's grapple, turning…). */
export function ruleNotDefined (rulesetName: string, what: string, path = ''): RuleError {
  const message = `${rulesetName} does not define ${what}`
  return new RuleError('rule-not-defined', message, path ? [{ path, message }] : [])
}

/**
 * Rules functions name fields relative to the object they were given
 * (`/armorClass/touch`); the caller knows where that object sits in the request.
 */
export function atPath<T> (prefix: string, fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    if (error instanceof RuleError && !error.errors.some((e) => e.path.startsWith('/dice/'))) {
      for (const e of error.errors) e.path = prefix + e.path
    }
    throw error
  }
}
