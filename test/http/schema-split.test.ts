// The body validators are compiled from schemas whose large object parts are
// hoisted into $defs (src/http/schema-split.ts), so that no validator is one
// function too large for V8 to optimise. The client sees the same thing: the
// same verdict and the same errors (data path, keyword, params, message) as
// the schema compiled whole, for valid bodies and for broken ones.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ajv, type ErrorObject } from 'ajv'
import * as ajvFormats from 'ajv-formats'
import { validatorCompiler } from '../../src/http/validation.js'
import { splitLargeSchemas } from '../../src/http/schema-split.js'
import { AttackRequestSchema } from '../../src/schemas/attacks.js'
import { SavesRequestSchema } from '../../src/schemas/saves.js'
import { isValidNotation } from '../../src/rules/dice/notation.js'
import { ATTACK_BODY } from '../../bench/attack-body.js'

const addFormats = ajvFormats.default as unknown as (ajv: Ajv) => Ajv

/** The schema compiled whole, as the service did before: one function. */
function wholeValidator (schema: object) {
  const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false, verbose: true })
  ajv.addFormat('dice-notation', { type: 'string', validate: isValidNotation })
  addFormats(ajv)
  return ajv.compile(schema)
}

const seen = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => ({ instancePath: e.instancePath, keyword: e.keyword, params: e.params, message: e.message, data: e.data }))

const broken: unknown[] = [
  ATTACK_BODY,
  { ...ATTACK_BODY, target: { ...ATTACK_BODY.target, abilities: { str: 'x' } } },
  { ...ATTACK_BODY, attacker: { ...ATTACK_BODY.attacker, feats: [7], extra: true }, target: { ...ATTACK_BODY.target, size: 'huge-ish' } },
  { ...ATTACK_BODY, weapon: { ...ATTACK_BODY.weapon, damage: '1d0', critRnage: 19, extraDamage: [{ dice: 'x' }, { type: 3 }] } },
  { ...ATTACK_BODY, offHand: { damage: 5 }, options: { concealment: 'fog', attackModifiers: [{ value: 'a' }] } },
  { ...ATTACK_BODY, attacker: null, target: [], weapon: 'sword' },
  { ruleset: 'dnd35' },
  []
]

test('the attack body validator is split into functions, and gives the same verdict and errors as the whole schema', () => {
  const split = validatorCompiler({ schema: AttackRequestSchema, httpPart: 'body', method: 'POST', url: '/v1/attacks' } as never) as ReturnType<typeof wholeValidator>
  const whole = wholeValidator(AttackRequestSchema)
  const source = String((split as unknown as { source?: { validateCode?: string } }).source?.validateCode ?? split)
  assert.ok((JSON.stringify(splitLargeSchemas(AttackRequestSchema)).match(/"\$ref"/g) ?? []).length >= 4, 'the combatants and weapons are references')
  assert.ok(source.length < 200_000)
  for (const body of broken) {
    const verdict = split(structuredClone(body))
    assert.equal(verdict, whole(structuredClone(body)), JSON.stringify(body))
    assert.deepEqual(seen(split.errors), seen(whole.errors), JSON.stringify(body))
  }
})

test('a schema is not changed by splitting (the OpenAPI document reads the same objects), and a small one is used as it is', () => {
  const before = JSON.stringify(SavesRequestSchema)
  splitLargeSchemas(SavesRequestSchema)
  assert.equal(JSON.stringify(SavesRequestSchema), before)
  const small = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'integer' } } } } }
  assert.equal(splitLargeSchemas(small), small)
})

test('the same subschema used twice becomes one definition', () => {
  const big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, { type: 'integer', minimum: 0 }])), additionalProperties: false }
  const split = splitLargeSchemas({ type: 'object', properties: { one: big, two: big } }) as { $defs: Record<string, unknown>, properties: Record<string, unknown> }
  assert.equal(Object.keys(split.$defs).length, 1)
  assert.deepEqual(split.properties.one, split.properties.two)
})
