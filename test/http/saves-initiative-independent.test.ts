// An independent check of POST /v1/saves and POST /v1/initiative: every
// expected number below was derived by hand from docs/rules.md §P3 and §P7,
// the OpenAPI document and the published rules (SRD 3.5 › Saving Throws; Initiative; Surprise;
// PRD › Saving Throws; variant › Saving Throws; Initiative), not from the code.
import { test, before, after, describe } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

interface Roll { purpose: string, die: number, result: number }
interface Entry { source: string, value: number, applied: boolean }
interface SaveResult { id: string | null, saveBonus: number, breakdown: Entry[], roll: number, total: number, success: boolean, automatic: string | null, damage: number | null }
interface SavesBody { results: SaveResult[], effectDamage: { total: number } | null, rolls: Roll[] }
interface InitiativeEntry { id: string, roll: number, modifier: number, total: number, breakdown: Entry[], tieBreak: number[], simultaneousWith: string[] }
interface InitiativeBody { order: InitiativeEntry[], surpriseRound: boolean, surpriseActors: string[], flatFooted: string[], rolls: Roll[] }

async function post<T> (path: string, body: Record<string, unknown>, status = 200): Promise<T> {
  const res = await request(app.server).post(path).send(body)
  assert.equal(res.status, status, JSON.stringify(res.body))
  return res.body as T
}
const saves = async (body: Record<string, unknown>, status = 200) => await post<SavesBody>('/v1/saves', body, status)
const initiative = async (body: Record<string, unknown>, status = 200) => await post<InitiativeBody>('/v1/initiative', body, status)
const appliedSum = (breakdown: Entry[]) => breakdown.filter((e) => e.applied).reduce((s, e) => s + e.value, 0)

