// The scripted fights of issue 22's acceptance that other files hold for one ruleset only, for the
// others: a combatant dropped below 0 then finished with a coup de grace nobody marked helpless (pf1e,
// variant; docs/rules.md §71), a blessing effect ending at the right count (pf1e, variant; docs/rules.md
// §69, §55, §96) and an aid another the next attack uses (pf1e; docs/rules.md §105). Every number is
// worked by hand; each log replays to the stored encounter.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8', critRange: 19 }
const dagger = { name: 'dagger', damage: '1d4', critRange: 19 }
const mace = { name: 'mace', damage: '1d8' }
const bless = { target: 'attack', value: 1, type: 'morale', source: 'bless' }

const combatantOf = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id)
const hp = (enc: Json, id: string) => combatantOf(enc, id).hitPoints
const names = (enc: Json, id: string) => combatantOf(enc, id).conditions.map((c: Json) => c.name)
const line = (breakdown: Json[], source: string) => breakdown.find((b: Json) => b.source === source)

test('pf1e: a goblin dropped to −2 is dying, so helpless and flat-footed: the next attack meets AC 4 and a coup de grace finishes it, nobody listing helpless (PRD › Injury and Death; › Helpless Defenders; docs/rules.md §71, §29)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Goblin at the ford (pf1e)',
    ruleset: 'pf1e',
    combatants: [
      { id: 'fighter', side: 'party', baseAttackBonus: 6, abilities: { str: 16, con: 12 }, armorClass: { armor: 5 }, hitPoints: { max: 40 } },
      { id: 'cleric', side: 'party', baseAttackBonus: 2, abilities: { str: 12, con: 12 }, armorClass: { armor: 4 }, hitPoints: { max: 20 } },
      { id: 'rogue', side: 'party', baseAttackBonus: 2, abilities: { con: 10 }, armorClass: { armor: 2 }, hitPoints: { max: 15 } },
      // AC 10 + 2 armor + 1 shield + 1 Dex = 14; Fortitude +0 (Con 10); dead at −10.
      { id: 'goblin', side: 'enemies', baseAttackBonus: 1, abilities: { dex: 13, con: 10 }, armorClass: { armor: 2, shield: 1 }, baseSaves: { fortitude: 0 }, hitPoints: { max: 9 } }
    ]
  })
  // Initiative d20 + Dex, roster order: fighter 18, cleric 15, rogue 12, goblin 5 + 1 = 6.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 15, 12, 5] } }).expect(200)).body
  assert.deepEqual(started.order, ['fighter', 'cleric', 'rogue', 'goblin'])

  // Fighter: +9, d20 10 → 19 against the flat-footed goblin, AC 13 (no Dex): hit; 1d8 8 + 3 = 11 → 9 − 11 = −2, dying.
  const drop = await act(h, id, { type: 'attack', actor: 'fighter', target: 'goblin', weapon: longsword, dice: { sequence: [10, 8] } })
  assert.deepEqual([drop.result.attacks[0].targetAC, drop.result.attacks[0].hit], [13, true])
  assert.deepEqual([hp(drop.encounter, 'goblin').current, hp(drop.encounter, 'goblin').status], [-2, 'dying'])
  assert.deepEqual(names(drop.encounter, 'goblin'), ['flat-footed'])
  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // Cleric: +3, d20 4 → 7. Helpless (PRD › Helpless Defenders): Dex as 0 (−5), −4 against melee, and
  // flat-footed: 10 + 2 + 1 − 5 − 4 = 4, so 7 hits; the response says the hit points imply it.
  const stab = await act(h, id, { type: 'attack', actor: 'cleric', target: 'goblin', weapon: mace, dice: { sequence: [4, 1] } })
  const s = stab.result.attacks[0]
  assert.deepEqual([s.targetAC, s.total, s.hit], [4, 7, true])
  assert.ok(stab.result.conditions.target.some((c: Json) => c.name === 'helpless' && c.impliedBy === 'hitPoints'))
  // 1d8 1 + Str 1 = 2 → −4.
  assert.equal(hp(stab.encounter, 'goblin').current, -4)
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // Rogue: coup de grace, an automatic critical: 1d4 ×2 = 3 + 2 = 5 → −9; Fortitude DC 10 + 5 = 15 (docs/rules.md §29),
  // d20 6 + 0 = 6: it dies.
  const finish = await act(h, id, { type: 'coup-de-grace', actor: 'rogue', target: 'goblin', weapon: dagger, dice: { sequence: [3, 2, 6] } })
  assert.deepEqual([finish.result.attacks[0].critical, finish.result.attacks[0].damage.total], [true, 5])
  const save = finish.result.coupDeGrace
  assert.deepEqual([save.dc, save.roll, save.total, save.survived], [15, 6, 6, false])
  assert.equal(hp(finish.encounter, 'goblin').status, 'dead')
  await assertReplayMatches(h, id)
})

