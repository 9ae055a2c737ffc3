// OpenAPI › Errors and the response headers: every operation is sent its
// documented example (or a fresh encounter's ids) and the bad requests of a
// fuzz and of the framework (no key, a wrong key, an over-long URL, an
// over-long or malformed path parameter, a bad query parameter, a bad header,
// invalid JSON, another content type, a compressed body, an unknown
// encounter, a stale If-Match, the rate limit). Each answer's status must be
// one the operation documents, each header it carries must be declared on
// that response (transport headers and helmet's fixed set aside), and each
// header the response declares as required must be there.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { SECURITY_HEADERS } from '../../src/http/security-headers.js'
import { dereference } from './fuzz-harness.js'

const KEY = 'contract-secret-0123456789'
const AUTH = { authorization: `Bearer ${KEY}` }

type Json = ReturnType<typeof JSON.parse>
interface Header { required?: boolean }
interface Response { headers?: Record<string, Header> }
interface Operation { operationId: string, parameters?: Array<{ in: string, name: string }>, requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> }, responses: Record<string, Response> }
interface Document { paths: Record<string, Record<string, Operation>> }

/** Headers every response may carry that no response declares: framing, representation, and the security set (README › Access). */
const UNDECLARED = new Set(['content-type', 'content-length', 'content-encoding', 'vary', 'date', 'connection', 'keep-alive', 'transfer-encoding', ...Object.keys(SECURITY_HEADERS)])

let h: EncounterHarness
let doc: Document
let encounter = ''
before(async () => {
  h = await encounterApp({ API_KEYS: `contract:${KEY}`, RATE_LIMIT_PER_MINUTE: '100000' })
  doc = dereference(h.app.swagger(), h.app.swagger() as never) as Document
})
after(async () => { await h.close() })

interface Answer { status: number, headers: Record<string, string | string[] | undefined> }

/** One request over a real socket; an event stream is read up to its headers, then closed. */
async function send (method: string, url: string, options: { headers?: Record<string, string>, body?: string } = {}): Promise<Answer> {
  const { port } = h.app.server.address() as { port: number }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: url, headers: { ...AUTH, ...options.headers } }, (res) => {
      const answer = { status: res.statusCode ?? 0, headers: res.headers }
      if (String(res.headers['content-type']).startsWith('text/event-stream')) { res.destroy(); resolve(answer); return }
      res.resume()
      res.on('end', () => resolve(answer))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

const seen = new Map<string, Set<string>>()

function check (method: string, path: string, op: Operation, what: string, answer: Answer): void {
  const where = `${op.operationId} (${what})`
  const documented = op.responses[String(answer.status)]
  assert.ok(documented, `${where}: status ${answer.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`)
  const declared = new Map(Object.entries(documented.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]))
  for (const name of Object.keys(answer.headers)) {
    if (UNDECLARED.has(name) || name.startsWith('access-control-')) continue
    assert.ok(declared.has(name), `${where}: ${answer.status} carries ${name}, which it does not declare (declared: ${[...declared.keys()].join(', ')})`)
  }
  for (const [name, header] of declared) {
    if (header.required === true) assert.ok(answer.headers[name] !== undefined, `${where}: ${answer.status} declares ${name} required and lacks it`)
  }
  const key = `${method} ${path}`
  seen.set(key, (seen.get(key) ?? new Set()).add(String(answer.status)))
}

function operations (): Array<{ method: string, path: string, op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
}

/** A fresh encounter from the create operation's example (the fighter and the goblin), for the operations under /v1/encounters/{id}. */
async function freshEncounter (): Promise<string> {
  const create = exampleBody(doc.paths['/v1/encounters']?.post ?? assert.fail('no create')) ?? assert.fail('no create example')
  const res = await h.http.post('/v1/encounters').set(AUTH).set(JSON_TYPE).send(create)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.id as string
}

/** The path with the fresh encounter's id, or the given values; other parameters take the document's examples (`dnd35`, `not-found`). */
function url (path: string, id?: string, combatantId = 'goblin', other?: string): string {
  const item = doc.paths[path] ?? {}
  const parameters = Object.values(item).flatMap((op) => op.parameters ?? []) as Array<{ in: string, name: string, example?: string }>
  const example = (name: string): string => parameters.find((p) => p.in === 'path' && p.name === name)?.example ?? ''
  const encounterId = path.startsWith('/v1/encounters/') ? (id ?? encounter) : (other ?? id ?? example('id'))
  return path.replace('{id}', encounterId).replace('{combatantId}', combatantId).replace('{kind}', other ?? id ?? example('kind'))
}

function exampleBody (op: Operation): string | undefined {
  const examples = op.requestBody?.content['application/json']?.examples
  if (!op.requestBody) return undefined
  const first = examples ? Object.values(examples)[0]?.value : undefined
  return JSON.stringify(first ?? {})
}

const JSON_TYPE = { 'content-type': 'application/json' }

