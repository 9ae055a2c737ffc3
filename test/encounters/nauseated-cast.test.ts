// A nauseated creature casts no spell and makes no concentration check (SRD 3.5 › Conditions ›
// Nauseated: "unable to attack, cast spells, concentrate on spells, or do anything else requiring
// attention. The only action such a character can take is a single move action per turn"; PRD ›
// Conditions › Nauseated says the same; docs/rules.md §146). Stateless: POST /v1/concentration is a
// 422 `not-possible` naming the condition. In an encounter: every `cast`, whatever its casting time
// (a swift or free spell too), is a 409 naming the condition, while a move action and `end-turn`
// pass; once the GM removes the condition the same cast goes through. Each fight replays from its log.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const post = (id: string, body: Record<string, unknown>) => h.http.post(`/v1/encounters/${id}/actions`).send(body)

const CASTERS: Record<string, Record<string, unknown>> = {
  dnd35: { concentration: 9 },
  pf1e: { casterLevel: 4, castingAbility: 'int', abilities: { int: 18, con: 12 } }
}

for (const ruleset of ['dnd35', 'pf1e']) {
  test(`${ruleset}: POST /v1/concentration for a nauseated caster is a 422 not-possible naming the condition (docs/rules.md §146)`, async () => {
    const res = await h.http.post('/v1/concentration').send({
      ruleset, caster: { ...CASTERS[ruleset], conditions: ['shaken', 'nauseated'] }, spellLevel: 1, situation: 'defensive', dice: { sequence: [10] }
    })
    assertProblem(res, { type: '/problems/not-possible', path: '/caster/conditions/1' })
    assert.match(res.body.detail, /nauseated/)
    // Without it the same check is rolled (the d20 is the only die).
    const ok = await h.http.post('/v1/concentration').send({ ruleset, caster: CASTERS[ruleset], spellLevel: 1, situation: 'defensive', dice: { sequence: [10] } })
    assert.equal(ok.status, 200, JSON.stringify(ok.body))
    assert.equal(ok.body.roll, 10)
  })

  test(`${ruleset}: a nauseated combatant's turn comes, every cast is a 409 naming nauseated (swift and free too), a move passes; cured, it casts (docs/rules.md §73, §146)`, async () => {
    const created = await createEncounter(h, {
      name: 'Stinking cloud',
      ruleset,
      combatants: [
        { id: 'wizard', side: 'party', hitPoints: { max: 20 }, conditions: ['nauseated'], ...CASTERS[ruleset] },
        { id: 'orc', side: 'enemies', baseAttackBonus: 3, abilities: { str: 16, con: 12 }, hitPoints: { max: 15 } }
      ]
    })
    const id = created.id as string
    // Initiative: the wizard first (d20 19), the orc after (d20 5).
    await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [19, 5] } }).expect(200)
    for (const castingTime of ['standard', 'full-round', 'swift', 'free']) {
      const res = await post(id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime, description: 'magic missile' })
      assertProblem(res, { type: '/problems/conflict', path: '/actor' })
      assert.match(res.body.detail, /^nauseated: /, castingTime)
    }
    // The single move action a nauseated creature may take.
    const moved = await act(h, id, { type: 'move', actor: 'wizard', distanceFeet: 30 })
    assert.deepEqual(moved.encounter.turn.spent, ['move'])
    await act(h, id, { type: 'end-turn', actor: 'wizard' })
    await act(h, id, { type: 'end-turn', actor: 'orc' })
    await act(h, id, { type: 'condition', target: 'wizard', remove: 'nauseated' })
    const cast = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'swift', description: 'quickened magic missile', dice: { sequence: [] } })
    assert.equal(cast.result.spellCast, true)
    await assertReplayMatches(h, id)
  })
}