test('pf1e: bless for 1 round ends just before the cleric\'s count of the next round; aid another (+2 on the next attack) is used by the fighter\'s next attack and gone (PRD › Duration; › Aid Another; docs/rules.md §69, §96, §105)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Blessing at the gate (pf1e)',
    ruleset: 'pf1e',
    combatants: [
      { id: 'cleric', side: 'party', baseAttackBonus: 2, abilities: { str: 12, con: 10 }, armorClass: { armor: 4 }, hitPoints: { max: 20 } },
      { id: 'fighter', side: 'party', baseAttackBonus: 5, abilities: { str: 16, con: 10 }, armorClass: { armor: 5 }, hitPoints: { max: 40 } },
      { id: 'orc', side: 'enemies', baseAttackBonus: 1, abilities: { con: 10 }, armorClass: { armor: 4 }, hitPoints: { max: 30 } }
    ]
  })
  // Initiative d20 + Dex 0: cleric 15, fighter 10, orc 5.
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 10, 5] } }).expect(200)

  // Round 1, count 15: bless for 1 round ends just before count 15 of round 2 (docs/rules.md §69).
  const blessed = await act(h, id, { type: 'effect', actor: 'cleric', target: 'fighter', add: bless, durationRounds: 1 })
  assert.deepEqual(combatantOf(blessed.encounter, 'fighter').effects, [{ ...bless, endsAt: { round: 2, initiativeCount: 15 } }])
  // The cleric's aid another on the fighter's attack against the orc: mace +3 (BAB 2, Str 1), d20 8 → 11 ≥ AC 10.
  const aided = await act(h, id, { type: 'aid', actor: 'cleric', target: 'orc', ally: 'fighter', choice: 'attack', weapon: mace, dice: { sequence: [8] } })
  assert.deepEqual([aided.result.armorClass, aided.result.total, aided.result.success, aided.result.bonus], [10, 11, true, 2])
  assert.deepEqual(combatantOf(aided.encounter, 'cleric').pending, [{ kind: 'aid', choice: 'attack', ally: 'fighter', opponent: 'orc', value: 2 }])
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // Fighter: BAB 5 + Str 3 + bless 1 + aid 2 = +11; d20 3 → 14 against the orc's flat-footed AC 14: hit by the
  // blessing and the aid together. 1d8 4 + 3 = 7.
  const swing = await act(h, id, { type: 'attack', actor: 'fighter', target: 'orc', weapon: longsword, dice: { sequence: [3, 4] } })
  const a = swing.result.attacks[0]
  assert.deepEqual([a.attackBonus, a.total, a.targetAC, a.hit], [11, 14, 14, true])
  assert.deepEqual(line(a.attackBreakdown, 'bless'), { source: 'bless', type: 'morale', value: 1, applied: true })
  assert.deepEqual(line(a.attackBreakdown, 'aid another by cleric'), { source: 'aid another by cleric', type: 'untyped', value: 2, applied: true })
  assert.deepEqual(combatantOf(swing.encounter, 'cleric').pending, [])
  assert.equal(hp(swing.encounter, 'orc').current, 30 - 7)
  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // The orc's turn (count 5): still blessed; its end brings round 2, count 15: the blessing ends first.
  const orcTurn = await act(h, id, { type: 'end-turn', actor: 'orc' })
  assert.equal(combatantOf(orcTurn.encounter, 'fighter').effects, undefined)
  assert.ok(orcTurn.applied.some((x: Json) => x.kind === 'effects' && x.combatantId === 'fighter' && x.removed[0] === 'bless' && x.cause === 'duration ended'))
  assert.deepEqual([orcTurn.encounter.round, orcTurn.encounter.turn.combatantId], [2, 'cleric'])
  await assertReplayMatches(h, id)
})

