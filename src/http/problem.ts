/** RFC 9457 problem details, the body of every error response. */
export interface ProblemField { path: string, message: string }

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  instance: string
  errors: ProblemField[]
  /** A conflict's extension members (ProblemSchema). */
  expected?: string | null
  actual?: string
  spent?: string[]
}

/**
 * The longest request target (path and query) served. The longest a route
 * needs is two path parameters of 200 characters percent-encoded (up to 9
 * characters each as UTF-8 escapes, 3,600 in all) plus its fixed part.
 */
export const MAX_URL_LENGTH = 4096
export const URL_TOO_LONG = `The URL is longer than ${MAX_URL_LENGTH} characters`

/** Problem `type` URIs are `/problems/<kind>`, resolvable against the service (GET /problems/{kind}). */
export const PROBLEM_TYPES = {
  'validation-failed': { status: 400, title: 'The request is malformed or fails the schema' },
  'invalid-json': { status: 400, title: 'The request body is not valid JSON' },
  'malformed-url': { status: 400, title: 'The URL has a malformed percent-escape' },
  unauthorized: { status: 401, title: 'No API key, or not a valid one' },
  'not-found': { status: 404, title: 'No such resource' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'The request did not arrive in time' },
  conflict: { status: 409, title: 'The encounter\'s state does not allow this' },
  'request-in-progress': { status: 409, title: 'A request with this Idempotency-Key is still being processed' },
  'precondition-failed': { status: 412, title: 'The resource changed since the given ETag' },
  'payload-too-large': { status: 413, title: 'The request body is larger than 256 KiB' },
  'uri-too-long': { status: 414, title: URL_TOO_LONG },
  'unsupported-media-type': { status: 415, title: 'The request body must be application/json' },
  'range-not-satisfiable': { status: 416, title: 'The requested byte range is outside the resource' },
  'rule-not-defined': { status: 422, title: 'The ruleset does not define this rule' },
  'invalid-die-value': { status: 422, title: 'A fixed die result is impossible for the die it was used for' },
  'missing-field': { status: 422, title: 'A field the rules need is missing' },
  'out-of-range': { status: 422, title: 'The action is out of range under the rules' },
  'not-possible': { status: 422, title: 'The action is not possible under the rules' },
  'unknown-save': { status: 422, title: 'The ruleset has no saving throw of that name' },
  'unknown-combatant': { status: 422, title: 'The encounter has no combatant with that id' },
  'inconsistent-fields': { status: 422, title: 'Fields that are each valid do not fit together' },
  'idempotency-key-reused': { status: 422, title: 'The Idempotency-Key was already used with another body' },
  'too-many-requests': { status: 429, title: 'Rate limit exceeded' },
  'headers-too-large': { status: 431, title: 'The request line and headers are larger than 16 KiB' },
  'database-unavailable': { status: 503, title: 'The database is unavailable' },
  'not-ready': { status: 503, title: 'The service is starting or shutting down' },
  'too-many-streams': { status: 503, title: 'This instance holds as many event streams open as it allows' },
  'internal-error': { status: 500, title: 'Internal server error' }
} as const satisfies Record<string, { status: number, title: string }>

export type ProblemKind = keyof typeof PROBLEM_TYPES

export function problemType (kind: ProblemKind): string {
  return `/problems/${kind}`
}

/** An error that the HTTP layer reports as the given problem, raised by routes and services. */
export class HttpProblem extends Error {
  readonly kind: ProblemKind
  readonly errors: ProblemField[]
  readonly headers: Record<string, string>

  constructor (kind: ProblemKind, detail: string, errors: ProblemField[] = [], headers: Record<string, string> = {}) {
    super(detail)
    this.name = 'HttpProblem'
    this.kind = kind
    this.errors = errors
    this.headers = headers
  }

  get statusCode (): number {
    return PROBLEM_TYPES[this.kind].status
  }
}

/**
 * A problem's `instance`: the request's path, never its query string, which
 * may hold what must not be echoed (a key or stream token put in the URL).
 */
export function instanceOf (url: string): string {
  const q = url.indexOf('?')
  return q < 0 ? url : url.slice(0, q)
}

export function makeProblem (kind: ProblemKind, detail: string, instance: string, errors: ProblemField[] = [], members: Pick<Problem, 'expected' | 'actual' | 'spent'> = {}): Problem {
  const { status, title } = PROBLEM_TYPES[kind]
  return { type: problemType(kind), title, status, detail, instance, errors, ...members }
}