test('every answer of every operation has a documented status and declares the headers it carries', async () => {
  for (const { method, path, op } of operations()) {
    encounter = await freshEncounter()
    const body = exampleBody(op)
    const withBody = (b: string | undefined, headers: Record<string, string> = {}): { headers: Record<string, string>, body?: string } =>
      b === undefined ? { headers } : { headers: { ...JSON_TYPE, ...headers }, body: b }
    // Success: its example (the action examples name fighter and goblin), or the plain request.
    // An action needs a started encounter: the start operation's first example (the fighter acts first).
    if (op.operationId === 'encounterAction') {
      const start = exampleBody(doc.paths['/v1/encounters/{id}/start']?.post ?? assert.fail('no start'))
      assert.equal((await send('POST', `/v1/encounters/${encounter}/start`, withBody(start))).status, 200)
    }
    if (op.operationId !== 'deleteEncounter') check(method, path, op, 'example', await send(method, url(path), withBody(body)))
    const protectedRoute = path.startsWith('/v1/')
    if (protectedRoute) {
      check(method, path, op, 'no key', await send(method, url(path), { headers: { authorization: '' }, ...(body === undefined ? {} : { body }) }))
      check(method, path, op, 'wrong key', await send(method, url(path), { headers: { authorization: 'Bearer not-the-key-0123456789' } }))
    }
    check(method, path, op, 'URL too long', await send(method, `${url(path)}?pad=${'x'.repeat(4100)}`, withBody(body)))
    if (path.includes('{')) {
      check(method, path, op, 'over-long path parameter', await send(method, url(path, 'x'.repeat(201), 'y'.repeat(201)), withBody(body)))
      check(method, path, op, 'malformed escape', await send(method, url(path, '%E0%A4%A'), withBody(body)))
      check(method, path, op, 'unknown resource', await send(method, url(path, '00000000-0000-4000-8000-000000000000'), withBody(body)))
    }
    for (const parameter of op.parameters ?? []) {
      if (parameter.in === 'query') {
        for (const bad of ['abc', '0', '-1', 'x'.repeat(300)]) check(method, path, op, `?${parameter.name}=${bad.slice(0, 5)}`, await send(method, `${url(path)}?${parameter.name}=${bad}`))
      }
      if (parameter.in === 'header' && parameter.name !== 'authorization') {
        check(method, path, op, `bad ${parameter.name}`, await send(method, url(path), withBody(body, { [parameter.name]: 'not a valid value' })))
      }
      if (parameter.in === 'header' && parameter.name === 'if-match') {
        check(method, path, op, 'stale If-Match', await send(method, url(path), withBody(body, { 'if-match': '"999"' })))
      }
    }
    if (body !== undefined) {
      check(method, path, op, 'invalid JSON', await send(method, url(path), { headers: JSON_TYPE, body: '{"a":' }))
      check(method, path, op, 'schema-invalid body', await send(method, url(path), { headers: JSON_TYPE, body: '{"zzUnknown":1}' }))
      check(method, path, op, 'text body', await send(method, url(path), { headers: { 'content-type': 'text/plain' }, body: 'hello' }))
      check(method, path, op, 'gzip body', await send(method, url(path), { headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: body ?? '{}' }))
      check(method, path, op, 'too large', await send(method, url(path), { headers: JSON_TYPE, body: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }) }))
    }
    if (op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')) {
      const options = withBody(body, { 'idempotency-key': `headers-${op.operationId}` })
      await send(method, url(path), options)
      check(method, path, op, 'idempotent replay', await send(method, url(path), options))
    }
    if (op.operationId === 'deleteEncounter') check(method, path, op, 'delete', await send(method, url(path)))
  }
  // Success and errors were both reached on every operation.
  for (const { method, path, op } of operations()) {
    const statuses = [...(seen.get(`${method} ${path}`) ?? [])]
    assert.ok(statuses.some((s) => s.startsWith('2')), `${op.operationId}: no success reached (${statuses.join(', ')})`)
    assert.ok(statuses.some((s) => s.startsWith('4')), `${op.operationId}: no error reached`)
  }
})

test('the rate limit: a 429 with Retry-After and the limit headers, on a documented, declared response', async () => {
  const limited = await encounterApp({ API_KEYS: `contract:${KEY}`, RATE_LIMIT_PER_MINUTE: '1' })
  try {
    await limited.http.get('/v1/rulesets').set(AUTH).expect(200)
    const res = await limited.http.get('/v1/rulesets').set(AUTH).expect(429)
    const op = (dereference(limited.app.swagger(), limited.app.swagger() as never) as Document).paths['/v1/rulesets']?.get ?? assert.fail('no GET /v1/rulesets')
    for (const name of ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-request-id']) {
      assert.ok(res.headers[name] !== undefined, `the 429 carries ${name}`)
      assert.ok(Object.keys(op.responses['429']?.headers ?? {}).map((n) => n.toLowerCase()).includes(name), `the 429 declares ${name}`)
    }
  } finally {
    await limited.close()
  }
})

test('the document declares each header once, under components.headers, and every response refers to it', () => {
  const raw = h.app.swagger() as unknown as { components: { headers: Record<string, Json> }, paths: Json }
  const text = JSON.stringify(raw.paths)
  for (const name of Object.keys(raw.components.headers)) assert.ok(text.includes(`"#/components/headers/${name}"`) || JSON.stringify(raw.components).includes(`"#/components/headers/${name}"`), `${name} is used`)
  assert.doesNotMatch(text, /"headers":\{"[^"]+":\{"(description|schema)"/, 'no header declared inline')
})
