// Named components for the OpenAPI document. The routes keep their schemas
// inline (Ajv and the response serializers compile them as they are, once, at
// start-up); only the document is rewritten: every schema that carries a
// PascalCase `title` becomes `#/components/schemas/<title>`, and each use a
// `$ref` to it. Runs once when the document is first asked for (it is cached).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type SchemaObject = { [key: string]: Json }

const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/
const REF_PREFIX = '#/components/schemas/'

// Keywords whose values are data, not schemas: never walked.
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum'])

function isObject (value: Json | undefined): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** JSON with sorted keys: two schemas are the same component when this is equal. */
export function canonical (value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k] as Json)}`).join(',')}}`
  return JSON.stringify(value)
}

export class ComponentConflict extends Error {
  constructor (readonly names: string[]) {
    super(`Different schemas claim the same component name: ${names.join(', ')}`)
    this.name = 'ComponentConflict'
  }
}

/**
 * Replaces every titled schema under `root` by a `$ref` and collects it into
 * `components`. A use that only changes the description keeps its own as a
 * sibling of the `$ref` (OpenAPI 3.1 allows it); any other difference under
 * one name is a conflict, reported after the whole walk.
 */
export function hoistComponents (roots: Json[], components: Record<string, SchemaObject>): void {
  const seen = new Map<string, string>()
  for (const [name, schema] of Object.entries(components)) seen.set(name, canonical(withoutDescription(schema)))
  const conflicts = new Set<string>()

  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit)
    if (!isObject(node)) return node
    const out: SchemaObject = {}
    for (const [key, value] of Object.entries(node)) out[key] = DATA_KEYWORDS.has(key) ? value : visit(value)
    const name = out.title
    if (typeof name !== 'string' || !COMPONENT_NAME.test(name) || !looksLikeSchema(out)) return out
    const key = canonical(withoutDescription(out))
    const known = seen.get(name)
    if (known === undefined) {
      seen.set(name, key)
      components[name] = out
    } else if (known !== key) {
      conflicts.add(name)
    }
    const ref: SchemaObject = { $ref: `${REF_PREFIX}${name}` }
    const description = out.description
    if (typeof description === 'string' && description !== components[name]?.description) ref.description = description
    return ref
  }

  roots.forEach((root, i) => { roots[i] = visit(root) })
  if (conflicts.size > 0) throw new ComponentConflict([...conflicts].sort())
}

// Examples do not change what a schema accepts: a request body's are moved to its media type
// by the document builder, so the same schema used elsewhere still carries them.
function withoutDescription (schema: SchemaObject): SchemaObject {
  const { description: _description, examples: _examples, ...rest } = schema
  return rest
}

// A titled object that is a schema (not, say, a problem example with a `title` field).
function looksLikeSchema (node: SchemaObject): boolean {
  return ['type', 'properties', 'anyOf', 'oneOf', 'allOf', 'items', '$ref'].some((k) => k in node)
}

/** Every `$ref` to a component, so unused ones can be found. */
export function referencedComponents (node: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => referencedComponents(n, into))
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) into.add(value.slice(REF_PREFIX.length))
      else if (!DATA_KEYWORDS.has(key)) referencedComponents(value, into)
    }
  }
  return into
}

export { REF_PREFIX, isObject, type Json }
