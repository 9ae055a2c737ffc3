// docs/rules.md §105–§111 in a variant encounter, through HTTP with fixed dice: total defense (variant ›
// Total Defense), desperate attack (› Desperate Attack), take aim and the aimed shot (› Take Aim), fight
// back-to-back (› Fight Back-to-Back), aid another (› Aid Another), drive back both ways (› Drive Back),
// intercept (› Intercept) and a charge (› Charge), each at its cost, its stored stance ending as the
// actor's next turn begins although initiative is re-rolled every round. Worked by hand (AC = 10 + armor +
// Dex; attack = BCB + Str, ranged BCB + Dex; damage = die + BCB + Str); the log replays exactly.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8' }
const shortsword = { name: 'short sword', damage: '1d6' }
const greatclub = { name: 'greatclub', damage: '1d10' }
const dagger = { name: 'dagger', damage: '1d4' }
const bow = { name: 'longbow', type: 'ranged', damage: '1d8' }

const combatant = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id)
const names = (enc: Json, id: string) => combatant(enc, id).conditions.map((c: Json) => c.name)
const line = (breakdown: Json[], source: string) => breakdown.find((b: Json) => b.source === source)
const refused = async (id: string, body: Record<string, unknown>, status: number) => (await h.http.post(`/v1/encounters/${id}/actions`).send(body).expect(status)).body

