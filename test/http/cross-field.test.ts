// OpenAPI › Errors: "a body the published schema accepts is never a 400, so
// cross-field rules are either in the schema or a 422"; Conventions: `seed` is
// a string of at most 200 characters or a safe integer, and no number in a
// request or a response is ever non-finite.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { dereference } from '../contract/fuzz-harness.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

type Json = ReturnType<typeof JSON.parse>

/** Raw JSON text, so a test can send what JSON.stringify cannot write (1e400). */
async function send (url: string, text: string): Promise<{ status: number, headers: Record<string, unknown>, body: Json }> {
  const res = await app.inject({ method: 'POST', url, payload: text, headers: { 'content-type': 'application/json' } })
  return { status: res.statusCode, headers: res.headers, body: res.json() }
}
const post = async (url: string, body: unknown) => send(url, JSON.stringify(body))

const creature = { hitPoints: { max: 20, current: 5 } }
const fighter = { baseAttackBonus: 4, abilities: { str: 14 } }
const sword = { name: 'longsword', damage: '1d8' }

test('the issue\'s cases: fields that each fit the schema but not together are 422 inconsistent-fields naming the field', async () => {
  assertProblem(await post('/v1/damage', { creature, damage: {} }), { type: '/problems/inconsistent-fields', path: '/damage/amount' })
  assertProblem(await post('/v1/healing', { creature, healing: { kind: 'stabilize', amount: 1 } }), { type: '/problems/inconsistent-fields', path: '/healing/amount' })
  assertProblem(await post('/v1/attacks', { attacker: fighter, target: { hitPoints: { max: 5, current: 9 } }, weapon: sword }), { type: '/problems/inconsistent-fields', path: '/target/hitPoints/current' })
  assertProblem(await post('/v1/attacks', { attacker: fighter, target: {}, weapon: sword, offHand: sword, mode: 'single' }), { type: '/problems/inconsistent-fields', path: '/offHand' })
  const cleric = { level: 5, class: 'cleric', abilities: { cha: 12 } }
  assertProblem(await post('/v1/turning', { action: 'turn', turner: cleric, undead: [], targets: [] }), { type: '/problems/inconsistent-fields', path: '/targets' })
})

/** An operation's request body schema, its named components resolved as a consumer resolves them. */
function requestSchema (doc: Json, item: Json): Json | undefined {
  return dereference(item.post?.requestBody?.content['application/json'].schema, doc)
}

test('a constant above 1,000,000 is schema-invalid: the document says so in the notation\'s pattern, and the answer is a 400 naming it', async () => {
  const doc = app.swagger() as Json
  const notation = requestSchema(doc, doc.paths['/v1/dice'])?.properties.notation
  const pattern = new RegExp(notation.pattern, 'u')
  assert.ok(pattern.test('1d6+1000000') && !pattern.test('1d6+2000000'), notation.pattern)
  assert.match(notation.description, /1,000,000/)
  assertProblem(await post('/v1/dice', { notation: '1d6+2000000' }), { type: '/problems/validation-failed', path: '/notation' })
  assert.equal((await post('/v1/dice', { notation: '1d6+1000000', seed: 1 })).status, 200)
})

/** A body each operation that takes `seed` accepts (the rest of the request around the seed). */
const SEEDED: Record<string, Record<string, unknown>> = {
  '/v1/dice': { notation: '1d6' },
  '/v1/attacks': { attacker: fighter, target: {}, weapon: sword },
  '/v1/turning': { action: 'turn', turner: { level: 3, class: 'cleric' }, undead: [] },
  '/v1/grapples': { action: 'start', attacker: fighter, defender: {} },
  '/v1/maneuvers': { maneuver: 'trip', attacker: fighter, defender: {} },
  '/v1/damage': { creature, damage: { amount: 1 } },
  '/v1/healing': { creature, healing: { kind: 'magical', amount: 1 } },
  '/v1/saves': { save: 'reflex', dc: 10, targets: [{ baseSaves: { reflex: 1 } }] },
  '/v1/initiative': { combatants: [{ id: 'a' }] },
  '/v1/concentration': { caster: { concentration: 5 }, spellLevel: 1, situation: 'defensive' },
  '/v1/simulations': {
    runs: 1,
    sides: {
      a: [{ id: 'a', baseAttackBonus: 1, armorClass: { armor: 2 }, hitPoints: { max: 5 }, weapons: [{ name: 'club', damage: '1d6' }] }],
      b: [{ id: 'b', baseAttackBonus: 1, armorClass: { armor: 2 }, hitPoints: { max: 5 }, weapons: [{ name: 'club', damage: '1d6' }] }]
    }
  }
}

