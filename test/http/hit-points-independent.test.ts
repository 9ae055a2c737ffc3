// An independent check of POST /v1/damage and POST /v1/healing: every expected
// number below was derived by hand from docs/rules.md §P6, the OpenAPI document and the published rules
// (SRD 3.5 › Injury and Death, PRD › Injury and Death, variant › Hit Points / Death and
// Dying), before reading the first implementation's tests.
import { test, before, after, describe } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

interface Hp { max: number, current: number, temporary: number, nonlethal: number, status: string, woundPoints?: number, deathSaves?: { successes: number, failures: number }, constitutionDamage?: number, bloodied?: boolean, wounded?: boolean, penalty?: number }
interface Roll { purpose: string, die: number, result: number }
interface Check { die: number, roll: number, total: number, dc: number, success: boolean }
interface DamageBody { amount: number, before: Hp, after: Hp, massiveDamage: { dc: number, roll: number, total: number, survived: boolean } | null, deathSave: { dc: number, roll: number, total: number, success: boolean, margin: number } | null, rolls: Roll[] }
interface HealingBody { amount: number | null, before: Hp, after: Hp, check: Check | null, rolls: Roll[] }

async function post<T> (path: string, body: Record<string, unknown>, status = 200): Promise<T> {
  const res = await request(app.server).post(path).send(body)
  assert.equal(res.status, status, JSON.stringify(res.body))
  return res.body as T
}
const damage = async (body: Record<string, unknown>, status = 200) => await post<DamageBody>('/v1/damage', body, status)
const heal = async (body: Record<string, unknown>, status = 200) => await post<HealingBody>('/v1/healing', body, status)

