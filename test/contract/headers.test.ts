// OpenAPI › Errors: "a request the published schema accepts is never a 400"
// holds for request headers too. Each header value below is judged by the
// document's own header parameter schema (Ajv 2020 on the document): a value
// it accepts is taken, a value it refuses is a 400 naming the header.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { createEncounter, encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'
import { dereference } from './fuzz-harness.js'

interface Parameter { name?: string, in?: string, schema?: object }
interface Document { paths: Record<string, Record<string, { parameters?: Parameter[] }>> }

let h: EncounterHarness
let doc: Document
before(async () => {
  h = await encounterApp()
  doc = structuredClone(h.app.swagger()) as unknown as Document
})
after(async () => { await h.close() })

/** The schema the document gives a header parameter of an operation, its `$ref` resolved; undefined when not declared. */
function headerParameter (path: string, method: string, name: string): Parameter | undefined {
  const parameters = dereference(doc.paths[path]?.[method]?.parameters ?? [], doc) as Parameter[]
  return parameters.find((p) => p.in === 'header' && p.name === name)
}

function documented (path: string, method: string, name: string): ValidateFunction {
  const parameter = headerParameter(path, method, name) ?? assert.fail(`${method.toUpperCase()} ${path} declares no ${name} header`)
  return new Ajv2020({ strict: false }).compile(parameter.schema ?? {})
}

/** Every visible ASCII character (RFC 9110 VCHAR without obs-text), in one key. */
const EVERY_VISIBLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('')
/** Keys the document accepts: the shortest, the longest, the first and last characters of the range, and the punctuation in between. */
const ACCEPTED = ['k', '!', '~', 'x'.repeat(200), EVERY_VISIBLE, '"quoted",comma;semi\\back', '9b2f4a4e-0000-4000-8000-000000000000']
/** Keys it refuses: empty, an inner space or tab, one character too many, a character outside ASCII. */
const REFUSED = ['', 'a b', 'a\tb', 'x'.repeat(201), 'caf\u00e9']

test('Idempotency-Key: a key the document accepts is honoured, a key it refuses is a 400 naming the header', async () => {
  const validate = documented('/v1/encounters', 'post', 'idempotency-key')
  for (const [i, key] of [...ACCEPTED, ...REFUSED].entries()) {
    const body = { name: `key ${i}`, ruleset: 'dnd35' }
    const res = await h.http.post('/v1/encounters').set('idempotency-key', key).send(body)
    if (validate(key)) {
      assert.equal(res.status, 201, `schema-valid key ${JSON.stringify(key)} answered ${res.status}: ${JSON.stringify(res.body)}`)
      // Honoured, not just let through: the retry replays the first answer.
      const again = await h.http.post('/v1/encounters').set('idempotency-key', key).send(body).expect(201)
      assert.equal(again.headers['idempotent-replayed'], 'true', JSON.stringify(key))
      assert.equal(again.body.id, res.body.id, JSON.stringify(key))
    } else {
      assertProblem(res, { type: '/problems/validation-failed', path: 'header:idempotency-key' })
    }
  }
  // The document says what the service takes: 1 to 200 visible ASCII characters.
  assert.deepEqual(ACCEPTED.filter((k) => !validate(k)), [], 'the document refuses keys the service takes')
  assert.deepEqual(REFUSED.filter((k) => validate(k)), [], 'the document accepts keys the service refuses')
  // Every write operation declares the same header.
  for (const [path, method] of [['/v1/encounters/{id}/actions', 'post'], ['/v1/encounters/{id}/combatants/{combatantId}', 'delete']] as const) {
    assert.deepEqual(headerParameter(path, method, 'idempotency-key'), headerParameter('/v1/encounters', 'post', 'idempotency-key'), `${method} ${path}`)
  }
})

test('a header an operation does not declare is ignored: DELETE /v1/encounters/{id} with any Idempotency-Key is a 204', async () => {
  assert.equal(headerParameter('/v1/encounters/{id}', 'delete', 'idempotency-key'), undefined)
  for (const key of ['a b', '']) {
    const { id } = await createEncounter(h, { name: 'doomed', ruleset: 'pf1e' })
    await h.http.delete(`/v1/encounters/${id}`).set('idempotency-key', key).expect(204)
  }
})

/** Well-formed entity-tag lists (RFC 9110, section If-Match): `*`, quoted tags, weak ones, empty members. */
const TAG_LISTS_ACCEPTED = ['"7"', 'W/"1"', '"7", "8"', '', ' , ', '*', '"a,b"', '"!#~"', 'W/"7",W/"8"']
/** Outside the grammar: unquoted, unterminated, `*` in a list, a space inside a tag, no comma between tags. */
const TAG_LISTS_REFUSED = ['not an etag', '1', '"1', '*, "1"', '"a b"', '"1" "2"', 'w/"1"']

test('If-Match: any value the document accepts is a 412 or a write, never a 400; one it refuses is a 400 naming the header', async () => {
  const validate = documented('/v1/encounters/{id}', 'delete', 'if-match')
  const { id } = await createEncounter(h, { name: 'kept', ruleset: 'dnd35' })
  for (const value of TAG_LISTS_ACCEPTED) {
    assert.ok(validate(value), JSON.stringify(value))
    if (value === '*') continue // matches: it would delete
    assertProblem(await h.http.delete(`/v1/encounters/${id}`).set('if-match', value), { type: '/problems/precondition-failed', path: [] })
  }
  for (const value of TAG_LISTS_REFUSED) {
    assert.ok(!validate(value), JSON.stringify(value))
    assertProblem(await h.http.delete(`/v1/encounters/${id}`).set('if-match', value), { type: '/problems/validation-failed', path: 'header:if-match' })
  }
  await h.http.delete(`/v1/encounters/${id}`).set('if-match', '"1"').expect(204)
  // Every write operation declares the same header.
  for (const [path, method] of [['/v1/encounters/{id}/actions', 'post'], ['/v1/encounters/{id}/start', 'post'], ['/v1/encounters/{id}/combatants', 'post'], ['/v1/encounters/{id}/combatants/{combatantId}', 'patch'], ['/v1/encounters/{id}/combatants/{combatantId}', 'delete']] as const) {
    assert.deepEqual(headerParameter(path, method, 'if-match'), headerParameter('/v1/encounters/{id}', 'delete', 'if-match'), `${method} ${path}`)
  }
})

test('If-None-Match: any value the document accepts is a 200 or a 304, never a 400; one it refuses is a 400 naming the header', async () => {
  const validate = documented('/v1/encounters/{id}', 'get', 'if-none-match')
  const { id } = await createEncounter(h, { name: 'watched', ruleset: 'dnd35' })
  for (const value of TAG_LISTS_ACCEPTED) {
    assert.ok(validate(value), JSON.stringify(value))
    const res = await h.http.get(`/v1/encounters/${id}`).set('if-none-match', value)
    assert.equal(res.status, value === '*' || value === 'W/"1"' ? 304 : 200, JSON.stringify(value))
  }
  for (const value of TAG_LISTS_REFUSED) {
    assert.ok(!validate(value), JSON.stringify(value))
    assertProblem(await h.http.get(`/v1/encounters/${id}`).set('if-none-match', value), { type: '/problems/validation-failed', path: 'header:if-none-match' })
  }
})
