// The last step of the OpenAPI document (@fastify/swagger's transformObject):
// named components, one schema per problem kind on each error response, named
// request examples and the success responses' descriptions. Done once: the
// plugin caches the result, and nothing here touches a request.
import { MAX_URL_LENGTH, type ProblemKind } from '../http/problem.js'
import { canonical, hoistComponents, isObject, type Json, type SchemaObject } from './components.js'
import { EXAMPLE_LABELS } from './examples.js'
import responseExamples from '../../openapi/response-examples.json' with { type: 'json' }
import { kindsFor, problemComponent, problemComponentName, problemSchema } from './problems.js'
import { HEADER_COMPONENTS, responseHeaders } from './headers.js'

/**
 * The service's own answers to the request examples, captured by `npm run
 * openapi` (scripts/openapi.ts) into openapi/response-examples.json beside
 * the document; test/contract/examples.test.ts checks they still match.
 */
export const RESPONSE_EXAMPLES: Record<string, Record<string, { status: number, value: unknown }>> = responseExamples

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** What each operation's success answers, where its schema's own description does not say it. */
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  health: 'The process is alive.',
  readiness: 'Ready for traffic, with the state of each dependency.',
  describeProblem: 'The problem kind: its `type`, title and HTTP status.',
  rollDice: 'The total, each term and every die rolled.',
  resolveAttack: 'Each attack with its roll, bonuses, the AC it met and the damage; the totals and every die rolled.',
  attackOdds: 'The exact odds of each attack and of the action.',
  saveOdds: 'Each target\'s exact chance to save and, with an effect, the distribution of the damage it takes.',
  maneuverOdds: 'The exact chance of success, of the counter attempt and of every outcome.',
  grappleOdds: 'The exact chance of success and of every outcome.',
  turningOdds: 'The exact distributions of the check and the turning damage (or the channel), and each creature\'s chance of each outcome.',
  listRulesets: 'Every ruleset and what it defines.',
  getRuleset: 'What the ruleset defines.',
  resolveTurning: 'The turning check, the turning damage and what happened to each undead (or each creature in the channel).',
  resolveGrapple: 'The opposed checks, the outcome and both sides\' conditions after it.',
  resolveManeuver: 'The maneuver check against the defense, the outcome and its effect.',
  applyDamage: 'The hit points before and after, the status, and any save the damage called for.',
  applyHealing: 'The hit points before and after, and the status.',
  rollSaves: 'Each target\'s save: roll, bonus with its breakdown, success, and the effect applied.',
  rollInitiative: 'The initiative order, highest first, with ties broken.',
  rollConcentration: 'The DC, the d20, the bonus with its breakdown, and whether the spell is kept.',
  createEncounter: 'Created: the encounter, with `Location` and `ETag`.',
  listEncounters: 'A page of encounters, newest first.',
  getEncounter: 'The encounter, with its `ETag`.',
  addCombatant: 'Added: the encounter with the new combatant.',
  updateCombatant: 'The encounter after the change.',
  removeCombatant: 'The encounter without the combatant.',
  startEncounter: 'The started encounter and its initiative roll.',
  encounterAction: 'The action\'s result and the encounter after it.',
  listEncounterEvents: 'The event log, oldest first.'
}

/** Names of the shared error responses, by status (a single-kind response is named after its kind). */
const RESPONSE_NAMES: Record<string, string> = {
  400: 'BadRequest', 409: 'Conflict', 422: 'Unprocessable', 503: 'Unavailable'
}

const pascal = (words: string): string => words.split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')

/**
 * Error responses repeat across operations: each distinct one becomes a
 * `#/components/responses/<Name>`; a variant of a name (the encounters' 422
 * has more kinds) is named after the tag, or else the operation, that first uses it.
 */
class SharedResponses {
  readonly responses: Record<string, Json> = {}
  private readonly byContent = new Map<string, string>()