describe('dnd35 damage (SRD 3.5 › Injury and Death)', () => {
  test('5 HP taking 6 is dying at −1 (SRD 3.5 › Dying (–1 to –9 Hit Points))', async () => {
    const body = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 5 } }, damage: { amount: 6 } })
    assert.equal(body.before.status, 'healthy')
    assert.equal(body.after.current, -1)
    assert.equal(body.after.status, 'dying')
    assert.equal(body.massiveDamage, null)
    assert.equal(body.deathSave, null)
    assert.deepEqual(body.rolls, [])
  })

  test('5 HP taking 15 is dead at −10 (SRD 3.5 › Dead (–10 Hit Points or Lower))', async () => {
    const body = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 5 } }, damage: { amount: 15 } })
    assert.equal(body.after.current, -10)
    assert.equal(body.after.status, 'dead')
  })

  test('5 HP taking 5 is disabled at exactly 0; taking 14 is dying at −9 (SRD 3.5 › Disabled; Dying)', async () => {
    const zero = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 5 } }, damage: { amount: 5 } })
    assert.equal(zero.after.current, 0)
    assert.equal(zero.after.status, 'disabled')
    const nine = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 5 } }, damage: { amount: 14 } })
    assert.equal(nine.after.current, -9)
    assert.equal(nine.after.status, 'dying')
  })

  test('damage dice are rolled first and their total is the damage (OpenAPI › POST /v1/damage dice order)', async () => {
    const body = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 20 } }, damage: { dice: '2d6+1' }, dice: { sequence: [3, 5] } })
    assert.equal(body.amount, 9)
    assert.equal(body.after.current, 11)
    assert.deepEqual(body.rolls.map((r) => [r.die, r.result]), [[6, 3], [6, 5]])
  })

  test('temporary hit points are lost first (SRD 3.5 › Temporary Hit Points)', async () => {
    const body = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 10, temporary: 5 } }, damage: { amount: 8 } })
    assert.equal(body.after.temporary, 0)
    assert.equal(body.after.current, 7)
  })

  test('nonlethal equal to current HP staggers, above it knocks out (SRD 3.5 › Nonlethal Damage › Staggered and Unconscious)', async () => {
    const equal = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 10 } }, damage: { amount: 10, nonlethal: true } })
    assert.equal(equal.after.current, 10, 'nonlethal damage is never subtracted from HP')
    assert.equal(equal.after.nonlethal, 10)
    assert.equal(equal.after.status, 'staggered')
    const above = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 10 } }, damage: { amount: 11, nonlethal: true } })
    assert.equal(above.after.nonlethal, 11)
    assert.equal(above.after.status, 'unconscious')
  })

  test('lethal damage that lowers HP to the nonlethal total staggers too (SRD 3.5 › Nonlethal: "because your current hit points have gone down")', async () => {
    const body = await damage({ ruleset: 'dnd35', creature: { hitPoints: { max: 20, current: 12, nonlethal: 8 } }, damage: { amount: 4 } })
    assert.equal(body.after.current, 8)
    assert.equal(body.after.status, 'staggered')
  })

  describe('massive damage (SRD 3.5 › Massive Damage)', () => {
    const ogre = (current = 120) => ({ abilities: { con: 10 }, baseSaves: { fortitude: 2 }, hitPoints: { max: 120, current } })

    test('55 from one attack calls for a DC 15 Fortitude save; 12 + 2 = 14 fails and kills', async () => {
      const body = await damage({ ruleset: 'dnd35', creature: ogre(), damage: { amount: 55 }, dice: { sequence: [12] } })
      assert.deepEqual({ dc: body.massiveDamage?.dc, roll: body.massiveDamage?.roll, total: body.massiveDamage?.total, survived: body.massiveDamage?.survived },
        { dc: 15, roll: 12, total: 14, survived: false })
      assert.equal(body.after.status, 'dead')
      assert.deepEqual(body.rolls.map((r) => r.die), [20])
    })

    test('a 13 makes the save (15 ≥ DC 15): alive at 65 HP', async () => {
      const body = await damage({ ruleset: 'dnd35', creature: ogre(), damage: { amount: 55 }, dice: { sequence: [13] } })
      assert.equal(body.massiveDamage?.survived, true)
      assert.equal(body.after.current, 65)
      assert.equal(body.after.status, 'healthy')
    })

    test('two attacks of 30 trigger nothing', async () => {
      const first = await damage({ ruleset: 'dnd35', creature: ogre(), damage: { amount: 30 } })
      assert.equal(first.massiveDamage, null)
      const second = await damage({ ruleset: 'dnd35', creature: ogre(first.after.current), damage: { amount: 30 } })
      assert.equal(second.massiveDamage, null)
      assert.equal(second.after.current, 60)
      assert.deepEqual([...first.rolls, ...second.rolls], [])
    })

    test('exactly 50 triggers, 49 does not; 60 flagged as several attacks does not', async () => {
      const fifty = await damage({ ruleset: 'dnd35', creature: ogre(), damage: { amount: 50 }, dice: { sequence: [20] } })
      assert.equal(fifty.massiveDamage?.dc, 15)
      const fortyNine = await damage({ ruleset: 'dnd35', creature: ogre(), damage: { amount: 49 } })
      assert.equal(fortyNine.massiveDamage, null)
      const several = await damage({ ruleset: 'dnd35', creature: ogre(), damage: { amount: 60, singleAttack: false } })
      assert.equal(several.massiveDamage, null)
    })

    test('damage that kills outright calls for no save ("and it doesn\'t kill you outright")', async () => {
      const body = await damage({ ruleset: 'dnd35', creature: ogre(40), damage: { amount: 50 } })
      assert.equal(body.after.status, 'dead')
      assert.equal(body.massiveDamage, null)
      assert.deepEqual(body.rolls, [])
    })

    test('dice order: damage dice, then the Fortitude d20 (OpenAPI › POST /v1/damage)', async () => {
      const body = await damage({ ruleset: 'dnd35', creature: ogre(), damage: { dice: '9d6+5' }, dice: { sequence: [6, 6, 6, 6, 6, 6, 6, 6, 6, 13] } })
      assert.equal(body.amount, 59)
      assert.deepEqual(body.rolls.map((r) => r.die), [6, 6, 6, 6, 6, 6, 6, 6, 6, 20])
      assert.equal(body.massiveDamage?.total, 15)
      assert.equal(body.after.current, 61)
    })
  })
})

