// docs/rules.md §105–§107 in a dnd35 encounter, through HTTP with fixed dice: a charge is a full-round
// action whose −2 AC (SRD 3.5 › Charge) is stored as `charging` until the start of the charger's next
// turn; aid another (SRD 3.5 › Aid Another) gives +2 AC or +2 attack that the next attack uses up;
// fighting defensively's +2 dodge lasts the same round (SRD 3.5 › Fighting Defensively). Every number
// is worked by hand; the log replays to the stored encounter.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8' }
const greatclub = { name: 'greatclub', damage: '1d10' }
const shortsword = { name: 'short sword', damage: '1d6' }
const mace = { name: 'mace', damage: '1d8' }

const combatant = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id)
const line = (breakdown: Json[], source: string) => breakdown.find((b: Json) => b.source === source)

test('dnd35: a charge costs the full round and leaves −2 AC until the charger\'s next turn; aid another is used by the next attack and gone (SRD 3.5 › Charge; › Aid Another)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Ogre bridge',
    ruleset: 'dnd35',
    combatants: [
      // AC 10 + 4 armor = 14; attack +4 BAB +2 Str.
      { id: 'fighter', side: 'party', baseAttackBonus: 4, abilities: { str: 14 }, armorClass: { armor: 4 }, hitPoints: { max: 30 } },
      // Aid another with a mace: +2 BAB +1 Str = +3.
      { id: 'cleric', side: 'party', baseAttackBonus: 2, abilities: { str: 12 }, armorClass: { armor: 5 }, hitPoints: { max: 20 } },
      // AC 13; attack +3 BAB +3 Str = +6.
      { id: 'ogre', side: 'enemies', baseAttackBonus: 3, abilities: { str: 16 }, armorClass: { armor: 3 }, hitPoints: { max: 40 } },
      // Attack +1.
      { id: 'goblin', side: 'enemies', baseAttackBonus: 1, armorClass: { armor: 2 }, hitPoints: { max: 8 } }
    ]
  })
  // Initiative d20 + Dex 0 in roster order: 18, 15, 5, 3.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 15, 5, 3] } }).expect(200)).body
  assert.deepEqual(started.order, ['fighter', 'cleric', 'ogre', 'goblin'])

  // Round 1. The fighter charges: +4 +2 Str +2 charging = +8, d20 10 → 18 against AC 13: hit, 1d8 5 + 2 = 7.
  const charged = await act(h, id, { type: 'charge', actor: 'fighter', target: 'ogre', weapon: longsword, dice: { sequence: [10, 5] } })
  const swing = charged.result.attacks[0]
  assert.deepEqual([swing.attackBonus, line(swing.attackBreakdown, 'charging').value, swing.total, swing.hit], [8, 2, 18, true])
  assert.equal(combatant(charged.encounter, 'ogre').hitPoints.current, 33)
  // A full-round action (the defect was a standard one): nothing else fits this turn.
  assert.deepEqual(charged.encounter.turn.spent, ['full-round'])
  assert.deepEqual(combatant(charged.encounter, 'fighter').conditions, [{ name: 'charging', endsAt: { round: 2, initiativeCount: 18 } }])
  const moveAfter = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'fighter' }).expect(409)
  assert.equal(moveAfter.body.type, '/problems/conflict')
  assert.match(moveAfter.body.detail, /full-round action was taken/)
  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // The cleric aids the fighter's defense against the ogre: +3, d20 8 → 11 ≥ 10.
  const aided = await act(h, id, { type: 'aid', actor: 'cleric', target: 'ogre', ally: 'fighter', choice: 'ac', weapon: mace, dice: { sequence: [8] } })
  assert.deepEqual([aided.result.armorClass, aided.result.attackBonus, aided.result.roll, aided.result.total, aided.result.success, aided.result.bonus], [10, 3, 8, 11, true, 2])
  assert.deepEqual(combatant(aided.encounter, 'cleric').pending, [{ kind: 'aid', choice: 'ac', ally: 'fighter', opponent: 'ogre', value: 2 }])
  assert.deepEqual(aided.encounter.turn.spent, ['standard'])
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // The ogre attacks the charger: AC 10 + 4 − 2 charging + 2 aid = 14; +6, d20 7 → 13: a miss it would not be without the aid.
  const ogreSwing = await act(h, id, { type: 'attack', actor: 'ogre', target: 'fighter', weapon: greatclub, dice: { sequence: [7] } })
  const blow = ogreSwing.result.attacks[0]
  assert.equal(blow.targetAC, 14)
  assert.equal(line(blow.acBreakdown, 'charging').value, -2)
  assert.equal(line(blow.acBreakdown, 'aid another by cleric').value, 2)
  assert.equal(blow.hit, false)
  // Used up by that attack.
  assert.deepEqual(combatant(ogreSwing.encounter, 'cleric').pending, [])
  await act(h, id, { type: 'end-turn', actor: 'ogre' })

  // The goblin: the aid is gone, the charge's −2 stays: AC 12; +1, d20 11 → 12 hits, 1d6 3.
  const stab = await act(h, id, { type: 'attack', actor: 'goblin', target: 'fighter', weapon: shortsword, dice: { sequence: [11, 3] } })
  assert.equal(stab.result.attacks[0].targetAC, 12)
  assert.equal(line(stab.result.attacks[0].acBreakdown, 'aid another by cleric'), undefined)
  assert.equal(combatant(stab.encounter, 'fighter').hitPoints.current, 27)

  // Round 2 begins with the fighter's turn: the charge's −2 ends as it starts.
  const round2 = await act(h, id, { type: 'end-turn', actor: 'goblin' })
  assert.equal(round2.encounter.round, 2)
  assert.equal(round2.encounter.turn.combatantId, 'fighter')
  assert.deepEqual(combatant(round2.encounter, 'fighter').conditions, [])
  assert.ok(round2.applied.some((a: Json) => a.kind === 'conditions' && a.combatantId === 'fighter' && a.removed.includes('charging')))

  // Fighting defensively: +6 − 4 = +2, d20 15 → 17 hits AC 13, 1d8 4 + 2 = 6. Its +2 dodge is stored for this round only.
  const careful = await act(h, id, { type: 'attack', actor: 'fighter', target: 'ogre', weapon: longsword, options: { fightingDefensively: true }, dice: { sequence: [15, 4] } })
  assert.equal(careful.result.attacks[0].attackBonus, 2)
  assert.deepEqual(combatant(careful.encounter, 'fighter').conditions, [{ name: 'fighting-defensively', endsAt: { round: 2, initiativeCount: null } }])
  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // The cleric aids the fighter's attack this time: d20 12 → 15.
  const aidAttack = await act(h, id, { type: 'aid', actor: 'cleric', target: 'ogre', ally: 'fighter', choice: 'attack', weapon: mace, dice: { sequence: [12] } })
  assert.equal(aidAttack.result.success, true)
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // The ogre against the defensive fighter: AC 10 + 4 + 2 dodge = 16; d20 9 → 15 misses.
  const second = await act(h, id, { type: 'attack', actor: 'ogre', target: 'fighter', weapon: greatclub, dice: { sequence: [9] } })
  assert.equal(second.result.attacks[0].targetAC, 16)
  assert.equal(line(second.result.attacks[0].acBreakdown, 'fighting-defensively').value, 2)
  // The cleric's aid was for the fighter's attack, not its AC: still waiting.
  assert.equal(combatant(second.encounter, 'cleric').pending.length, 1)
  await act(h, id, { type: 'end-turn', actor: 'ogre' })

  // Round 3: "the same round" is over.
  const round3 = await act(h, id, { type: 'end-turn', actor: 'goblin' })
  assert.equal(round3.encounter.round, 3)
  assert.deepEqual(combatant(round3.encounter, 'fighter').conditions, [])

  // The fighter's next attack on the ogre uses the aid (before the cleric's turn ends it): +6 + 2 = +8, d20 5 → 13 hits AC 13.
  const helped = await act(h, id, { type: 'attack', actor: 'fighter', target: 'ogre', weapon: longsword, dice: { sequence: [5, 2] } })
  assert.deepEqual([helped.result.attacks[0].attackBonus, line(helped.result.attacks[0].attackBreakdown, 'aid another by cleric').value, helped.result.attacks[0].hit], [8, 2, true])
  assert.deepEqual(combatant(helped.encounter, 'cleric').pending, [])

  await assertReplayMatches(h, id)
})

