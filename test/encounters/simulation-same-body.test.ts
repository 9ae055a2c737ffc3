// A simulation's body is a function of its request (docs/rules.md §83): the
// same seed gives the same body, byte for byte, whatever makes the engine
// faster; and the attack plans it reuses (docs/rules.md §140) are the rules' own. simulation-bodies.json holds bodies the engine gave before the
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
import { PlanCache } from '../../src/encounters/simulation/plans.js'

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

test('docs/rules.md §140: every reused attack plan is the plan the rules give for that turn\'s request', () => {
  // verify: each reused plan is planned afresh from the turn's request and compared (it throws on a difference).
  for (const c of cases.filter((x) => x.body !== undefined)) {
    const plans = new PlanCache({ verify: true })
    assert.equal(JSON.stringify(simulate(structuredClone(c.input), { plans })), JSON.stringify(c.body), c.name)
    assert.ok(plans.counts.reused > 0, c.name)
  }
})

test('docs/rules.md §140: a plan is computed once per attacker, target and state, for all the runs', () => {
  // Two creatures no blow can bring off healthy (100,000 hit points, 1d8+3 a hit) and never flat-footed
  // (uncanny dodge, SRD 3.5 › Uncanny Dodge): every fight lasts the 50-round cap, each creature full-attacks
  // once a round, so 5 runs make 5 × 50 × 2 = 500 attack actions, and only two requests ever differ
  // (x attacks y, y attacks x): the rules plan 2, the 498 others reuse them.
  const wall = (id: string, side: string) => ({ id, side, baseAttackBonus: 5, abilities: { str: 16, dex: 12, con: 14 }, armorClass: { armor: 4 }, hitPoints: { max: 100000 }, feats: ['uncanny-dodge'], weapons: [{ name: 'longsword', damage: '1d8' }] })
  const plans = new PlanCache()
  const result = simulate({ start: { kind: 'roster', ruleset: 'dnd35', combatants: [wall('x', 'a'), wall('y', 'b')] }, runs: 5, seed: 'walls', tactic: { target: 'lowest-hit-points', fullAttack: true }, sides: ['a', 'b'] }, { plans })
  assert.deepEqual(result.rounds.histogram, [{ rounds: 50, runs: 5, probability: 1 }])
  assert.deepEqual(plans.counts, { computed: 2, reused: 498 })
})

test('docs/rules.md §140: a new condition or hit-point state is a new plan', () => {
  // The encounter mid-fight: a stunned orc (until round 2), a dying one, the others flat-footed or not:
  // more than one plan per attacker and target, and every reused one checked against the rules.
  const mid = cases.find((x) => x.name === 'encounter mid-fight') as Case
  const plans = new PlanCache({ verify: true })
  simulate(structuredClone(mid.input), { plans })
  const pairs = new Set<string>()
  for (const a of mid.input.start.kind === 'encounter' ? mid.input.start.state.combatants : []) for (const b of mid.input.start.kind === 'encounter' ? mid.input.start.state.combatants : []) if (a.side !== b.side) pairs.add(`${a.id}>${b.id}`)
  assert.ok(plans.counts.computed > pairs.size, JSON.stringify(plans.counts))
})

/** Freeze an object and everything it holds: a change in place then throws (ES modules are strict). */
function deepFreeze<T> (value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
    Object.freeze(value)
  }
  return value
}

test('docs/rules.md §140: the runs share the starting state\'s objects and change none of them (a lasting effect ending, a confused creature\'s roll and its attackers, aid waiting)', () => {
  const mid = cases.find((x) => x.name === 'encounter mid-fight') as Case
  const input = structuredClone(mid.input)
  assert.equal(input.start.kind, 'encounter')
  if (input.start.kind !== 'encounter') return
  const [ana, bo] = ['ana', 'bo'].map((id) => input.start.kind === 'encounter' ? input.start.state.combatants.find((c) => c.id === id) : undefined)
  assert.ok(ana && bo)
  // Bless on ana until the start of round 2 (the stat block's effects end by replacing the list, docs/rules.md §96).
  ana.statBlock.effects = [{ target: 'attack', value: 1, type: 'morale', source: 'bless', endsAt: { round: 2, initiativeCount: null } }]
  // bo confused, attacked by orc-3 since its last turn (docs/rules.md §147): its behaviour is kept on the condition record.
  bo.conditions.push({ name: 'confused', endsAt: { round: 3, initiativeCount: null }, attackedBy: ['orc-3'] } as never)
  ana.pending = [{ kind: 'aid', choice: 'ac', ally: 'ana', opponent: 'orc-3', value: 2 }]
  const unfrozen = simulate(structuredClone(input))
  const frozen = deepFreeze(structuredClone(input))
  assert.equal(JSON.stringify(simulate(frozen)), JSON.stringify(unfrozen), 'the same body from a state no run could change')
})