describe('dnd35 healing (SRD 3.5 › Stable Characters and Recovery; Healing)', () => {
  const dying = (current: number, extra: Record<string, unknown> = {}) => ({ level: 3, hitPoints: { max: 20, current, ...extra } })

  test('healing a −3 dying character by 3 leaves it conscious and disabled at 0', async () => {
    const body = await heal({ ruleset: 'dnd35', creature: dying(-3), healing: { kind: 'magical', amount: 3 } })
    assert.equal(body.before.status, 'dying')
    assert.equal(body.after.current, 0)
    assert.equal(body.after.status, 'disabled')
  })

  test('healing a −3 dying character by 4 makes it fully functional at 1', async () => {
    const body = await heal({ ruleset: 'dnd35', creature: dying(-3), healing: { kind: 'magical', amount: 4 } })
    assert.equal(body.after.current, 1)
    assert.equal(body.after.status, 'healthy')
  })

  test('healing of 1 point stabilizes a dying character (−3 → −2, stable)', async () => {
    const body = await heal({ ruleset: 'dnd35', creature: dying(-3), healing: { kind: 'magical', amount: 1 } })
    assert.equal(body.after.current, -2)
    assert.equal(body.after.status, 'stable')
  })

  test('magical healing never exceeds max HP (SRD 3.5 › Healing Limits)', async () => {
    const body = await heal({ ruleset: 'dnd35', creature: dying(18), healing: { kind: 'magical', dice: '1d8+3' }, dice: { sequence: [8] } })
    assert.equal(body.after.current, 20)
    // `amount` is the healing given (8 + 3), not what fit under max: the schema says so.
    assert.equal(body.amount, 11)
    assert.deepEqual(body.rolls.map((r) => [r.die, r.result]), [[8, 8]])
  })

  test('magical healing also removes as much nonlethal damage (SRD 3.5 › Healing Nonlethal Damage)', async () => {
    const body = await heal({ ruleset: 'dnd35', creature: dying(15, { nonlethal: 8 }), healing: { kind: 'magical', amount: 5 } })
    assert.equal(body.after.current, 20)
    assert.equal(body.after.nonlethal, 3)
  })

  test('natural healing: level per night, twice for a day of bed rest, never above max (SRD 3.5 › Natural Healing)', async () => {
    const creature = { level: 5, hitPoints: { max: 40, current: 10 } }
    assert.equal((await heal({ ruleset: 'dnd35', creature, healing: { kind: 'natural', period: 'night' } })).after.current, 15)
    assert.equal((await heal({ ruleset: 'dnd35', creature, healing: { kind: 'natural', period: 'bed-rest-day' } })).after.current, 20)
    assert.equal((await heal({ ruleset: 'dnd35', creature, healing: { kind: 'natural', period: 'night', count: 3 } })).after.current, 25)
    const nearlyFull = { level: 5, hitPoints: { max: 40, current: 38 } }
    assert.equal((await heal({ ruleset: 'dnd35', creature: nearlyFull, healing: { kind: 'natural', period: 'bed-rest-day' } })).after.current, 40)
  })

  test('nonlethal recovery: 1 per hour per level (SRD 3.5 › Healing Nonlethal Damage)', async () => {
    const body = await heal({ ruleset: 'dnd35', creature: { level: 3, hitPoints: { max: 20, current: 20, nonlethal: 10 } }, healing: { kind: 'nonlethal-recovery', hours: 2 } })
    assert.equal(body.after.nonlethal, 4)
    assert.equal(body.after.current, 20)
  })

  test('the dying d%: 10 stabilizes, 11 costs 1 HP (SRD 3.5 › Stable Characters: 10% chance)', async () => {
    const ok = await heal({ ruleset: 'dnd35', creature: dying(-3), healing: { kind: 'stabilize' }, dice: { sequence: [10] } })
    assert.equal(ok.check?.die, 100)
    assert.equal(ok.check?.roll, 10)
    assert.equal(ok.check?.success, true)
    assert.equal(ok.after.current, -3)
    assert.equal(ok.after.status, 'stable')
    assert.deepEqual(ok.rolls.map((r) => r.die), [100])
    const miss = await heal({ ruleset: 'dnd35', creature: dying(-3), healing: { kind: 'stabilize' }, dice: { sequence: [11] } })
    assert.equal(miss.check?.success, false)
    assert.equal(miss.after.current, -4)
    assert.equal(miss.after.status, 'dying')
  })

  test('a miss at −9 dies at −10 (SRD 3.5 › Stable Characters: "If the character\'s hit points drop to –10 or lower, he\'s dead")', async () => {
    const body = await heal({ ruleset: 'dnd35', creature: dying(-9), healing: { kind: 'stabilize' }, dice: { sequence: [100] } })
    assert.equal(body.after.current, -10)
    assert.equal(body.after.status, 'dead')
  })

  test('a DC 15 Heal check stabilizes: +4 with 11 succeeds, 10 fails without HP loss (SRD 3.5 › Stable Characters)', async () => {
    const ok = await heal({ ruleset: 'dnd35', creature: dying(-3), healing: { kind: 'heal-check', checkBonus: 4 }, dice: { sequence: [11] } })
    assert.deepEqual({ roll: ok.check?.roll, total: ok.check?.total, dc: ok.check?.dc, success: ok.check?.success }, { roll: 11, total: 15, dc: 15, success: true })
    assert.equal(ok.after.status, 'stable')
    assert.equal(ok.after.current, -3)
    const fail = await heal({ ruleset: 'dnd35', creature: dying(-3), healing: { kind: 'heal-check', checkBonus: 4 }, dice: { sequence: [10] } })
    assert.equal(fail.check?.success, false)
    assert.equal(fail.after.status, 'dying')
    assert.equal(fail.after.current, -3)
  })

  test('recovering: a stable creature wakes disabled on d% ≤ 10; untended, a miss costs 1 HP; tended it does not (SRD 3.5 › Recovering with/without Help)', async () => {
    const stable = dying(-3, { status: 'stable' })
    const wakes = await heal({ ruleset: 'dnd35', creature: stable, healing: { kind: 'recover', period: 'hour', tended: true }, dice: { sequence: [7] } })
    assert.equal(wakes.after.status, 'disabled')
    assert.equal(wakes.after.current, -3)
    const alone = await heal({ ruleset: 'dnd35', creature: stable, healing: { kind: 'recover', period: 'hour', tended: false }, dice: { sequence: [50] } })
    assert.equal(alone.after.current, -4)
    assert.equal(alone.after.status, 'stable')
    const tended = await heal({ ruleset: 'dnd35', creature: stable, healing: { kind: 'recover', period: 'hour', tended: true }, dice: { sequence: [50] } })
    assert.equal(tended.after.current, -3)
    assert.equal(tended.after.status, 'stable')
  })

  test('a disabled creature\'s standard action costs 1 HP: 0 → −1 dying; woken at −3 → −4 dying (SRD 3.5 › Disabled; kind strenuous-action)', async () => {
    const atZero = await heal({ ruleset: 'dnd35', creature: dying(0), healing: { kind: 'strenuous-action' } })
    assert.equal(atZero.before.status, 'disabled')
    assert.equal(atZero.after.current, -1)
    assert.equal(atZero.after.status, 'dying')
    assert.equal(atZero.check, null)
    assert.deepEqual(atZero.rolls, [])
    const woken = await heal({ ruleset: 'pf1e', creature: { abilities: { con: 12 }, hitPoints: { max: 20, current: -3, status: 'disabled' } }, healing: { kind: 'strenuous-action' } })
    assert.equal(woken.after.current, -4)
    assert.equal(woken.after.status, 'dying')
    // 5 hit points is healthy, not disabled: the status is what the rule needs
    assertProblem(await heal({ ruleset: 'dnd35', creature: dying(5), healing: { kind: 'strenuous-action' } }, 422), { type: '/problems/not-possible', path: '/creature/hitPoints/status' })
  })

  test('healing the dead is a 422 (OpenAPI › POST /v1/healing; SRD 3.5 › Dead)', async () => {
    const res = await request(app.server).post('/v1/healing').send({ ruleset: 'dnd35', creature: dying(-12), healing: { kind: 'magical', amount: 5 } })
    assert.equal(res.status, 422)
    // −12 is past −10: the current hit points are what makes it dead
    assertProblem(res, { type: '/problems/not-possible', path: '/creature/hitPoints/current' })
  })
})

