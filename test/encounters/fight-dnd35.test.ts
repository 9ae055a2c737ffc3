// A scripted dnd35 fight through HTTP: surprise round, delay, ready, an attack
// of opportunity, a grapple, turning, dying and stabilizing, a condition that
// expires at its count, to the end. Every number is derived by hand from the
// rules; after the fight the log replays to the stored encounter exactly.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const longsword = { name: 'longsword', damage: '1d8', critRange: 19 }
const mace = { name: 'heavy mace', damage: '1d8' }

const hp = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id).hitPoints
const conditions = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id).conditions.map((c: Json) => c.name).sort()

test('dnd35: a four-combatant fight from the surprise round to the end, replayed exactly', async () => {
  const created = await createEncounter(h, {
    name: 'Crypt door',
    ruleset: 'dnd35',
    combatants: [
      // AC 10 + 5 armor + 2 shield + 1 Dex = 18; touch 11.
      { id: 'fighter', side: 'party', baseAttackBonus: 6, abilities: { str: 16, dex: 13, con: 14 }, armorClass: { armor: 5, shield: 2 }, baseSaves: { fortitude: 5, reflex: 2, will: 2 }, hitPoints: { max: 40 } },
      { id: 'cleric', side: 'party', class: 'cleric', level: 3, baseAttackBonus: 2, abilities: { str: 12, con: 12, cha: 12 }, armorClass: { armor: 4 }, baseSaves: { will: 3 }, hitPoints: { max: 20 } },
      // Undead: no Con score; AC 10 + 2 natural − 1 Dex = 11.
      { id: 'zombie', side: 'enemies', aware: false, hitDice: 2, baseAttackBonus: 1, abilities: { str: 12, dex: 8, con: null }, armorClass: { natural: 2 }, hitPoints: { max: 16 } },
      // AC 10 + 2 armor + 1 shield + 1 Dex = 14.
      { id: 'goblin', side: 'enemies', aware: false, baseAttackBonus: 1, abilities: { dex: 13 }, armorClass: { armor: 2, shield: 1 }, hitPoints: { max: 9 } }
    ]
  })
  const id = created.id
  assert.equal(created.status, 'preparing')

  // SRD 3.5 › Initiative: d20 + Dex, in roster order: fighter 15+1, cleric 12+0, zombie 10−1, goblin 19+1.
  // SRD 3.5 › Surprise: some aware, some not → round 0, only the aware act; everyone flat-footed until its first turn.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [15, 12, 10, 19] } }).expect(200)).body
  assert.deepEqual(started.order, ['goblin', 'fighter', 'cleric', 'zombie'])
  assert.deepEqual(started.combatants.map((c: Json) => c.initiative), [16, 12, 9, 20])
  assert.equal(started.round, 0)
  assert.equal(started.surpriseRound, true)
  // The goblin is first but unaware: the fighter has the first turn, and is no longer flat-footed.
  assert.deepEqual(started.turn, { combatantId: 'fighter', initiativeCount: 16, spent: [] })
  assert.deepEqual(conditions(started, 'fighter'), [])
  assert.deepEqual(conditions(started, 'goblin'), ['flat-footed'])

  // Out of turn: a 409 naming the actor.
  const outOfTurn = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'cleric' }).expect(409)
  assert.equal(outOfTurn.body.type, '/problems/conflict')
  assert.equal(outOfTurn.body.errors[0].path, '/actor')

  // Surprise round: one standard action. The fighter hits the flat-footed zombie (AC 10 + 2, no Dex penalty
  // lost... Dex 8 is a penalty and stays: 11): +9 (BAB 6, Str 3), d20 14 → 23; 1d8 5 + 3 = 8 → zombie 16 → 8.
  const hit = await act(h, id, { type: 'attack', actor: 'fighter', target: 'zombie', weapon: longsword, dice: { sequence: [14, 5] } })
  assert.equal(hit.result.attacks[0].targetAC, 11)
  assert.equal(hit.result.attacks[0].total, 23)
  assert.equal(hit.result.totals.damage, 8)
  assert.equal(hp(hit.encounter, 'zombie').current, 8)
  assert.deepEqual(hit.encounter.turn.spent, ['standard'])
  // docs/rules.md §70 / SRD 3.5 › Restricted Activity: the surprise round allows one standard or move action, not both.
  const spent = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'fighter' }).expect(409)
  assert.equal(spent.body.type, '/problems/conflict')
  assert.match(spent.body.detail, /spent this turn: standard/)

  // The GM puts shaken on the fighter for 1 round, on count 16 of round 0: it ends just before count 16 of round 1 (docs/rules.md §69).
  const shaken = await act(h, id, { type: 'condition', target: 'fighter', add: 'shaken', durationRounds: 1 })
  assert.deepEqual(shaken.encounter.combatants[0].conditions, [{ name: 'shaken', endsAt: { round: 1, initiativeCount: 16 } }])

  await act(h, id, { type: 'end-turn', actor: 'fighter' })

  // The cleric turns the zombie (SRD 3.5 › Turn or Rebuke Undead): check d20 12 + Cha 1 = 13 → up to level + 1 = 4 HD;
  // turning damage 2d6 (3, 4) + level 3 + Cha 1 = 11 HD. 2 HD ≤ 4 → turned (not destroyed: 3 < 2 × 2), for 10 rounds.
  const turned = await act(h, id, { type: 'turn', actor: 'cleric', action: 'turn', undead: [{ id: 'zombie', distanceFeet: 20 }], dice: { sequence: [12, 3, 4] } })
  assert.equal(turned.result.turningCheck.total, 13)
  assert.equal(turned.result.results[0].outcome, 'turned')
  assert.deepEqual(turned.encounter.combatants[2].conditions.find((c: Json) => c.name === 'turned'), { name: 'turned', endsAt: { round: 10, initiativeCount: 12 } })

  // End of the surprise round: the zombie is unaware and does not act in it; round 1 starts with the goblin (20).
  const round1 = await act(h, id, { type: 'end-turn', actor: 'cleric' })
  assert.equal(round1.encounter.round, 1)
  assert.deepEqual(round1.encounter.turn, { combatantId: 'goblin', initiativeCount: 20, spent: [] })
  assert.deepEqual(conditions(round1.encounter, 'goblin'), [])

  // An attack of opportunity off-turn (the goblin provokes): the fighter, no Combat Reflexes, has one per round.
  // +9 − 2 shaken = +7 against the goblin's AC 14: d20 3 → 10, a miss.
  const aoo = await act(h, id, { type: 'attack', actor: 'fighter', target: 'goblin', weapon: longsword, offTurn: true, dice: { sequence: [3] } })
  assert.equal(aoo.result.attacks[0].attackBonus, 7)
  assert.equal(aoo.result.attacks[0].hit, false)
  const second = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'fighter', target: 'goblin', weapon: longsword, offTurn: true }).expect(409)
  assert.match(second.body.detail, /used its 1 attack-of-opportunity/)

  // The goblin grapples the fighter (SRD 3.5 › Grapple): touch attack +1 vs touch AC 11: 15 → 16 hits;
  // grapple checks: goblin BAB 1 + Str 0 = +1, d20 19 → 20; fighter BAB 6 + Str 3 = +9, d20 2 → 11. The goblin wins;
  // unarmed strike 1d3 (2), nonlethal. Both are now grappling.
  const grapple = await act(h, id, { type: 'grapple', actor: 'goblin', target: 'fighter', action: 'start', options: { attackOfOpportunityDamage: 0 }, dice: { sequence: [15, 19, 2, 2] } })
  assert.equal(grapple.result.success, true)
  assert.deepEqual(conditions(grapple.encounter, 'goblin'), ['grappling'])
  assert.deepEqual(conditions(grapple.encounter, 'fighter'), ['grappling', 'shaken'])
  assert.equal(hp(grapple.encounter, 'fighter').nonlethal, 2)

  // Goblin ends its turn; the fighter's count 16 comes: shaken (ends just before 16 in round 1) is gone.
  const fighterTurn = await act(h, id, { type: 'end-turn', actor: 'goblin' })
  assert.deepEqual(fighterTurn.encounter.turn, { combatantId: 'fighter', initiativeCount: 16, spent: [] })
  assert.deepEqual(conditions(fighterTurn.encounter, 'fighter'), ['grappling'])
  assert.ok(fighterTurn.applied.some((a: Json) => a.kind === 'conditions' && a.combatantId === 'fighter' && a.removed.includes('shaken')))

  // SRD 3.5 › Delay: the fighter waits until after the cleric; its count becomes the cleric's (12) for good.
  const delayed = await act(h, id, { type: 'delay', actor: 'fighter', after: 'cleric' })
  assert.deepEqual(delayed.encounter.order, ['goblin', 'cleric', 'fighter', 'zombie'])
  assert.equal(delayed.encounter.combatants[0].initiative, 12)
  assert.deepEqual(delayed.encounter.turn, { combatantId: 'cleric', initiativeCount: 12, spent: [] })

  // SRD 3.5 › Ready: the cleric readies an attack for when the goblin moves (a standard action), then ends its turn.
  const readied = await act(h, id, { type: 'ready', actor: 'cleric', trigger: 'the goblin lets go of the fighter' })
  assert.deepEqual(readied.encounter.combatants[1].readied, { trigger: 'the goblin lets go of the fighter', actionType: 'standard' })
  await act(h, id, { type: 'end-turn', actor: 'cleric' })

  // The fighter, grappling, makes a full attack on the zombie: +9/+4, −4 while grappling (SRD 3.5 › If You're Grappling) = +5/+0.
  // 14 → 19 hits AC 11 (1d8 6 + 3 = 9), 12 → 12 hits (1d8 7 + 3 = 10): 19 damage, zombie 8 → −11.
  // SRD 3.5 › Injury and Death: −10 or lower is dead.
  const full = await act(h, id, { type: 'full-attack', actor: 'fighter', target: 'zombie', weapon: longsword, dice: { sequence: [14, 6, 12, 7] } })
  assert.equal(full.result.attacks.length, 2)
  assert.deepEqual(full.result.attacks.map((a: Json) => a.attackBonus), [5, 0])
  assert.equal(full.result.totals.damage, 19)
  assert.deepEqual(hp(full.encounter, 'zombie'), { max: 16, current: -11, temporary: 0, nonlethal: 0, status: 'dead' })
  // A full attack takes the whole turn.
  const noMove = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'move', actor: 'fighter' }).expect(409)
  assert.match(noMove.body.detail, /full-round action was taken/)

  // The zombie is dead: skipped. Round 2 starts with the goblin.
  const round2 = await act(h, id, { type: 'end-turn', actor: 'fighter' })
  assert.equal(round2.encounter.round, 2)
  assert.deepEqual(round2.encounter.turn, { combatantId: 'goblin', initiativeCount: 20, spent: [] })
  assert.ok(round2.applied.some((a: Json) => a.kind === 'skipped' && a.combatantId === 'zombie'))

  // The trigger happens on the goblin's turn: the cleric fires its readied attack at once (heavy mace +3: BAB 2, Str 1),
  // d20 18 → 21 vs AC 14, 1d8 8 + 1 = 9: goblin 9 → 0, disabled... the cleric takes the count just ahead of the goblin's.
  const fired = await act(h, id, { type: 'attack', actor: 'cleric', target: 'goblin', weapon: mace, readied: true, dice: { sequence: [18, 8] } })
  assert.equal(fired.result.attacks[0].total, 21)
  assert.equal(hp(fired.encounter, 'goblin').current, 0)
  assert.equal(hp(fired.encounter, 'goblin').status, 'disabled')
  assert.deepEqual(fired.encounter.order, ['cleric', 'goblin', 'fighter', 'zombie'])
  assert.equal(fired.encounter.combatants[1].initiative, 20)
  assert.equal(fired.encounter.combatants[1].readied, null)
  assert.deepEqual(fired.encounter.turn.combatantId, 'goblin', 'the goblin keeps its turn')

  // The disabled goblin (SRD 3.5 › Disabled) may take one move or standard action; it strikes anyway and drops to dying,
  // the GM applying the strenuous action; then 1 more point of damage from the fighter's grip... the goblin is dying at −1.
  const strain = await act(h, id, { type: 'heal', target: 'goblin', healing: { kind: 'strenuous-action' } })
  assert.equal(strain.result.after.status, 'dying')
  assert.equal(hp(strain.encounter, 'goblin').current, -1)

  // The goblin is now dying on its own turn; it ends. The cleric's turn this round was spent by its readied action
  // (it now acts at 20, already passed), so the fighter (12) is next.
  const afterGoblin = await act(h, id, { type: 'end-turn', actor: 'goblin' })
  assert.deepEqual(afterGoblin.encounter.turn, { combatantId: 'fighter', initiativeCount: 12, spent: [] })
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  // Round 3: the cleric first; after its turn the dying goblin rolls to stabilize on its turn (SRD 3.5 › Dying: 10% each round):
  // d% 07 ≤ 10 → stable; its turn passes on at once.
  const r3 = await h.http.get(`/v1/encounters/${id}`).expect(200)
  assert.equal(r3.body.round, 3)
  assert.equal(r3.body.turn.combatantId, 'cleric')
  const stabilized = await act(h, id, { type: 'end-turn', actor: 'cleric', dice: { sequence: [7] } })
  const roll = stabilized.applied.find((a: Json) => a.kind === 'hit-points' && a.combatantId === 'goblin')
  assert.equal(roll.check.roll, 7)
  assert.equal(hp(stabilized.encounter, 'goblin').status, 'stable')
  assert.equal(stabilized.encounter.turn.combatantId, 'fighter')

  const ended = await act(h, id, { type: 'end' })
  assert.equal(ended.encounter.status, 'finished')
  assert.equal(ended.encounter.turn, null)
  const late = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'end-turn', actor: 'fighter' }).expect(409)
  assert.equal(late.body.type, '/problems/conflict')

  await assertReplayMatches(h, id)
})
