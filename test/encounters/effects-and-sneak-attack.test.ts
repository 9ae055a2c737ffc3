// docs/rules.md §96 and §74 in encounters: a blessing put on with the `effect` action counts on every attack
// until its duration ends just before the count it began on (SRD 3.5 › Duration; docs/rules.md §69), and
// the variant's sneak attack bloodies its target until healing restores a point (variant › Sneak Attacks).
// Every number is worked by hand; each log replays to the stored encounter.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8', critRange: 19 }
const dagger = { name: 'dagger', damage: '1d4', category: 'light' }
const bless = { target: 'attack', value: 1, type: 'morale', source: 'bless' }

const combatantOf = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id)
const names = (enc: Json, id: string) => combatantOf(enc, id).conditions.map((c: Json) => c.name)
const line = (breakdown: Json[], source: string) => breakdown.find((b) => b.source === source)

test('dnd35: bless (+1 morale on attacks, 1 round) counts on the fighter\'s attack and ends just before the cleric\'s count of the next round (docs/rules.md §69, §96)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Blessing at the gate',
    ruleset: 'dnd35',
    combatants: [
      { id: 'cleric', side: 'party', baseAttackBonus: 2, armorClass: { armor: 4 }, hitPoints: { max: 20 } },
      { id: 'fighter', side: 'party', baseAttackBonus: 5, abilities: { str: 16 }, armorClass: { armor: 5 }, hitPoints: { max: 40 } },
      { id: 'orc', side: 'enemies', baseAttackBonus: 1, armorClass: { armor: 4 }, hitPoints: { max: 15 } }
    ]
  })
  // Initiative d20 + Dex 0: cleric 15, fighter 10, orc 5.
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 10, 5] } }).expect(200)

  // Round 1, count 15: the cleric blesses the fighter for 1 round: it ends just before count 15 of round 2.
  const blessed = await act(h, id, { type: 'effect', actor: 'cleric', target: 'fighter', add: bless, durationRounds: 1 })
  assert.deepEqual(combatantOf(blessed.encounter, 'fighter').effects, [{ ...bless, endsAt: { round: 2, initiativeCount: 15 } }])
  assert.deepEqual(blessed.applied, [{ kind: 'effects', combatantId: 'fighter', added: ['bless'], removed: [], cause: 'effect action' }])
  // A target this ruleset does not have is refused, naming it.
  const cmb = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'effect', actor: 'cleric', target: 'fighter', add: { ...bless, target: 'cmb' } })
  assertProblem(cmb, { type: '/problems/rule-not-defined', path: '/add/target' })
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // Fighter: BAB 5 + Str 3 + bless 1 = +9; d20 5 → 14 against the orc's flat-footed AC 14 (10 + 4 armor): a hit by the blessing alone.
  const swing = await act(h, id, { type: 'attack', actor: 'fighter', target: 'orc', weapon: longsword, dice: { sequence: [5, 4] } })
  const a = swing.result.attacks[0]
  assert.deepEqual([a.attackBonus, a.total, a.targetAC, a.hit], [9, 14, 14, true])
  assert.deepEqual(line(a.attackBreakdown, 'bless'), { source: 'bless', type: 'morale', value: 1, applied: true })
  assert.equal(combatantOf(swing.encounter, 'orc').hitPoints.current, 15 - (4 + 3))
  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // The orc's turn (count 5, round 1): still blessed. Its end brings round 2 and count 15: the blessing ends first.
  const orcTurn = await act(h, id, { type: 'end-turn', actor: 'orc' })
  assert.equal(combatantOf(orcTurn.encounter, 'fighter').effects, undefined)
  assert.ok(orcTurn.applied.some((x: Json) => x.kind === 'effects' && x.combatantId === 'fighter' && x.removed[0] === 'bless' && x.cause === 'duration ended'))
  assert.deepEqual([orcTurn.encounter.round, orcTurn.encounter.turn.combatantId], [2, 'cleric'])

  // Added until removed, then removed by its source; removing a source it does not have is a 422 naming `remove`.
  await act(h, id, { type: 'effect', actor: 'cleric', target: 'fighter', add: bless })
  const removed = await act(h, id, { type: 'effect', actor: 'cleric', target: 'fighter', remove: 'bless' })
  assert.deepEqual(removed.applied, [{ kind: 'effects', combatantId: 'fighter', added: [], removed: ['bless'], cause: 'effect action' }])
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'effect', actor: 'cleric', target: 'fighter', remove: 'bless' }), { type: '/problems/not-possible', path: '/remove' })
  await assertReplayMatches(h, id)
})

test('variant: a sneak attack on an off-guard ogre adds 1d6 and bloodies it; healing a point clears it (variant › Sneak Attacks, docs/rules.md §74)', async () => {
  const { id } = await createEncounter(h, {
    name: 'Ogre in the cellar',
    ruleset: 'variant',
    combatants: [
      { id: 'rogue', side: 'party', baseAttackBonus: 2, armorClass: { armor: 2 }, hitPoints: { max: 20 } },
      { id: 'ogre', side: 'enemies', baseAttackBonus: 1, armorClass: { armor: 2 }, baseSaves: { death: 2 }, hitPoints: { max: 30 } }
    ]
  })
  // Initiative d20 + BCB + Dex 0: rogue 15 + 2 = 17, ogre 5 + 1 = 6.
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 5] } }).expect(200)

  // The ogre has not acted: off-guard, AC 10 + 2 armor − 2 = 10. Rogue +2 (BCB), d20 12 → 14: a hit.
  // Damage 1d4 3 + BCB 2 = 5, then the sneak attack's 1d6 4, not from the weapon: 9 of the ogre's 30, short of
  // its bloodied threshold of 15, yet it is bloodied (variant › Sneak Attacks).
  const stab = await act(h, id, { type: 'attack', actor: 'rogue', target: 'ogre', weapon: dagger, dice: { sequence: [12, 3, 4] } })
  const a = stab.result.attacks[0]
  assert.deepEqual([a.targetAC, a.total, a.hit, a.damage.total, a.damage.bloodies], [10, 14, true, 9, true])
  assert.deepEqual(line(a.damage.breakdown, 'sneak attack 1d6'), { source: 'sneak attack 1d6', type: 'untyped', value: 4, applied: true })
  assert.deepEqual(stab.result.rolls.map((r: Json) => r.purpose), ['attack', 'damage', 'sneak-attack'])
  assert.equal(combatantOf(stab.encounter, 'ogre').hitPoints.current, 21)
  assert.ok(names(stab.encounter, 'ogre').includes('bloodied'))

  // Bloodied counts on the ogre's own attack: −1 (docs/rules.md §P6.3). Its turn comes after the rogue's.
  await act(h, id, { type: 'end-turn', actor: 'rogue' })
  const club = await act(h, id, { type: 'attack', actor: 'ogre', target: 'rogue', weapon: { name: 'club', damage: '1d6' }, dice: { sequence: [1] } })
  assert.deepEqual(line(club.result.attacks[0].attackBreakdown, 'bloodied'), { source: 'bloodied', type: 'untyped', value: -1, applied: true })

  // Healing 1 point ends it.
  const healed = await act(h, id, { type: 'heal', target: 'ogre', healing: { kind: 'magical', amount: 1 } })
  assert.equal(combatantOf(healed.encounter, 'ogre').hitPoints.current, 22)
  assert.ok(!names(healed.encounter, 'ogre').includes('bloodied'))
  assert.ok(healed.applied.some((x: Json) => x.kind === 'conditions' && x.removed.includes('bloodied')))
  await assertReplayMatches(h, id)
})