test('variant: bless for 1 round lasts to the end of the next round, whatever the re-rolled counts, then ends (variant › Durations; docs/rules.md §55, §69, §96)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Blessing at the gate (variant)',
    ruleset: 'variant',
    combatants: [
      { id: 'cleric', side: 'party', baseAttackBonus: 2, armorClass: { armor: 4 }, hitPoints: { max: 20 } },
      { id: 'fighter', side: 'party', baseAttackBonus: 3, abilities: { str: 16 }, armorClass: { armor: 5 }, hitPoints: { max: 40 } },
      { id: 'orc', side: 'enemies', baseAttackBonus: 1, armorClass: { armor: 4 }, hitPoints: { max: 30 } }
    ]
  })
  // Initiative d20 + BCB: cleric 15 + 2, fighter 10 + 3, orc 5 + 1.
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 10, 5] } }).expect(200)
  const blessed = await act(h, id, { type: 'effect', actor: 'cleric', target: 'fighter', add: bless, durationRounds: 1 })
  assert.deepEqual(combatantOf(blessed.encounter, 'fighter').effects, [{ ...bless, endsAt: { round: 2, initiativeCount: null } }])
  await act(h, id, { type: 'end-turn', actor: 'cleric' })
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  // Round 2 re-rolls: the fighter first this time (d20 19 + 3), then the orc (12 + 1), the cleric last (1 + 2).
  const round2 = await act(h, id, { type: 'end-turn', actor: 'orc', dice: { sequence: [1, 19, 12] } })
  assert.deepEqual(round2.encounter.order, ['fighter', 'orc', 'cleric'])
  assert.deepEqual(combatantOf(round2.encounter, 'fighter').effects, [{ ...bless, endsAt: { round: 2, initiativeCount: null } }])
  // Still blessed in round 2: BCB 3 + Str 3 + bless 1 = +7 (variant › Attack Bonus), d20 6 → 13 against AC 10 + 4 = 14: a miss,
  // the bonus shown all the same.
  const swing = await act(h, id, { type: 'attack', actor: 'fighter', target: 'orc', weapon: longsword, dice: { sequence: [6] } })
  assert.deepEqual([swing.result.attacks[0].attackBonus, swing.result.attacks[0].total, swing.result.attacks[0].hit], [7, 13, false])
  assert.deepEqual(line(swing.result.attacks[0].attackBreakdown, 'bless'), { source: 'bless', type: 'morale', value: 1, applied: true })
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  await act(h, id, { type: 'end-turn', actor: 'orc' })
  // The end of round 2 ends it, before round 3's order is used.
  const round3 = await act(h, id, { type: 'end-turn', actor: 'cleric', dice: { sequence: [15, 10, 5] } })
  assert.equal(round3.encounter.round, 3)
  assert.equal(combatantOf(round3.encounter, 'fighter').effects, undefined)
  assert.ok(round3.applied.some((x: Json) => x.kind === 'effects' && x.combatantId === 'fighter' && x.removed[0] === 'bless' && x.cause === 'duration ended'))
  await assertReplayMatches(h, id)
})

