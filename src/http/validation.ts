import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import * as ajvFormats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import type { ProblemField } from './problem.js'
import { isValidNotation, notationProblem } from '../rules/dice/notation.js'
import { splitLargeSchemas } from './schema-split.js'

// ajv-formats ships CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = ajvFormats.default as unknown as (ajv: Ajv) => Ajv

/**
 * JSON bodies are validated as sent: no coercion ("7" is not 7) and no silent
 * removal of unknown properties, so a misspelt field is a 400 naming it.
 * Query strings and path parameters arrive as text and need coercion.
 */
function makeAjv (coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce,
    removeAdditional: false,
    useDefaults: false,
    strict: false,
    validateFormats: true,
    // JSON.parse reads 1e400 as Infinity: refused as a number in a body, so it
    // never reaches the rules or the response serializer. Not with coercion:
    // Ajv 8 then lets a coerced "1e400" through every bound (text parts rely
    // on their `maximum`, which every numeric query parameter has).
    strictNumbers: !coerce,
    // Errors keep the offending value so a notation error can say what is wrong with it.
    verbose: true,
    // Large subschemas are compiled as functions of their own (schema-split.ts).
    inlineRefs: false
  })
  addFormats(ajv)
  ajv.addFormat('dice-notation', { type: 'string', validate: isValidNotation })
  return ajv
}

const bodyAjv = makeAjv(false)
const textAjv = makeAjv(true)

/** Compiled once per route at start-up, never per request. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv
  return ajv.compile(splitLargeSchemas(schema as object)) as ValidateFunction
}

function escapePointer (segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

const PATTERN_MESSAGES = new Map<string, string>()

/**
 * A schema `pattern` whose refusal reads as `message` rather than Ajv's
 * "must match pattern …" (a grammar few readers would parse); returns the pattern.
 */
export function patternWithMessage (pattern: string, message: string): string {
  PATTERN_MESSAGES.set(pattern, message)
  return pattern
}

const PART_PREFIX: Record<string, string> = { body: '', querystring: '?', params: 'path:', headers: 'header:' }

/**
 * Turn Ajv errors into `{ path, message }` entries naming each offending field by
 * its own JSON Pointer: an unknown property `/weapon/critRnage`, a missing one
 * `/attacker/abilities`. Union branches that failed only on `type` are dropped
 * in favour of the more telling errors of the same field.
 */
/**
 * A value that fits no branch of a union is described by the branch it came
 * closest to: `options` with one misspelt attack option should name that
 * field, not also every attack option the grapple branch does not know.
 * Branches refused on the value's type are not candidates; tied branches all speak.
 */
function closestBranches (errors: readonly ErrorObject[]): readonly ErrorObject[] {
  const dropped = new Set<ErrorObject>()
  for (const union of errors) {
    if (union.keyword !== 'anyOf' && union.keyword !== 'oneOf') continue
    const prefix = `${union.schemaPath}/`
    const branches = new Map<string, ErrorObject[]>()
    for (const e of errors) {
      if (!e.schemaPath.startsWith(prefix)) continue
      const branch = e.schemaPath.slice(prefix.length).split('/')[0] ?? ''
      branches.set(branch, [...(branches.get(branch) ?? []), e])
    }
    const candidates = [...branches.values()].filter((list) => !list.some((e) => e.keyword === 'type' && e.instancePath === union.instancePath))
    if (candidates.length < 2) continue
    const fewest = Math.min(...candidates.map((list) => list.length))
    for (const list of branches.values()) if (list.length > fewest || !candidates.includes(list)) for (const e of list) dropped.add(e)
  }
  return dropped.size === 0 ? errors : errors.filter((e) => !dropped.has(e))
}

export function fieldErrors (allErrors: readonly ErrorObject[], part = 'body'): ProblemField[] {
  const errors = closestBranches(allErrors)
  const prefix = PART_PREFIX[part] ?? ''
  const out: ProblemField[] = []
  const seen = new Set<string>()
  const pathsWithSpecificErrors = new Set(errors.filter((e) => e.keyword !== 'type' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf').map((e) => e.instancePath))
  for (const e of errors) {
    let path = e.instancePath
    let message = e.message ?? 'is invalid'
    if (e.keyword === 'additionalProperties') {
      path += '/' + escapePointer(String((e.params as { additionalProperty: string }).additionalProperty))
      message = 'is not a known property'
    } else if (e.keyword === 'required') {
      path += '/' + escapePointer(String((e.params as { missingProperty: string }).missingProperty))
      message = 'is required'
    } else if ((e.keyword === 'format' && (e.params as { format: string }).format === 'dice-notation') ||
      (e.keyword === 'pattern' && (e.parentSchema as { format?: string } | undefined)?.format === 'dice-notation')) {
      // The notation's `pattern` restates its format for outside tools; one telling message for both.
      message = notationProblem(String(e.data)) ?? 'is not valid dice notation'
    } else if (e.keyword === 'pattern' && PATTERN_MESSAGES.has(String((e.params as { pattern: string }).pattern))) {
      message = PATTERN_MESSAGES.get(String((e.params as { pattern: string }).pattern)) ?? message
    } else if (e.keyword === 'enum') {
      message = `must be one of: ${((e.params as { allowedValues: unknown[] }).allowedValues).map(String).join(', ')}`
    } else if ((e.keyword === 'anyOf' || e.keyword === 'oneOf') && pathsWithSpecificErrors.has(path)) {
      continue
    } else if (e.keyword === 'type' && errors.some((o) => o.keyword === 'anyOf' && o.instancePath === path)) {
      // Let the anyOf summary speak for a union's failed branches.
      continue
    } else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      message = 'does not match any allowed form'
    }
    // A header or a query parameter is named as everywhere else in the service
    // (`header:authorization`, `header:idempotency-key`, `?cursor`), not as a pointer.
    const fullPath = prefix + (part === 'headers' || part === 'querystring' ? path.replace(/^\//, '') : path)
    const key = `${fullPath}\u0000${message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ path: fullPath, message })
  }
  return out
}

/** A body-part validator compiled once (for a sub-object whose schema depends on another field). */
export function compileBodyValidator (schema: object): ValidateFunction {
  return bodyAjv.compile(splitLargeSchemas(schema))
}
