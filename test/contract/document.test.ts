// Contract: the OpenAPI document as a consumer and a person in Swagger UI meet
// it: named components, one problem schema per kind on the statuses that send
// it, described responses, one tag per group, rules cited by their published names.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { PROBLEM_TYPES, type ProblemKind } from '../../src/http/problem.js'
import { ComponentConflict, hoistComponents, referencedComponents, type Json, type SchemaObject } from '../../src/openapi/components.js'
import { problemComponentName } from '../../src/openapi/problems.js'
import { OPENAPI_TAGS } from '../../src/plugins/external/swagger.js'

interface Response { $ref?: string, description?: string, content?: Record<string, { schema?: SchemaObject }> }
interface Operation { operationId: string, tags?: string[], description?: string, summary?: string, responses: Record<string, Response> }
interface Document {
  paths: Record<string, Record<string, Operation>>
  tags: Array<{ name: string }>
  components: { schemas: Record<string, SchemaObject>, responses: Record<string, Response>, parameters: Record<string, unknown> }
}

let app: FastifyInstance
let doc: Document

before(async () => {
  app = await statelessApp()
  doc = app.swagger() as unknown as Document
})
after(async () => { await app.close() })

const operations = (): Array<{ path: string, method: string, op: Operation }> =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))

const resolved = (response: Response): Response =>
  response.$ref ? (doc.components.responses[response.$ref.replace('#/components/responses/', '')] ?? assert.fail(`no ${response.$ref}`)) : response

test('the shared schemas are named components: PascalCase, described, all referenced', () => {
  const names = Object.keys(doc.components.schemas)
  for (const name of ['Combatant', 'Weapon', 'Modifier', 'BreakdownEntry', 'Roll', 'Dice', 'HitPoints', 'HitPointsInput', 'Problem',
    'AttackResult', 'AttackOdds', 'SaveResult', 'DiceResult', 'DamageResult', 'HealingResult', 'InitiativeResult', 'GrappleResult', 'ManeuverResult', 'TurningResponse']) {
    assert.ok(names.includes(name), `components.schemas.${name}`)
  }
  const used = referencedComponents(doc as unknown as Json)
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    assert.match(name, /^[A-Z][A-Za-z0-9]*$/, name)
    assert.ok(typeof schema.description === 'string' && schema.description.length > 5, `${name} has a description`)
    assert.ok(used.has(name), `${name} is referenced`)
  }
  // The problem schema once, not inlined in every error response.
  assert.equal(JSON.stringify(doc.paths).includes('"instance"'), false)
})

test('two different schemas under one name fail loudly; the same one twice is one component', () => {
  const a = { type: 'object', title: 'Thing', description: 'A thing.', properties: { x: { type: 'integer' } } }
  const components: Record<string, SchemaObject> = {}
  const roots: Json[] = [{ one: a, two: { ...a, description: 'Said differently.' } }]
  hoistComponents(roots, components)
  assert.deepEqual(roots[0], { one: { $ref: '#/components/schemas/Thing' }, two: { $ref: '#/components/schemas/Thing', description: 'Said differently.' } })
  assert.deepEqual(Object.keys(components), ['Thing'])
  assert.throws(() => hoistComponents([{ one: a, two: { ...a, properties: { x: { type: 'string' } } } }], {}),
    (error: unknown) => error instanceof ComponentConflict && error.names.includes('Thing'))
})

test('each problem kind is a component with its type a constant, and each error response lists the kinds of its status', () => {
  let responses = 0
  for (const { path, op } of operations()) {
    for (const [status, raw] of Object.entries(op.responses)) {
      if (!/^[45]\d\d$/.test(status)) continue
      const schema = resolved(raw).content?.['application/problem+json']?.schema
      assert.ok(schema, `${op.operationId} ${status} is a problem`)
      const refs = (schema.oneOf as SchemaObject[] | undefined ?? [schema]).map((s) => String(s.$ref).replace('#/components/schemas/', ''))
      assert.ok(refs.length > 0)
      for (const name of refs) {
        const kind = (Object.keys(PROBLEM_TYPES) as ProblemKind[]).find((k) => problemComponentName(k) === name)
        assert.ok(kind, `${op.operationId} ${status}: ${name} is a problem kind`)
        assert.equal(PROBLEM_TYPES[kind].status, Number(status), `${path} ${status} lists ${kind}`)
        const component = doc.components.schemas[name] as { properties: { type: { const: string } } }
        assert.equal(component.properties.type.const, `/problems/${kind}`)
      }
      responses++
    }
  }
  assert.ok(responses > 100, `${responses} error responses`)
  const attack = doc.paths['/v1/attacks']?.post ?? assert.fail('no POST /v1/attacks')
  const kinds = (status: string): string[] => {
    const schema = resolved(attack.responses[status] ?? assert.fail(status)).content?.['application/problem+json']?.schema ?? {}
    return (schema.oneOf as SchemaObject[]).map((s) => String(s.$ref))
  }
  // Kinds added to PROBLEM_TYPES join the statuses they belong to by themselves.
  for (const kind of ['ValidationFailedProblem', 'InvalidJsonProblem']) assert.ok(kinds('400').includes(`#/components/schemas/${kind}`), kind)
  assert.equal(kinds('400').some((ref) => kinds('422').includes(ref)), false, '400 and 422 share no kind')
  assert.ok(kinds('422').includes('#/components/schemas/InvalidDieValueProblem'))
  const odds = doc.paths['/v1/attacks/odds']?.post ?? assert.fail('no odds')
  const oddsKinds = (resolved(odds.responses['422'] ?? assert.fail('422')).content?.['application/problem+json']?.schema?.oneOf as SchemaObject[]).map((s) => s.$ref)
  assert.equal(oddsKinds.includes('#/components/schemas/InvalidDieValueProblem'), false, 'the odds fix no dice')
  assert.equal(kinds('422').includes('#/components/schemas/UnknownCombatantProblem'), false, 'an encounter-only kind')
})