describe('pf1e (PRD › Injury and Death; docs/rules.md §P6.2)', () => {
  const fighter = (current: number, con = 14) => ({ abilities: { con }, hitPoints: { max: 20, current } })

  test('Con 14 is dying at −13 and dead at −14', async () => {
    const alive = await damage({ ruleset: 'pf1e', creature: fighter(5), damage: { amount: 18 } })
    assert.equal(alive.after.current, -13)
    assert.equal(alive.after.status, 'dying')
    const dead = await damage({ ruleset: 'pf1e', creature: fighter(5), damage: { amount: 19 } })
    assert.equal(dead.after.current, -14)
    assert.equal(dead.after.status, 'dead')
  })

  test('−10 is still dying with Con 14 (no dnd35 threshold in pf1e)', async () => {
    const body = await damage({ ruleset: 'pf1e', creature: fighter(0), damage: { amount: 10 } })
    assert.equal(body.after.status, 'dying')
  })

  test('stabilizing at −4 with Con 12 needs a 13: d20 + 1 − 4 ≥ 10 (PRD; docs/rules.md §46)', async () => {
    const ok = await heal({ ruleset: 'pf1e', creature: fighter(-4, 12), healing: { kind: 'stabilize' }, dice: { sequence: [13] } })
    assert.deepEqual({ die: ok.check?.die, roll: ok.check?.roll, total: ok.check?.total, dc: ok.check?.dc, success: ok.check?.success },
      { die: 20, roll: 13, total: 10, dc: 10, success: true })
    assert.equal(ok.after.status, 'stable')
    assert.equal(ok.after.current, -4)
    const fail = await heal({ ruleset: 'pf1e', creature: fighter(-4, 12), healing: { kind: 'stabilize' }, dice: { sequence: [12] } })
    assert.equal(fail.check?.total, 9)
    assert.equal(fail.check?.success, false)
    assert.equal(fail.after.current, -5)
    assert.equal(fail.after.status, 'dying')
  })

  test('a natural 20 stabilizes even when the total falls short (PRD › "A natural 20 on this check is an automatic success")', async () => {
    // Con 18 (+4) at −17: 20 + 4 − 17 = 7 < 10.
    const body = await heal({ ruleset: 'pf1e', creature: fighter(-17, 18), healing: { kind: 'stabilize' }, dice: { sequence: [20] } })
    assert.equal(body.check?.total, 7)
    assert.equal(body.check?.success, true)
    assert.equal(body.after.status, 'stable')
  })

  test('a failure at −(Con − 1) dies (Con 12 at −11 → −12)', async () => {
    const body = await heal({ ruleset: 'pf1e', creature: fighter(-11, 12), healing: { kind: 'stabilize' }, dice: { sequence: [2] } })
    assert.equal(body.after.current, -12)
    assert.equal(body.after.status, 'dead')
  })

  test('the Heal check DC is 15 (docs/rules.md §46)', async () => {
    const body = await heal({ ruleset: 'pf1e', creature: fighter(-4), healing: { kind: 'heal-check', checkBonus: 0 }, dice: { sequence: [14] } })
    assert.equal(body.check?.dc, 15)
    assert.equal(body.check?.success, false)
  })

  test('nonlethal damage past max HP is lethal (docs/rules.md §48): max 10, nonlethal 8, 5 more → nonlethal 10, current 7', async () => {
    const body = await damage({ ruleset: 'pf1e', creature: { abilities: { con: 10 }, hitPoints: { max: 10, current: 10, nonlethal: 8 } }, damage: { amount: 5, nonlethal: true } })
    assert.equal(body.after.nonlethal, 10)
    assert.equal(body.after.current, 7)
    assert.equal(body.after.status, 'unconscious')
  })

  test('optional massive damage: off by default; on, the threshold is max(50, ½ HP) (docs/rules.md §47)', async () => {
    const big = { abilities: { con: 10 }, baseSaves: { fortitude: 0 }, hitPoints: { max: 120, current: 120 } }
    const off = await damage({ ruleset: 'pf1e', creature: big, damage: { amount: 70 } })
    assert.equal(off.massiveDamage, null)
    const below = await damage({ ruleset: 'pf1e', creature: big, damage: { amount: 55, massiveDamageRule: true } })
    assert.equal(below.massiveDamage, null, '55 < ½ × 120 = 60')
    const at = await damage({ ruleset: 'pf1e', creature: big, damage: { amount: 60, massiveDamageRule: true }, dice: { sequence: [15] } })
    assert.equal(at.massiveDamage?.dc, 15)
    assert.equal(at.massiveDamage?.survived, true)
  })
})

