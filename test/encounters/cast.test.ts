// The `cast` action (docs/rules.md §116; concentration DCs §115): a spell
// spends its casting time's action, provokes the creatures the caller names
// unless cast defensively, and rolls the concentration checks its situation
// requires. Every DC is worked by hand; each fight replays from its log.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, assertReplayMatches, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'
import { assertProblem } from '../helpers/problems.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

const post = (id: string, body: Record<string, unknown>) => h.http.post(`/v1/encounters/${id}/actions`).send(body)

async function fight (ruleset: string, wizard: Record<string, unknown>, orcs = 1): Promise<string> {
  const created = await createEncounter(h, {
    name: 'Wizard in melee',
    ruleset,
    combatants: [
      { id: 'wizard', side: 'party', hitPoints: { max: 20 }, ...wizard },
      ...Array.from({ length: orcs }, (_, i) => ({ id: `orc${i + 1}`, side: 'enemies', baseAttackBonus: 3, abilities: { str: 16, con: 12 }, hitPoints: { max: 15 }, feats: ['combat-reflexes'] }))
    ]
  })
  // Initiative: the wizard first (d20 19), the orcs after (d20 5, 4).
  await h.http.post(`/v1/encounters/${created.id as string}/start`).send({ dice: { sequence: [19, 5, 4].slice(0, 1 + orcs) } }).expect(200)
  return created.id as string
}

test('dnd35: a 3rd-level spell cast defensively: DC 15 + 3 = 18, Concentration +9; d20 9 keeps it, d20 8 loses it; no attack of opportunity (SRD 3.5 › Casting Spells; Skills › Concentration)', async () => {
  const id = await fight('dnd35', { concentration: 9 })
  const kept = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 3, castingTime: 'standard', description: 'lightning bolt', defensively: true, threatenedBy: ['orc1'], dice: { sequence: [9] } })
  assert.equal(kept.result.provokes, false)
  assert.deepEqual(kept.result.attacksOfOpportunity, [])
  assert.deepEqual(kept.result.concentrationChecks.map((c: Json) => [c.situation, c.dc, c.roll, c.bonus, c.total, c.success]), [['defensive', 18, 9, 9, 18, true]])
  assert.equal(kept.result.spellCast, true)
  assert.deepEqual(kept.encounter.turn.spent, ['standard'])
  assert.deepEqual(kept.event.type, 'cast')

  // The standard action is spent: a second standard-time spell this turn is a 409.
  const again = await post(id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'standard', description: 'magic missile' })
  assertProblem(again, { type: '/problems/conflict', path: '/type' })
  // A swift (quickened) spell still fits, and does not provoke.
  const quick = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'swift', description: 'quickened magic missile', threatenedBy: ['orc1'], dice: { sequence: [] } })
  assert.deepEqual([quick.result.provokes, quick.result.concentrationChecks.length, quick.result.spellCast], [false, 0, true])
  await act(h, id, { type: 'end-turn', actor: 'wizard' })
  await act(h, id, { type: 'end-turn', actor: 'orc1' })

  const lost = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 3, castingTime: 'standard', description: 'lightning bolt', defensively: true, dice: { sequence: [8] } })
  assert.deepEqual(lost.result.concentrationChecks.map((c: Json) => [c.dc, c.total, c.success]), [[18, 17, false]])
  assert.equal(lost.result.spellCast, false)
  await assertReplayMatches(h, id)
})

test('dnd35: a spell cast in melee without defensively provokes every threatener that can react, and rolls no check', async () => {
  const id = await fight('dnd35', { concentration: 5 }, 2)
  // orc2 has not acted yet, but Combat Reflexes lets it react while flat-footed; both may attack.
  const res = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'standard', description: 'sleep', threatenedBy: ['orc1', 'orc2'] })
  assert.deepEqual([res.result.provokes, res.result.attacksOfOpportunity, res.result.concentrationChecks, res.result.spellCast], [true, ['orc1', 'orc2'], [], true])
  assertProblem(await post(id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'swift', description: 'x', threatenedBy: ['ghost'] }), { type: '/problems/unknown-combatant', path: '/threatenedBy/0' })
  await assertReplayMatches(h, id)
})

