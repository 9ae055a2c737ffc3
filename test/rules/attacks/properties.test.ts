import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { diceCount, parseNotation } from '../../../src/rules/dice/notation.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import type { WeaponInput } from '../../../src/rules/attacks/weapon.js'
import { attack } from './helpers.js'

const rulesetArb = fc.constantFrom('dnd35' as const, 'pf1e' as const, 'variant' as const)

const weaponArb: fc.Arbitrary<WeaponInput> = fc.record({
  name: fc.constant('weapon'),
  type: fc.constantFrom('melee' as const, 'thrown' as const, 'ranged' as const),
  damage: fc.constantFrom('1d4', '1d8', '2d6', '1d6+1', '1d3-2', '1d12'),
  critRange: fc.integer({ min: 15, max: 20 }),
  critMultiplier: fc.integer({ min: 2, max: 4 }),
  category: fc.constantFrom('light' as const, 'one-handed' as const, 'two-handed' as const),
  enhancement: fc.integer({ min: 0, max: 5 }),
  rangeIncrement: fc.constant(30),
  nonlethal: fc.boolean(),
  extraDamage: fc.constantFrom([], [{ dice: '1d6', type: 'fire' }], [{ dice: '2d4', type: 'sneak attack' }, { dice: '1d3', type: 'cold' }])
})

/** Any legal attack: every ruleset, single or (where defined) full, with an off hand, concealment and penalties. */
const requestArb = fc.record({
  ruleset: rulesetArb,
  bab: fc.integer({ min: 0, max: 20 }),
  str: fc.integer({ min: 1, max: 30 }),
  dex: fc.integer({ min: 1, max: 30 }),
  ac: fc.integer({ min: 0, max: 45 }),
  weapon: weaponArb,
  offHand: fc.option(weaponArb, { nil: undefined }),
  full: fc.boolean(),
  concealment: fc.constantFrom('none' as const, 'concealment' as const, 'total' as const, 35),
  damageModifier: fc.integer({ min: -20, max: 5 }),
  damageMultiplier: fc.integer({ min: 1, max: 3 }),
  switchNonlethal: fc.boolean()
}).map((g): { ruleset: 'dnd35' | 'pf1e' | 'variant', request: AttackRequest } => {
  const fullAllowed = g.ruleset !== 'variant' && g.full
  return {
    ruleset: g.ruleset,
    request: {
      attacker: { baseAttackBonus: g.bab, abilities: { str: g.str, dex: g.dex } },
      target: { armorClass: { total: g.ac } },
      weapon: g.weapon,
      offHand: fullAllowed ? g.offHand : undefined,
      mode: fullAllowed ? 'full' : 'single',
      options: {
        concealment: g.concealment,
        damageModifiers: [{ value: g.damageModifier }],
        damageMultiplier: g.damageMultiplier,
        nonlethal: g.switchNonlethal
      }
    }
  }
})

test('property: a natural 1 never hits (SRD 3.5 › Attack Roll; variant › Attack Roll)', () => {
  fc.assert(fc.property(requestArb, ({ ruleset, request }) => {
    const r = attack(ruleset, request, Array(12).fill(1))
    for (const a of r.attacks) {
      assert.equal(a.roll, 1)
      assert.equal(a.hit, false)
      assert.equal(a.damage, null)
    }
    assert.equal(r.totals.hits, 0)
  }), { numRuns: 300 })
})

test('property: a hit always deals at least the ruleset\'s minimum, 1 (SRD 3.5 › Damage; PRD › Damage; variant › Damage)', () => {
  fc.assert(fc.property(requestArb, fc.string(), ({ ruleset, request }, seed) => {
    const r = attack(ruleset, request, [], seed)
    for (const a of r.attacks) {
      if (!a.hit) continue
      assert.ok(a.damage && a.damage.total >= 1, `damage ${a.damage?.total}`)
      assert.equal(a.damage.lethal + a.damage.nonlethal, a.damage.total)
      assert.equal(a.damage.breakdown.filter((b) => b.applied).reduce((n, b) => n + b.value, 0), a.damage.total)
    }
  }), { numRuns: 300 })
})

test('property: the same seed gives the same response (OpenAPI › Dice)', () => {
  fc.assert(fc.property(requestArb, fc.oneof(fc.string(), fc.integer()), ({ ruleset, request }, seed) => {
    assert.deepEqual(attack(ruleset, request, [], String(seed)), attack(ruleset, request, [], String(seed)))
  }), { numRuns: 150 })
})

test('property: `rolls` holds exactly the dice the response reports, in the contract\'s order (OpenAPI › POST /v1/attacks)', () => {
  fc.assert(fc.property(requestArb, fc.string(), ({ ruleset, request }, seed) => {
    const r = attack(ruleset, request, [], seed)
    const expected: string[] = []
    for (const a of r.attacks) {
      const weapon = a.label.startsWith('off-hand') ? request.offHand! : request.weapon
      if (a.roll !== null) expected.push('attack')
      if (a.confirmation) expected.push('confirm')
      if (a.missChance) expected.push('miss-chance')
      if (a.damage) {
        const n = diceCount(parseNotation(weapon.damage!)) * a.damage.multiplier
        for (let i = 0; i < n; i++) expected.push('damage')
        for (const e of weapon.extraDamage ?? []) for (let i = 0; i < diceCount(parseNotation(e.dice)); i++) expected.push('extra-damage')
      }
    }
    assert.deepEqual(r.rolls.map((x) => x.purpose), expected)
    assert.equal(r.rolls.length, expected.length)
    // The reported d20s and d% are the ones in `rolls`.
    const d20s = r.rolls.filter((x) => x.purpose === 'attack').map((x) => x.result)
    assert.deepEqual(d20s, r.attacks.map((a) => a.roll))
  }), { numRuns: 300 })
})