describe('variant (variant › Hit Points; Death and Dying)', () => {
  // HP 20: D = max − current (schema). death bonus 2 unless stated.
  const hero = (current = 20, extra: Record<string, unknown> = {}, death = 2) => ({ baseSaves: { death }, hitPoints: { max: 20, current, ...extra } })

  test('bloodied at D 10 (−1), wounded at D 15 (−2) (variant › Bloodied; Wounded)', async () => {
    const bloodied = await damage({ ruleset: 'variant', creature: hero(), damage: { amount: 10 } })
    assert.equal(bloodied.after.bloodied, true)
    assert.equal(bloodied.after.wounded, false)
    assert.equal(bloodied.after.penalty, -1)
    const nine = await damage({ ruleset: 'variant', creature: hero(), damage: { amount: 9 } })
    assert.equal(nine.after.bloodied, false)
    assert.equal(nine.after.penalty, 0)
    const wounded = await damage({ ruleset: 'variant', creature: hero(), damage: { amount: 15 } })
    assert.equal(wounded.after.wounded, true)
    assert.equal(wounded.after.penalty, -2)
  })

  test('a blow from D 14 to D 18 records 4 wound points (docs/rules.md §P6.3 test case; docs/rules.md §49)', async () => {
    const body = await damage({ ruleset: 'variant', creature: hero(6), damage: { amount: 4 } })
    assert.equal(body.after.woundPoints, 4)
    assert.equal(body.after.current, 2)
  })

  test('HP 20 taking 24: Death save DC 12; 10 + 2 = 12 succeeds → staggered', async () => {
    const body = await damage({ ruleset: 'variant', creature: hero(), damage: { amount: 24 }, dice: { sequence: [10] } })
    assert.deepEqual({ dc: body.deathSave?.dc, roll: body.deathSave?.roll, total: body.deathSave?.total, success: body.deathSave?.success, margin: body.deathSave?.margin },
      { dc: 12, roll: 10, total: 12, success: true, margin: 0 })
    assert.equal(body.after.status, 'staggered')
    assert.equal(body.massiveDamage, null)
    assert.deepEqual(body.rolls.map((r) => r.die), [20])
  })

  test('HP 20 taking 24: 9 + 2 = 11 fails by 1 → dying', async () => {
    const body = await damage({ ruleset: 'variant', creature: hero(), damage: { amount: 24 }, dice: { sequence: [9] } })
    assert.equal(body.deathSave?.success, false)
    assert.equal(body.deathSave?.margin, -1)
    assert.equal(body.after.status, 'dying')
  })

  test('HP 20 taking 24: failure by 10 → dead; by 9 → dying (death bonus 0)', async () => {
    const dead = await damage({ ruleset: 'variant', creature: hero(20, {}, 0), damage: { amount: 24 }, dice: { sequence: [2] } })
    assert.equal(dead.deathSave?.margin, -10)
    assert.equal(dead.after.status, 'dead')
    const dying = await damage({ ruleset: 'variant', creature: hero(20, {}, 0), damage: { amount: 24 }, dice: { sequence: [3] } })
    assert.equal(dying.deathSave?.margin, -9)
    assert.equal(dying.after.status, 'dying')
  })

  test('D exactly HP calls for a Death save at DC 10; D 25 at DC 12 (variant › "10 + 1 per 2 points of excess damage")', async () => {
    const atHp = await damage({ ruleset: 'variant', creature: hero(), damage: { amount: 20 }, dice: { sequence: [8] } })
    assert.equal(atHp.deathSave?.dc, 10)
    assert.equal(atHp.after.status, 'staggered')
    const past = await damage({ ruleset: 'variant', creature: hero(), damage: { amount: 25 }, dice: { sequence: [8] } })
    assert.equal(past.deathSave?.dc, 12)
  })

  test('the variant has no massive-damage rule: asking for it is a 422 (docs/rules.md §P6.3)', async () => {
    const res = await request(app.server).post('/v1/damage').send({ ruleset: 'variant', creature: hero(), damage: { amount: 60, massiveDamageRule: true } })
    assert.equal(res.status, 422)
    assertProblem(res, { type: '/problems/rule-not-defined', path: '/damage/massiveDamageRule' })
  })

  test('nonlethal: a failed Death save leaves it unconscious, failure by 10 dying (variant › Nonlethal Damage)', async () => {
    const out = await damage({ ruleset: 'variant', creature: hero(20, {}, 0), damage: { amount: 24, nonlethal: true }, dice: { sequence: [5] } })
    assert.equal(out.after.status, 'unconscious')
    const worse = await damage({ ruleset: 'variant', creature: hero(20, {}, 0), damage: { amount: 24, nonlethal: true }, dice: { sequence: [2] } })
    assert.equal(worse.after.status, 'dying')
    assert.equal(worse.after.woundPoints, 0, 'nonlethal damage causes no wounds')
  })

  test('a staggered creature taking lethal damage saves again; even a success leaves it dying (variant › Staggered)', async () => {
    const body = await damage({ ruleset: 'variant', creature: hero(-4, { status: 'staggered' }), damage: { amount: 2 }, dice: { sequence: [15] } })
    assert.equal(body.deathSave?.dc, 13, 'D 26: 10 + 3')
    assert.equal(body.deathSave?.success, true)
    assert.equal(body.after.status, 'dying')
    const dead = await damage({ ruleset: 'variant', creature: hero(-4, { status: 'staggered' }, 0), damage: { amount: 2 }, dice: { sequence: [3] } })
    assert.equal(dead.after.status, 'dead', '3 vs DC 13 fails by 10')
  })

  describe('a staggered creature\'s major action (variant › Death and Dying › Staggered; kind strenuous-action)', () => {
    const staggered = hero(-4, { status: 'staggered' }) // D 24: DC 12, death +2
    test('success (10 + 2 = 12) keeps it staggered, at no Con cost', async () => {
      const body = await heal({ ruleset: 'variant', creature: staggered, healing: { kind: 'strenuous-action' }, dice: { sequence: [10] } })
      assert.deepEqual({ die: body.check?.die, roll: body.check?.roll, total: body.check?.total, dc: body.check?.dc, success: body.check?.success },
        { die: 20, roll: 10, total: 12, dc: 12, success: true })
      assert.equal(body.after.status, 'staggered')
      assert.equal(body.after.constitutionDamage, 0)
      assert.equal(body.after.current, -4)
      assert.deepEqual(body.rolls.map((r) => [r.purpose, r.die, r.result]), [['death-save', 20, 10]])
    })
    test('failure (9 + 2 = 11) leaves it dying after the action — even a failure by 10 does not kill', async () => {
      const body = await heal({ ruleset: 'variant', creature: staggered, healing: { kind: 'strenuous-action' }, dice: { sequence: [9] } })
      assert.equal(body.check?.success, false)
      assert.equal(body.after.status, 'dying')
      assert.deepEqual(body.after.deathSaves, { successes: 0, failures: 0 })
      const worst = await heal({ ruleset: 'variant', creature: staggered, healing: { kind: 'strenuous-action' }, dice: { sequence: [1] } })
      assert.equal(worst.after.status, 'dying')
    })
    test('only a staggered creature makes it: a healthy one is a 422', async () => {
      const healthy = await heal({ ruleset: 'variant', creature: hero(), healing: { kind: 'strenuous-action' } }, 422)
      assertProblem(healthy, { type: '/problems/not-possible', path: '/creature/hitPoints/status' })
    })
  })

  describe('the dying creature\'s end-of-round Death save (kind stabilize)', () => {
    const dyingHero = (successes: number, failures: number, constitutionDamage = 0) => hero(-4, { status: 'dying', deathSaves: { successes, failures }, constitutionDamage })

    test('a third failure kills; each save costs 1 Con', async () => {
      const body = await heal({ ruleset: 'variant', creature: dyingHero(0, 2, 1), healing: { kind: 'stabilize' }, dice: { sequence: [9] } })
      assert.equal(body.check?.dc, 12)
      assert.equal(body.check?.success, false)
      assert.equal(body.after.status, 'dead')
      assert.equal(body.after.constitutionDamage, 2)
      assert.deepEqual(body.rolls.map((r) => r.die), [20])
    })

    test('a fourth success stabilizes', async () => {
      const body = await heal({ ruleset: 'variant', creature: dyingHero(3, 2), healing: { kind: 'stabilize' }, dice: { sequence: [10] } })
      assert.equal(body.check?.success, true)
      assert.equal(body.after.status, 'stable')
      assert.equal(body.after.constitutionDamage, 1)
    })

    test('tallies count: a first success is 1/0 and still dying', async () => {
      const body = await heal({ ruleset: 'variant', creature: dyingHero(0, 0), healing: { kind: 'stabilize' }, dice: { sequence: [10] } })
      assert.deepEqual(body.after.deathSaves, { successes: 1, failures: 0 })
      assert.equal(body.after.status, 'dying')
    })

    test('a natural 20 stabilizes at once; a natural 1 kills at once (variant › Critical Failures and Successes)', async () => {
      const twenty = await heal({ ruleset: 'variant', creature: dyingHero(0, 0), healing: { kind: 'stabilize' }, dice: { sequence: [20] } })
      assert.equal(twenty.after.status, 'stable')
      const one = await heal({ ruleset: 'variant', creature: { baseSaves: { death: 30 }, hitPoints: { max: 20, current: -4, status: 'dying' } }, healing: { kind: 'stabilize' }, dice: { sequence: [1] } })
      assert.equal(one.after.status, 'dead')
    })

    test('a Heal check DC 15 makes a dying creature stable (docs/rules.md §52)', async () => {
      const body = await heal({ ruleset: 'variant', creature: dyingHero(0, 1), healing: { kind: 'heal-check', checkBonus: 5 }, dice: { sequence: [10] } })
      assert.equal(body.check?.dc, 15)
      assert.equal(body.check?.success, true)
      assert.equal(body.after.status, 'stable')
    })

    test('new damage on a dying creature: an immediate save that kills only on failure by 10 and does not count in the tallies (docs/rules.md §51)', async () => {
      const survives = await damage({ ruleset: 'variant', creature: dyingHero(1, 1), damage: { amount: 2 }, dice: { sequence: [5] } })
      assert.equal(survives.deathSave?.dc, 13)
      assert.equal(survives.after.status, 'dying')
      assert.deepEqual(survives.after.deathSaves, { successes: 1, failures: 1 })
      assert.equal(survives.after.constitutionDamage, 1)
      const dies = await damage({ ruleset: 'variant', creature: hero(-4, { status: 'dying' }, 0), damage: { amount: 2 }, dice: { sequence: [3] } })
      assert.equal(dies.after.status, 'dead')
    })
  })

  describe('the stable creature\'s hourly Death save (kind recover)', () => {
    const stableHero = hero(-4, { status: 'stable', deathSaves: { successes: 4, failures: 1 } })
    test('success by 5 or more wakes it staggered', async () => {
      const body = await heal({ ruleset: 'variant', creature: stableHero, healing: { kind: 'recover', period: 'hour' }, dice: { sequence: [15] } })
      assert.equal(body.check?.total, 17)
      assert.equal(body.after.status, 'staggered')
      assert.equal(body.after.constitutionDamage, 1)
    })
    test('success by less than 5 stays stable', async () => {
      const body = await heal({ ruleset: 'variant', creature: stableHero, healing: { kind: 'recover', period: 'hour' }, dice: { sequence: [14] } })
      assert.equal(body.after.status, 'stable')
    })
    test('failure: dying again with the tallies reset (docs/rules.md §53)', async () => {
      const body = await heal({ ruleset: 'variant', creature: stableHero, healing: { kind: 'recover', period: 'hour' }, dice: { sequence: [9] } })
      assert.equal(body.after.status, 'dying')
      assert.deepEqual(body.after.deathSaves, { successes: 0, failures: 0 })
    })
  })
})

