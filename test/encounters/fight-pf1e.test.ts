// A scripted pf1e fight through HTTP: initiative ties, channel energy, a
// combat maneuver, a prone target, dying and the Constitution check to
// stabilize. Numbers derived by hand from the PRD rules; the log replays exactly.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const hp = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id).hitPoints
const conditions = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id).conditions.map((c: Json) => c.name).sort()

test('pf1e: channel energy, a trip, a prone orc cut down and stabilizing on its turn, replayed exactly', async () => {
  const { id } = await createEncounter(h, {
    name: 'Orc camp',
    ruleset: 'pf1e',
    combatants: [
      { id: 'fighter', baseAttackBonus: 5, abilities: { str: 18, dex: 14, con: 14 }, feats: ['improved-trip'], hitPoints: { max: 45, current: 30 } },
      { id: 'cleric', class: 'cleric', level: 5, baseAttackBonus: 3, abilities: { str: 12, con: 12, cha: 16 }, baseSaves: { will: 6 }, hitPoints: { max: 30 } },
      { id: 'orc', baseAttackBonus: 1, abilities: { str: 17, con: 12 }, hitPoints: { max: 12 } },
      { id: 'skeleton', baseAttackBonus: 0, abilities: { dex: 14, con: null }, baseSaves: { will: 0 }, hitPoints: { max: 20 } }
    ]
  })

  // PRD › Initiative: fighter 12 + 2 = 14, cleric 18, orc 14 + 0 = 14, skeleton 5 + 2 = 7. The fighter and the orc
  // tie at 14: the higher modifier (+2) goes first, no roll-off. Everyone is aware: no surprise round.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [12, 18, 14, 5] } }).expect(200)).body
  assert.deepEqual(started.order, ['cleric', 'fighter', 'orc', 'skeleton'])
  assert.equal(started.round, 1)
  assert.equal(started.surpriseRound, false)
  assert.deepEqual(started.initiative.rolls.map((r: Json) => r.purpose), ['initiative', 'initiative', 'initiative', 'initiative'])
  assert.deepEqual(conditions(started, 'orc'), ['flat-footed'])

  // PRD › Channel Energy: 5th level → 3d6 (4, 5, 6 = 15) in a 30-ft burst. The fighter heals 15 (30 → 45);
  // the skeleton saves (Will DC 10 + 2 + 3 = 15) with d20 11 + 0: fails, takes 15 (20 → 5).
  const channel = await act(h, id, {
    type: 'turn', actor: 'cleric', action: 'channel-positive',
    targets: [{ id: 'fighter', kind: 'living' }, { id: 'skeleton', kind: 'undead' }],
    dice: { sequence: [4, 5, 6, 11] }
  })
  assert.equal(channel.result.channel.total, 15)
  assert.equal(channel.result.saveDc.total, 15)
  assert.equal(hp(channel.encounter, 'fighter').current, 45)
  assert.equal(hp(channel.encounter, 'skeleton').current, 5)
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // PRD › Trip: CMB 5 + 4 Str + 2 Improved Trip (docs/rules.md §64) = 11 against the orc's CMD 10 + 1 + 3 = 14 (flat-footed: no Dex, it has 0).
  // d20 10 → 21: the orc is knocked prone.
  const trip = await act(h, id, { type: 'maneuver', actor: 'fighter', target: 'orc', maneuver: 'trip', dice: { sequence: [10] } })
  assert.equal(trip.result.success, true)
  assert.deepEqual(conditions(trip.encounter, 'orc'), ['flat-footed', 'prone'])
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  // The orc's turn: its flat-footedness ends; it stays down (the GM keeps it prone) and ends its turn; so does the skeleton.
  const orcTurn = await h.http.get(`/v1/encounters/${id}`).expect(200)
  assert.deepEqual(orcTurn.body.turn, { combatantId: 'orc', initiativeCount: 14, spent: [] })
  assert.deepEqual(conditions(orcTurn.body, 'orc'), ['prone'])
  await act(h, id, { type: 'end-turn', actor: 'orc' })
  await act(h, id, { type: 'end-turn', actor: 'skeleton' })
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // Round 2, the fighter: greatsword against the prone orc (AC 10 − 4 vs melee = 6): +9, d20 10 → 19 hits;
  // 2d6 (6, 5) + 6 (Str ×1½) = 17: the orc 12 → −5, dying (PRD: dead at −12, its Con).
  const cut = await act(h, id, { type: 'attack', actor: 'fighter', target: 'orc', weapon: { name: 'greatsword', damage: '2d6', category: 'two-handed', critRange: 19 }, dice: { sequence: [10, 6, 5] } })
  assert.equal(cut.result.attacks[0].targetAC, 6)
  assert.equal(cut.result.totals.damage, 17)
  assert.deepEqual(hp(cut.encounter, 'orc'), { max: 12, current: -5, temporary: 0, nonlethal: 0, status: 'dying' })

  // The orc's turn comes: PRD › Dying: a DC 10 Constitution check with its negative hit points as a penalty,
  // d20 15 + 1 − 5 = 11: stable. Its turn passes on at once, to the skeleton.
  const stabilized = await act(h, id, { type: 'end-turn', actor: 'fighter', dice: { sequence: [15] } })
  const check = stabilized.applied.find((a: Json) => a.kind === 'hit-points' && a.combatantId === 'orc')
  assert.deepEqual({ roll: check.check.roll, total: check.check.total, dc: check.check.dc, success: check.check.success }, { roll: 15, total: 11, dc: 10, success: true })
  assert.equal(hp(stabilized.encounter, 'orc').status, 'stable')
  assert.equal(stabilized.encounter.turn.combatantId, 'skeleton')

  await act(h, id, { type: 'end' })
  await assertReplayMatches(h, id)
})