test('dnd35: damaged while casting (a readied attack) and grappled: both checks, in order, stopping at the first failure (SRD 3.5 › Skills › Concentration)', async () => {
  const id = await fight('dnd35', { concentration: 10, conditions: ['grappled'] })
  // Grappled: DC 20 + 2 = 22, d20 12 + 10 = 22 kept; damaged 6: DC 10 + 6 + 2 = 18, d20 7 + 10 = 17 lost.
  const res = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 2, castingTime: 'standard', description: 'web', damageTaken: 6, dice: { sequence: [12, 7] } })
  assert.deepEqual(res.result.concentrationChecks.map((c: Json) => [c.situation, c.dc, c.total, c.success]), [['grappled', 22, 22, true], ['damaged', 18, 17, false]])
  assert.equal(res.result.spellCast, false)
  assert.deepEqual(res.result.rolls.map((r: Json) => r.purpose), ['concentration', 'concentration'])
  await assertReplayMatches(h, id)
})

test('pf1e: cast defensively DC 15 + 2 × 2 = 19 with caster level 4 + Int 18 (+4); grappled needs the grappler\'s CMB (PRD › Magic › Concentration)', async () => {
  const id = await fight('pf1e', { casterLevel: 4, castingAbility: 'int', abilities: { int: 18, con: 12 } })
  const kept = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 2, castingTime: 'standard', description: 'scorching ray', defensively: true, dice: { sequence: [11] } })
  assert.deepEqual(kept.result.concentrationChecks.map((c: Json) => [c.dc, c.bonus, c.total, c.success]), [[19, 8, 19, true]])
  // grapplerCmb without a grapple is refused, not ignored.
  assertProblem(await post(id, { type: 'cast', actor: 'wizard', spellLevel: 0, castingTime: 'swift', description: 'x', grapplerCmb: 5 }), { type: '/problems/inconsistent-fields', path: '/grapplerCmb' })
  await act(h, id, { type: 'condition', target: 'wizard', add: 'grappled' })
  assertProblem(await post(id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'swift', description: 'x' }), { type: '/problems/missing-field', path: '/grapplerCmb' })
  // Grappled: 10 + CMB 7 + 1 = 18; d20 10 + 8 = 18 kept.
  const held = await act(h, id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'swift', description: 'quickened shield', grapplerCmb: 7, dice: { sequence: [10] } })
  assert.deepEqual(held.result.concentrationChecks.map((c: Json) => [c.situation, c.dc, c.success]), [['grappled', 18, true]])
  await assertReplayMatches(h, id)
})

test('missing stat-block fields name the actor; the variant defines no casting (422 rule-not-defined)', async () => {
  const id = await fight('dnd35', {})
  assertProblem(await post(id, { type: 'cast', actor: 'wizard', spellLevel: 1, castingTime: 'standard', description: 'x', defensively: true }), { type: '/problems/missing-field', path: '/actor' })
  assertProblem(await post(id, { type: 'cast', actor: 'wizard', castingTime: 'standard', description: 'x' }), { type: '/problems/missing-field', path: '/spellLevel' })
  const v = await createEncounter(h, { name: 'v', ruleset: 'variant', combatants: [{ id: 'mage', baseAttackBonus: 1 }] })
  await h.http.post(`/v1/encounters/${v.id as string}/start`).send({ dice: { sequence: [10] } }).expect(200)
  assertProblem(await post(v.id, { type: 'cast', actor: 'mage', spellLevel: 1, castingTime: 'standard', description: 'x' }), { type: '/problems/rule-not-defined', path: '/type' })
})