describe('invariants (property tests over HTTP)', () => {
  test('dnd35 magical healing: min(max, current + amount); 0 disabled, 1+ healthy, still negative stable (SRD 3.5 › Stable Characters; Healing Limits)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 200 }), fc.integer({ min: -9, max: 200 }), fc.integer({ min: 1, max: 300 }),
      async (max, start, amount) => {
        const current = Math.min(start, max)
        const res = await app.inject({ method: 'POST', url: '/v1/healing', payload: { ruleset: 'dnd35', creature: { hitPoints: { max, current } }, healing: { kind: 'magical', amount } } })
        const body = res.json<HealingBody>()
        const expected = Math.min(max, current + amount)
        assert.equal(body.after.current, expected)
        assert.equal(body.after.status, expected >= 1 ? 'healthy' : expected === 0 ? 'disabled' : 'stable')
      }), { numRuns: 150 })
  })

  test('pf1e: dead exactly when current ≤ −Con, otherwise dying below 0 (PRD › Injury and Death)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 60 }),
      async (con, amount) => {
        const res = await app.inject({ method: 'POST', url: '/v1/damage', payload: { ruleset: 'pf1e', creature: { abilities: { con }, hitPoints: { max: 10, current: 5 } }, damage: { amount } } })
        const after = res.json<DamageBody>().after
        assert.equal(after.current, 5 - amount)
        const expected = after.current <= -con ? 'dead' : after.current < 0 ? 'dying' : after.current === 0 ? 'disabled' : 'healthy'
        assert.equal(after.status, expected)
      }), { numRuns: 150 })
  })

  test('variant: the Death save DC is 10 + ⌊(D − HP) / 2⌋ whenever D ≥ HP (variant › Death and Dying)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 200 }),
      async (max, excess) => {
        const res = await app.inject({ method: 'POST', url: '/v1/damage', payload: { ruleset: 'variant', creature: { baseSaves: { death: 0 }, hitPoints: { max } }, damage: { amount: max + excess }, dice: { sequence: [10] } } })
        const body = res.json<DamageBody>()
        assert.equal(body.deathSave?.dc, 10 + Math.floor(excess / 2))
        assert.equal(body.after.current, max - (max + excess))
      }), { numRuns: 150 })
  })
})

test('GET /v1/rulesets lists strenuous-action among every ruleset\'s healing kinds', async () => {
  const res = await request(app.server).get('/v1/rulesets')
  assert.equal(res.status, 200)
  for (const r of res.body.rulesets as Array<{ id: string, capabilities: { healingKinds: string[] } }>) {
    assert.ok(r.capabilities.healingKinds.includes('strenuous-action'), r.id)
  }
})
