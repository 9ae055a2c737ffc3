// A scripted fight under the d20 variant: bloodied and wounded penalties,
// simultaneous ties, the Death save when damage reaches HP, the end-of-round
// Death saves of the dying and initiative re-rolled every round. Numbers
// derived by hand from the variant's Hit Points, Death and Dying and Initiative
// sections; the log replays exactly.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const hp = (enc: Json, id: string) => enc.combatants.find((c: Json) => c.id === id).hitPoints

test('variant: wounded penalties, a tie group acting together, Death saves and re-rolled initiative, replayed exactly', async () => {
  const { id } = await createEncounter(h, {
    name: 'Wolf and orc',
    ruleset: 'variant',
    combatants: [
      { id: 'hero', baseAttackBonus: 3, abilities: { str: 14, dex: 12, con: 12 }, baseSaves: { death: 2 }, hitPoints: { max: 20 } },
      { id: 'orc', baseAttackBonus: 2, abilities: { str: 16, con: 12 }, baseSaves: { death: 1 }, hitPoints: { max: 12 } },
      { id: 'wolf', baseAttackBonus: 1, abilities: { dex: 14 }, baseSaves: { death: 0 }, hitPoints: { max: 10 } }
    ]
  })
  // Initiative = d20 + BCB + Dex: hero 10 + 3 + 1 = 14, orc 12 + 2 = 14, wolf 15 + 1 + 2 = 18.
  // The hero and the orc tie: they act at the same moment, served in roster order.
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [10, 12, 15] } }).expect(200)).body
  assert.deepEqual(started.order, ['wolf', 'hero', 'orc'])
  assert.deepEqual(started.initiative.order.find((e: Json) => e.id === 'hero').simultaneousWith, ['orc'])
  assert.equal(started.turn.combatantId, 'wolf')
  assert.deepEqual(started.combatants[0].conditions, [{ name: 'off-guard', endsAt: null }])

  // The GM applies 15 damage to the hero: D 15 of HP 20 → bloodied (2·15 ≥ 20) and wounded (4·15 ≥ 60);
  // wound points past Tw − 1 = 14: 1 (docs/rules.md §49). Penalty −2.
  const hurt = await act(h, id, { type: 'damage', target: 'hero', damage: { amount: 15 } })
  assert.deepEqual({ ...hp(hurt.encounter, 'hero'), deathSaves: undefined }, { max: 20, current: 5, temporary: 0, nonlethal: 0, status: 'healthy', damageTaken: 15, woundPoints: 1, deathSaves: undefined, constitutionDamage: 0, bloodied: true, wounded: true, penalty: -2 })
  await act(h, id, { type: 'end-turn', actor: 'wolf' })

  // The hero attacks the off-guard orc (AC 10 − 2 = 8): BCB 3 + Str 2 − 2 wounded = +3, d20 12 → 15 hits;
  // longsword 1d8 8 + Str 2 + BCB 3 = 13, and the sneak attack's 1d6 3 on an off-guard target (variant › Sneak
  // Attacks, docs/rules.md §74) = 16 → the orc's D 16 ≥ HP 12: Death save DC 10 + ⌊4/2⌋ = 12, d20 5 + 1 = 6,
  // failed by 6: dying.
  const blow = await act(h, id, { type: 'attack', actor: 'hero', target: 'orc', weapon: { name: 'longsword', damage: '1d8' }, dice: { sequence: [12, 8, 3, 5] } })
  assert.equal(blow.result.attacks[0].attackBonus, 3)
  assert.equal(blow.result.attacks[0].targetAC, 8)
  assert.equal(blow.result.totals.damage, 16)
  const save = blow.applied.find((a: Json) => a.kind === 'hit-points' && a.combatantId === 'orc').deathSave
  assert.deepEqual({ dc: save.dc, roll: save.roll, total: save.total, success: save.success }, { dc: 12, roll: 5, total: 6, success: false })
  assert.equal(hp(blow.encounter, 'orc').status, 'dying')

  // docs/rules.md §68: the orc was dropped by a member of its own tie group, so it still acts on this count, at the same moment:
  // axe +5 − 2 wounded = +3 against the hero's AC 11 (no longer off-guard), d20 15 → 18; 1d8 4 + 3 + 2 = 9:
  // the hero's D 24 ≥ 20 → Death save DC 10 + 2 = 12, d20 14 + 2 = 16: staggered.
  const group = await act(h, id, { type: 'end-turn', actor: 'hero' })
  assert.equal(group.encounter.turn.combatantId, 'orc')
  const back = await act(h, id, { type: 'attack', actor: 'orc', target: 'hero', weapon: { name: 'axe', damage: '1d8' }, dice: { sequence: [15, 4, 14] } })
  assert.equal(back.result.attacks[0].attackBonus, 3)
  assert.equal(back.result.totals.damage, 9)
  assert.equal(hp(back.encounter, 'hero').status, 'staggered')

  // End of round 1: the dying orc's Death save (DC 12, d20 12 + 1 = 13: a success, 1 Con damage); then round 2
  // re-rolls initiative for everyone: hero 3 + 3 + 1 − 2 = 5, orc 1 + 2 − 2 = 1, wolf 20 + 3 = 23.
  const round2 = await act(h, id, { type: 'end-turn', actor: 'orc', dice: { sequence: [12, 3, 1, 20] } })
  const deathSave = round2.applied.find((a: Json) => a.kind === 'hit-points' && a.combatantId === 'orc')
  assert.equal(deathSave.cause, 'death save at the end of the round')
  assert.deepEqual(hp(round2.encounter, 'orc').deathSaves, { successes: 1, failures: 0 })
  assert.equal(hp(round2.encounter, 'orc').constitutionDamage, 1)
  assert.equal(round2.encounter.round, 2)
  assert.deepEqual(round2.encounter.order, ['wolf', 'hero', 'orc'])
  assert.deepEqual(round2.encounter.combatants.map((c: Json) => c.initiative), [5, 1, 23])
  assert.equal(round2.encounter.turn.combatantId, 'wolf')

  // The staggered hero may take one major or one minor action (restricted activity).
  await act(h, id, { type: 'end-turn', actor: 'wolf' })
  const moved = await act(h, id, { type: 'move', actor: 'hero' })
  assert.deepEqual(moved.encounter.turn.spent, ['minor'])
  const refused = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'hero', target: 'wolf', weapon: { damage: '1d8' } }).expect(409)
  assert.equal(refused.body.type, '/problems/conflict')
  assert.match(refused.body.detail, /restricted activity/)

  await act(h, id, { type: 'end' })
  await assertReplayMatches(h, id)
})
