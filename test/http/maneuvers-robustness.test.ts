// Property: no body a client can send to /v1/grapples or /v1/maneuvers is
// answered with a 500 (BRIEF; OpenAPI › Errors: "Never a 500 for anything a
// client sent"). Random stat blocks, conditions, options and fixed dice; half
// the runs put everyone in a grapple so the in-grapple actions get past their
// preconditions.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { statelessApp } from '../helpers/app.js'
import { assertUnprocessable } from '../helpers/problems.js'
import { GRAPPLE_ACTIONS } from '../../src/rules/maneuvers/index.js'
import { MANEUVERS } from '../../src/rules/maneuvers/maneuver-names.js'
import { RULESET_IDS } from '../../src/rules/rulesets/index.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const sizes = ['tiny', 'small', 'medium', 'large', 'huge'] as const
const conditions = ['flat-footed', 'prone', 'helpless', 'stunned', 'pinned', 'shaken', 'frightened', 'unconscious', 'tied-up', 'bloodied', 'wounded', 'sickened', 'entangled', 'dazzled'] as const
const feats = ['improved-grapple', 'improved-trip', 'improved-disarm', 'improved-bull-rush', 'improved-overrun', 'improved-unarmed-strike'] as const
const score = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 40 }))
const combatant = fc.record({
  id: fc.constantFrom('a', 'b', 'c'),
  size: fc.constantFrom(...sizes),
  baseAttackBonus: fc.integer({ min: 0, max: 30 }),
  abilities: fc.record({ str: score, dex: score, int: score, wis: score }, { requiredKeys: [] }),
  cmb: fc.integer({ min: -10, max: 40 }),
  cmd: fc.integer({ min: 0, max: 60 }),
  conditions: fc.uniqueArray(fc.constantFrom(...conditions), { maxLength: 3 }),
  feats: fc.uniqueArray(fc.constantFrom(...feats), { maxLength: 2 }),
  hitPoints: fc.record({ max: fc.integer({ min: 1, max: 40 }), current: fc.integer({ min: -50, max: 40 }), nonlethal: fc.integer({ min: 0, max: 40 }), woundPoints: fc.integer({ min: 0, max: 10 }) }, { requiredKeys: ['max'] })
}, { requiredKeys: [] })
const weapon = fc.record({
  category: fc.constantFrom('unarmed', 'light', 'one-handed', 'two-handed'), attackBonus: fc.integer({ min: -50, max: 100 }),
  damage: fc.constantFrom('1d8', '2d6+3', '1d4-5'), meleeWeapon: fc.boolean(), lockedGauntlet: fc.boolean()
}, { requiredKeys: [] })
const options = fc.record({
  attackOfOpportunityDamage: fc.integer({ min: 0, max: 100000 }), lethal: fc.boolean(), maintainedLastRound: fc.boolean(),
  useEscapeArtist: fc.integer({ min: -50, max: 100 }), unarmedDamage: fc.constantFrom('1d6', '2d6-10'), speedFeet: fc.integer({ min: 0, max: 1000 }),
  aidingCreatures: fc.integer({ min: 0, max: 20 }), reverseGrapple: fc.boolean(),
  attackerModifiers: fc.array(fc.record({ value: fc.integer({ min: -100, max: 100 }), type: fc.constantFrom('morale', 'untyped', 'circumstance') }), { maxLength: 2 })
}, { requiredKeys: [] })
const maneuverOptions = fc.record({
  attackOfOpportunityDamage: fc.integer({ min: 0, max: 100 }), charging: fc.boolean(), defenderLegs: fc.integer({ min: 0, max: 8 }),
  defenderStable: fc.boolean(), defenderAvoids: fc.boolean(), counterAttempt: fc.boolean(), attackerWeapon: weapon, defenderWeapon: weapon,
  item: fc.record({ hardness: fc.integer({ min: 0, max: 20 }), hitPoints: fc.integer({ min: 1, max: 100 }) }), itemFastened: fc.boolean(),
  dirtyTrickCondition: fc.constantFrom('blinded', 'shaken'), bluff: fc.integer({ min: -50, max: 100 }), senseMotive: fc.integer({ min: -50, max: 100 }),
  senseMotiveTrained: fc.boolean(), defenderKind: fc.constantFrom('humanoid', 'nonhumanoid', 'animal', 'mindless'), defenderChoice: fc.constantFrom('step-back', 'stand')
}, { requiredKeys: [] })
const sequence = fc.oneof(fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 12 }), fc.constant(Array(50).fill(10) as number[]))

function inGrapple<T extends { conditions?: string[] }> (c: T): T {
  return { ...c, conditions: [...(c.conditions ?? []).filter((x) => x !== 'pinned'), 'grappling', 'grappled'] }
}

test('property: no grapple body gets a 500', async () => {
  await fc.assert(fc.asyncProperty(
    fc.constantFrom(...RULESET_IDS), fc.constantFrom(...GRAPPLE_ACTIONS), combatant, combatant, fc.array(combatant, { maxLength: 2 }), options, sequence, fc.boolean(),
    async (ruleset, action, attacker, defender, others, opts, dice, grappling) => {
      const [a, d] = grappling ? [inGrapple(attacker), inGrapple(defender)] : [attacker, defender]
      const body = { ruleset, action, attacker: a, defender: d, ...(ruleset === 'dnd35' ? { others } : {}), options: opts, dice: { sequence: dice } }
      const res = await request(app.server).post('/v1/grapples').send(body)
      assert.ok([200, 400, 422].includes(res.status), `${res.status} ${JSON.stringify(res.body)} for ${JSON.stringify(body)}`)
      if (res.status === 422) assertUnprocessable(res)
    }), { numRuns: 100 })
})

test('property: no maneuver body gets a 500', async () => {
  await fc.assert(fc.asyncProperty(
    fc.constantFrom(...RULESET_IDS), fc.constantFrom(...MANEUVERS), combatant, combatant, maneuverOptions, sequence,
    async (ruleset, maneuver, attacker, defender, opts, dice) => {
      const body = { ruleset, maneuver, attacker, defender, options: opts, dice: { sequence: dice } }
      const res = await request(app.server).post('/v1/maneuvers').send(body)
      assert.ok([200, 400, 422].includes(res.status), `${res.status} ${JSON.stringify(res.body)} for ${JSON.stringify(body)}`)
      if (res.status === 422) assertUnprocessable(res)
    }), { numRuns: 100 })
})