test('every response is described (no "Default Response"), every operation summarized and described', () => {
  for (const { op } of operations()) {
    assert.ok(op.summary, `${op.operationId} summary`)
    assert.ok(op.description && op.description.length > 20, `${op.operationId} description`)
    for (const [status, response] of Object.entries(op.responses)) {
      const description = resolved(response).description ?? ''
      assert.ok(description.length > 5 && description !== 'Default Response', `${op.operationId} ${status}: "${description}"`)
    }
  }
})

test('every operation description is short enough to read in Swagger UI, and each README link finds its section', () => {
  // Detail goes to the fields' own descriptions and to README › Operation details.
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  // GitHub's anchors: lower case, spaces to hyphens, punctuation dropped.
  const anchors = new Set([...readme.matchAll(/^#{2,4} (.+)$/gm)].map((m) => (m[1] ?? '').toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')))
  for (const { op } of operations()) {
    const description = op.description ?? ''
    assert.ok(description.length <= 600, `${op.operationId}: ${description.length} characters`)
    for (const [, anchor] of description.matchAll(/\(\.\.\/README\.md#([a-z0-9-]+)\)/g)) assert.ok(anchors.has(anchor ?? ''), `${op.operationId} links README #${anchor}`)
  }
  const stream = doc.paths['/v1/encounters/{id}/stream']?.get?.description ?? ''
  assert.match(stream, /curl -N/)
  assert.match(stream, /EventSource/)
})

test('one tag per group: every operation has exactly one declared tag and every declared tag has operations', () => {
  const declared = OPENAPI_TAGS.map((t) => t.name)
  assert.deepEqual(doc.tags.map((t) => t.name), declared)
  const used = new Map<string, number>()
  for (const { op } of operations()) {
    assert.equal(op.tags?.length, 1, `${op.operationId} tags ${JSON.stringify(op.tags)}`)
    const tag = op.tags?.[0] ?? ''
    assert.ok(declared.includes(tag), `${op.operationId}: tag "${tag}" is declared`)
    used.set(tag, (used.get(tag) ?? 0) + 1)
  }
  for (const tag of declared) assert.ok((used.get(tag) ?? 0) > 0, `tag ${tag} has operations`)
  assert.ok((used.get('encounters') ?? 0) >= 10)
})

test('public text cites the rules by their published names, never the internal digest', () => {
  const text = JSON.stringify(doc)
  for (const internal of [/RULES\.md/, /§/, /\bD\d{2}\b/, /\b00[0-4] ›/, /CONTRACT/]) {
    assert.doesNotMatch(text, internal)
  }
})

test('no named schema is copied inline: every use of a component is a $ref to it', () => {
  // What makes a document balloon is a shared schema inlined where it is used
  // (the document was 567 KiB that way). Every object in the paths and in the
  // other components that equals a named component's schema is such a copy.
  const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
  })
  const named = new Map<string, string>()
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (typeof schema === 'object' && schema !== null && Object.keys(schema).length > 2) named.set(canonical(schema), name)
  }
  const copies: string[] = []
  const walk = (value: unknown, where: string, owner: string | undefined): void => {
    if (value === null || typeof value !== 'object') return
    if (!Array.isArray(value)) {
      const name = named.get(canonical(value))
      if (name !== undefined && name !== owner) copies.push(`${where} copies ${name}`)
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) walk(child, `${where}/${key}`, undefined)
  }
  walk(doc.paths, '#/paths', undefined)
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    for (const [key, child] of Object.entries(schema as Record<string, unknown>)) walk(child, `#/components/schemas/${name}/${key}`, name)
  }
  assert.deepEqual(copies, [])
})

test('the document stays small: measured minified and gzipped', (t) => {
  const text = JSON.stringify(doc)
  const gzipped = gzipSync(text).length
  const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)
  t.diagnostic(`document: ${(text.length / 1024).toFixed(0)} KiB minified, ${(gzipped / 1024).toFixed(0)} KiB gzipped, ${operations} operations`)
  // A budget per operation rather than one total: the bound was 220 KiB for 26
  // operations when components came in (567 KiB before, everything inlined), so
  // each added operation brings its own allowance and nothing else may grow.
  // The test above catches an inlined copy of a shared schema exactly.
  // Each event type of the log (a roster event or an action type) also brings
  // its own 3.5 KiB: it is one branch of the typed action body, action result
  // and logged event (`oneOf`s told apart by `type`, issue 23), the logged
  // request repeating the body's fields (3 KiB when the unions came in; the
  // actions added since, such as `cast`, carry more fields).
  const eventTypes = (doc.components.schemas.EncounterEventType as { enum: string[] }).enum.length
  // The response headers (declared on every response since the document had
  // this bound) are measured on their own: each is a $ref to components.headers,
  // at most 12 per response, so they cannot hide an inlined schema.
  const withoutHeaders = JSON.stringify(doc, (key, value: unknown) => key === 'headers' ? undefined : value)
  t.diagnostic(`without the response headers: ${(withoutHeaders.length / 1024).toFixed(0)} KiB`)
  assert.ok(withoutHeaders.length < operations * (220 / 26) * 1024 + eventTypes * 3.5 * 1024, `${withoutHeaders.length} bytes for ${operations} operations and ${eventTypes} event types`)
  let responses = Object.keys(doc.components.responses).length
  for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) responses += Object.keys(op.responses).length
  const headers = text.length - withoutHeaders.length
  assert.ok(headers < responses * 12 * 64 + 4096, `${headers} bytes of headers for ${responses} responses`)
})
