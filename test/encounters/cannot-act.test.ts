// docs/rules.md §73, §87 in an encounter, per ruleset: a dazed and a stunned combatant still get their
// turns (durations count), every action they would take is a 409 naming the condition, end-turn is always
// allowed; the log replays to the stored encounter. SRD 3.5 › Conditions › Dazed, Stunned; PRD › Conditions;
// variant › Conditions.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const club = { name: 'club', damage: '1d6' }

for (const ruleset of ['dnd35', 'pf1e', 'variant']) {
  test(`${ruleset}: a dazed and a stunned combatant take their turns but cannot attack; end-turn is allowed; the log replays`, async () => {
    const created = await createEncounter(h, {
      name: `cannot act (${ruleset})`,
      ruleset,
      combatants: [
        { id: 'hero', side: 'party', baseAttackBonus: 2, abilities: { con: 10 }, armorClass: { armor: 2 }, hitPoints: { max: 20 } },
        { id: 'dazed-one', side: 'foes', baseAttackBonus: 1, conditions: ['dazed'], abilities: { con: 10 }, armorClass: { armor: 1 }, hitPoints: { max: 10 } },
        { id: 'stunned-one', side: 'foes', baseAttackBonus: 1, conditions: ['stunned'], abilities: { con: 10 }, armorClass: { armor: 1 }, hitPoints: { max: 10 } }
      ]
    })
    const id = created.id
    // Initiative d20 (+ BCB in the variant), roster order: 18, 12, 6 (+2, +1, +1): hero, dazed-one, stunned-one.
    const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 12, 6] } }).expect(200)).body
    assert.deepEqual(started.order, ['hero', 'dazed-one', 'stunned-one'])
    await act(h, id, { type: 'end-turn', actor: 'hero' })

    for (const [who, condition] of [['dazed-one', 'dazed'], ['stunned-one', 'stunned']] as const) {
      const view = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body as Json
      assert.equal(view.turn.combatantId, who, 'its turn comes')
      for (const action of [
        { type: 'attack', actor: who, target: 'hero', weapon: club, dice: { sequence: [20, 6] } },
        { type: 'full-attack', actor: who, target: 'hero', weapon: club, dice: { sequence: [20, 6] } },
        { type: 'move', actor: who }
      ]) {
        if (action.type === 'full-attack' && ruleset === 'variant') continue
        const refused = await h.http.post(`/v1/encounters/${id}/actions`).send(action)
        assert.equal(refused.status, 409, JSON.stringify(refused.body))
        assert.equal(refused.body.type, '/problems/conflict')
        assert.deepEqual(refused.body.errors.map((e: Json) => e.path), ['/actor'])
        assert.ok(String(refused.body.detail).startsWith(`${condition}: `), refused.body.detail)
      }
      await act(h, id, { type: 'end-turn', actor: who })
    }
    // The hero's turn again: round 2 (the variant re-rolls initiative at the round's end: same order).
    const round2 = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body as Json
    assert.equal(round2.round, 2)
    // Nobody was hurt: the refused attacks rolled nothing and changed nothing.
    assert.equal(round2.combatants.find((c: Json) => c.id === 'hero').hitPoints.current, 20)
    await assertReplayMatches(h, id)
  })
}