describe('saves (SRD 3.5 › Saving Throws; docs/rules.md §P3)', () => {
  const rogue = { id: 'rogue', abilities: { dex: 14 }, baseSaves: { reflex: 3 } } // +3 base, +2 Dex = +5

  test('Reflex = base + Dex: 10 + 5 = 15 meets DC 15; 9 + 5 = 14 does not', async () => {
    const body = await saves({ ruleset: 'dnd35', save: 'reflex', dc: 15, targets: [rogue, rogue], dice: { sequence: [10, 9] } })
    assert.deepEqual(body.results.map((r) => [r.saveBonus, r.roll, r.total, r.success, r.automatic, r.damage]),
      [[5, 10, 15, true, null, null], [5, 9, 14, false, null, null]])
    assert.equal(appliedSum(body.results[0]?.breakdown ?? []), 5)
    assert.equal(body.effectDamage, null)
  })

  test('Fortitude uses Con and Will uses Wis (SRD 3.5 › Saving Throw Types)', async () => {
    const cleric = { abilities: { con: 8, wis: 16, dex: 18 }, baseSaves: { fortitude: 4, will: 4, reflex: 0 } }
    const fort = await saves({ ruleset: 'dnd35', save: 'fortitude', dc: 10, targets: [cleric], dice: { sequence: [7] } })
    assert.equal(fort.results[0]?.saveBonus, 3)
    const will = await saves({ ruleset: 'pf1e', save: 'will', dc: 10, targets: [cleric], dice: { sequence: [7] } })
    assert.equal(will.results[0]?.saveBonus, 7)
  })

  test('a natural 1 always fails and a natural 20 always succeeds (SRD 3.5 › Automatic Failures and Successes; docs/rules.md §16)', async () => {
    const strong = { baseSaves: { fortitude: 30 } }
    const weak = { baseSaves: { fortitude: 0 } }
    for (const ruleset of ['dnd35', 'pf1e']) {
      const body = await saves({ ruleset, save: 'fortitude', dc: 25, targets: [strong, weak], dice: { sequence: [1, 20] } })
      assert.deepEqual(body.results.map((r) => [r.total, r.success, r.automatic]), [[31, false, 'natural-1'], [20, true, 'natural-20']], ruleset)
    }
    const variant = await saves({ ruleset: 'variant', save: 'spell', dc: 25, targets: [{ baseSaves: { spell: 30 } }, { baseSaves: { spell: 0 } }], dice: { sequence: [1, 20] } })
    assert.deepEqual(variant.results.map((r) => [r.success, r.automatic]), [[false, 'natural-1'], [true, 'natural-20']])
  })

  test('an area effect is rolled once; success halves it, rounded down (OpenAPI › POST /v1/saves; docs/rules.md §P0.2 rounding)', async () => {
    const body = await saves({
      ruleset: 'dnd35',
      save: 'reflex',
      dc: 15,
      effect: { damage: '4d6', onSuccess: 'half' },
      targets: [rogue, { ...rogue, id: 'second' }],
      dice: { sequence: [3, 4, 5, 5, 10, 9] }
    })
    assert.equal(body.effectDamage?.total, 17)
    assert.deepEqual(body.results.map((r) => [r.id, r.success, r.damage]), [['rogue', true, 8], ['second', false, 17]])
    // Dice order: the effect's damage dice once, then one d20 per target in request order.
    assert.deepEqual(body.rolls.map((r) => [r.die, r.result]), [[6, 3], [6, 4], [6, 5], [6, 5], [20, 10], [20, 9]])
  })

  test('onSuccess none and full (OpenAPI › POST /v1/saves)', async () => {
    const none = await saves({ ruleset: 'dnd35', save: 'reflex', dc: 15, effect: { damage: '2d6', onSuccess: 'none' }, targets: [rogue], dice: { sequence: [6, 6, 12] } })
    assert.equal(none.results[0]?.damage, 0)
    const full = await saves({ ruleset: 'dnd35', save: 'reflex', dc: 15, effect: { damage: '2d6', onSuccess: 'full' }, targets: [rogue], dice: { sequence: [6, 6, 12] } })
    assert.equal(full.results[0]?.damage, 12)
  })

  test('cover: +2 Reflex, improved +4; nothing on Fortitude (SRD 3.5 › Cover)', async () => {
    const body = await saves({
      ruleset: 'dnd35',
      save: 'reflex',
      dc: 15,
      targets: [{ ...rogue, cover: 'cover' }, { ...rogue, cover: 'improved' }, { ...rogue, cover: 'none' }],
      dice: { sequence: [10, 10, 10] }
    })
    assert.deepEqual(body.results.map((r) => r.saveBonus), [7, 9, 5])
    const fort = await saves({ ruleset: 'dnd35', save: 'fortitude', dc: 15, targets: [{ baseSaves: { fortitude: 1 }, cover: 'cover' }], dice: { sequence: [10] } })
    assert.equal(fort.results[0]?.saveBonus, 1)
  })

  test('pf1e partial cover: +1 Reflex (docs/rules.md §P2.8; PRD › Cover); dnd35 and the variant have none: 422', async () => {
    const body = await saves({ ruleset: 'pf1e', save: 'reflex', dc: 15, targets: [{ ...rogue, cover: 'partial' }], dice: { sequence: [10] } })
    assert.equal(body.results[0]?.saveBonus, 6)
    assert.equal(body.results[0]?.total, 16)
    assert.ok(body.results[0]?.breakdown.some((e) => e.source === 'partial cover' && e.value === 1))
    const fort = await saves({ ruleset: 'pf1e', save: 'fortitude', dc: 15, targets: [{ baseSaves: { fortitude: 1 }, cover: 'partial' }], dice: { sequence: [10] } })
    assert.equal(fort.results[0]?.saveBonus, 1, 'cover helps Reflex only')
    for (const ruleset of ['dnd35', 'variant']) {
      const res = await request(app.server).post('/v1/saves').send({ ruleset, save: 'reflex', dc: 15, targets: [rogue, { ...rogue, cover: 'partial' }] })
      assert.equal(res.status, 422, ruleset)
      assertProblem(res, { type: '/problems/rule-not-defined', path: '/targets/1/cover' })
    }
  })

  test('improved cover grants improved evasion: half on a failure, none on a success (SRD 3.5 › Cover › Varying Degrees of Cover)', async () => {
    const body = await saves({
      ruleset: 'dnd35',
      save: 'reflex',
      dc: 15,
      effect: { damage: '4d6', onSuccess: 'half' },
      targets: [{ ...rogue, cover: 'improved' }, { ...rogue, id: 'b', cover: 'improved' }],
      dice: { sequence: [3, 4, 5, 5, 6, 1] } // 17; 6 + 9 = 15 succeeds, natural 1 fails
    })
    assert.deepEqual(body.results.map((r) => [r.success, r.damage]), [[true, 0], [false, 8]])
  })

  test('variant Charm uses the better of Cha and Wis (variant › Saving Throws › Charm; docs/rules.md §32)', async () => {
    const body = await saves({
      ruleset: 'variant',
      save: 'charm',
      dc: 10,
      targets: [
        { id: 'bard', abilities: { cha: 16, wis: 12 }, baseSaves: { charm: 1 } }, // +3
        { id: 'monk', abilities: { cha: 8, wis: 18 }, baseSaves: { charm: 1 } }, // +4
        { id: 'brute', abilities: { cha: 6, wis: 8 }, baseSaves: { charm: 1 } } // −1 (the better of −2 and −1)
      ],
      dice: { sequence: [5, 5, 5] }
    })
    assert.deepEqual(body.results.map((r) => r.saveBonus), [4, 5, 0])
    for (const r of body.results) assert.equal(appliedSum(r.breakdown), r.saveBonus)
  })

  test('variant Death, Fear and Spell add no ability; Reflex adds Dex (variant › Saving Throws)', async () => {
    const hero = { abilities: { dex: 18, con: 18, cha: 18, wis: 18 }, baseSaves: { charm: 2, reflex: 2, death: 2, fear: 2, spell: 2 } }
    for (const [save, bonus] of [['death', 2], ['fear', 2], ['spell', 2], ['reflex', 6]] as const) {
      const body = await saves({ ruleset: 'variant', save, dc: 10, targets: [hero], dice: { sequence: [10] } })
      assert.equal(body.results[0]?.saveBonus, bonus, save)
    }
  })

  test('variant off-guard loses Dex on Reflex; dnd35 flat-footed does not (variant › Conditions › Off-Guard; SRD 3.5 › Flat-Footed is AC only)', async () => {
    const variant = await saves({ ruleset: 'variant', save: 'reflex', dc: 10, targets: [{ abilities: { dex: 16 }, baseSaves: { reflex: 1 }, conditions: ['off-guard'] }], dice: { sequence: [10] } })
    assert.equal(variant.results[0]?.saveBonus, 1)
    const dnd = await saves({ ruleset: 'dnd35', save: 'reflex', dc: 10, targets: [{ abilities: { dex: 16 }, baseSaves: { reflex: 1 }, conditions: ['flat-footed'] }], dice: { sequence: [10] } })
    assert.equal(dnd.results[0]?.saveBonus, 4)
  })

  test('variant shaken −2 on every save, sickened −2 on all but Death (variant › Conditions)', async () => {
    const shaken = { baseSaves: { death: 3, spell: 3 }, conditions: ['shaken'] }
    const sickened = { baseSaves: { death: 3, spell: 3 }, conditions: ['sickened'] }
    const death = await saves({ ruleset: 'variant', save: 'death', dc: 10, targets: [shaken, sickened], dice: { sequence: [10, 10] } })
    assert.deepEqual(death.results.map((r) => r.saveBonus), [1, 3])
    const spell = await saves({ ruleset: 'variant', save: 'spell', dc: 10, targets: [shaken, sickened], dice: { sequence: [10, 10] } })
    assert.deepEqual(spell.results.map((r) => r.saveBonus), [1, 1])
  })

  test('a save the ruleset lacks is a 422 (OpenAPI › POST /v1/saves)', async () => {
    const a = await request(app.server).post('/v1/saves').send({ ruleset: 'dnd35', save: 'charm', dc: 10, targets: [{ baseSaves: { charm: 1 } }] })
    assert.equal(a.status, 422)
    assertProblem(a, { type: '/problems/unknown-save', path: '/save' })
    const b = await request(app.server).post('/v1/saves').send({ ruleset: 'variant', save: 'will', dc: 10, targets: [{ baseSaves: { will: 1 } }] })
    assert.equal(b.status, 422)
    assertProblem(b, { type: '/problems/unknown-save', path: '/save' })
  })
})

