// A confused creature that was attacked attacks its attackers (SRD 3.5 › Conditions › Confused: "Any
// confused character who is attacked automatically attacks its attackers on its next turn, as long as
// it is still confused when its turn comes"; PRD › Conditions › Confused says the same; docs/rules.md
// §147). Who attacked it is stored on its `confused` condition; at the start of its next turn it rolls
// no d% and its behaviour is `attack-attackers`: an attack on anyone else is a 409 naming `/target`,
// any action but attack, full attack, move and end-turn a 409 naming `/type`. Each fight replays from its log.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const post = (id: string, body: Record<string, unknown>) => h.http.post(`/v1/encounters/${id}/actions`).send(body)
const club = { name: 'club', damage: '1d6' }

/** Fighter (d20 19), cleric (d20 12), then the confused ogre (d20 5); round 1 begins on the fighter's turn. */
async function fight (ruleset: string): Promise<string> {
  const created = await createEncounter(h, {
    name: 'Confused ogre, attacked',
    ruleset,
    combatants: [
      { id: 'fighter', side: 'party', baseAttackBonus: 5, abilities: { con: 12 }, armorClass: { armor: 5 }, hitPoints: { max: 30 } },
      { id: 'cleric', side: 'party', baseAttackBonus: 2, abilities: { con: 12 }, armorClass: { armor: 4 }, hitPoints: { max: 20 } },
      { id: 'ogre', side: 'enemies', baseAttackBonus: 3, abilities: { str: 21, con: 15 }, hitPoints: { max: 30 }, conditions: ['confused'] }
    ]
  })
  const id = created.id as string
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [19, 12, 5] } }).expect(200)
  return id
}

const ogreOf = (encounter: Json) => encounter.combatants.find((c: Json) => c.id === 'ogre')
const confusedOf = (encounter: Json) => ogreOf(encounter).conditions.find((c: Json) => c.name === 'confused')
const behaviourOf = (res: Json) => res.applied.find((a: Json) => a.kind === 'behaviour')

async function lastRolls (id: string): Promise<Json[]> {
  const page = await h.http.get(`/v1/encounters/${id}/events`).query({ limit: 1000 }).expect(200)
  return page.body.items[page.body.items.length - 1].rolls
}

for (const ruleset of ['dnd35', 'pf1e']) {
  const source = ruleset === 'dnd35' ? 'SRD 3.5' : 'PRD'
  test(`${ruleset}: attacked by the fighter (a miss counts too) and the cleric, the ogre rolls no d% and must attack one of them (${source} › Conditions › Confused; docs/rules.md §147)`, async () => {
    const id = await fight(ruleset)
    // The fighter misses: d20 2 + 5 = 7 against AC 10 (only the d20 is drawn).
    const missed = await act(h, id, { type: 'attack', actor: 'fighter', target: 'ogre', weapon: club, dice: { sequence: [2] } })
    assert.equal(missed.result.attacks[0].hit, false)
    assert.deepEqual(confusedOf(missed.encounter).attackedBy, ['fighter'])
    await act(h, id, { type: 'end-turn', actor: 'fighter' })
    // The cleric hits: d20 15 + 2 = 17; 1d6 → 3.
    const hit = await act(h, id, { type: 'attack', actor: 'cleric', target: 'ogre', weapon: club, dice: { sequence: [15, 3] } })
    assert.equal(hit.result.attacks[0].hit, true)
    assert.deepEqual(confusedOf(hit.encounter).attackedBy, ['fighter', 'cleric'])
    await act(h, id, { type: 'end-turn', actor: 'cleric', dice: { sequence: [] } }).then(async (begun) => {
      assert.equal(begun.encounter.turn.combatantId, 'ogre')
      assert.deepEqual(behaviourOf(begun), { kind: 'behaviour', combatantId: 'ogre', condition: 'confused', behaviour: 'attack-attackers', allows: 'attack', targets: ['fighter', 'cleric'] })
      const stored = confusedOf(begun.encounter)
      assert.deepEqual(stored.behaviour, { round: 1, allows: 'attack', targets: ['fighter', 'cleric'], behaviour: 'attack-attackers' })
      assert.equal(stored.attackedBy, undefined)
    })
    // No die was drawn as the ogre's turn began.
    assert.deepEqual(await lastRolls(id), [])
    const other = await post(id, { type: 'act', actor: 'ogre', actionType: 'standard', description: 'drinks a potion' })
    assertProblem(other, { type: '/problems/conflict', path: '/type' })
    assert.match(other.body.detail, /attack-attackers/)
    // The ogre attacks the cleric (d20 2 + 3 + Str 5 = 10 against AC 14: a miss), one of its attackers.
    const back = await act(h, id, { type: 'attack', actor: 'ogre', target: 'cleric', weapon: club, dice: { sequence: [2] } })
    assert.equal(back.result.attacks[0].hit, false)
    await act(h, id, { type: 'end-turn', actor: 'ogre' })
    // Round 2: nobody attacked it since its turn began, so it rolls again (d% 30: babble).
    await act(h, id, { type: 'end-turn', actor: 'fighter' })
    const again = await act(h, id, { type: 'end-turn', actor: 'cleric', dice: { sequence: [30] } })
    assert.deepEqual([behaviourOf(again).behaviour, behaviourOf(again).roll], ['babble', 30])
    await assertReplayMatches(h, id)
  })
}