  ref (status: string, response: Json, kinds: ProblemKind[], tag: string, operationId: string): Json {
    const key = canonical(response)
    let name = this.byContent.get(key)
    if (name === undefined) {
      const base = kinds.length === 1 ? pascal(kinds[0] ?? '') : (RESPONSE_NAMES[status] ?? `Status${status}`)
      name = [base, `${base}${pascal(tag)}`, `${base}${pascal(operationId)}`].find((n) => !(n in this.responses))
      if (name === undefined) return response
      this.responses[name] = response
      this.byContent.set(key, name)
    }
    return { $ref: `#/components/responses/${name}` }
  }
}

/** Parameters used by more than one operation become `#/components/parameters/<Name><In>` (`IdPath`, `IfMatchHeader`). */
class SharedParameters {
  readonly parameters: Record<string, Json> = {}
  private readonly counts = new Map<string, number>()

  count (parameter: Json): void {
    const key = canonical(parameter)
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
  }

  ref (parameter: Json): Json {
    if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return parameter
    const key = canonical(parameter)
    if ((this.counts.get(key) ?? 0) < 2) return parameter
    const name = `${pascal(parameter.name)}${pascal(parameter.in)}`
    const taken = this.parameters[name]
    // Two shared parameters under one name: the first keeps it, the other stays inline.
    if (taken !== undefined && canonical(taken) !== key) return parameter
    this.parameters[name] = parameter
    return { $ref: `#/components/parameters/${name}` }
  }
}

interface Operation {
  parameters?: Json[]
  tags?: string[]
  operationId?: string
  requestBody?: { description?: string, content?: Record<string, Media> }
  responses?: Record<string, { description?: string, headers?: Record<string, Json>, content?: Record<string, Media> }>
}
interface Media { schema?: SchemaObject, example?: Json, examples?: Record<string, { summary?: string, value: Json }> }

/** Named, summarized request examples in place of `example`, `example1`, `example2`. */
function nameExamples (media: Media, operationId: string): void {
  const values = media.examples ? Object.values(media.examples).map((e) => e.value) : media.example !== undefined ? [media.example] : []
  if (values.length === 0) return
  const labels = EXAMPLE_LABELS[operationId] ?? []
  const named: NonNullable<Media['examples']> = {}
  for (const [i, value] of values.entries()) {
    const label = labels[i]
    // An example without a label keeps a plain name rather than breaking the document; the contract test fails on it.
    named[label?.name ?? `example${i + 1}`] = label ? { summary: label.summary, value } : { value }
  }
  delete media.example
  media.examples = named
}

/** The service's real answer to each request example, under the example's name, on the status it answered. */
function attachResponseExamples (op: Operation, operationId: string): void {
  for (const [name, { status, value }] of Object.entries(RESPONSE_EXAMPLES[operationId] ?? {})) {
    const media = op.responses?.[String(status)]?.content?.['application/json']
    if (!media) continue
    const summary = EXAMPLE_LABELS[operationId]?.find((l) => l.name === name)?.summary
    media.examples = { ...media.examples, [name]: summary ? { summary, value: value as Json } : { value: value as Json } }
  }
}

const problem = (description: string): { description: string, content: Record<string, Media> } =>
  ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } })

/**
 * Statuses any operation can answer from what it takes, whatever its route
 * declared: a 400 naming the parameter (path, query or header) that fails its
 * schema, and a 414 for a URL past the limit (OpenAPI › Limits).
 */
function addRequestErrors (op: Operation): void {
  const responses = op.responses ??= {}
  if (responses['400'] === undefined && (op.parameters ?? []).length > 0) {
    responses['400'] = problem('A parameter fails its schema (too long, not a number, out of range, a cursor this service did not return), or the URL has a malformed percent-escape; each is named in `errors` (`path:/id`, `?limit`, `header:if-match`).')
  }
  responses['414'] ??= problem(`The URL (path and query) is longer than ${MAX_URL_LENGTH.toLocaleString('en-US')} characters.`)
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)))
}

