// docs/rules.md §106–§108 in a pf1e encounter, through HTTP with fixed dice: a charge in the surprise round
// is a standard action (PRD › Charge), its −2 AC stored as `charging` until the charger's next turn; total
// defense's +4 dodge (PRD › Total Defense) until the next turn, with no attacks of opportunity meanwhile;
// fighting defensively's +2 dodge until the start of the next turn (PRD › Fighting Defensively), past the
// end of the round. Worked by hand; the log replays to the stored encounter.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8' }
const club = { name: 'club', damage: '1d6' }

const combatant = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id)
const names = (enc: Json, id: string) => combatant(enc, id).conditions.map((c: Json) => c.name)
const line = (breakdown: Json[], source: string) => breakdown.find((b: Json) => b.source === source)

test('pf1e: a surprise-round charge costs a standard action; charging, total defense and fighting defensively last until the next turn (PRD › Charge; › Total Defense; › Fighting Defensively)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Ambush at the mill',
    ruleset: 'pf1e',
    combatants: [
      // AC 10 + 4 armor = 14; attack +3 BAB +2 Str = +5.
      { id: 'ranger', side: 'party', baseAttackBonus: 3, abilities: { str: 14, con: 10 }, armorClass: { armor: 4 }, hitPoints: { max: 25 } },
      // AC 12; attack +2 +1 = +3. Unaware: no surprise-round turn.
      { id: 'bandit', side: 'enemies', aware: false, baseAttackBonus: 2, abilities: { str: 12, con: 10 }, armorClass: { armor: 2 }, hitPoints: { max: 20 } },
      // AC 13; attack +1.
      { id: 'guard', side: 'enemies', baseAttackBonus: 1, abilities: { con: 10 }, armorClass: { armor: 3 }, hitPoints: { max: 12 } }
    ]
  })
  // Initiative d20 + Dex 0: 15, 12, 8; some are unaware: a surprise round (round 0).
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 12, 8] } }).expect(200)).body
  assert.deepEqual([started.round, started.turn.combatantId], [0, 'ranger'])

  // Surprise round: only one standard action, so the charge is one (SRD 3.5 and PRD › Charge, restricted).
  // +5 +2 charging = +7, d20 6 → 13 against the flat-footed bandit's 12: hit, 1d8 3 + 2 = 5.
  const charged = await act(h, id, { type: 'charge', actor: 'ranger', target: 'bandit', weapon: longsword, dice: { sequence: [6, 3] } })
  assert.deepEqual([charged.result.attacks[0].attackBonus, charged.result.attacks[0].hit], [7, true])
  assert.deepEqual(charged.encounter.turn.spent, ['standard'])
  assert.deepEqual(combatant(charged.encounter, 'ranger').conditions, [{ name: 'charging', endsAt: { round: 1, initiativeCount: 15 } }])
  await act(h, id, { type: 'end-turn', actor: 'ranger' })

  // The guard (aware) answers: the charger's AC 14 − 2 = 12; +1, d20 11 → 12 hits, 1d6 2.
  const answer = await act(h, id, { type: 'attack', actor: 'guard', target: 'ranger', weapon: club, dice: { sequence: [11, 2] } })
  assert.equal(answer.result.attacks[0].targetAC, 12)
  assert.equal(line(answer.result.attacks[0].acBreakdown, 'charging').value, -2)
  assert.equal(combatant(answer.encounter, 'ranger').hitPoints.current, 23)

  // Round 1 starts with the ranger: the charge's −2 ends; it takes total defense (a standard action).
  const round1 = await act(h, id, { type: 'end-turn', actor: 'guard' })
  assert.deepEqual([round1.encounter.round, round1.encounter.turn.combatantId], [1, 'ranger'])
  assert.deepEqual(names(round1.encounter, 'ranger'), [])
  const defending = await act(h, id, { type: 'total-defense', actor: 'ranger' })
  assert.deepEqual(combatant(defending.encounter, 'ranger').conditions, [{ name: 'total-defense', endsAt: { round: 2, initiativeCount: 15 } }])
  assert.deepEqual(defending.encounter.turn.spent, ['standard'])
  await act(h, id, { type: 'end-turn', actor: 'ranger' })

  // The bandit: AC 14 + 4 dodge = 18; +3, d20 14 → 17 misses.
  const swing = await act(h, id, { type: 'attack', actor: 'bandit', target: 'ranger', weapon: longsword, dice: { sequence: [14] } })
  assert.equal(swing.result.attacks[0].targetAC, 18)
  assert.equal(line(swing.result.attacks[0].acBreakdown, 'total-defense').value, 4)
  // SRD 3.5 and PRD › Total Defense: no attacks of opportunity while using it.
  const aoo = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'ranger', target: 'bandit', weapon: longsword, offTurn: true }).expect(409)
  assert.equal(aoo.body.type, '/problems/conflict')
  assert.deepEqual(aoo.body.errors.map((e: Json) => e.path), ['/offTurn'])
  await act(h, id, { type: 'end-turn', actor: 'bandit' })

  // The guard fights defensively: +1 − 4 = −3, d20 17 → 14 misses 18; +2 dodge until its next turn (count 8 of round 2).
  const careful = await act(h, id, { type: 'attack', actor: 'guard', target: 'ranger', weapon: club, options: { fightingDefensively: true }, dice: { sequence: [17] } })
  assert.deepEqual([careful.result.attacks[0].attackBonus, careful.result.attacks[0].hit], [-3, false])
  assert.deepEqual(combatant(careful.encounter, 'guard').conditions, [{ name: 'fighting-defensively', endsAt: { round: 2, initiativeCount: 8 } }])

  // Round 2: the ranger's total defense ends with its turn's start; the guard's dodge is still there (pf1e, not dnd35's "same round").
  const round2 = await act(h, id, { type: 'end-turn', actor: 'guard' })
  assert.deepEqual([round2.encounter.round, round2.encounter.turn.combatantId], [2, 'ranger'])
  assert.deepEqual(names(round2.encounter, 'ranger'), [])
  assert.deepEqual(names(round2.encounter, 'guard'), ['fighting-defensively'])
  // +5, d20 10 → 15 against the guard's 13 + 2 = 15: hit, 1d8 1 + 2 = 3.
  const hit = await act(h, id, { type: 'attack', actor: 'ranger', target: 'guard', weapon: longsword, dice: { sequence: [10, 1] } })
  assert.deepEqual([hit.result.attacks[0].targetAC, hit.result.attacks[0].hit], [15, true])
  assert.equal(combatant(hit.encounter, 'guard').hitPoints.current, 9)
  await act(h, id, { type: 'end-turn', actor: 'ranger' })
  await act(h, id, { type: 'end-turn', actor: 'bandit' })
  // The guard's own turn begins: its dodge ends.
  const guardTurn = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  assert.equal(guardTurn.turn.combatantId, 'guard')
  assert.deepEqual(names(guardTurn, 'guard'), [])

  await assertReplayMatches(h, id)
})
