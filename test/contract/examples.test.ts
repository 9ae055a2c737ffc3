// Contract: every request example in the OpenAPI document is sent to the live
// app and answers its operation's documented success status with a body that
// validates against the documented response schema (Ajv 2020 on the
// document itself, its components resolved by $ref).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Ajv2020 } from 'ajv/dist/2020.js'
import * as ajvFormats from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { EXAMPLE_LABELS } from '../../src/openapi/examples.js'
import { RESPONSE_EXAMPLES } from '../../src/openapi/document.js'

const addFormats = ajvFormats.default as unknown as (ajv: Ajv2020) => Ajv2020

interface Media { schema?: unknown, examples?: Record<string, { summary?: string, value: unknown }>, example?: unknown }
interface Response { $ref?: string, description?: string, content?: Record<string, Media> }
interface Operation { operationId: string, requestBody?: { content: Record<string, Media> }, responses: Record<string, Response> }
interface Document { paths: Record<string, Record<string, Operation>>, components: { responses?: Record<string, Response> } }

const DOC_ID = 'https://d20.example/openapi.json'
const pointer = (...parts: string[]): string => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

let app: FastifyInstance
let doc: Document
let ajv: Ajv2020

before(async () => {
  app = await statelessApp()
  doc = structuredClone(app.swagger()) as unknown as Document
  ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addFormat('dice-notation', true)
  ajv.addSchema({ ...doc, $id: DOC_ID } as object)
})
after(async () => { await app.close() })

function operations (): Array<{ path: string, method: string, op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
}

function response (op: Operation, status: number): Response {
  const found = op.responses[String(status)]
  assert.ok(found, `${op.operationId} documents no ${status}`)
  const name = found.$ref?.replace('#/components/responses/', '')
  return name !== undefined ? (doc.components.responses?.[name] ?? assert.fail(`no response ${name}`)) : found
}

/** Validates a body against the schema the document gives for this status (by a JSON Pointer into the document, so every $ref resolves). */
function assertDocumented (path: string, method: string, op: Operation, status: number, contentType: string, body: unknown): void {
  const own = op.responses[String(status)]
  assert.ok(own, `${method.toUpperCase()} ${path} answered ${status}, which it does not document`)
  const media = Object.keys(response(op, status).content ?? {})
  if (media.length === 0) return
  const type = contentType.split(';')[0] ?? ''
  assert.ok(media.includes(type), `${op.operationId} ${status}: ${type} is not one of ${media.join(', ')}`)
  const at = own.$ref !== undefined
    ? `#/${pointer('components', 'responses', own.$ref.replace('#/components/responses/', ''), 'content', type, 'schema')}`
    : `#/${pointer('paths', path, method, 'responses', String(status), 'content', type, 'schema')}`
  const validate = ajv.getSchema(`${DOC_ID}${at}`) ?? assert.fail(`no schema at ${at}`)
  assert.ok(validate(body), `${op.operationId} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 600)}`)
}

const successStatus = (op: Operation): number => Number(Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)))

test('every request example is named and summarized (no example1, example2)', () => {
  let count = 0
  for (const { op } of operations()) {
    const examples = op.requestBody?.content['application/json']?.examples ?? {}
    assert.equal(op.requestBody?.content['application/json']?.example, undefined, op.operationId)
    const names = Object.keys(examples)
    assert.deepEqual(names, (EXAMPLE_LABELS[op.operationId] ?? []).map((l) => l.name), `${op.operationId}: its examples and their labels in src/openapi/examples.ts`)
    for (const [name, example] of Object.entries(examples)) {
      assert.doesNotMatch(name, /^example\d+$/, op.operationId)
      assert.ok(example.summary && example.summary.length > 10, `${op.operationId} ${name} has a summary`)
      count++
    }
  }
  assert.ok(count >= 20, `only ${count} examples`)
})

