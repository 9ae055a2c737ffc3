import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveManeuver } from '../../src/rules/maneuvers/index.js'
import { combatManeuverDefense } from '../../src/rules/maneuvers/combat-maneuver.js'
import { meleeTouchAttackBonus } from '../../src/rules/maneuvers/checks.js'

const dnd35 = getRuleset('dnd35')
const pf1e = getRuleset('pf1e')
const variant = getRuleset('variant')

test('property: a pf1e bull rush that succeeds pushes 5 ft + 5 per full 5 of margin (PRD › Bull Rush; docs/rules.md §36)', () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 19 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 10, max: 50 }), (roll, cmb, cmd) => {
    const r = resolveManeuver(pf1e, new Dice({ seed: 1, sequence: [roll] }), 'bull-rush', { attacker: { cmb, feats: ['improved-bull-rush'] }, defender: { cmd } })
    const margin = roll + cmb + 2 - cmd
    assert.equal(r.success, margin >= 0)
    if (r.success) assert.equal(r.effect.pushFeet, 5 + 5 * Math.floor(margin / 5))
  }))
})

test('property: a dnd35 bull rush push is 5 ft per full 5 of the winning margin, never less than 5 (SRD 3.5 › Bull Rush)', () => {
  fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 8, maxLength: 8 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (seq, strA, strD) => {
    const r = resolveManeuver(dnd35, new Dice({ seed: 2, sequence: seq }), 'bull-rush', { attacker: { abilities: { str: strA }, feats: ['improved-bull-rush'] }, defender: { abilities: { str: strD } } })
    const [a, d] = r.steps[1]!.sides!
    if (r.success) {
      assert.ok(a!.total >= d!.total)
      assert.equal(r.effect.pushFeet, 5 + 5 * Math.floor((a!.total - d!.total) / 5))
    } else {
      assert.ok(a!.total <= d!.total)
    }
  }))
})

test('property: the variant bull rush succeeds exactly when total ≥ DC (docs/rules.md §39)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (roll, strA, strD) => {
    const r = resolveManeuver(variant, new Dice({ seed: 3, sequence: [roll] }), 'bull-rush', { attacker: { abilities: { str: strA } }, defender: { abilities: { str: strD } } })
    const step = r.steps[1]!
    assert.equal(step.against, 10 + Math.floor((strD - 10) / 2))
    assert.equal(r.success, step.total! >= step.against!)
  }))
})

test('pf1e CMD: printed totals, a pinned defender (no Dex, −4) and a flat-footed one (docs/rules.md §11, §35)', () => {
  const p = (combatant: object) => ({ role: 'defender', path: '/defender', combatant })
  assert.equal(combatManeuverDefense(pf1e, p({ cmd: 18, abilities: { dex: 14 } })).total, 18)
  assert.equal(combatManeuverDefense(pf1e, p({ cmd: 18, abilities: { dex: 14 }, conditions: ['flat-footed'] })).total, 16)
  const pinned = combatManeuverDefense(pf1e, p({ baseAttackBonus: 2, abilities: { dex: 14 }, conditions: ['pinned'] }))
  assert.equal(pinned.total, 10 + 2 - 4)
  assert.equal(pinned.breakdown.filter((b) => b.applied).reduce((n, b) => n + b.value, 10), pinned.total)
  // Printed AC totals do not make touch AC a required field for the CMD.
  assert.equal(combatManeuverDefense(pf1e, p({ baseAttackBonus: 0, armorClass: { total: 15 } })).total, 10)
})

test('meleeTouchAttackBonus: BAB + Str + attack size modifier; the variant has no size term (SRD 3.5 › Attack Bonus; variant › Attack Bonus)', () => {
  const small = { role: 'attacker', path: '/attacker', combatant: { size: 'small' as const, baseAttackBonus: 3, abilities: { str: 8 } } }
  assert.equal(meleeTouchAttackBonus(dnd35, small).total, 3 - 1 + 1)
  assert.equal(meleeTouchAttackBonus(variant, small).total, 3 - 1)
})
