// A schema-driven fuzzer, as an outside consumer would run one: bodies come
// from the published document's request schemas (json-schema-faker, seeded),
// are judged valid or invalid by our own Ajv 2020 compile of that document
// (not the service's validator; the custom `dice-notation` format is
// ignored, as any outside tool ignores it), and each answer is checked against
// the document's response schema for its status.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import * as ajvFormats from 'ajv-formats'
import { generateSync } from 'json-schema-faker'
import type { FastifyInstance } from 'fastify'

type Json = ReturnType<typeof JSON.parse>
type Doc = { paths: Record<string, Record<string, Json>>, components?: Record<string, Record<string, Json>> }

const addFormats = ajvFormats.default as unknown as (ajv: Ajv2020) => Ajv2020

/** JSON Schema semantics, as a consumer reads the document: 1e400 is a number (above any maximum). */
function consumerAjv (): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  addFormats(ajv)
  // Outside tools do not know this format; the notation's `pattern` must carry it.
  ajv.addFormat('dice-notation', true)
  return ajv
}

/** Inline the document's local `$ref`s, so a schema stands alone for the generator and the validator. */
export function dereference (node: Json, doc: Doc, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((n) => dereference(n, doc, seen))
  if (node === null || typeof node !== 'object') return node
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const ref = node.$ref as string
    if (seen.includes(ref)) throw new Error(`recursive $ref ${ref}`)
    let target: Json = doc
    for (const part of ref.slice(2).split('/')) target = target[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')]
    const { $ref: _ref, ...siblings } = node
    return dereference({ ...target, ...siblings }, doc, [...seen, ref])
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(v, doc, seen)]))
}

/** Mulberry32: the mutations are as reproducible as the generator. */
export function random (seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Node { parent: Json, key: string | number, value: Json }

function nodes (value: Json, out: Node[] = [], parent: Json = null, key: string | number = ''): Node[] {
  if (parent !== null) out.push({ parent, key, value })
  if (Array.isArray(value)) value.forEach((v, i) => nodes(v, out, value, i))
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) nodes(v, out, value, k)
  return out
}

function requiredNames (schema: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => requiredNames(s, out))
  else if (schema !== null && typeof schema === 'object') {
    if (Array.isArray(schema.required)) for (const r of schema.required) out.add(String(r))
    for (const v of Object.values(schema)) requiredNames(v, out)
  }
  return out
}

const HUGE = '\u0000huge\u0000'
export const MUTATIONS = ['wrong-type', 'unknown-property', 'out-of-range', 'non-finite', 'missing-required'] as const
export type Mutation = typeof MUTATIONS[number]

/** One deliberate mistake in a copy of `body`; the JSON text to send (1e400 cannot be a JS value). */
export function mutate (body: Json, schema: Json, kind: Mutation, rand: () => number): string {
  const copy = structuredClone(body)
  const pick = <T>(list: T[]): T | undefined => list.length === 0 ? undefined : list[Math.floor(rand() * list.length)]
  const all = nodes(copy)
  const objects = [{ parent: null, key: '', value: copy }, ...all].filter((n) => n.value !== null && typeof n.value === 'object' && !Array.isArray(n.value))
  const numbers = all.filter((n) => typeof n.value === 'number')
  if (kind === 'wrong-type') {
    const n = pick(all)
    if (n) {
      const others = [true, 'seventeen', 17.5, 17, [], {}, null].filter((v) => typeof v !== typeof n.value || Array.isArray(v) !== Array.isArray(n.value) || (v === null) !== (n.value === null))
      n.parent[n.key] = pick(others)
    } else copy.zzUnexpected = 1
  } else if (kind === 'unknown-property') {
    const o = pick(objects)
    if (o) o.value.zzUnknown = 1
  } else if (kind === 'out-of-range' || kind === 'non-finite') {
    const n = pick(numbers)
    if (n) n.parent[n.key] = kind === 'non-finite' ? (rand() < 0.5 ? HUGE : `-${HUGE}`) : (rand() < 0.5 ? 1e9 : -1e9)
    else copy.zzUnexpected = 1
  } else {
    const required = requiredNames(schema)
    const props = all.filter((n) => !Array.isArray(n.parent) && typeof n.key === 'string')
    const n = pick(props.filter((p) => required.has(String(p.key)))) ?? pick(props)
    if (n) delete n.parent[n.key]
    else copy.zzUnexpected = 1
  }
  return JSON.stringify(copy).replaceAll(`"${HUGE}"`, '1e400').replaceAll(`"-${HUGE}"`, '-1e400')
}