test('variant: a goblin whose Death save fails is dying, so helpless: a coup de grace at +4 against its helpless AC finishes it, nobody listing helpless (variant › Death and Dying; › Helpless Defenders › Coup de Grace; docs/rules.md §71, §30)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Goblin at the ford (variant)',
    ruleset: 'variant',
    combatants: [
      { id: 'goblin', side: 'enemies', baseAttackBonus: 1, abilities: { dex: 13 }, armorClass: { armor: 2, shield: 1 }, baseSaves: { death: 0 }, hitPoints: { max: 9 } },
      { id: 'fighter', side: 'party', baseAttackBonus: 3, abilities: { str: 16 }, armorClass: { armor: 5 }, hitPoints: { max: 40 } },
      { id: 'rogue', side: 'party', baseAttackBonus: 2, armorClass: { armor: 2 }, hitPoints: { max: 15 } }
    ]
  })
  // Initiative d20 + BCB + Dex: goblin 18 + 1 + 1 = 20, fighter 10 + 3 = 13, rogue 5 + 2 = 7. The goblin acts first, so it
  // is not off-guard when it is hit (no sneak attack).
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 10, 5] } }).expect(200)).body
  assert.deepEqual(started.order, ['goblin', 'fighter', 'rogue'])
  await act(h, id, { type: 'end-turn', actor: 'goblin' })

  // Fighter: BCB 3 + Str 3 = +6, d20 10 → 16 against AC 10 + 2 + 1 + 1 = 14: hit; 1d8 8 + 3 + 3 = 14 damage ≥ 9 HP:
  // a Death save, DC 10 + floor((14 − 9) / 2) = 12; d20 5 + 0 = 5 fails by 7: dying (variant › Death and Dying).
  const drop = await act(h, id, { type: 'attack', actor: 'fighter', target: 'goblin', weapon: longsword, dice: { sequence: [10, 8, 5] } })
  assert.deepEqual([drop.result.attacks[0].targetAC, drop.result.attacks[0].hit, drop.result.attacks[0].damage.total], [14, true, 14])
  assert.equal(hp(drop.encounter, 'goblin').status, 'dying')
  assert.deepEqual(names(drop.encounter, 'goblin').filter((n: string) => n === 'helpless' || n === 'unconscious'), [])
  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // Rogue: coup de grace, an attack at +4 (BCB 2 + 4 = +6) against the helpless AC: Dex as 0 (−5) and −4 against melee,
  // 10 + 2 + 1 − 5 − 4 = 4 (variant › Helpless Defenders); d20 3 → 9 hits.
  const finish = await act(h, id, { type: 'coup-de-grace', actor: 'rogue', target: 'goblin', weapon: dagger, dice: { sequence: [3, 3, 2, 10] } })
  const a = finish.result.attacks[0]
  assert.deepEqual([a.attackBonus, a.targetAC, a.total, a.hit, a.critical], [6, 4, 9, true, false])
  assert.deepEqual(line(a.attackBreakdown, 'coup de grace'), { source: 'coup de grace', type: 'untyped', value: 4, applied: true })
  assert.ok(finish.result.conditions.target.some((c: Json) => c.name === 'helpless' && c.impliedBy === 'hitPoints'))
  // Damage, normal (docs/rules.md §30): 1d4 3 + BCB 2 = 5, and against a helpless target the sneak attack's 1d6 2
  // (docs/rules.md §74): 7. The Death save DC 10 + 7 = 17; d20 10 + 0 = 10: it dies.
  assert.equal(a.damage.total, 7)
  assert.deepEqual(line(a.damage.breakdown, 'sneak attack 1d6'), { source: 'sneak attack 1d6', type: 'untyped', value: 2, applied: true })
  const save = finish.result.coupDeGrace
  assert.deepEqual([save.save, save.dc, save.roll, save.total, save.survived], ['death', 17, 10, 10, false])
  assert.deepEqual(finish.result.rolls.map((r: Json) => r.purpose), ['attack', 'damage', 'sneak-attack', 'death-save'])
  assert.equal(hp(finish.encounter, 'goblin').status, 'dead')
  await assertReplayMatches(h, id)
})