test('every stateless example answers its documented success status with a documented body', async () => {
  for (const { path, method, op } of operations()) {
    if (path.startsWith('/v1/encounters')) continue
    for (const [name, example] of Object.entries(op.requestBody?.content['application/json']?.examples ?? {})) {
      const res = await app.inject({ method: method.toUpperCase() as 'POST', url: path, payload: example.value as object })
      const status = successStatus(op)
      assert.equal(res.statusCode, status, `${op.operationId} example ${name}: ${res.body.slice(0, 400)}`)
      assertDocumented(path, method, op, res.statusCode, res.headers['content-type'] as string, res.json())
      // The response example the document shows is what the service answers (seeded examples are reproducible).
      const shown = RESPONSE_EXAMPLES[op.operationId]?.[name] ?? assert.fail(`${op.operationId} ${name}: no captured response; run npm run openapi`)
      assert.equal(shown.status, res.statusCode)
      assert.deepEqual(res.json(), shown.value, `${op.operationId} ${name}: the response example is stale; run npm run openapi`)
      const documented = (response(op, status).content?.['application/json']?.examples ?? {})[name]
      assert.deepEqual(documented?.value, shown.value, `${op.operationId} ${name}: the document shows the captured response`)
    }
  }
})

test('an error answer validates against its status\'s problem kinds, and 400 and 422 are told apart', async () => {
  const op = doc.paths['/v1/attacks']?.post ?? assert.fail('no POST /v1/attacks')
  const example = op.requestBody?.content['application/json']?.examples?.['single-attack']?.value as Record<string, unknown>
  const invalid = await app.inject({ method: 'POST', url: '/v1/attacks', payload: { ...example, weapon: { critRnage: 19 } } })
  assert.equal(invalid.statusCode, 400)
  assertDocumented('/v1/attacks', 'post', op, 400, invalid.headers['content-type'] as string, invalid.json())
  const impossible = await app.inject({ method: 'POST', url: '/v1/attacks', payload: { ...example, dice: { sequence: [21] } } })
  assert.equal(impossible.statusCode, 422)
  assert.equal(impossible.json().type, '/problems/invalid-die-value')
  assertDocumented('/v1/attacks', 'post', op, 422, impossible.headers['content-type'] as string, impossible.json())
  // The 422 body is not a valid 400: the kinds are constants.
  const as400 = ajv.getSchema(`${DOC_ID}#/${pointer('components', 'responses', 'BadRequest', 'content', 'application/problem+json', 'schema')}`)
  assert.ok(as400, 'a shared BadRequest response')
  assert.equal(as400(impossible.json()), false)
})

test('the encounter examples, in the order a fight takes them, answer their documented statuses', async (t) => {
  let h: EncounterHarness
  try {
    h = await encounterApp()
  } catch (error) {
    t.skip(`no database: ${String(error)}`)
    return
  }
  const http = h.http
  try {
    const create = doc.paths['/v1/encounters']?.post ?? assert.fail('no createEncounter')
    for (const example of Object.values(create.requestBody?.content['application/json']?.examples ?? {})) {
      const res = await http.post('/v1/encounters').send(example.value as object)
      assert.equal(res.status, 201, JSON.stringify(res.body))
      assertDocumented('/v1/encounters', 'post', create, 201, res.headers['content-type'] ?? '', res.body)
      const id = (res.body as { id: string }).id
      const started = await http.post(`/v1/encounters/${id}/start`).send({ seed: 'contract' })
      assert.equal(started.status, 200, JSON.stringify(started.body))
      const action = doc.paths['/v1/encounters/{id}/actions']?.post ?? assert.fail('no encounterAction')
      for (const [name, step] of Object.entries(action.requestBody?.content['application/json']?.examples ?? {})) {
        const acted = await http.post(`/v1/encounters/${id}/actions`).send(step.value as object)
        assert.equal(acted.status, 200, `${name}: ${JSON.stringify(acted.body)}`)
        assertDocumented('/v1/encounters/{id}/actions', 'post', action, 200, acted.headers['content-type'] ?? '', acted.body)
      }
    }
  } finally {
    await h.close()
  }
})
