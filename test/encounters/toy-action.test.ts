// A new encounter action is one module plus one registration. Registered
// here, before the app is built, a toy `taunt` action must appear in the
// request schema and the operation's description, spend its slot of the
// action budget, have its fields checked, roll with the event's dice and
// replay from the log, with no other file changed.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Type } from 'typebox'
import { registerAction, type EncounterAction } from '../../src/encounters/actions/index.js'
import { actionBody, combatant } from '../../src/encounters/actions/types.js'
import { ACTION_FIELDS as F } from '../../src/schemas/encounters.js'
import { addCondition, endsAt } from '../../src/encounters/flow.js'
import type { EncounterHarness, Json } from '../helpers/encounters.js'

// The module: a standard action that rolls a d20 and shakes the target for a round on 10 or more.
const taunt: EncounterAction = {
  type: 'taunt',
  body: actionBody('taunt', { actor: F.actor, target: F.target, words: Type.String({ minLength: 1, maxLength: 100, description: '`taunt`: what is shouted.' }) }, { seed: F.seed, dice: F.dice }),
  result: Type.Object({ roll: Type.Integer(), shaken: Type.Boolean(), words: Type.String() }, { additionalProperties: false, title: 'TauntResult' }),
  cost: 'primary',
  description: '`taunt` (standard): `actor`, `target`, `words`; a d20 of 10 or more leaves the target shaken for a round.',
  handle: ({ draft, body }) => {
    const target = combatant(draft, body.target, '/target')
    const roll = draft.dice.rollNotation('1d20', 'taunt').total
    if (roll >= 10) addCondition(draft, target, 'shaken', endsAt(draft, 1), 'taunt')
    return { roll, shaken: roll >= 10, words: body.words }
  }
}
// The registration line.
registerAction(taunt)

let h: EncounterHarness
let helpers: typeof import('../helpers/encounters.js')
before(async () => {
  // Imported after the registration, as a service would be built after its modules load.
  helpers = await import('../helpers/encounters.js')
  h = await helpers.encounterApp()
})
after(async () => { await h.close() })

const roster = [
  { id: 'bard', abilities: { dex: 14 }, hitPoints: { max: 10 } },
  { id: 'ogre', abilities: { dex: 8 }, hitPoints: { max: 30 } }
]

test('the toy action is in the request schema, its result, the event types and the operation description', async () => {
  const doc = (await h.http.get('/openapi.json').expect(200)).body
  const { schemas } = doc.components
  assert.equal(schemas.EncounterAction.discriminator.mapping.taunt, '#/components/schemas/TauntAction')
  assert.deepEqual(schemas.TauntAction.required, ['type', 'actor', 'target', 'words'])
  assert.equal(schemas.TauntAction.properties.words.description, '`taunt`: what is shouted.')
  assert.equal(schemas.EncounterActionResult.discriminator.mapping.taunt, '#/components/schemas/TauntActionResult')
  assert.equal(schemas.TauntActionResult.properties.result.$ref, '#/components/schemas/TauntResult')
  assert.equal(schemas.EncounterEvent.discriminator.mapping.taunt, '#/components/schemas/TauntEvent')
  assert.ok(schemas.EncounterEventType.enum.includes('taunt'))
  // The operation names every type; each type's line (its fields) is its branch's description, so the operation's stays short.
  assert.match(doc.paths['/v1/encounters/{id}/actions'].post.description, /`taunt`/)
  assert.match(schemas.TauntAction.description, /`taunt` \(standard\): `actor`, `target`, `words`/)
})

test('a taunt is played through HTTP: it rolls, applies, spends the standard action and replays', async () => {
  const { id } = await helpers.createEncounter(h, { name: 'toy', ruleset: 'dnd35', combatants: roster })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 3] } }).expect(200)
  const done: Json = await helpers.act(h, id, { type: 'taunt', actor: 'bard', target: 'ogre', words: 'Your mother was a hill giant', dice: { sequence: [12] } })
  assert.deepEqual(done.result, { roll: 12, shaken: true, words: 'Your mother was a hill giant' })
  assert.deepEqual(done.applied, [{ kind: 'conditions', combatantId: 'ogre', added: ['shaken'], removed: [], cause: 'taunt' }])
  assert.deepEqual(done.encounter.turn.spent, ['standard'])
  assert.equal(done.event.type, 'taunt')
  assert.deepEqual(done.encounter.combatants.find((c: Json) => c.id === 'ogre').conditions.map((c: Json) => c.name), ['flat-footed', 'shaken'])

  // Its cost is the standard action: a second one in the same turn is refused, naming the type.
  const again = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'taunt', actor: 'bard', target: 'ogre', words: 'And again' })
  assert.equal(again.status, 409)
  assert.equal(again.body.type, '/problems/conflict')
  assert.deepEqual(again.body.errors.map((e: Json) => e.path), ['/type'])

  // Its fields are checked like any action's: one it needs, one it does not take, options it has none of.
  const bare = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'taunt', actor: 'bard', target: 'ogre' })
  assert.equal(bare.body.type, '/problems/missing-field')
  assert.deepEqual(bare.body.errors.map((e: Json) => e.path), ['/words'])
  const armed = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'taunt', actor: 'bard', target: 'ogre', words: 'x', weapon: { damage: '1d6' } })
  assert.equal(armed.body.type, '/problems/not-possible')
  assert.deepEqual(armed.body.errors.map((e: Json) => e.path), ['/weapon'])
  const optioned = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'taunt', actor: 'bard', target: 'ogre', words: 'x', options: { flanking: true } })
  assert.equal(optioned.body.type, '/problems/not-possible')
  assert.deepEqual(optioned.body.errors.map((e: Json) => e.path), ['/options'])

  // The log holds the request with its seed and the d20 it rolled; folding it gives the stored encounter.
  const events = (await h.http.get(`/v1/encounters/${id}/events`).expect(200)).body.items
  const logged = events.find((e: Json) => e.type === 'taunt')
  assert.deepEqual(logged.rolls, [{ purpose: 'taunt', die: 20, result: 12 }])
  await helpers.assertReplayMatches(h, id)
})