test('dnd35: a failed aid grants nothing; aiding oneself and an `attack` with options.charging are refused with the field named', async () => {
  const { id } = await createEncounter(h, {
    name: 'Refusals',
    ruleset: 'dnd35',
    combatants: [
      { id: 'a', side: 'party', baseAttackBonus: 0, hitPoints: { max: 10 } },
      { id: 'b', side: 'party', baseAttackBonus: 0, hitPoints: { max: 10 } },
      { id: 'x', side: 'enemies', baseAttackBonus: 0, hitPoints: { max: 10 } }
    ]
  })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 15, 5] } }).expect(200)
  // SRD 3.5 › Aid Another is an attack roll: with no weapon given it cannot be made.
  const noWeapon = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'aid', actor: 'a', target: 'x', ally: 'b', choice: 'ac' }).expect(422)
  assert.equal(noWeapon.body.type, '/problems/missing-field')
  assert.deepEqual(noWeapon.body.errors.map((e: Json) => e.path), ['/weapon'])
  const self = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'aid', actor: 'a', target: 'x', ally: 'a', choice: 'ac', weapon: longsword }).expect(422)
  assert.equal(self.body.type, '/problems/not-possible')
  assert.deepEqual(self.body.errors.map((e: Json) => e.path), ['/ally'])
  const ranged = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'aid', actor: 'a', target: 'x', ally: 'b', choice: 'ac', weapon: { name: 'sling', type: 'ranged', damage: '1d4' } }).expect(422)
  assert.deepEqual(ranged.body.errors.map((e: Json) => e.path), ['/weapon/type'])
  const charging = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'a', target: 'x', weapon: longsword, options: { charging: true } }).expect(422)
  assert.equal(charging.body.type, '/problems/not-possible')
  assert.deepEqual(charging.body.errors.map((e: Json) => e.path), ['/options/charging'])
  const rangedCharge = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'charge', actor: 'a', target: 'x', weapon: { name: 'sling', type: 'ranged', damage: '1d4' } }).expect(422)
  assert.deepEqual(rangedCharge.body.errors.map((e: Json) => e.path), ['/weapon/type'])
  // +0, d20 9 → 9 < 10: no bonus is held.
  const failed = await act(h, id, { type: 'aid', actor: 'a', target: 'x', ally: 'b', choice: 'attack', weapon: longsword, dice: { sequence: [9] } })
  assert.deepEqual([failed.result.total, failed.result.success, failed.result.bonus], [9, false, 0])
  assert.deepEqual(combatant(failed.encounter, 'a').pending, [])
  // The variant's own options are not dnd35's.
  const desperate = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'desperate-attack', actor: 'a', target: 'x', weapon: longsword }).expect(422)
  assert.equal(desperate.body.type, '/problems/rule-not-defined')
  assert.deepEqual(desperate.body.errors.map((e: Json) => e.path), ['/type'])
  await assertReplayMatches(h, id)
})