describe('initiative (SRD 3.5 › Initiative; Surprise; docs/rules.md §P7)', () => {
  test('d20 + Dex; Improved Initiative +4; ties go to the higher modifier (SRD 3.5 › Initiative Checks)', async () => {
    const body = await initiative({
      ruleset: 'dnd35',
      combatants: [{ id: 'quick', abilities: { dex: 14 } }, { id: 'trained', abilities: { dex: 10 }, feats: ['improved-initiative'] }, { id: 'slow', abilities: { dex: 8 } }],
      dice: { sequence: [10, 8, 19] }
    })
    assert.deepEqual(body.order.map((e) => [e.id, e.roll, e.modifier, e.total]), [['slow', 19, -1, 18], ['trained', 8, 4, 12], ['quick', 10, 2, 12]])
    for (const e of body.order) assert.equal(appliedSum(e.breakdown), e.modifier)
    assert.deepEqual(body.rolls.map((r) => [r.die, r.result]), [[20, 10], [20, 8], [20, 19]])
    assert.equal(body.surpriseRound, false)
    assert.deepEqual(body.surpriseActors, [])
  })

  test('equal totals and modifiers roll off, after every initiative d20 (OpenAPI › POST /v1/initiative dice order)', async () => {
    const body = await initiative({
      ruleset: 'pf1e',
      combatants: [{ id: 'a', abilities: { dex: 14 } }, { id: 'b', abilities: { dex: 14 } }, { id: 'c', abilities: { dex: 10 } }],
      dice: { sequence: [10, 10, 3, 5, 15] }
    })
    assert.deepEqual(body.order.map((e) => e.id), ['b', 'a', 'c'])
    assert.deepEqual(body.order.map((e) => e.tieBreak), [[15], [5], []])
    assert.deepEqual(body.rolls.map((r) => r.result), [10, 10, 3, 5, 15])
    assert.equal(body.rolls[3]?.die, 20)
  })

  test('surprise: some aware → a surprise round for the aware, in initiative order (SRD 3.5 › The Surprise Round)', async () => {
    const body = await initiative({
      ruleset: 'dnd35',
      combatants: [{ id: 'guard', aware: false }, { id: 'thief', abilities: { dex: 16 } }, { id: 'archer' }],
      dice: { sequence: [20, 4, 12] }
    })
    assert.equal(body.surpriseRound, true)
    assert.deepEqual(body.surpriseActors, ['archer', 'thief'])
    // SRD 3.5 › Flat-Footed: everyone is flat-footed until their first turn.
    assert.deepEqual(new Set(body.flatFooted), new Set(['guard', 'thief', 'archer']))
  })

  test('no one or everyone aware: no surprise round (SRD 3.5 › The Surprise Round)', async () => {
    const none = await initiative({ ruleset: 'dnd35', combatants: [{ id: 'a', aware: false }, { id: 'b', aware: false }], dice: { sequence: [5, 6] } })
    assert.equal(none.surpriseRound, false)
    assert.deepEqual(none.surpriseActors, [])
  })

  test('uncanny dodge is not flat-footed (SRD 3.5 › Flat-Footed)', async () => {
    const body = await initiative({ ruleset: 'dnd35', combatants: [{ id: 'barbarian', feats: ['uncanny-dodge'] }, { id: 'wizard' }], dice: { sequence: [5, 6] } })
    assert.deepEqual(body.flatFooted, ['wizard'])
  })

  test('variant: d20 + BCB + Dex; ties act simultaneously with no roll-off (variant › Initiative; Initiative Ties)', async () => {
    const body = await initiative({
      ruleset: 'variant',
      combatants: [{ id: 'fighter', baseAttackBonus: 2, abilities: { dex: 12 } }, { id: 'rogue', baseAttackBonus: 0, abilities: { dex: 16 } }, { id: 'orc', baseAttackBonus: 1 }],
      dice: { sequence: [10, 10, 4] }
    })
    assert.deepEqual(body.order.map((e) => [e.id, e.modifier, e.total]), [['fighter', 3, 13], ['rogue', 3, 13], ['orc', 1, 5]])
    assert.deepEqual(body.order.map((e) => e.simultaneousWith), [['rogue'], ['fighter'], []])
    assert.equal(body.rolls.length, 3, 'no roll-off in the variant')
  })

  test('variant: a bloodied combatant takes −1 on initiative (variant › Bloodied "including initiative checks")', async () => {
    const body = await initiative({
      ruleset: 'variant',
      combatants: [{ id: 'hurt', baseAttackBonus: 2, hitPoints: { max: 12, current: 6 } }],
      dice: { sequence: [10] }
    })
    assert.equal(body.order[0]?.modifier, 1)
    assert.equal(body.order[0]?.total, 11)
  })

  test('hit points with current above max are a 422 inconsistent-fields naming the field, not a silent "unhurt" (OpenAPI › Errors: never a 400 for a schema-valid body)', async () => {
    const res = await request(app.server).post('/v1/initiative').send({ ruleset: 'variant', combatants: [{ id: 'a', baseAttackBonus: 1 }, { id: 'b', baseAttackBonus: 1, hitPoints: { max: 5, current: 10 } }] })
    assertProblem(res, { type: '/problems/inconsistent-fields', path: '/combatants/1/hitPoints/current' })
  })

  test('variant surprise round: the aware act (variant › Surprise Rounds)', async () => {
    const body = await initiative({
      ruleset: 'variant',
      combatants: [{ id: 'a', baseAttackBonus: 0 }, { id: 'b', baseAttackBonus: 0, aware: false }],
      dice: { sequence: [10, 12] }
    })
    assert.equal(body.surpriseRound, true)
    assert.deepEqual(body.surpriseActors, ['a'])
  })
})
