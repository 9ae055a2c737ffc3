// POST /v1/encounters/{id}/simulations and the replay of a simulated run
// (docs/rules.md §83, §130, §132): a sample seed, fought through the encounter
// endpoints turn by turn with the stated tactic, gives the same winner.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const OUT = new Set(['dead', 'dying', 'stable', 'unconscious'])

function fighter (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, baseAttackBonus: 6, abilities: { str: 16, dex: 12, con: 14 }, armorClass: { armor: 5, shield: 2 }, hitPoints: { max: 30 }, feats: ['two-weapon-fighting'], weapons: [{ name: 'longsword', damage: '1d8', critRange: 19, offHand: { name: 'short sword', damage: '1d6', category: 'light', critRange: 19 } }], ...extra }
}

const sides = {
  party: [fighter('ana'), fighter('bo', { hitPoints: { max: 24 }, weapons: [{ name: 'greataxe', damage: '1d12', category: 'two-handed', critMultiplier: 3 }] })],
  foes: [fighter('orc-1', { baseAttackBonus: 4, hitPoints: { max: 20 } }), fighter('orc-2', { baseAttackBonus: 4, hitPoints: { max: 20 } }), fighter('orc-3', { baseAttackBonus: 2, hitPoints: { max: 12 } })]
}
const roster = [...sides.party.map((c) => ({ ...c, side: 'party' })), ...sides.foes.map((c) => ({ ...c, side: 'foes' }))]

const standing = (c: Json): boolean => !OUT.has(c.hitPoints?.status)

/**
 * Fight an encounter through the endpoints with the default tactic
 * (docs/rules.md §83, §132): each turn a full attack with the first weapon's
 * name against the standing enemy with the lowest current hit points (ties:
 * listed order), an attack if the full attack is refused, then end-turn; the
 * k-th action takes the seed `<run seed>:<k>`. Returns the winning side.
 */
async function replay (id: string, runSeed: string): Promise<string | null> {
  let encounter = (await h.http.post(`/v1/encounters/${id}/start`).send({ seed: runSeed }).expect(200)).body
  let k = 1
  for (let guard = 0; guard < 2000; guard++) {
    const up = new Set<string>(encounter.combatants.filter(standing).map((c: Json) => c.side))
    if (up.size <= 1) return up.size === 1 ? [...up][0] as string : null
    if (encounter.round > 50 || encounter.turn === null) return null
    const actor = encounter.combatants.find((c: Json) => c.id === encounter.turn.combatantId)
    const enemies = encounter.combatants.filter((c: Json) => c.side !== actor.side && standing(c))
    let target = enemies[0]
    for (const c of enemies) if (c.hitPoints.current + c.hitPoints.temporary < target.hitPoints.current + target.hitPoints.temporary) target = c
    const seed = `${runSeed}:${k}`
    const full = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'full-attack', actor: actor.id, target: target.id, weaponName: actor.weapons[0].name, seed })
    if (full.status === 200) k++
    else {
      assert.ok(full.status === 409 || full.status === 422, JSON.stringify(full.body))
      const single = await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: actor.id, target: target.id, weaponName: actor.weapons[0].name, seed })
      if (single.status === 200) k++
    }
    encounter = (await act(h, id, { type: 'end-turn', actor: actor.id, seed: `${runSeed}:${k}` })).encounter
    k++
  }
  throw new Error('the replay did not end')
}

test('docs/rules.md §132: each sample seed replays through POST /v1/encounters to the same winner', async () => {
  const sim = await h.http.post('/v1/simulations').send({ ruleset: 'dnd35', seed: 'replay', runs: 40, sides }).expect(200)
  for (const side of ['party', 'foes']) {
    const runSeed = sim.body.sampleSeeds[side] as string | null
    assert.ok(runSeed !== null, `${side} won no run of 40: ${JSON.stringify(sim.body.winners)}`)
    const { id } = await createEncounter(h, { name: `replay ${side}`, ruleset: 'dnd35', combatants: roster })
    assert.equal(await replay(id, runSeed), side)
    await assertReplayMatches(h, id)
  }
})

test('docs/rules.md §130: an encounter attack names a carried weapon; unknown or doubled is a 422 naming the field', async () => {
  const duo = [{ ...fighter('ana'), side: 'party' }, { ...fighter('orc', { baseAttackBonus: 1 }), side: 'foes' }]
  const { id } = await createEncounter(h, { name: 'weapon names', ruleset: 'dnd35', combatants: duo })
  const started = (await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)).body
  assert.equal(started.turn.combatantId, 'ana')
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'ana', target: 'orc', weaponName: 'spear' }), { type: '/problems/not-possible', path: '/weaponName' })
  assertProblem(await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'attack', actor: 'ana', target: 'orc', weaponName: 'longsword', weapon: { damage: '1d4' } }), { type: '/problems/inconsistent-fields', path: '/weaponName' })
  // Full attack by name: BAB 6 gives two primary attacks, then the paired short sword in the off hand (SRD 3.5 › Two-Weapon Fighting).
  const full = await act(h, id, { type: 'full-attack', actor: 'ana', target: 'orc', weaponName: 'longsword', dice: { sequence: [2, 2, 2] } })
  assert.deepEqual(full.result.attacks.map((a: Json) => a.label), ['primary 1', 'primary 2', 'off-hand 1'])
  await assertReplayMatches(h, id)
})

test('POST /v1/encounters/{id}/simulations simulates from the current state and writes nothing', async () => {
  const { id } = await createEncounter(h, { name: 'what if', ruleset: 'dnd35', combatants: roster })
  // Preparing: simulated from the start.
  const fresh = await h.http.post(`/v1/encounters/${id}/simulations`).send({ runs: 50, seed: 'w' }).expect(200)
  assert.equal(fresh.body.runs, 50)
  await h.http.post(`/v1/encounters/${id}/start`).send({ seed: 's' }).expect(200)
  // The party's fighters down to 1 hit point each: the foes become the favourites.
  for (const who of ['ana', 'bo']) await act(h, id, { type: 'damage', target: who, damage: { amount: who === 'ana' ? 29 : 23 } })
  const before = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  const events = (await h.http.get(`/v1/encounters/${id}/events`).query({ limit: 1000 })).body.items.length
  const res = await h.http.post(`/v1/encounters/${id}/simulations`).send({ runs: 200, seed: 'w' }).expect(200)
  assert.deepEqual(Object.keys(res.body.winners).sort(), ['draw', 'foes', 'party'])
  assert.ok(res.body.winners.foes.probability > fresh.body.winners.foes.probability, `${JSON.stringify(res.body.winners)} vs ${JSON.stringify(fresh.body.winners)}`)
  const again = await h.http.post(`/v1/encounters/${id}/simulations`).send({ runs: 200, seed: 'w' }).expect(200)
  assert.deepEqual(again.body, res.body)
  const after = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  assert.deepEqual(after, before)
  assert.equal((await h.http.get(`/v1/encounters/${id}/events`).query({ limit: 1000 })).body.items.length, events)
  assertProblem(await h.http.post(`/v1/encounters/${id}/simulations`).send({ runs: 100_000 }), { type: '/problems/out-of-range', path: '/runs' })
  assert.equal((await h.http.post('/v1/encounters/00000000-0000-0000-0000-000000000000/simulations').send({ runs: 5 })).status, 404)
  await act(h, id, { type: 'end' })
  assert.equal((await h.http.post(`/v1/encounters/${id}/simulations`).send({ runs: 5 })).body.type, '/problems/conflict')
})
