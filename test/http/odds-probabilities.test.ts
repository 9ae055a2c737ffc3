// docs/rules.md §66, §67: the odds' probabilities never leave [0, 1], killChance ≤ dropChance, and a target already dropped has dropChance 1.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const odds = (body: object) => request(app.server).post('/v1/attacks/odds').send(body)

test('docs/rules.md §67: a dnd35 target already at −1 HP gets dropChance exactly 1, not a 500 (the sum used to reach 1.0000000000000002)', async () => {
  const res = await odds({
    ruleset: 'dnd35',
    attacker: { baseAttackBonus: 0, abilities: { str: 14 } },
    target: { armorClass: { total: 15, flatFooted: 15 }, abilities: { con: 12 }, hitPoints: { max: 10, current: -1 }, baseSaves: { fortitude: 1 } },
    weapon: { name: 'axe', damage: '1d8', critRange: 19 }
  }).expect(200)
  // docs/rules.md §66: a target already dropped before the action has dropChance 1.
  assert.equal(res.body.dropChance, 1)
  assert.ok(res.body.killChance <= res.body.dropChance)
})

test('property (docs/rules.md §66, §67): every probability in [0, 1], killChance ≤ dropChance, for targets at any hit points', async () => {
  await fc.assert(fc.asyncProperty(
    fc.constantFrom('dnd35', 'pf1e', 'variant'), fc.integer({ min: -9, max: 10 }), fc.integer({ min: 0, max: 16 }), fc.constantFrom('1d8', '2d6', '1d3', '3d6+2'),
    async (ruleset, current, bab, damage) => {
      const res = await odds({
        ruleset,
        attacker: { baseAttackBonus: bab, abilities: { str: 14 } },
        target: { armorClass: { total: 15, flatFooted: 15 }, abilities: { con: 12 }, hitPoints: { max: 10, current }, baseSaves: { fortitude: 1, death: 1 } },
        weapon: { name: 'axe', damage, critRange: 19 }
      })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const all: number[] = [res.body.dropChance, res.body.killChance, ...res.body.distribution.map((d: { probability: number }) => d.probability)]
      for (const a of res.body.attacks) all.push(a.hitChance, a.critChance, ...a.damageDistribution.map((d: { probability: number }) => d.probability))
      for (const p of all) assert.ok(p >= 0 && p <= 1, String(p))
      assert.ok(res.body.killChance <= res.body.dropChance)
    }), { numRuns: 40 })
})

test('docs/rules.md §67: an expected damage the dice make exact is answered exactly, not as a sum of doubles', async () => {
  const res = await odds({
    ruleset: 'dnd35',
    attacker: { baseAttackBonus: 0, abilities: { str: 10 } },
    target: { armorClass: { total: 11, flatFooted: 11 } },
    weapon: { name: 'greatclub', damage: '2d6', critRange: 20, critMultiplier: 2 }
  }).expect(200)
  // Hits on 11-20 (1/2); threatens on 20 and confirms on 11+ (1/40 critical, 2 × 2d6 = 14 on average);
  // 19/40 ordinary hits of 7 on average: 19/40 × 7 + 1/40 × 14 = 147/40.
  assert.equal(res.body.attacks[0].expectedDamage, 3.675)
  assert.equal(res.body.expectedDamage, 3.675)
})
