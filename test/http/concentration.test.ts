// POST /v1/concentration (docs/rules.md §115): every DC per situation per
// ruleset, each computed by hand from the published tables (SRD 3.5 ›
// Skills › Concentration; PRD › Magic › Concentration), with the d20 fixed.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: unknown) => request(app.server).post('/v1/concentration').send(body as object)

const wizard = { id: 'wizard', concentration: 9 }
const cleric = { id: 'cleric', casterLevel: 5, castingAbility: 'wis', abilities: { wis: 16 } }

// Spell level 3, 7 damage, a grappler with CMB +6: each DC worked out by hand.
const DND35_DCS: Array<[string, Record<string, number>, number]> = [
  ['damaged', { damageTaken: 7 }, 10 + 7 + 3],
  ['defensive', {}, 15 + 3],
  ['grappled', {}, 20 + 3],
  ['entangled', {}, 15],
  ['vigorous-motion', {}, 10 + 3],
  ['violent-motion', {}, 15 + 3]
]
const PF1E_DCS: Array<[string, Record<string, number>, number]> = [
  ['damaged', { damageTaken: 7 }, 10 + 7 + 3],
  ['defensive', {}, 15 + 2 * 3],
  ['grappled', { grapplerCmb: 6 }, 10 + 6 + 3],
  ['entangled', {}, 15 + 3],
  ['vigorous-motion', {}, 10 + 3],
  ['violent-motion', {}, 15 + 3]
]

for (const [situation, extra, dc] of DND35_DCS) {
  test(`dnd35 ${situation}: DC ${dc} (SRD 3.5 › Skills › Concentration; docs/rules.md §115), d20 + Concentration`, async () => {
    // Exactly the DC succeeds, one below fails: the check is total ≥ DC.
    const hit = await post({ ruleset: 'dnd35', caster: wizard, spellLevel: 3, situation, ...extra, dice: { sequence: [dc - 9] } }).expect(200)
    assert.deepEqual([hit.body.dc, hit.body.roll, hit.body.bonus, hit.body.total, hit.body.success], [dc, dc - 9, 9, dc, true])
    const miss = await post({ ruleset: 'dnd35', caster: wizard, spellLevel: 3, situation, ...extra, dice: { sequence: [dc - 10] } }).expect(200)
    assert.deepEqual([miss.body.total, miss.body.success], [dc - 1, false])
    assert.deepEqual(hit.body.rolls, [{ purpose: 'concentration', die: 20, result: dc - 9 }])
    assert.equal(hit.body.dcBreakdown.reduce((n: number, l: { value: number }) => n + l.value, 0), dc)
  })
}

for (const [situation, extra, dc] of PF1E_DCS) {
  test(`pf1e ${situation}: DC ${dc} (PRD › Magic › Concentration; docs/rules.md §115), d20 + caster level + casting ability`, async () => {
    // caster level 5 + Wis 16 (+3) = +8.
    const hit = await post({ ruleset: 'pf1e', caster: cleric, spellLevel: 3, situation, ...extra, dice: { sequence: [dc - 8] } }).expect(200)
    assert.deepEqual([hit.body.dc, hit.body.bonus, hit.body.total, hit.body.success], [dc, 8, dc, true])
    assert.deepEqual(hit.body.breakdown.map((l: { source: string, value: number }) => [l.source, l.value]), [['caster level', 5], ['Wisdom', 3]])
    const miss = await post({ ruleset: 'pf1e', caster: cleric, spellLevel: 3, situation, ...extra, dice: { sequence: [dc - 9] } }).expect(200)
    assert.equal(miss.body.success, false)
  })
}

test('dnd35: a natural 20 is no automatic success, a natural 1 no automatic failure (SRD 3.5 › Skills › Skill Checks)', async () => {
  const low = await post({ ruleset: 'dnd35', caster: { concentration: 0 }, spellLevel: 9, situation: 'grappled', dice: { sequence: [20] } }).expect(200)
  assert.deepEqual([low.body.dc, low.body.total, low.body.success], [29, 20, false])
  const high = await post({ ruleset: 'dnd35', caster: { concentration: 30 }, spellLevel: 0, situation: 'entangled', dice: { sequence: [1] } }).expect(200)
  assert.deepEqual([high.body.total, high.body.success], [31, true])
})

test('dnd35: shaken is −2 on the Concentration check, a skill check (SRD 3.5 › Conditions › Shaken); pf1e: it is not a skill check (docs/rules.md §115)', async () => {
  const d = await post({ ruleset: 'dnd35', caster: { concentration: 9, conditions: ['shaken'] }, spellLevel: 1, situation: 'defensive', dice: { sequence: [10] } }).expect(200)
  assert.deepEqual([d.body.bonus, d.body.total, d.body.success], [7, 17, true])
  assert.deepEqual(d.body.breakdown.map((l: { source: string }) => l.source), ['Concentration skill', 'shaken'])
  const p = await post({ ruleset: 'pf1e', caster: { ...cleric, conditions: ['shaken'] }, spellLevel: 1, situation: 'defensive', dice: { sequence: [10] } }).expect(200)
  assert.equal(p.body.bonus, 8)
})

