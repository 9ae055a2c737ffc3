// A confused combatant's behaviour roll (docs/rules.md §117; SRD 3.5 ›
// Conditions › Confused; PRD › Conditions › Confused): one d% as its turn
// begins, reported in the event that begins the turn, and the actions the
// behaviour rules out refused with a 409. One fight per band, each replayed
// from its log.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const post = (id: string, body: Record<string, unknown>) => h.http.post(`/v1/encounters/${id}/actions`).send(body)
const club = { name: 'club', damage: '1d6' }

/**
 * The fighter acts first (d20 19), the confused ogre second (d20 5); the
 * fighter's end-turn begins the ogre's turn, whose d% (and pf1e damage die)
 * come from that end-turn's dice.
 */
async function ogreTurn (ruleset: string, dice: number[]): Promise<{ id: string, begun: Json }> {
  const created = await createEncounter(h, {
    name: 'Confused ogre',
    ruleset,
    combatants: [
      { id: 'fighter', side: 'party', baseAttackBonus: 5, abilities: { con: 12 }, armorClass: { armor: 5 }, hitPoints: { max: 30 } },
      { id: 'ogre', side: 'enemies', baseAttackBonus: 3, abilities: { str: 21, con: 15 }, hitPoints: { max: 30 }, conditions: ['confused'] }
    ]
  })
  const id = created.id as string
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [19, 5] } }).expect(200)
  const begun = await act(h, id, { type: 'end-turn', actor: 'fighter', dice: { sequence: dice } })
  assert.equal(begun.encounter.turn.combatantId, 'ogre')
  return { id, begun }
}

/** The rolls of the last event of the log (the action response carries the event's summary only). */
async function lastRolls (id: string): Promise<Json[]> {
  const page = await h.http.get(`/v1/encounters/${id}/events`).query({ limit: 1000 }).expect(200)
  return page.body.items[page.body.items.length - 1].rolls
}

const behaviourOf = (begun: Json) => begun.applied.find((a: Json) => a.kind === 'behaviour')

// [ruleset, d%, behaviour, an allowed action type, a refused one]: the bands' edges, by hand from the tables.
const BANDS: Array<[string, number, string, string | null, string | null]> = [
  ['dnd35', 1, 'attack-confuser', 'attack', 'act'],
  ['dnd35', 10, 'attack-confuser', 'move', 'act'],
  ['dnd35', 11, 'act-normally', 'act', null],
  ['dnd35', 20, 'act-normally', 'act', null],
  ['dnd35', 21, 'babble', null, 'move'],
  ['dnd35', 50, 'babble', null, 'attack'],
  ['dnd35', 51, 'flee', 'move', 'attack'],
  ['dnd35', 70, 'flee', 'move', 'act'],
  ['dnd35', 71, 'attack-nearest', 'attack', 'act'],
  ['dnd35', 100, 'attack-nearest', 'attack', 'act'],
  ['pf1e', 1, 'act-normally', 'act', null],
  ['pf1e', 25, 'act-normally', 'act', null],
  ['pf1e', 26, 'babble', null, 'attack'],
  ['pf1e', 50, 'babble', null, 'move'],
  ['pf1e', 76, 'attack-nearest', 'attack', 'act'],
  ['pf1e', 100, 'attack-nearest', 'attack', 'act']
]

const bodyOf = (type: string): Record<string, unknown> => ({
  attack: { type: 'attack', actor: 'ogre', target: 'fighter', weapon: club, dice: { sequence: [2, 1] } },
  move: { type: 'move', actor: 'ogre', distanceFeet: 30 },
  act: { type: 'act', actor: 'ogre', actionType: 'standard', description: 'drinks a potion' }
})[type] as Record<string, unknown>

for (const [ruleset, roll, behaviour, allowed, refused] of BANDS) {
  test(`${ruleset}: d% ${roll} → ${behaviour} (${ruleset === 'dnd35' ? 'SRD 3.5' : 'PRD'} › Conditions › Confused; docs/rules.md §117)`, async () => {
    const { id, begun } = await ogreTurn(ruleset, [roll])
    assert.deepEqual(behaviourOf(begun), { kind: 'behaviour', combatantId: 'ogre', condition: 'confused', roll, behaviour, allows: behaviourOf(begun).allows })
    // Reported with the turn: the turn entry comes first in the same event.
    const kinds = begun.applied.map((a: Json) => a.kind)
    assert.ok(kinds.indexOf('turn') < kinds.indexOf('behaviour'))
    assert.deepEqual(await lastRolls(id), [{ purpose: 'behaviour', die: 100, result: roll }])
    const stored = begun.encounter.combatants.find((c: Json) => c.id === 'ogre').conditions.find((c: Json) => c.name === 'confused')
    assert.deepEqual([stored.behaviour.roll, stored.behaviour.behaviour, stored.behaviour.round], [roll, behaviour, 1])
    if (refused !== null) {
      const res = await post(id, bodyOf(refused))
      assertProblem(res, { type: '/problems/conflict', path: '/type' })
      assert.match(res.body.detail, new RegExp(behaviour))
    }
    if (allowed !== null) await act(h, id, bodyOf(allowed))
    // end-turn is always allowed.
    await act(h, id, { type: 'end-turn', actor: 'ogre' })
    await assertReplayMatches(h, id)
  })
}

test('pf1e: d% 51–75 → the ogre hits itself for 1d8 + Str 5, applied at once; then it may do nothing but end its turn (PRD › Conditions › Confused)', async () => {
  // d% 60, d8 4: 4 + 5 = 9 damage, 30 → 21.
  const { id, begun } = await ogreTurn('pf1e', [60, 4])
  assert.equal(behaviourOf(begun).behaviour, 'harm-self')
  assert.deepEqual((await lastRolls(id)).map((r: Json) => [r.purpose, r.die, r.result]), [['behaviour', 100, 60], ['behaviour damage', 8, 4]])
  const hurt = begun.applied.find((a: Json) => a.kind === 'hit-points' && a.combatantId === 'ogre')
  assert.deepEqual([hurt.before.current, hurt.after.current], [30, 21])
  assert.equal(begun.encounter.combatants.find((c: Json) => c.id === 'ogre').hitPoints.current, 21)
  assertProblem(await post(id, bodyOf('attack')), { type: '/problems/conflict', path: '/type' })
  await act(h, id, { type: 'end-turn', actor: 'ogre' })
  await assertReplayMatches(h, id)
})

test('the behaviour holds for its own turn only: the next turn rolls again', async () => {
  const { id } = await ogreTurn('dnd35', [30])
  await act(h, id, { type: 'end-turn', actor: 'ogre' })
  await act(h, id, { type: 'end-turn', actor: 'fighter', dice: { sequence: [15] } })
  // Round 2: d% 15 → act normally, anything goes.
  const free = await act(h, id, bodyOf('act'))
  assert.equal(free.encounter.combatants.find((c: Json) => c.id === 'ogre').conditions[0].behaviour.behaviour, 'act-normally')
  await assertReplayMatches(h, id)
})
