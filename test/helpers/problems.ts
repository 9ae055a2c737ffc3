import assert from 'node:assert/strict'
import { PROBLEM_TYPES, type ProblemKind } from '../../src/http/problem.js'
import { RuleError, type RuleErrorKind } from '../../src/rules/errors.js'

/** The problem types a request can earn a 422 for (OpenAPI › Errors), from the service's own table. */
const UNPROCESSABLE = new Set<string>(Object.entries(PROBLEM_TYPES).filter(([, p]) => p.status === 422).map(([kind]) => `/problems/${kind}`))

export interface ExpectedProblem {
  /** The status is the one the service's table gives this type (422 for the rules' kinds). */
  type: `/problems/${ProblemKind}`
  /** The JSON Pointer of every field at fault, in order: `errors[].path`. */
  path: string | string[]
}

interface ProblemBody { type?: unknown, status?: unknown, errors?: unknown }
interface ProblemResponse { status: number, headers: Record<string, unknown>, body: unknown }

function isResponse (value: unknown): value is ProblemResponse {
  return typeof value === 'object' && value !== null && 'headers' in value && 'body' in value
}

/**
 * A client fixes its request from a problem's `type` and `errors[].path`, so a
 * test expecting an error checks both, not only the status (GUIDE; OpenAPI › Errors).
 * Takes a supertest/inject response, or the body when the status was checked already.
 */
export function assertProblem (received: unknown, expected: ExpectedProblem): void {
  const status = PROBLEM_TYPES[expected.type.slice('/problems/'.length) as ProblemKind].status
  const body = (isResponse(received) ? received.body : received) as ProblemBody
  const seen = JSON.stringify(body)
  if (isResponse(received)) {
    assert.equal(received.status, status, seen)
    assert.match(String(received.headers['content-type']), /^application\/problem\+json/, seen)
  }
  assert.equal(body.status, status, seen)
  assert.equal(body.type, expected.type, seen)
  assert.ok(Array.isArray(body.errors), `no errors[] in ${seen}`)
  const errors = body.errors as Array<{ path?: unknown, message?: unknown }>
  assert.deepEqual(errors.map((e) => e.path), typeof expected.path === 'string' ? [expected.path] : expected.path, seen)
  for (const e of errors) assert.ok(typeof e.message === 'string' && e.message.length > 0, `an error without a message in ${seen}`)
}

/**
 * For generated bodies, where the exact field is not known in advance: a 422
 * has a 422 problem type and names at least one field by a JSON Pointer
 * (OpenAPI › Errors: "well-formed but not resolvable under the rules").
 */
export function assertUnprocessable (res: ProblemResponse): void {
  const body = res.body as ProblemBody
  const seen = JSON.stringify(body)
  assert.equal(res.status, 422, seen)
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/, seen)
  assert.ok(typeof body.type === 'string' && UNPROCESSABLE.has(body.type), `not a rules problem type: ${seen}`)
  assert.equal(body.status, 422, seen)
  assert.ok(Array.isArray(body.errors) && body.errors.length > 0, `a 422 names no field: ${seen}`)
  for (const e of body.errors as Array<{ path?: unknown, message?: unknown }>) {
    assert.ok(typeof e.path === 'string' && /^(\/[^/]+)+$/.test(e.path), `not a JSON Pointer to a field: ${seen}`)
    assert.ok(typeof e.message === 'string' && e.message.length > 0, `an error without a message in ${seen}`)
  }
}

/**
 * The rules library's side of a 422: `fn` throws a RuleError of this kind
 * (the problem type's last segment) naming exactly these fields.
 */
export function assertRuleError (fn: () => unknown, kind: RuleErrorKind, path: string | string[]): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof RuleError, `expected a RuleError, got ${String(error)}`)
    assert.equal(error.kind, kind, error.message)
    assert.deepEqual(error.errors.map((e) => e.path), typeof path === 'string' ? [path] : path, error.message)
    return true
  })
}
