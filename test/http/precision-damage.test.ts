// docs/rules.md §74: sneak attack dice (SRD 3.5 › Rogue › Sneak Attack; PRD › Rogue › Sneak Attack) and the
// variant's 1d6 on every hit against an off-guard target (variant › Sneak Attacks), through POST /v1/attacks
// with fixed dice, every limit, and the odds agreeing with resolution over every roll.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { everyRoll, tally, assertSameDistribution } from '../helpers/every-roll.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveAttackAction } from '../../src/rules/attacks/resolve.js'
import { attackOdds } from '../../src/rules/attacks/odds.js'
import { Dice } from '../../src/rules/dice/roller.js'
import type { AttackRequest } from '../../src/rules/attacks/request.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

type Body = Record<string, unknown>
const attack = async (body: Body, status = 200) => (await request(app.server).post('/v1/attacks').send(body).expect(status)).body
const purposes = (res: Body) => (res.rolls as Array<{ purpose: string }>).map((r) => r.purpose)
const sneakLine = (res: Body) => ((res.attacks as Body[])[0]!.damage as { breakdown: Array<{ source: string, value: number }> }).breakdown.find((b) => b.source.startsWith('sneak attack'))

// A rogue with +3 to hit (BAB 3, Str 10) and 2d6 sneak attack; a rapier 1d6 with 1d6 fire; a target with AC 12 (armor 2, Dex 10).
const rogue = { baseAttackBonus: 3, sneakAttack: '2d6' }
const rapier = { name: 'rapier', damage: '1d6', critRange: 18, extraDamage: [{ dice: '1d6', type: 'fire' }] }
const guard = { armorClass: { armor: 2 } }

