// docs/rules.md §71 in an encounter: a dnd35 combatant dropped below 0 HP is dying, hence unconscious and
// helpless (SRD 3.5 › Injury and Death; SRD 3.5 › Conditions › Helpless), with nobody listing a condition:
// the next attack uses its helpless AC, and a coup de grace finishes it. Every number is worked by hand;
// the log replays to the stored encounter.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8', critRange: 19 }
const dagger = { name: 'dagger', damage: '1d4', critRange: 19 }

const hp = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id).hitPoints
const conditions = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id).conditions

test('dnd35: a goblin dropped to −2 is helpless for the next attack and is finished by a coup de grace nobody had to mark helpless', async () => {
  const created = await createEncounter(h, {
    name: 'Goblin at the ford',
    ruleset: 'dnd35',
    combatants: [
      { id: 'fighter', side: 'party', baseAttackBonus: 6, abilities: { str: 16 }, armorClass: { armor: 5 }, hitPoints: { max: 40 } },
      { id: 'cleric', side: 'party', baseAttackBonus: 2, abilities: { str: 12 }, armorClass: { armor: 4 }, hitPoints: { max: 20 } },
      { id: 'rogue', side: 'party', baseAttackBonus: 2, armorClass: { armor: 2 }, hitPoints: { max: 15 } },
      // AC 10 + 2 armor + 1 shield + 1 Dex = 14; Fortitude +0 (Con 10).
      { id: 'goblin', side: 'enemies', baseAttackBonus: 1, abilities: { dex: 13 }, armorClass: { armor: 2, shield: 1 }, baseSaves: { fortitude: 0 }, hitPoints: { max: 9 } }
    ]
  })
  const id = created.id
  // Initiative d20 + Dex, in roster order: fighter 18, cleric 15, rogue 12, goblin 5 + 1 = 6.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 15, 12, 5] } }).expect(200)).body
  assert.deepEqual(started.order, ['fighter', 'cleric', 'rogue', 'goblin'])

  // Fighter: +9 (BAB 6, Str 3), d20 10 → 19 against the goblin, flat-footed until its first turn (SRD 3.5 ›
  // Initiative): AC 14 less Dex 1 = 13: hit; 1d8 8 + 3 = 11 → goblin 9 → −2, dying.
  const drop = await act(h, id, { type: 'attack', actor: 'fighter', target: 'goblin', weapon: longsword, dice: { sequence: [10, 8] } })
  assert.equal(drop.result.attacks[0].targetAC, 13)
  assert.equal(hp(drop.encounter, 'goblin').current, -2)
  assert.equal(hp(drop.encounter, 'goblin').status, 'dying')
  // Nobody listed helpless or unconscious on it: only the flat-footed of a creature yet to act.
  assert.deepEqual(conditions(drop.encounter, 'goblin').map((c: Json) => c.name), ['flat-footed'])
  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // Cleric: +3 (BAB 2, Str 1), d20 4 → 7. The dying goblin is helpless: Dex as 0 (−5) and −4 against melee,
  // 10 + 2 + 1 − 5 − 4 = 4, so 7 hits (its flat-footed AC 13 would not be hit). 1d8 1 + 1 = 2 → −4.
  const stab = await act(h, id, { type: 'attack', actor: 'cleric', target: 'goblin', weapon: longsword, dice: { sequence: [4, 1] } })
  assert.deepEqual([stab.result.attacks[0].targetAC, stab.result.attacks[0].total, stab.result.attacks[0].hit], [4, 7, true])
  assert.equal(hp(stab.encounter, 'goblin').current, -4)
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // Rogue: coup de grace (SRD 3.5 › Helpless Defenders): an automatic critical, 1d4 ×2 = 3 + 2 = 5 (Str 10);
  // Fortitude DC 10 + 5 = 15, d20 6 + 0 = 6: the goblin dies.
  const finish = await act(h, id, { type: 'coup-de-grace', actor: 'rogue', target: 'goblin', weapon: dagger, dice: { sequence: [3, 2, 6] } })
  assert.deepEqual([finish.result.attacks[0].critical, finish.result.attacks[0].damage.total], [true, 5])
  const save = finish.result.coupDeGrace
  assert.deepEqual([save.dc, save.roll, save.total, save.survived], [15, 6, 6, false])
  assert.equal(hp(finish.encounter, 'goblin').status, 'dead')
  assert.equal(hp(finish.encounter, 'goblin').current, -9)

  await assertReplayMatches(h, id)
})