test('variant: total defense, desperate attack, take aim, back-to-back, aid, drive back, intercept and charge in one fight, replayed exactly', async () => {
  const { id } = await createEncounter(h, {
    name: 'Brute in the yard',
    ruleset: 'variant',
    combatants: [
      // AC 14; melee +5; longsword 1d8 + 3 + 2.
      { id: 'knight', side: 'party', baseAttackBonus: 3, abilities: { str: 14 }, armorClass: { armor: 4 }, hitPoints: { max: 60 } },
      // AC 15; ranged +5; longbow 1d8 + 2.
      { id: 'archer', side: 'party', baseAttackBonus: 2, abilities: { dex: 16 }, armorClass: { armor: 2 }, hitPoints: { max: 40 } },
      // AC 13; melee +2; short sword 1d6 + 1 + 1.
      { id: 'squire', side: 'party', baseAttackBonus: 1, abilities: { str: 12 }, armorClass: { armor: 3 }, hitPoints: { max: 40 } },
      // AC 12; melee +5; greatclub 1d10 + 2 + 3.
      { id: 'brute', side: 'enemies', baseAttackBonus: 2, abilities: { str: 16 }, armorClass: { armor: 2 }, hitPoints: { max: 80 } },
      // Melee +1; dagger 1d4 + 1.
      { id: 'cultist', side: 'enemies', baseAttackBonus: 1, armorClass: { armor: 1 }, hitPoints: { max: 30 } }
    ]
  })
  // Initiative d20 + BCB + Dex in roster order: knight 15 + 3, archer 10 + 5, squire 9 + 1, brute 20 + 2, cultist 19 + 1.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 10, 9, 20, 19] } }).expect(200)).body
  assert.deepEqual(started.order, ['brute', 'cultist', 'knight', 'archer', 'squire'])

  // Round 1. The brute takes total defense (a major action): +4 dodge until its next turn.
  const defending = await act(h, id, { type: 'total-defense', actor: 'brute' })
  assert.deepEqual(defending.encounter.turn.spent, ['major'])
  assert.deepEqual(combatant(defending.encounter, 'brute').conditions, [{ name: 'total-defense', endsAt: { round: 2, initiativeCount: null } }])
  await act(h, id, { type: 'end-turn', actor: 'brute' })
  await act(h, id, { type: 'end-turn', actor: 'cultist' })

  // The knight's desperate attack: +5 + 4 = +9 against 12 + 4 = 16, d20 9 → 18 hits; 1d8 4 + 3 + 2 = 9.
  const desperate = await act(h, id, { type: 'desperate-attack', actor: 'knight', target: 'brute', weapon: longsword, dice: { sequence: [9, 4] } })
  const blow = desperate.result.attacks[0]
  assert.deepEqual([blow.attackBonus, line(blow.attackBreakdown, 'desperate attack').value, blow.targetAC, blow.hit, blow.damage.total], [9, 4, 16, true, 9])
  assert.deepEqual(desperate.encounter.turn.spent, ['major'])
  assert.deepEqual(combatant(desperate.encounter, 'knight').conditions, [{ name: 'desperate-attack', endsAt: { round: 2, initiativeCount: null } }])
  // It provokes: the brute in total defense makes no reaction attacks; the cultist does, against AC 14 − 2 = 12:
  // +1, d20 11 → 12 hits, 1d4 2 + 1 = 3.
  const noReaction = await refused(id, { type: 'attack', actor: 'brute', target: 'knight', weapon: greatclub, offTurn: true }, 409)
  assert.deepEqual(noReaction.errors.map((e: Json) => e.path), ['/offTurn'])
  const reaction = await act(h, id, { type: 'attack', actor: 'cultist', target: 'knight', weapon: dagger, offTurn: true, dice: { sequence: [11, 2] } })
  assert.equal(reaction.result.attacks[0].targetAC, 12)
  assert.equal(line(reaction.result.attacks[0].acBreakdown, 'desperate-attack').value, -2)
  assert.equal(combatant(reaction.encounter, 'knight').hitPoints.damageTaken, 3)
  await act(h, id, { type: 'end-turn', actor: 'knight' })

  // The archer takes aim at the brute: a full-round action, off-guard until its next turn. A melee weapon cannot be aimed.
  const melee = await refused(id, { type: 'take-aim', actor: 'archer', target: 'brute', weapon: longsword }, 422)
  assert.deepEqual(melee.errors.map((e: Json) => e.path), ['/weapon/type'])
  const early = await refused(id, { type: 'take-aim', actor: 'archer', target: 'brute', weapon: bow, shoot: true }, 409)
  assert.deepEqual(early.errors.map((e: Json) => e.path), ['/shoot'])
  const aiming = await act(h, id, { type: 'take-aim', actor: 'archer', target: 'brute', weapon: bow })
  assert.deepEqual(aiming.encounter.turn.spent, ['full-round'])
  assert.deepEqual(combatant(aiming.encounter, 'archer').pending, [{ kind: 'aim', target: 'brute', round: 1 }])
  assert.deepEqual(combatant(aiming.encounter, 'archer').conditions, [{ name: 'off-guard', endsAt: { round: 2, initiativeCount: null } }])
  await act(h, id, { type: 'end-turn', actor: 'archer' })

  // The squire fights back-to-back with the knight: +2 − 2 = +0 against 16, d20 16 → 16 hits; 1d6 2 + 1 + 1 = 4.
  const b2b = await act(h, id, { type: 'back-to-back', actor: 'squire', target: 'brute', ally: 'knight', weapon: shortsword, dice: { sequence: [16, 2] } })
  assert.deepEqual([b2b.result.attacks[0].attackBonus, line(b2b.result.attacks[0].attackBreakdown, 'back-to-back').value, b2b.result.attacks[0].hit], [0, -2, true])
  assert.deepEqual(names(b2b.encounter, 'squire'), ['back-to-back'])

  // End of round 1; round 2 re-rolls: knight 5 + 3, archer 12 + 5, squire 14 + 1, brute 1 + 2, cultist 4 + 1.
  const round2 = await act(h, id, { type: 'end-turn', actor: 'squire', dice: { sequence: [5, 12, 14, 1, 4] } })
  assert.deepEqual(round2.encounter.order, ['archer', 'squire', 'knight', 'cultist', 'brute'])
  // The archer's turn began: off-guard over, the aim kept for this round.
  assert.deepEqual(names(round2.encounter, 'archer'), [])
  // The others' stances last until their own turns, whatever their new counts.
  assert.deepEqual(names(round2.encounter, 'brute'), ['total-defense'])
  assert.deepEqual(names(round2.encounter, 'knight'), ['desperate-attack'])

  // The aimed shot (full-round): +5 + 4 = +9 against 16, d20 8 → 17 hits; 1d8 5 + 2 BCB + 3 Dex = 10.
  const shot = await act(h, id, { type: 'take-aim', actor: 'archer', target: 'brute', weapon: bow, shoot: true, dice: { sequence: [8, 5] } })
  const arrow = shot.result.attacks[0]
  assert.deepEqual([arrow.attackBonus, line(arrow.attackBreakdown, 'take aim').value, arrow.hit, arrow.damage.total], [9, 4, true, 10])
  assert.equal(line(arrow.damage.breakdown, 'take aim (Dexterity bonus)').value, 3)
  assert.deepEqual(shot.encounter.turn.spent, ['full-round'])
  assert.deepEqual(combatant(shot.encounter, 'archer').pending, [])
  await act(h, id, { type: 'end-turn', actor: 'archer' })

  // The squire's back-to-back ended with its turn's start; it aids the knight's attack (major): +2, d20 8 → 10.
  const squireTurn = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  assert.deepEqual(names(squireTurn, 'squire'), [])
  const aided = await act(h, id, { type: 'aid', actor: 'squire', target: 'brute', ally: 'knight', choice: 'attack', weapon: shortsword, dice: { sequence: [8] } })
  assert.deepEqual([aided.result.total, aided.result.success], [10, true])
  assert.deepEqual(aided.encounter.turn.spent, ['major'])
  await act(h, id, { type: 'end-turn', actor: 'squire' })

  // The knight's −2 ended as its turn began. Drive back, the brute stands: +5 + 2 circumstance + 2 aid = +9 against 16
  // (total defense until the brute's own turn), d20 7 → 16 hits; 1d8 3 + 3 + 2 = 8.
  const knightTurn = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  assert.deepEqual(names(knightTurn, 'knight'), [])
  const drive = await act(h, id, { type: 'drive-back', actor: 'knight', target: 'brute', weapon: longsword, defenderChoice: 'stand', dice: { sequence: [7, 3] } })
  const push = drive.result.attacks[0]
  assert.equal(drive.result.defenderChoice, 'stand')
  assert.deepEqual([push.attackBonus, line(push.attackBreakdown, 'drive back (the target stands)').value, line(push.attackBreakdown, 'aid another by squire').value, push.targetAC, push.hit], [9, 2, 2, 16, true])
  assert.deepEqual(combatant(drive.encounter, 'squire').pending, [])
  assert.equal(combatant(drive.encounter, 'brute').hitPoints.damageTaken, 31)
  await act(h, id, { type: 'end-turn', actor: 'knight' })
  await act(h, id, { type: 'end-turn', actor: 'cultist' })

  // The brute's turn: total defense over. It tries to move past the knight, who intercepts (its reaction): the brute's
  // bull-rush check d20 5 + 3 Str = 8 against DC 10 + 2 (the knight's Str) = 12 fails, and its movement stops.
  const bruteTurn = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  assert.deepEqual(names(bruteTurn, 'brute'), [])
  const onOwnTurn = await refused(id, { type: 'intercept', actor: 'brute', target: 'knight', offTurn: false }, 409)
  assert.deepEqual(onOwnTurn.errors.map((e: Json) => e.path), ['/offTurn'])
  const stop = await act(h, id, { type: 'intercept', actor: 'knight', target: 'brute', offTurn: true, dice: { sequence: [5] } })
  assert.deepEqual([stop.result.maneuver, stop.result.success, stop.result.intercept.stopped], ['bull-rush', false, true])
  assert.equal(combatant(stop.encounter, 'knight').reactionsUsed, 1)

  // Then it charges the knight (full-round): +5 + 2 = +7 against 14, d20 10 → 17 hits; 1d10 6 + 2 + 3 = 11.
  const charge = await act(h, id, { type: 'charge', actor: 'brute', target: 'knight', weapon: greatclub, dice: { sequence: [10, 6] } })
  assert.deepEqual([charge.result.attacks[0].attackBonus, charge.result.attacks[0].hit, charge.result.attacks[0].damage.total], [7, true, 11])
  assert.deepEqual(charge.encounter.turn.spent, ['full-round'])
  assert.deepEqual(combatant(charge.encounter, 'brute').conditions, [{ name: 'charging', endsAt: { round: 3, initiativeCount: null } }])

  // Round 3 re-rolls: knight 15 + 3, archer 2 + 5, squire 3 + 1, brute 1 + 2, cultist 7 + 1.
  const round3 = await act(h, id, { type: 'end-turn', actor: 'brute', dice: { sequence: [15, 2, 3, 1, 7] } })
  assert.deepEqual(round3.encounter.order, ['knight', 'cultist', 'archer', 'squire', 'brute'])
  // Drive back, the cultist steps away: no attack, no roll.
  const stepped = await act(h, id, { type: 'drive-back', actor: 'knight', target: 'cultist', weapon: longsword, defenderChoice: 'step-back' })
  assert.deepEqual([stepped.result.defenderChoice, stepped.result.attacks.length, stepped.result.rolls.length], ['step-back', 0, 0])
  await act(h, id, { type: 'end-turn', actor: 'knight' })
  await act(h, id, { type: 'end-turn', actor: 'cultist' })
  // The charger still has −2 AC before its own turn: 12 − 2 = 10 for the archer's arrow (+5, d20 4 → 9 misses).
  const arrow2 = await act(h, id, { type: 'attack', actor: 'archer', target: 'brute', weapon: bow, dice: { sequence: [4] } })
  assert.equal(arrow2.result.attacks[0].targetAC, 10)
  assert.equal(line(arrow2.result.attacks[0].acBreakdown, 'charging').value, -2)
  await act(h, id, { type: 'end-turn', actor: 'archer' })
  // The brute's turn begins: charging ends.
  const last = await act(h, id, { type: 'end-turn', actor: 'squire' })
  assert.equal(last.encounter.turn.combatantId, 'brute')
  assert.deepEqual(names(last.encounter, 'brute'), [])

  await assertReplayMatches(h, id)
})

test('variant options are refused where the ruleset has none (dnd35, pf1e), naming /type', async () => {
  for (const ruleset of ['dnd35', 'pf1e']) {
    const { id } = await createEncounter(h, {
      name: `No variant options in ${ruleset}`,
      ruleset,
      combatants: [{ id: 'a', baseAttackBonus: 1, abilities: { con: 10 }, hitPoints: { max: 10 } }, { id: 'b', baseAttackBonus: 1, abilities: { con: 10 }, hitPoints: { max: 10 } }]
    })
    await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 5] } }).expect(200)
    for (const body of [
      { type: 'take-aim', actor: 'a', target: 'b', weapon: bow },
      { type: 'back-to-back', actor: 'a', target: 'b', ally: 'b', weapon: longsword },
      { type: 'drive-back', actor: 'a', target: 'b', weapon: longsword, defenderChoice: 'stand' }
    ]) {
      const problem = await refused(id, body, 422)
      assert.equal(problem.type, '/problems/rule-not-defined', `${ruleset} ${body.type}`)
      assert.deepEqual(problem.errors.map((e: Json) => e.path), ['/type'])
    }
  }
})
