// A simulation's body is a function of its request (docs/rules.md §83): the
// same seed gives the same body, byte for byte, whatever makes the engine
// faster. simulation-bodies.json holds bodies the engine gave before the
// simulation fast path (plan reuse, docs/rules.md §140), captured from the
// compiled build of that time and never rewritten by these tests: every
// ruleset, every target rule, single and full attacks, two-weapon fighting,
// sneak attack, lasting effects, conditions (some forbidding the attack), an
// encounter's mid-fight state with pending aid, and stat blocks the rules refuse.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { DomainError } from '../../src/rules/errors.js'
import { simulate, type SimulationInput } from '../../src/encounters/simulation/simulate.js'

interface Case {
  name: string
  input: SimulationInput
  body?: unknown
  error?: { kind: string, message: string, errors: Array<{ path: string, message: string }> }
}

const { cases } = JSON.parse(readFileSync(new URL('./simulation-bodies.json', import.meta.url), 'utf8')) as { cases: Case[] }

for (const c of cases) {
  test(`docs/rules.md §83: the same seed gives the same body as before the fast path: ${c.name}`, () => {
    if (c.error) {
      const expected = c.error
      assert.throws(() => simulate(structuredClone(c.input)), (error: unknown) => {
        assert.ok(error instanceof DomainError)
        assert.equal(error.kind, expected.kind)
        assert.equal(error.message, expected.message)
        assert.deepEqual(error.errors.map((e) => e.path), expected.errors.map((e) => e.path))
        assert.deepEqual(error.errors, expected.errors)
        return true
      })
      return
    }
    assert.equal(JSON.stringify(simulate(structuredClone(c.input))), JSON.stringify(c.body))
  })
}