export interface Operation { method: string, path: string, op: Json, request: Json }

/** Every operation of the document that takes a JSON body. */
export function bodyOperations (doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods)
    .filter(([, op]) => op?.requestBody?.content?.['application/json']?.schema)
    .map(([method, op]) => ({ method: method.toUpperCase(), path, op, request: dereference(op.requestBody.content['application/json'].schema, doc) })))
}

export interface Tally {
  sent: number
  valid: Record<string, number>
  invalid: Record<string, number>
  /** The problem types schema-valid bodies earned: what the fuzz reached beyond the schema. */
  refusals: Record<string, number>
  failures: string[]
}

/** Drives one operation; every finding goes to `tally.failures` (the test asserts none at the end). */
export class Fuzzer {
  private readonly ajv = consumerAjv()
  private readonly validators = new Map<string, ValidateFunction>()
  readonly tallies = new Map<string, Tally>()

  constructor (private readonly app: FastifyInstance, private readonly doc: Doc) {}

  private validator (key: string, schema: () => Json): ValidateFunction {
    let v = this.validators.get(key)
    if (!v) {
      v = this.ajv.compile(schema())
      this.validators.set(key, v)
    }
    return v
  }

  /** `optionalsProbability`: how many optional fields a body carries (a tagged body such as an encounter action wants few). */
  generate (op: Operation, seed: number, optionalsProbability = 0.5): Json {
    return generateSync(op.request, { seed, maxItems: 3, maxDepth: 8, optionalsProbability })
  }

  async send (op: Operation, url: string, text: string, intended: 'valid' | 'invalid'): Promise<void> {
    const key = `${op.method} ${op.path}`
    const tally = this.tallies.get(key) ?? { sent: 0, valid: {}, invalid: {}, refusals: {}, failures: [] }
    this.tallies.set(key, tally)
    const isValid = this.validator(key, () => op.request)(JSON.parse(text)) === true
    const res = await this.app.inject({ method: op.method as 'POST', url, payload: text, headers: { 'content-type': 'application/json' } })
    tally.sent++
    const bucket = isValid ? tally.valid : tally.invalid
    bucket[res.statusCode] = (bucket[res.statusCode] ?? 0) + 1
    if (isValid && res.statusCode >= 400) {
      const type = String((res.json() as { type?: unknown }).type).replace('/problems/', '')
      tally.refusals[type] = (tally.refusals[type] ?? 0) + 1
    }
    const fail = (why: string): void => {
      if (tally.failures.length < 8) tally.failures.push(`${key} (${intended}, ${isValid ? 'schema-valid' : 'schema-invalid'}) ${why}\n    body ${text.slice(0, 600)}\n    answer ${res.body.slice(0, 600)}`)
    }
    if (res.statusCode >= 500) fail(`answered ${res.statusCode}`)
    if (isValid && res.statusCode === 400) fail('a schema-valid body answered 400')
    if (!isValid && res.statusCode < 300) fail(`a schema-invalid body answered ${res.statusCode}`)
    // A response may be a $ref into components.responses.
    const documented = dereference((op.op.responses?.[String(res.statusCode)] ?? null) as Json, this.doc) as typeof op.op.responses[string] | null
    if (!documented) return fail(`status ${res.statusCode} is not documented`)
    const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? ''
    const content = documented.content?.[type]
    if (!content?.schema) return fail(`no documented ${type} schema for ${res.statusCode}`)
    const validate = this.validator(`${key} ${res.statusCode} ${type}`, () => dereference(content.schema, this.doc))
    if (!validate(res.json())) fail(`the ${res.statusCode} body does not match the document: ${this.ajv.errorsText(validate.errors)}`)
  }
}
