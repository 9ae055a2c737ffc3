import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveGrapple } from '../../src/rules/maneuvers/index.js'
import { SIZES } from '../../src/rules/size.js'

const dnd35 = getRuleset('dnd35')
const pf1e = getRuleset('pf1e')
const d20s = fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 6, maxLength: 6 })

test('property: a dnd35 hold against a target two or more sizes larger never succeeds, whatever the dice (SRD 3.5 › Starting a Grapple › Step 3)', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 2, max: 8 }), d20s, fc.integer({ min: 0, max: 30 }), (small, gap, seq, bab) => {
    fc.pre(small + gap < SIZES.length)
    const result = resolveGrapple(dnd35, new Dice({ seed: 1, sequence: seq }), 'start', {
      attacker: { size: SIZES[small], baseAttackBonus: bab, abilities: { str: 30 }, feats: ['improved-grapple'] },
      defender: { size: SIZES[small + gap], baseAttackBonus: 0 }
    })
    assert.equal(result.success, false)
    assert.deepEqual(result.state.attacker, [])
  }))
})

test('property: the opposed check winner has the higher total, or the higher modifier on a tie (SRD 3.5 › Step 3)', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 10, maxLength: 10 }), (babA, babD, seq) => {
    const result = resolveGrapple(dnd35, new Dice({ seed: 2, sequence: seq }), 'pin', {
      attacker: { baseAttackBonus: babA, conditions: ['grappling'] },
      defender: { baseAttackBonus: babD, conditions: ['grappling'] }
    })
    const step = result.steps[0]!
    const [a, d] = step.sides!
    if (a!.total !== d!.total) assert.equal(step.winner, a!.total > d!.total ? 'attacker' : 'defender')
    else if (a!.modifier !== d!.modifier) assert.equal(step.winner, a!.modifier > d!.modifier ? 'attacker' : 'defender')
    else assert.equal(step.tieBreak?.rule, 'reroll')
    assert.equal(result.success, step.winner === 'attacker')
  }))
})

test('property: pf1e natural 20 always succeeds and natural 1 always fails; otherwise success is total ≥ CMD (docs/rules.md §P4.3)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: -5, max: 40 }), fc.integer({ min: 0, max: 60 }), (roll, cmb, cmd) => {
    const result = resolveGrapple(pf1e, new Dice({ seed: 3, sequence: [roll] }), 'start', {
      attacker: { cmb, feats: ['improved-grapple'] }, defender: { cmd }
    })
    const expected = roll === 20 ? true : roll === 1 ? false : roll + cmb + 2 >= cmd
    assert.equal(result.success, expected)
  }))
})