test('seed 1e400 (Infinity once parsed) is a 400 naming /seed on every operation that takes a seed, never a 500', async () => {
  const doc = app.swagger() as Json
  const seeded = Object.entries(doc.paths as Record<string, Json>)
    .filter(([path, item]) => !path.startsWith('/v1/encounters') && requestSchema(doc, item)?.properties?.seed)
    .map(([path]) => path)
  assert.deepEqual(seeded.sort(), Object.keys(SEEDED).sort())
  for (const [path, body] of Object.entries(SEEDED)) {
    assert.ok((await post(path, { ...body, seed: 7 })).status < 300, `${path}: the body around the seed is accepted`)
    for (const huge of ['1e400', '-1e400']) {
      assertProblem(await send(path, JSON.stringify({ ...body, seed: 0 }).replace('"seed":0', `"seed":${huge}`)), { type: '/problems/validation-failed', path: '/seed' })
    }
  }
})

test('integer seeds: 2^53 − 1 is accepted and echoed exactly; above it (which JSON readers round) is a 400 naming /seed', async () => {
  const max = await send('/v1/dice', '{"notation":"1d20","seed":9007199254740991}')
  assert.equal(max.status, 200)
  assert.equal(max.body.seed, Number.MAX_SAFE_INTEGER)
  const min = await send('/v1/dice', '{"notation":"1d20","seed":-9007199254740991}')
  assert.equal(min.status, 200)
  for (const seed of ['9007199254740992', '9007199254740993', '-9007199254740993', '1e300']) {
    assertProblem(await send('/v1/dice', `{"notation":"1d20","seed":${seed}}`), { type: '/problems/validation-failed', path: '/seed' })
  }
  const long = await post('/v1/dice', { notation: '1d20', seed: 'x'.repeat(201) })
  assertProblem(long, { type: '/problems/validation-failed', path: '/seed' })
})

test('1e400 in any other number field is a 400 naming that field, never a 500', async () => {
  const cases: Array<[string, string, string]> = [
    ['/v1/dice', '{"notation":"1d6","dice":{"sequence":[1e400]}}', '/dice/sequence/0'],
    ['/v1/saves', '{"save":"reflex","dc":1e400,"targets":[{"baseSaves":{"reflex":1}}]}', '/dc'],
    ['/v1/damage', '{"creature":{"hitPoints":{"max":10}},"damage":{"amount":-1e400}}', '/damage/amount'],
    ['/v1/turning', '{"action":"turn","turner":{"level":3,"class":"cleric"},"undead":[{"id":"z","hitDice":1,"distanceFeet":1e400}]}', '/undead/0/distanceFeet'],
    ['/v1/attacks', '{"attacker":{},"target":{},"weapon":{"damage":"1d6"},"options":{"distanceFeet":1e400}}', '/options/distanceFeet']
  ]
  for (const [url, text, path] of cases) assertProblem(await send(url, text), { type: '/problems/validation-failed', path })
})

test('every number field of every request schema is bounded, so 1e400 is schema-invalid wherever it goes', () => {
  const doc = app.swagger() as Json
  const unbounded: string[] = []
  const walk = (node: Json, where: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`))
    if (node === null || typeof node !== 'object') return
    if ((node.type === 'integer' || node.type === 'number') && (node.minimum === undefined || node.maximum === undefined)) unbounded.push(where)
    for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`)
  }
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      const schema = op?.requestBody?.content?.['application/json']?.schema
      if (schema) walk(schema, `${method} ${path}`)
    }
  }
  assert.deepEqual(unbounded, [])
})
