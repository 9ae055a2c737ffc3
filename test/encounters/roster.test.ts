// Changing the roster of a running fight: a newcomer rolls initiative on
// entry, a patch merges into the stat block, removing the combatant whose
// turn it is passes the turn on; all of it replays from the log.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

test('roster changes in a running dnd35 fight', async () => {
  const { id } = await createEncounter(h, { name: 'roster', ruleset: 'dnd35', combatants: [
    { id: 'a', abilities: { dex: 10 }, hitPoints: { max: 10 } },
    { id: 'b', abilities: { dex: 10 }, hitPoints: { max: 10 } },
    { id: 'c', abilities: { dex: 10 }, hitPoints: { max: 10 } }
  ] })
  // a 18, b 12, c 6.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 12, 6] } }).expect(200)).body
  assert.deepEqual(started.order, ['a', 'b', 'c'])

  // A newcomer rolls initiative on entry (SRD 3.5 › Joining a Battle: d20 + Dex 2 = 15 + 2 = 17) and takes its place in the order.
  const added = await h.http.post(`/v1/encounters/${id}/combatants`).send({ id: 'd', abilities: { dex: 14 }, hitPoints: { max: 6 }, dice: { sequence: [15] } }).expect(201)
  assert.deepEqual(added.body.order, ['a', 'd', 'b', 'c'])
  assert.equal(added.body.combatants.find((c: Json) => c.id === 'd').initiative, 17)
  assert.equal(added.body.combatants.find((c: Json) => c.id === 'd').dice, undefined, 'the dice are not part of the stat block')
  assert.equal(added.headers.etag, `"${added.body.version as number}"`)

  // A patch merges: a field given replaces, null removes it.
  const patched = await h.http.patch(`/v1/encounters/${id}/combatants/b`).send({ name: 'Bandit', baseAttackBonus: 3, abilities: null }).expect(200)
  const b = patched.body.combatants.find((c: Json) => c.id === 'b')
  assert.equal(b.name, 'Bandit')
  assert.equal(b.baseAttackBonus, 3)
  assert.equal(b.abilities, undefined)

  // Removing the combatant whose turn it is passes the turn to the next in order.
  assert.equal(patched.body.turn.combatantId, 'a')
  const removed = await h.http.delete(`/v1/encounters/${id}/combatants/a`).expect(200)
  assert.equal(removed.body.order.includes('a'), false)
  assert.equal(removed.body.turn.combatantId, 'd')
  assert.equal(removed.body.round, 1)

  // Removing someone else leaves the turn where it is; an unknown id is a 422 naming it.
  const turnBefore = removed.body.turn
  const removedC = await h.http.delete(`/v1/encounters/${id}/combatants/c`).expect(200)
  assert.deepEqual(removedC.body.turn, turnBefore)
  const unknown = await h.http.delete(`/v1/encounters/${id}/combatants/zzz`).expect(422)
  assert.equal(unknown.body.type, '/problems/unknown-combatant')
  assert.equal(unknown.body.errors[0].path, '/combatantId')
  await act(h, id, { type: 'end' })
  await assertReplayMatches(h, id)
})
