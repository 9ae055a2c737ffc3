// variant › Take Aim: "Taking aim also increases the maximum range of your sneak attacks to one range
// increment (see Sneak Attack)"; variant › Sneak Attacks: "This damage also applies to ranged attacks
// against targets up to 30 feet away" (docs/rules.md §74, §148). Three archers shoot an off-guard ogre:
// the aimed shot at 50 ft (longbow, increment 60 ft) adds the 1d6; a plain shot at 50 ft does not; an
// aimed shot at 70 ft, beyond one increment, does not. Worked by hand (ranged attack = BCB + Dex;
// damage = die + BCB, the aimed shot + Dex); the log replays exactly.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const bow = { name: 'longbow', type: 'ranged', damage: '1d8', rangeIncrement: 60 }
const archer = (id: string) => ({ id, side: 'party', baseAttackBonus: 2, abilities: { dex: 16 }, armorClass: { armor: 2 }, hitPoints: { max: 40 } })
const line = (breakdown: Json[], source: string) => breakdown.find((b: Json) => b.source === source)

test('variant: the aimed shot sneak-attacks an off-guard ogre at 50 ft, within one range increment; a plain shot at 50 ft and an aimed one at 70 ft do not (variant › Take Aim; › Sneak Attacks; docs/rules.md §148)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Ogre on the cliff path',
    ruleset: 'variant',
    combatants: [archer('aimer'), archer('plain'), archer('far'), { id: 'ogre', side: 'enemies', baseAttackBonus: 1, armorClass: { armor: 2 }, hitPoints: { max: 80 } }]
  })
  // Initiative d20 + BCB 2 + Dex 3 in roster order: 20, 19, 18 → 25, 24, 23; the ogre 1 + 1 = 2.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 19, 18, 1] } }).expect(200)).body
  assert.deepEqual(started.order, ['aimer', 'plain', 'far', 'ogre'])
  // Round 1: two archers take aim (full-round), the third waits.
  await act(h, id, { type: 'take-aim', actor: 'aimer', target: 'ogre', weapon: bow })
  await act(h, id, { type: 'end-turn', actor: 'aimer' })
  await act(h, id, { type: 'end-turn', actor: 'plain' })
  await act(h, id, { type: 'take-aim', actor: 'far', target: 'ogre', weapon: bow })
  await act(h, id, { type: 'end-turn', actor: 'far' })
  // Round 2 re-rolls initiative in the same order.
  const round2 = await act(h, id, { type: 'end-turn', actor: 'ogre', dice: { sequence: [20, 19, 18, 1] } })
  assert.deepEqual(round2.encounter.order, ['aimer', 'plain', 'far', 'ogre'])
  // The GM: the ogre loses its footing and is off-guard: AC 10 + 2 − 2 = 10 (variant › Armor Class).
  await act(h, id, { type: 'condition', target: 'ogre', add: 'off-guard' })

  // Aimed, 50 ft (the first increment: no range penalty): +5 + 4 = +9, d20 10 → 19 hits; 1d8 5 + BCB 2 + Dex 3 = 10,
  // then the sneak attack's 1d6 4: 14, and the ogre is bloodied.
  const aimed = await act(h, id, { type: 'take-aim', actor: 'aimer', target: 'ogre', weapon: bow, shoot: true, options: { distanceFeet: 50 }, dice: { sequence: [10, 5, 4] } })
  const a = aimed.result.attacks[0]
  assert.deepEqual([a.targetAC, a.total, a.hit, a.damage.total, a.damage.bloodies], [10, 19, true, 14, true])
  assert.deepEqual(line(a.damage.breakdown, 'sneak attack 1d6'), { source: 'sneak attack 1d6', type: 'untyped', value: 4, applied: true })
  assert.deepEqual(aimed.result.rolls.map((r: Json) => r.purpose), ['attack', 'damage', 'sneak-attack'])
  await act(h, id, { type: 'end-turn', actor: 'aimer' })

  // Not aimed, 50 ft: beyond the sneak attack's 30 ft. +5, d20 10 → 15 hits; 1d8 5 + BCB 2 = 7, no sneak attack.
  const plain = await act(h, id, { type: 'attack', actor: 'plain', target: 'ogre', weapon: bow, options: { distanceFeet: 50 }, dice: { sequence: [10, 5] } })
  const p = plain.result.attacks[0]
  assert.deepEqual([p.hit, p.damage.total, line(p.damage.breakdown, 'sneak attack 1d6')], [true, 7, undefined])
  assert.deepEqual(plain.result.rolls.map((r: Json) => r.purpose), ['attack', 'damage'])
  await act(h, id, { type: 'end-turn', actor: 'plain' })

  // Aimed, 70 ft: beyond one increment of 60 ft, so no sneak attack (the shot itself hits: d20 15).
  const far = await act(h, id, { type: 'take-aim', actor: 'far', target: 'ogre', weapon: bow, shoot: true, options: { distanceFeet: 70 }, dice: { sequence: [15, 5] } })
  const f = far.result.attacks[0]
  assert.deepEqual([f.hit, line(f.damage.breakdown, 'sneak attack 1d6'), line(f.damage.breakdown, 'take aim (Dexterity bonus)').value], [true, undefined, 3])
  assert.deepEqual(far.result.rolls.map((r: Json) => r.purpose), ['attack', 'damage'])
  await assertReplayMatches(h, id)
})
