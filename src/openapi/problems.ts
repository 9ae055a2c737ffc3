// One component per problem kind (its `type` a constant), so a generated
// client can tell a 422 `invalid-die-value` from a 400 `validation-failed`.
// Each error response lists the kinds of its status that can occur on that
// operation. Kinds come from PROBLEM_TYPES: a new kind is documented on every
// operation that documents its status, unless it is scoped below.
import { PROBLEM_TYPES, problemType, type ProblemKind } from '../http/problem.js'
import { REF_PREFIX, type SchemaObject } from './components.js'

export interface OperationPlace {
  path: string
  operationId: string
  /** The top-level properties of its JSON body; null without a body. */
  body: ReadonlySet<string> | null
}

const encounters = (op: OperationPlace): boolean => op.path.startsWith('/v1/encounters')

/** Kinds that only some operations can send; every other kind may come from any operation documenting its status. */
const SCOPE: Partial<Record<ProblemKind, (op: OperationPlace) => boolean>> = {
  conflict: encounters,
  'request-in-progress': encounters,
  'precondition-failed': encounters,
  'unknown-combatant': encounters,
  'idempotency-key-reused': encounters,
  'database-unavailable': encounters,
  'too-many-streams': (op) => op.operationId === 'streamEncounterEvents',
  'not-ready': (op) => op.operationId === 'readiness',
  // Only a body that names a save can be refused for the name.
  'unknown-save': (op) => op.operationId === 'rollSaves' || op.operationId === 'saveOdds' || op.operationId === 'encounterAction',
  // Only a body can be invalid JSON, and only fixed dice can be impossible.
  'invalid-json': (op) => op.body !== null,
  'invalid-die-value': (op) => op.body?.has('dice') ?? false
}

/** `invalid-die-value` → `InvalidDieValueProblem`. */
export function problemComponentName (kind: string): string {
  return `${kind.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}Problem`
}

export function problemComponent (kind: ProblemKind): SchemaObject {
  const { status, title } = PROBLEM_TYPES[kind]
  return {
    type: 'object',
    description: `${title} (HTTP ${status}).`,
    allOf: [{ $ref: `${REF_PREFIX}Problem` }],
    required: ['type', 'status'],
    properties: {
      type: { const: problemType(kind) },
      status: { const: status }
    }
  }
}

/** The kinds an operation can answer with this status (none when the status has no kind: the schema stays the generic Problem). */
export function kindsFor (status: number, op: OperationPlace): ProblemKind[] {
  return (Object.keys(PROBLEM_TYPES) as ProblemKind[])
    .filter((kind) => PROBLEM_TYPES[kind].status === status && (SCOPE[kind]?.(op) ?? true))
}

/** The schema of one error response: a `$ref` to its one kind, or a `oneOf` of them. */
export function problemSchema (kinds: ProblemKind[]): SchemaObject {
  const refs = kinds.map((kind) => ({ $ref: `${REF_PREFIX}${problemComponentName(kind)}` }))
  return refs.length === 1 ? (refs[0] as SchemaObject) : { oneOf: refs }
}