for (const ruleset of ['dnd35', 'pf1e'] as const) {
  test(`${ruleset}: a flat-footed target takes the sneak attack dice after the weapon's dice and its extra damage (docs/rules.md §74)`, async () => {
    const res = await attack({ ruleset, attacker: rogue, target: { ...guard, conditions: ['flat-footed'] }, weapon: rapier, dice: { sequence: [10, 4, 2, 5, 6] } })
    // d20 10 + 3 = 13 against 12: a hit. 4 (rapier) + 2 (fire) + 5 + 6 (sneak attack 2d6) = 17.
    assert.deepEqual(purposes(res), ['attack', 'damage', 'extra-damage', 'sneak-attack', 'sneak-attack'])
    assert.equal(res.attacks[0].damage.total, 17)
    assert.deepEqual(sneakLine(res), { source: 'sneak attack 2d6', type: 'untyped', value: 11, applied: true })
    assert.equal(res.attacks[0].damage.bloodies, undefined)
  })

  test(`${ruleset}: flanking qualifies; a target neither flanked nor denied Dex takes none (SRD 3.5 › Rogue › Sneak Attack)`, async () => {
    const flanked = await attack({ ruleset, attacker: rogue, target: guard, weapon: rapier, options: { flanking: true }, dice: { sequence: [8, 4, 2, 1, 1] } })
    // 8 + 3 + 2 (flanking) = 13: a hit; 4 + 2 + 1 + 1.
    assert.equal(flanked.attacks[0].damage.total, 8)
    assert.deepEqual(purposes(flanked), ['attack', 'damage', 'extra-damage', 'sneak-attack', 'sneak-attack'])
    const plain = await attack({ ruleset, attacker: rogue, target: guard, weapon: rapier, dice: { sequence: [10, 4, 2] } })
    assert.deepEqual(purposes(plain), ['attack', 'damage', 'extra-damage'])
    assert.equal(sneakLine(plain), undefined)
  })

  test(`${ruleset}: a critical multiplies the weapon's dice, never the sneak attack's (SRD 3.5 › Rogue › Sneak Attack)`, async () => {
    // 18 threatens (18–20), confirmation 10 + 3 = 13 ≥ 12: ×2. 3 + 5 (rapier twice) + 2 (fire once) + 6 + 6 (sneak attack once).
    const res = await attack({ ruleset, attacker: rogue, target: { ...guard, conditions: ['flat-footed'] }, weapon: rapier, dice: { sequence: [18, 10, 3, 5, 2, 6, 6] } })
    assert.deepEqual([res.attacks[0].critical, res.attacks[0].damage.multiplier, res.attacks[0].damage.total], [true, 2, 22])
    assert.deepEqual(purposes(res), ['attack', 'confirm', 'damage', 'damage', 'extra-damage', 'sneak-attack', 'sneak-attack'])
  })

  test(`${ruleset}: ranged only within 30 ft; never through concealment, even when the miss chance does not make it miss (docs/rules.md §74)`, async () => {
    const bow = { name: 'shortbow', type: 'ranged', damage: '1d6', rangeIncrement: 60 }
    const ff = { ...guard, conditions: ['flat-footed'] }
    const near = await attack({ ruleset, attacker: rogue, target: ff, weapon: bow, options: { distanceFeet: 30 }, dice: { sequence: [10, 4, 3, 3] } })
    assert.deepEqual([purposes(near), near.attacks[0].damage.total], [['attack', 'damage', 'sneak-attack', 'sneak-attack'], 10])
    const far = await attack({ ruleset, attacker: rogue, target: ff, weapon: bow, options: { distanceFeet: 35 }, dice: { sequence: [10, 4] } })
    assert.deepEqual([purposes(far), far.attacks[0].damage.total], [['attack', 'damage'], 4])
    // 20% concealment, d% 50: the attack hits, without sneak attack.
    const hidden = await attack({ ruleset, attacker: rogue, target: ff, weapon: rapier, options: { concealment: 'concealment' }, dice: { sequence: [10, 50, 4, 2] } })
    assert.deepEqual([purposes(hidden), hidden.attacks[0].hit, hidden.attacks[0].damage.total], [['attack', 'miss-chance', 'damage', 'extra-damage'], true, 6])
  })

  test(`${ruleset}: the target's Dex denied by anything the rules read counts, its hit points included; uncanny dodge keeps it (docs/rules.md §71, §74)`, async () => {
    // dnd35 at −3, pf1e below 0 (Con 10): dying, so helpless: no condition listed.
    const dying = { armorClass: { armor: 2 }, abilities: { con: 10 }, hitPoints: { max: 10, current: -3 } }
    const res = await attack({ ruleset, attacker: rogue, target: dying, weapon: { name: 'dagger', damage: '1d4' }, dice: { sequence: [2, 1, 1, 1] } })
    assert.deepEqual([res.attacks[0].hit, res.attacks[0].damage.total], [true, 3])
    // An invisible attacker denies the target its Dex (SRD 3.5 › Invisibility).
    const unseen = await attack({ ruleset, attacker: { ...rogue, conditions: ['invisible'] }, target: guard, weapon: { name: 'dagger', damage: '1d4' }, dice: { sequence: [10, 1, 1, 1] } })
    assert.equal(unseen.attacks[0].damage.total, 3)
    const dodger = await attack({ ruleset, attacker: rogue, target: { ...guard, conditions: ['flat-footed'], feats: ['uncanny-dodge'] }, weapon: { name: 'dagger', damage: '1d4' }, dice: { sequence: [10, 1] } })
    assert.equal(dodger.attacks[0].damage.total, 1)
  })

  test(`${ruleset}: nonlethal with the weapon, the sneak attack is nonlethal too (docs/rules.md §74)`, async () => {
    const sap = { name: 'sap', damage: '1d6', nonlethal: true }
    const res = await attack({ ruleset, attacker: rogue, target: { ...guard, conditions: ['flat-footed'] }, weapon: sap, dice: { sequence: [10, 4, 2, 3] } })
    assert.deepEqual([res.attacks[0].damage.lethal, res.attacks[0].damage.nonlethal], [0, 9])
  })
}

test('immunity: dnd35 spares a creature immune to critical hits or to precision damage; pf1e only the latter (docs/rules.md §74)', async () => {
  const body = (ruleset: string, feats: string[]) => ({ ruleset, attacker: rogue, target: { ...guard, conditions: ['flat-footed'], feats }, weapon: { name: 'dagger', damage: '1d4' }, dice: { sequence: [10, 1, 1, 1] } })
  assert.equal((await attack(body('dnd35', ['immune-to-critical-hits']))).attacks[0].damage.total, 1)
  assert.equal((await attack(body('dnd35', ['immune-to-precision-damage']))).attacks[0].damage.total, 1)
  assert.equal((await attack(body('pf1e', ['immune-to-critical-hits']))).attacks[0].damage.total, 3)
  assert.equal((await attack(body('pf1e', ['immune-to-precision-damage']))).attacks[0].damage.total, 1)
})

