import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assertRuleError, attack, fighter, first, longsword, purposes } from './helpers.js'

const sleeper = { abilities: { con: 12 }, baseSaves: { fortitude: 2, death: 3 }, conditions: ['helpless'] }

test('dnd35 coup de grace: automatic critical, then Fortitude DC 10 + damage, rolled after the damage (SRD 3.5 › Helpless Defenders)', () => {
  const r = attack('dnd35', { attacker: fighter, target: sleeper, weapon: longsword, mode: 'coup-de-grace' }, [4, 5, 10])
  const a = first(r)
  assert.deepEqual([a.label, a.roll, a.hit, a.critical, a.confirmation, a.damage?.multiplier, a.damage?.total], ['coup de grace', null, true, true, null, 2, 13])
  assert.deepEqual(purposes(r), ['damage', 'damage', 'save'])
  assert.deepEqual(r.coupDeGrace && { dc: r.coupDeGrace.dc, roll: r.coupDeGrace.roll, total: r.coupDeGrace.total, survived: r.coupDeGrace.survived }, { dc: 23, roll: 10, total: 13, survived: false })
  assert.equal(r.coupDeGrace?.bonus, 3)
  assert.equal(r.totals.criticals, 1)
  // A natural 20 always saves (docs/rules.md §P3); so does a total reaching the DC.
  assert.equal(attack('dnd35', { attacker: fighter, target: sleeper, weapon: longsword, mode: 'coup-de-grace' }, [4, 5, 20]).coupDeGrace?.survived, true)
  const tough = { ...sleeper, baseSaves: { fortitude: 10 } }
  assert.equal(attack('pf1e', { attacker: fighter, target: tough, weapon: longsword, mode: 'coup-de-grace' }, [4, 5, 12]).coupDeGrace?.survived, true)
  assert.equal(attack('pf1e', { attacker: fighter, target: tough, weapon: longsword, mode: 'coup-de-grace' }, [4, 5, 11]).coupDeGrace?.survived, false)
})

test('a coup de grace that kills through the damage alone rolls no save (SRD 3.5 › Helpless Defenders: "if the defender survives")', () => {
  const r = attack('dnd35', { attacker: fighter, target: { ...sleeper, hitPoints: { max: 20, current: 3 } }, weapon: longsword, mode: 'coup-de-grace' }, [4, 5])
  assert.deepEqual(r.coupDeGrace && [r.coupDeGrace.roll, r.coupDeGrace.total, r.coupDeGrace.survived], [null, null, false])
  assert.deepEqual(purposes(r), ['damage', 'damage'])
  // pf1e dies at −Con (12): 3 − 13 = −10 is still alive, so the save is rolled.
  const p = attack('pf1e', { attacker: fighter, target: { ...sleeper, hitPoints: { max: 20, current: 3 } }, weapon: longsword, mode: 'coup-de-grace' }, [4, 5, 15])
  assert.equal(p.coupDeGrace?.roll, 15)
})

test('coup de grace needs a helpless target, the save\'s base bonus, and a melee weapon or an adjacent bow (SRD 3.5 › Helpless Defenders)', () => {
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: { baseSaves: { fortitude: 2 } }, weapon: longsword, mode: 'coup-de-grace' }), 'not-possible', '/target/conditions')
  assertRuleError(() => attack('pf1e', { attacker: fighter, target: { conditions: ['unconscious'] }, weapon: longsword, mode: 'coup-de-grace' }), 'missing-field', '/target/baseSaves/fortitude')
  const bow = { name: 'longbow', type: 'ranged' as const, damage: '1d8', critMultiplier: 3, rangeIncrement: 100 }
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: sleeper, weapon: bow, mode: 'coup-de-grace', options: { distanceFeet: 30 } }), 'not-possible', '/options/distanceFeet')
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: sleeper, weapon: { ...bow, type: 'thrown' }, mode: 'coup-de-grace' }), 'not-possible', '/weapon/type')
  const adjacent = attack('dnd35', { attacker: fighter, target: sleeper, weapon: bow, mode: 'coup-de-grace', options: { distanceFeet: 5 } }, [1, 1, 1, 20])
  assert.equal(first(adjacent).damage?.multiplier, 3)
})

test('variant coup de grace: an attack roll at +4 against the helpless AC, then a Death save DC 10 + damage (variant › Coup de Grace, docs/rules.md §30)', () => {
  // A helpless target is off-guard and worse: the hit is a sneak attack, +1d6 after the weapon's dice (variant › Sneak Attacks, docs/rules.md §74).
  const r = attack('variant', { attacker: fighter, target: sleeper, weapon: { name: 'axe', damage: '1d8' }, mode: 'coup-de-grace' }, [10, 3, 4, 16])
  const a = first(r)
  assert.deepEqual([a.attackBonus, a.targetAC, a.roll, a.hit, a.critical], [5 + 2 + 4, 10 - 5 - 4, 10, true, false])
  assert.equal(a.damage?.total, 3 + 2 + 5 + 4)
  assert.deepEqual(purposes(r), ['attack', 'damage', 'sneak-attack', 'death-save'])
  assert.deepEqual(r.coupDeGrace && [r.coupDeGrace.save, r.coupDeGrace.dc, r.coupDeGrace.total, r.coupDeGrace.survived], ['death', 24, 19, false])
  // A natural 20 doubles the damage (docs/rules.md §30), not the sneak attack die.
  const crit = attack('variant', { attacker: fighter, target: sleeper, weapon: { name: 'axe', damage: '1d8' }, mode: 'coup-de-grace' }, [20, 3, 4, 2, 18])
  assert.deepEqual([first(crit).critical, first(crit).damage?.total, crit.coupDeGrace?.dc, crit.coupDeGrace?.survived], [true, 21 + 2, 33, false])
  // A miss deals nothing and calls for no save.
  const miss = attack('variant', { attacker: fighter, target: sleeper, weapon: { name: 'axe', damage: '1d8' }, mode: 'coup-de-grace' }, [1])
  assert.deepEqual([first(miss).hit, miss.coupDeGrace], [false, null])
  assertRuleError(() => attack('variant', { attacker: fighter, target: { conditions: ['helpless'] }, weapon: longsword, mode: 'coup-de-grace' }), 'missing-field', '/target/baseSaves/death')
})

test('variant projectile coup de grace is ranged: no −4 melee on the helpless AC (docs/rules.md §30)', () => {
  const crossbow = { name: 'light crossbow', type: 'ranged' as const, damage: '1d8', rangeIncrement: 80 }
  const a = first(attack('variant', { attacker: fighter, target: sleeper, weapon: crossbow, mode: 'coup-de-grace' }, [10, 3, 4, 16]))
  assert.equal(a.targetAC, 10 - 5)
})