test('dnd35: attacking someone who did not attack it is a 409 naming /target (SRD 3.5 › Conditions › Confused; docs/rules.md §147)', async () => {
  const id = await fight('dnd35')
  await act(h, id, { type: 'attack', actor: 'fighter', target: 'ogre', weapon: club, dice: { sequence: [2] } })
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  // An attack of opportunity on the cleric's turn: the same attacker, remembered once.
  const again = await act(h, id, { type: 'attack', actor: 'fighter', target: 'ogre', offTurn: true, weapon: club, dice: { sequence: [2] } })
  assert.deepEqual(confusedOf(again.encounter).attackedBy, ['fighter'])
  const begun = await act(h, id, { type: 'end-turn', actor: 'cleric', dice: { sequence: [] } })
  assert.deepEqual(behaviourOf(begun).targets, ['fighter'])
  const wrong = await post(id, { type: 'attack', actor: 'ogre', target: 'cleric', weapon: club, dice: { sequence: [2] } })
  assertProblem(wrong, { type: '/problems/conflict', path: '/target' })
  assert.match(wrong.body.detail, /fighter/)
  await act(h, id, { type: 'move', actor: 'ogre', distanceFeet: 10 })
  await act(h, id, { type: 'attack', actor: 'ogre', target: 'fighter', weapon: club, dice: { sequence: [2] } })
  await assertReplayMatches(h, id)
})

test('dnd35: no longer confused when its turn comes, it neither attacks back nor rolls; confused again, the old attack is forgotten (SRD 3.5 › Conditions › Confused; docs/rules.md §147)', async () => {
  const id = await fight('dnd35')
  await act(h, id, { type: 'attack', actor: 'fighter', target: 'ogre', weapon: club, dice: { sequence: [2] } })
  await act(h, id, { type: 'condition', target: 'ogre', remove: 'confused' })
  await act(h, id, { type: 'condition', target: 'ogre', add: 'confused' })
  assert.equal(confusedOf((await h.http.get(`/v1/encounters/${id}`).expect(200)).body).attackedBy, undefined)
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  // Its turn: the d% is rolled as usual (d% 15: act normally).
  const begun = await act(h, id, { type: 'end-turn', actor: 'cleric', dice: { sequence: [15] } })
  assert.deepEqual([behaviourOf(begun).behaviour, behaviourOf(begun).roll], ['act-normally', 15])
  await assertReplayMatches(h, id)
})

test('dnd35: an attacker out of the fight by the ogre\'s turn is not a target; with none left it rolls as usual (docs/rules.md §147)', async () => {
  const id = await fight('dnd35')
  await act(h, id, { type: 'attack', actor: 'fighter', target: 'ogre', weapon: club, dice: { sequence: [2] } })
  // The GM drops the fighter to −12: dead (SRD 3.5 › Injury and Death).
  await act(h, id, { type: 'damage', target: 'fighter', damage: { amount: 42 } })
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  const begun = await act(h, id, { type: 'end-turn', actor: 'cleric', dice: { sequence: [75] } })
  assert.deepEqual([behaviourOf(begun).behaviour, behaviourOf(begun).roll], ['attack-nearest', 75])
  await assertReplayMatches(h, id)
})