/** @fastify/swagger copies a body schema's description to the request body: said once, on the schema component, when it is one. */
function dropRepeatedBodyDescription (op: Operation, components: Record<string, SchemaObject>): void {
  const schema = op.requestBody?.content?.['application/json']?.schema
  const ref = isObject(schema) && typeof schema.$ref === 'string' ? components[schema.$ref.replace('#/components/schemas/', '')] : undefined
  if (op.requestBody && ref !== undefined && ref.description === op.requestBody.description) delete op.requestBody.description
}

function bodyProperties (op: Operation, components: Record<string, SchemaObject>): Set<string> | null {
  let schema: Json | undefined = op.requestBody?.content?.['application/json']?.schema
  if (schema === undefined) return null
  if (isObject(schema) && typeof schema.$ref === 'string') schema = components[schema.$ref.replace('#/components/schemas/', '')]
  const properties = isObject(schema) ? schema.properties : undefined
  return new Set(isObject(properties) ? Object.keys(properties) : [])
}

export function finishDocument (document: Record<string, unknown>): Record<string, unknown> {
  // A copy: the route schemas that Ajv and the serializers compiled are never touched.
  const doc = structuredClone(document) as { paths: Record<string, Record<string, Operation>>, components: { schemas?: Record<string, SchemaObject> } }
  const components: Record<string, SchemaObject> = doc.components.schemas ?? {}
  const paths = doc.paths as unknown as Json
  const roots: Json[] = [paths]
  hoistComponents(roots, components)
  doc.paths = roots[0] as unknown as typeof doc.paths

  const usedKinds = new Set<ProblemKind>()
  const shared = new SharedResponses()
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method) || !isObject(op as unknown as Json)) continue
      const place = { path, operationId: op.operationId ?? `${method} ${path}`, body: bodyProperties(op, components) }
      addRequestErrors(op)
      const idempotent = op.parameters?.some((p) => isObject(p) && p.in === 'header' && p.name === 'idempotency-key') ?? false
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const headers = responseHeaders(Number(status), { ...place, idempotent })
        response.headers = { ...headers, ...response.headers }
        const media = response.content?.['application/problem+json']
        if (media?.schema?.$ref === '#/components/schemas/Problem') {
          const kinds = kindsFor(Number(status), place)
          if (kinds.length > 0) {
            media.schema = problemSchema(kinds)
            kinds.forEach((k) => usedKinds.add(k))
            ;(op.responses as Record<string, Json>)[status] = shared.ref(status, response as unknown as Json, kinds, op.tags?.[0] ?? 'other', place.operationId)
          }
          continue
        }
        if (/^2\d\d$/.test(status) && response.description === 'Default Response') {
          const described = SUCCESS_DESCRIPTIONS[place.operationId]
          if (described) response.description = described
        }
      }
      const body = op.requestBody?.content?.['application/json']
      if (body) nameExamples(body, place.operationId)
      dropRepeatedBodyDescription(op, components)
      attachResponseExamples(op, place.operationId)
    }
  }
  const parameters = new SharedParameters()
  const allOperations = Object.values(doc.paths).flatMap((item) => Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([, op]) => op))
  allOperations.forEach((op) => op.parameters?.forEach((p) => parameters.count(p)))
  allOperations.forEach((op) => { if (op.parameters) op.parameters = op.parameters.map((p) => parameters.ref(p)) })
  ;(doc.components as Record<string, unknown>).parameters = Object.fromEntries(Object.entries(parameters.parameters).sort(([a], [b]) => a.localeCompare(b)))
  for (const kind of [...usedKinds].sort()) components[problemComponentName(kind)] = problemComponent(kind)
  ;(doc.components as Record<string, unknown>).headers = HEADER_COMPONENTS
  ;(doc.components as Record<string, unknown>).responses = Object.fromEntries(Object.entries(shared.responses).sort(([a], [b]) => a.localeCompare(b)))
  doc.components.schemas = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)))
  return doc as unknown as Record<string, unknown>
}
