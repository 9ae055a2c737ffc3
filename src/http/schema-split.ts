// Ajv compiles a schema without references into one function. The attack body
// (two combatants, two weapons, the options) came to 267 KB of source with
// allErrors and verbose errors: far past the size V8 will optimise, so every
// request validated in the interpreter. Hoisting the large object schemas
// into $defs, compiled as functions of their own (inlineRefs: false), keeps
// each one small enough to be optimised. The data paths, keywords, params and
// messages of the errors are the same; only their schemaPath differs. Union
// branches (anyOf/oneOf) stay inline, whole: the 400's field list picks the
// branch a value came closest to by the errors' schemaPath under the union
// (validation.ts), which a reference into $defs would hide.

/** Keywords whose value is a schema. */
const SCHEMA_KEYWORDS = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas']

/** An object schema at least this large (as JSON) gets a function of its own. */
const MIN_SPLIT_BYTES = 1500

type Schema = Record<string, unknown>

function isSchema (value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasReferences (schema: unknown): boolean {
  return JSON.stringify(schema).includes('"$ref"') || JSON.stringify(schema).includes('"$dynamicRef"')
}

/**
 * A copy of `schema` in which every large object subschema is replaced by a
 * reference into `$defs` (the same subschema used twice, like the attacker
 * and the target, becomes one definition). Schemas that already use
 * references or identifiers are returned as they are. The input is not
 * changed: the same objects also serve the OpenAPI document.
 */
export function splitLargeSchemas (schema: object, minBytes = MIN_SPLIT_BYTES): object {
  if (!isSchema(schema) || hasReferences(schema) || '$defs' in schema) return schema
  const defs: Schema = {}
  const names = new Map<Schema, string>()

  const visit = (node: Schema, isRoot: boolean, split: boolean): Schema => {
    if (!isRoot && '$id' in node) return node
    if (!split) return copy(node, false)
    if (!isRoot && (node.type === 'object' || isSchema(node.properties))) {
      const known = names.get(node)
      if (known !== undefined) return { $ref: `#/$defs/${known}` }
      if (JSON.stringify(node).length >= minBytes) {
        const name = `split${names.size}`
        names.set(node, name)
        defs[name] = copy(node, true)
        return { $ref: `#/$defs/${name}` }
      }
    }
    return copy(node, true)
  }

  const copy = (node: Schema, split: boolean): Schema => {
    const out: Schema = { ...node }
    for (const key of SCHEMA_KEYWORDS) {
      if (isSchema(node[key])) out[key] = visit(node[key], false, split)
    }
    for (const key of SCHEMA_LIST_KEYWORDS) {
      const list = node[key]
      const inBranch = split && key !== 'anyOf' && key !== 'oneOf'
      if (Array.isArray(list)) out[key] = list.map((s) => isSchema(s) ? visit(s, false, inBranch) : s)
    }
    for (const key of SCHEMA_MAP_KEYWORDS) {
      const map = node[key]
      if (isSchema(map)) out[key] = Object.fromEntries(Object.entries(map).map(([k, s]) => [k, isSchema(s) ? visit(s, false, split) : s]))
    }
    return out
  }

  const root = visit(schema, true, true)
  return names.size === 0 ? schema : { ...root, $defs: defs }
}