test('variant: every attacker adds 1d6 to a hit on an off-guard target and bloodies it; none when flanking alone (variant › Sneak Attacks)', async () => {
  const fighter = { baseAttackBonus: 2 }
  const dagger = { name: 'dagger', damage: '1d4', category: 'light' }
  // Off-guard: AC 10 + 2 armor − 2 = 10. +2 (BCB), d20 9 → 11: hit; 3 + BCB 2 + 5 (sneak attack).
  const res = await attack({ ruleset: 'variant', attacker: fighter, target: { ...guard, conditions: ['off-guard'] }, weapon: dagger, dice: { sequence: [9, 3, 5] } })
  assert.deepEqual([res.attacks[0].damage.total, res.attacks[0].damage.bloodies], [10, true])
  assert.deepEqual(sneakLine(res), { source: 'sneak attack 1d6', type: 'untyped', value: 5, applied: true })
  const flanked = await attack({ ruleset: 'variant', attacker: fighter, target: guard, weapon: dagger, options: { flanking: true }, dice: { sequence: [9, 3] } })
  assert.deepEqual([flanked.attacks[0].damage.total, flanked.attacks[0].damage.bloodies], [5, undefined])
  // Its 1d6 needs no field: one on the stat block is refused rather than ignored.
  const refused = await request(app.server).post('/v1/attacks').send({ ruleset: 'variant', attacker: { ...fighter, sneakAttack: '2d6' }, target: guard, weapon: dagger })
  assertProblem(refused, { type: '/problems/rule-not-defined', path: '/attacker/sneakAttack' })
})

test('a sneak attack notation with too many dice is a 400 naming the field (OpenAPI › Limits)', async () => {
  const res = await request(app.server).post('/v1/attacks').send({ ruleset: 'dnd35', attacker: { ...rogue, sneakAttack: '1d6+'.repeat(20) + '1d6' }, target: guard, weapon: rapier })
  assert.equal(res.status, 400)
  assert.ok(res.body.errors.some((e: { path: string }) => e.path === '/attacker/sneakAttack'), JSON.stringify(res.body))
})

test('the odds count the sneak attack as resolution rolls it, over every roll (docs/rules.md §74, §84)', () => {
  for (const ruleset of ['dnd35', 'pf1e', 'variant'] as const) {
    const req: AttackRequest = {
      attacker: ruleset === 'variant' ? { baseAttackBonus: 2 } : { baseAttackBonus: 3, sneakAttack: '1d4' },
      target: { armorClass: { armor: 2 }, conditions: [ruleset === 'variant' ? 'off-guard' : 'flat-footed'] },
      weapon: { name: 'dagger', damage: '1d3', critRange: 19, extraDamage: [{ dice: '1d2', type: 'fire' }] }
    }
    const rs = getRuleset(ruleset)
    const resolved = new Map<number, number>()
    everyRoll((dice) => resolveAttackAction(rs, req, dice), (r, p) => tally(resolved, r.totals.damage, p))
    const odds = attackOdds(rs, req)
    assertSameDistribution(new Map(odds.distribution.map((o) => [o.damage, o.probability])), resolved, ruleset)
  }
})

test('property: a sneak attack never changes whether an attack hits or criticals, and only adds its dice once (docs/rules.md §74)', () => {
  fc.assert(fc.property(
    fc.constantFrom('dnd35' as const, 'pf1e' as const),
    fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 2, maxLength: 2 }),
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 8, maxLength: 8 }),
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 0, max: 10 }),
    (ruleset, d20s, d6s, sneakDice, bab) => {
      const rs = getRuleset(ruleset)
      const base: AttackRequest = {
        attacker: { baseAttackBonus: bab },
        target: { armorClass: { armor: 4 }, conditions: ['flat-footed'] },
        weapon: { name: 'shortsword', damage: '1d6', critRange: 19, critMultiplier: 3 }
      }
      const withSneak: AttackRequest = { ...base, attacker: { ...base.attacker, sneakAttack: `${sneakDice}d6` } }
      // The same d20s (a confirmation d20 only after a threat), then the same weapon dice, then the sneak dice from the rest of the sequence.
      const probe = resolveAttackAction(rs, base, new Dice({ seed: 'p', sequence: [d20s[0]!] }))
      const sequence = [d20s[0]!, ...(probe.attacks[0]!.threat ? [d20s[1]!] : []), ...d6s]
      const plain = resolveAttackAction(rs, base, new Dice({ seed: 'p', sequence }))
      const sneak = resolveAttackAction(rs, withSneak, new Dice({ seed: 'p', sequence }))
      const [a, b] = [plain.attacks[0]!, sneak.attacks[0]!]
      assert.deepEqual([b.hit, b.critical, b.threat], [a.hit, a.critical, a.threat])
      if (!a.hit) return
      // The weapon's rolls are the same; the sneak attack dice come after them, one set whatever the multiplier.
      const weaponRolls = a.damage!.multiplier
      const sneakRolls = d6s.slice(weaponRolls, weaponRolls + sneakDice)
      assert.equal(b.damage!.multiplier, a.damage!.multiplier)
      assert.equal(b.damage!.total, a.damage!.total + sneakRolls.reduce((n, x) => n + x, 0))
    }
  ), { numRuns: 300 })
})
