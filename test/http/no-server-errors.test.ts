import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertUnprocessable } from '../helpers/problems.js'

// OpenAPI › Errors: "Never a 500 for anything a client sent."
let app: FastifyInstance
let operations: Array<{ method: string, path: string }>

before(async () => {
  app = await statelessApp()
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> }
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((method) => ({ method: method.toUpperCase(), path })))
})
after(async () => { await app.close() })

const jsonValue = fc.jsonValue({ maxDepth: 4 })
// Bodies shaped like real requests, with random values in the fields the rules read.
const plausibleBody = fc.record({
  ruleset: fc.constantFrom('dnd35', 'pf1e', 'variant', 'dnd4', 7),
  seed: fc.oneof(fc.string(), fc.integer()),
  dice: fc.record({ sequence: fc.array(fc.integer({ min: -2, max: 25 }), { maxLength: 30 }) }, { requiredKeys: [] }),
  attacker: jsonValue,
  target: jsonValue,
  defender: jsonValue,
  creature: jsonValue,
  turner: jsonValue,
  weapon: jsonValue,
  notation: fc.oneof(fc.string(), fc.constantFrom('1d20', '2d6+3', '1000d1000')),
  action: fc.constantFrom('start', 'pin', 'turn', 'rebuke', 'channel-positive', 'escape', 'x'),
  maneuver: fc.constantFrom('trip', 'bull-rush', 'feint', 'x'),
  mode: fc.constantFrom('single', 'full', 'coup-de-grace', 'x'),
  save: fc.constantFrom('reflex', 'will', 'charm', 'x'),
  dc: fc.integer({ min: -5, max: 60 }),
  targets: fc.array(jsonValue, { maxLength: 3 }),
  combatants: fc.array(jsonValue, { maxLength: 3 }),
  undead: fc.array(jsonValue, { maxLength: 3 }),
  damage: jsonValue,
  healing: jsonValue,
  options: jsonValue
}, { requiredKeys: [] })

test('property: random JSON sent to every route never gets a 5xx', async () => {
  assert.ok(operations.length >= 15, `expected every route in the document, found ${operations.length}`)
  for (const { method, path } of operations) {
    await fc.assert(fc.asyncProperty(fc.oneof(jsonValue, plausibleBody), fc.string({ maxLength: 20 }), async (body, param) => {
      const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(param) || 'x')
      const hasBody = method !== 'GET' && method !== 'DELETE'
      const res = await app.inject({ method: method as 'GET', url, ...(hasBody ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) })
      assert.ok(res.statusCode < 500, `${method} ${url} answered ${res.statusCode} to ${JSON.stringify(body).slice(0, 300)}: ${res.body.slice(0, 300)}`)
      if (res.statusCode === 422) assertUnprocessable({ status: res.statusCode, headers: res.headers, body: res.json() })
    }), { numRuns: 40 })
  }
})
