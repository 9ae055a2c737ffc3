// A fourth ruleset is one module plus one registration, encounters included:
// registered here before the app is imported, an encounter can be created
// under it (the table stores the id as text the registry checks), started
// with its own action types (the `act` enum comes from the registry), and
// played through the shared mechanics, its own condition row included.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { getRuleset, registerRuleset, type RulesetDefinition } from '../../src/rules/rulesets/index.js'
import { on } from '../../src/rules/effects.js'
import type { EncounterHarness, Json } from '../helpers/encounters.js'

// The module: dnd35's policies under its own name, its own action names, and a condition of its own.
const dnd35 = getRuleset('dnd35')
const { capabilities: _derived, ...dnd35Definition } = dnd35
const toy: RulesetDefinition = {
  ...dnd35Definition,
  id: 'toy',
  name: 'Toy d20',
  description: 'A test ruleset registered at test time.',
  actionTypes: ['main', 'side', 'full-round', 'free'],
  turnFlow: { ...dnd35.turnFlow, slots: { ...dnd35.turnFlow.slots, primary: 'main', secondary: 'side', swift: null, immediate: null } },
  effects: { ...dnd35.effects, confused: { changes: on(-3, 'attack.melee', 'attack.ranged') } },
  // The toy's `confused` is only its own row: no behaviour roll at the start of the turn (docs/rules.md §117 is dnd35's).
  behaviourRolls: {}
}
// The one line.
registerRuleset(toy)

let h: EncounterHarness
let helpers: typeof import('../helpers/encounters.js')
before(async () => {
  helpers = await import('../helpers/encounters.js')
  h = await helpers.encounterApp()
})
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8' }

test('an encounter under a registered fourth ruleset: created, stored, started and played (SRD 3.5 › Attack Bonus)', async () => {
  const created = await helpers.createEncounter(h, {
    name: 'Toy fight',
    ruleset: 'toy',
    combatants: [
      { id: 'hero', baseAttackBonus: 5, abilities: { str: 14, dex: 12 }, conditions: ['confused'], hitPoints: { max: 20 } },
      { id: 'orc', baseAttackBonus: 1, abilities: { dex: 10 }, armorClass: { armor: 4 }, hitPoints: { max: 10 } }
    ]
  })
  assert.equal(created.ruleset, 'toy')
  const id = created.id
  // Initiative d20 + Dex: hero 15 + 1, orc 3 + 0.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 3] } }).expect(200)).body
  assert.deepEqual(started.turn, { combatantId: 'hero', initiativeCount: 16, spent: [] })

  // 5 BAB + 2 Str − 3 confused (the toy's own row) = +4; d20 12 → 16 ≥ AC 14 (10 + 4 armor, the orc flat-footed has no Dex to lose).
  // 1d8 5 + 2 Str = 7 → orc 10 → 3.
  const hit = await helpers.act(h, id, { type: 'attack', actor: 'hero', target: 'orc', weapon: longsword, dice: { sequence: [12, 5] } })
  const [a] = hit.result.attacks
  assert.deepEqual([a.attackBonus, a.targetAC, a.total, a.hit], [4, 14, 16, true])
  assert.equal(hit.encounter.combatants.find((c: Json) => c.id === 'orc').hitPoints.current, 3)
  // The ruleset's own name for the slot the attack spent.
  assert.deepEqual(hit.encounter.turn.spent, ['main'])

  // Its own action type passes the schema (the enum is every registered ruleset's action types).
  const moved = await helpers.act(h, id, { type: 'act', actor: 'hero', actionType: 'side' })
  assert.deepEqual(moved.encounter.turn.spent, ['main', 'side'])

  // Read back from the store: the text column holds the registered id.
  const read = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  assert.equal(read.ruleset, 'toy')
  const listed = (await h.http.get('/v1/encounters').expect(200)).body
  assert.deepEqual(listed.items.map((e: Json) => e.ruleset), ['toy'])
  await helpers.assertReplayMatches(h, id)
})

test('a ruleset the registry does not know is a 400 naming /ruleset, before anything is stored', async () => {
  const res = await h.http.post('/v1/encounters').send({ name: 'nope', ruleset: 'nope' }).expect(400)
  assert.equal(res.body.type, '/problems/validation-failed')
  assert.deepEqual(res.body.errors.map((e: Json) => e.path), ['/ruleset'])
})