test('the echo: ruleset, seed and rolls as every resolution endpoint; the same seed gives the same check', async () => {
  const a = await post({ ruleset: 'dnd35', caster: wizard, spellLevel: 2, situation: 'violent-motion', seed: 'storm' }).expect(200)
  const b = await post({ ruleset: 'dnd35', caster: wizard, spellLevel: 2, situation: 'violent-motion', seed: 'storm' }).expect(200)
  assert.deepEqual(a.body, b.body)
  assert.deepEqual([a.body.ruleset, a.body.seed, a.body.situation, a.body.spellLevel], ['dnd35', 'storm', 'violent-motion', 2])
})

test('variant: no concentration check (422 rule-not-defined)', async () => {
  assertProblem(await post({ ruleset: 'variant', caster: wizard, spellLevel: 1, situation: 'defensive' }), { type: '/problems/rule-not-defined', path: '/ruleset' })
})

test('missing inputs are 422 missing-field naming them', async () => {
  assertProblem(await post({ ruleset: 'dnd35', caster: wizard, spellLevel: 1, situation: 'damaged' }), { type: '/problems/missing-field', path: '/damageTaken' })
  assertProblem(await post({ ruleset: 'pf1e', caster: cleric, spellLevel: 1, situation: 'grappled' }), { type: '/problems/missing-field', path: '/grapplerCmb' })
  assertProblem(await post({ ruleset: 'dnd35', caster: { id: 'x' }, spellLevel: 1, situation: 'defensive' }), { type: '/problems/missing-field', path: '/caster/concentration' })
  assertProblem(await post({ ruleset: 'pf1e', caster: { concentration: 9 }, spellLevel: 1, situation: 'defensive' }), { type: '/problems/missing-field', path: '/caster/casterLevel' })
  assertProblem(await post({ ruleset: 'pf1e', caster: { casterLevel: 3 }, spellLevel: 1, situation: 'defensive' }), { type: '/problems/missing-field', path: '/caster/castingAbility' })
  assertProblem(await post({ ruleset: 'pf1e', caster: { casterLevel: 3, castingAbility: 'int', abilities: { int: null } }, spellLevel: 1, situation: 'defensive' }), { type: '/problems/missing-field', path: '/caster/abilities/int' })
})

test('inputs the situation does not use are refused, never ignored (422 inconsistent-fields)', async () => {
  assertProblem(await post({ ruleset: 'dnd35', caster: wizard, spellLevel: 1, situation: 'defensive', damageTaken: 4 }), { type: '/problems/inconsistent-fields', path: '/damageTaken' })
  assertProblem(await post({ ruleset: 'dnd35', caster: wizard, spellLevel: 1, situation: 'grappled', grapplerCmb: 4 }), { type: '/problems/inconsistent-fields', path: '/grapplerCmb' })
})

test('schema limits: spell level 0–9, a known situation, castingAbility int/wis/cha (400 naming the field)', async () => {
  for (const [body, path] of [
    [{ caster: wizard, spellLevel: 10, situation: 'defensive' }, '/spellLevel'],
    [{ caster: wizard, spellLevel: 1, situation: 'dancing' }, '/situation'],
    [{ caster: { castingAbility: 'str' }, spellLevel: 1, situation: 'defensive' }, '/caster/castingAbility']
  ] as const) {
    const res = await post(body).expect(400)
    assert.ok(res.body.errors.some((e: { path: string }) => e.path === path), JSON.stringify(res.body))
  }
})

test('property: success ⇔ d20 + bonus ≥ the DC computed from the table, for every situation, spell level and roll (docs/rules.md §115)', async () => {
  const base: Record<string, [number, number]> = { damaged: [10, 1], defensive: [15, 1], grappled: [20, 1], entangled: [15, 0], 'vigorous-motion': [10, 1], 'violent-motion': [15, 1] }
  await fc.assert(fc.asyncProperty(fc.constantFrom(...Object.keys(base)), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: -5, max: 30 }), fc.integer({ min: 0, max: 40 }),
    async (situation, level, roll, bonus, damage) => {
      const [b, per] = base[situation] as [number, number]
      const dc = b + per * level + (situation === 'damaged' ? damage : 0)
      const res = await post({ ruleset: 'dnd35', caster: { concentration: bonus }, spellLevel: level, situation, ...(situation === 'damaged' ? { damageTaken: damage } : {}), dice: { sequence: [roll] } }).expect(200)
      assert.deepEqual([res.body.dc, res.body.success], [dc, roll + bonus >= dc])
    }), { numRuns: 60 })
})
