// Precision damage at the rules level (docs/rules.md §74; SRD 3.5 › Rogue ›
// Sneak Attack; PRD › Rogue › Sneak Attack; variant › Sneak Attacks): when a
// hit qualifies, where its dice come from, what spares a target. Mutation
// testing found these boundaries pinned only by HTTP tests, which the rules'
// mutation runs do not select (docs/mutation-testing.md). Every expected
// number is worked out by hand; the dice are fixed: [d20, damage dice…].
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import { assertRuleError, attack, first, purposes } from './helpers.js'

// A rogue with +3 to hit (BAB 3, no ability scores) and 2d6 sneak attack; a target with AC 12 (armor 2).
const rogue = { baseAttackBonus: 3, sneakAttack: '2d6' }
const rapier = { name: 'rapier', damage: '1d6', critRange: 18, extraDamage: [{ dice: '1d6', type: 'fire' }] }
const dagger = { name: 'dagger', damage: '1d4' }
const guard = { armorClass: { armor: 2 } }
const flatFooted = { ...guard, conditions: ['flat-footed'] }
const sneakLine = (o: ReturnType<typeof attack>) => first(o).damage?.breakdown.find((b) => b.source.startsWith('sneak attack'))

for (const ruleset of ['dnd35', 'pf1e'] as const) {
  test(`${ruleset}: a target denied its Dex takes the stat block's sneak dice after the weapon's and the extra dice; flanking qualifies too; neither, none (docs/rules.md §74)`, () => {
    // d20 10 + 3 = 13 ≥ 12: a hit. 4 (rapier) + 2 (fire) + 5 + 6 (2d6).
    const ff = attack(ruleset, { attacker: rogue, target: flatFooted, weapon: rapier }, [10, 4, 2, 5, 6])
    assert.deepEqual(purposes(ff), ['attack', 'damage', 'extra-damage', 'sneak-attack', 'sneak-attack'])
    assert.equal(first(ff).damage?.total, 17)
    assert.deepEqual(sneakLine(ff), { source: 'sneak attack 2d6', type: 'untyped', value: 11, applied: true })
    assert.equal(first(ff).damage?.bloodies, undefined, 'no bloodied in dnd35/pf1e')
    // Flanking: 8 + 3 + 2 = 13, a hit; 4 + 2 + 1 + 1.
    const flanked = attack(ruleset, { attacker: rogue, target: guard, weapon: rapier, options: { flanking: true } }, [8, 4, 2, 1, 1])
    assert.deepEqual(purposes(flanked), ['attack', 'damage', 'extra-damage', 'sneak-attack', 'sneak-attack'])
    assert.equal(first(flanked).damage?.total, 8)
    const plain = attack(ruleset, { attacker: rogue, target: guard, weapon: rapier }, [10, 4, 2])
    assert.deepEqual(purposes(plain), ['attack', 'damage', 'extra-damage'])
    assert.equal(sneakLine(plain), undefined)
    // No sneak attack on the stat block: none, even against a flat-footed target.
    const fighter = attack(ruleset, { attacker: { baseAttackBonus: 3 }, target: flatFooted, weapon: dagger }, [10, 2])
    assert.deepEqual([purposes(fighter), first(fighter).damage?.total], [['attack', 'damage'], 2])
  })

  test(`${ruleset}: a ranged sneak attack only within 30 ft (at 30 yes, at 35 no, no distance given counts as within); a melee reach is not limited (docs/rules.md §74)`, () => {
    const bow = { name: 'shortbow', type: 'ranged' as const, damage: '1d6', rangeIncrement: 60 }
    const near = attack(ruleset, { attacker: rogue, target: flatFooted, weapon: bow, options: { distanceFeet: 30 } }, [10, 4, 3, 3])
    assert.deepEqual([purposes(near), first(near).damage?.total], [['attack', 'damage', 'sneak-attack', 'sneak-attack'], 10])
    const far = attack(ruleset, { attacker: rogue, target: flatFooted, weapon: bow, options: { distanceFeet: 35 } }, [10, 4])
    assert.deepEqual([purposes(far), first(far).damage?.total], [['attack', 'damage'], 4])
    const unsaid = attack(ruleset, { attacker: rogue, target: flatFooted, weapon: bow }, [10, 4, 3, 3])
    assert.deepEqual([purposes(unsaid), first(unsaid).damage?.total], [['attack', 'damage', 'sneak-attack', 'sneak-attack'], 10])
    // A Gargantuan rogue (natural reach 20 ft) with a reach weapon strikes at 35 ft in melee: still a sneak attack.
    const longspear = { name: 'longspear', damage: '1d8', reach: true, category: 'two-handed' as const }
    const giant = attack(ruleset, { attacker: { ...rogue, size: 'gargantuan' }, target: flatFooted, weapon: longspear, options: { distanceFeet: 35 } }, [15, 4, 3, 3])
    assert.ok(first(giant).hit)
    assert.deepEqual(purposes(giant), ['attack', 'damage', 'sneak-attack', 'sneak-attack'])
  })

  test(`${ruleset}: no sneak attack through any miss chance, even when the d% does not make it miss (docs/rules.md §74)`, () => {
    // 20% concealment, d% 50: the attack hits; 4 + 2, no sneak attack dice.
    const hidden = attack(ruleset, { attacker: rogue, target: flatFooted, weapon: rapier, options: { concealment: 'concealment' } }, [10, 50, 4, 2])
    assert.deepEqual([purposes(hidden), first(hidden).hit, first(hidden).damage?.total], [['attack', 'miss-chance', 'damage', 'extra-damage'], true, 6])
    // An explicit 1% miss chance is enough to spare the target: d% 2 does not miss.
    const one = attack(ruleset, { attacker: rogue, target: flatFooted, weapon: dagger, options: { missChance: 1 } }, [10, 2, 3])
    assert.deepEqual([purposes(one), first(one).damage?.total], [['attack', 'miss-chance', 'damage'], 3])
  })
}

test('immunity: dnd35 spares a creature immune to critical hits or to precision damage; pf1e only the latter (docs/rules.md §74)', () => {
  const body = (feats: string[]): AttackRequest => ({ attacker: rogue, target: { ...flatFooted, feats }, weapon: dagger })
  // d20 10 hits; a d4 of 1, and 1 + 1 of sneak attack when it applies.
  assert.equal(first(attack('dnd35', body(['immune-to-critical-hits']), [10, 1, 1, 1])).damage?.total, 1)
  assert.equal(first(attack('dnd35', body(['immune-to-precision-damage']), [10, 1, 1, 1])).damage?.total, 1)
  assert.equal(first(attack('pf1e', body(['immune-to-critical-hits']), [10, 1, 1, 1])).damage?.total, 3)
  assert.equal(first(attack('pf1e', body(['immune-to-precision-damage']), [10, 1, 1, 1])).damage?.total, 1)
  assert.equal(first(attack('dnd35', body(['power-attack']), [10, 1, 1, 1])).damage?.total, 3, 'another tag spares nothing')
})

test('variant › Sneak Attacks: every attacker adds 1d6 to a hit on an off-guard target and bloodies it; flanking alone does not qualify; a stat block\'s dice are refused', () => {
  const fighter = { baseAttackBonus: 2 }
  const light = { name: 'dagger', damage: '1d4', category: 'light' as const }
  // Off-guard: AC 10 + 2 armor − 2 = 10. +2 (BCB), d20 9 → 11: a hit; 3 + BCB 2 + 5 (sneak attack).
  const offGuard = attack('variant', { attacker: fighter, target: { ...guard, conditions: ['off-guard'] }, weapon: light }, [9, 3, 5])
  assert.deepEqual([first(offGuard).damage?.total, first(offGuard).damage?.bloodies], [10, true])
  assert.deepEqual(sneakLine(offGuard), { source: 'sneak attack 1d6', type: 'untyped', value: 5, applied: true })
  // The same twice: the 1d6 is the ruleset's, not used up by the first attack.
  const again = attack('variant', { attacker: fighter, target: { ...guard, conditions: ['off-guard'] }, weapon: light }, [9, 3, 6])
  assert.equal(first(again).damage?.total, 11)
  const flanked = attack('variant', { attacker: fighter, target: guard, weapon: light, options: { flanking: true } }, [9, 3])
  assert.deepEqual([purposes(flanked), first(flanked).damage?.total, first(flanked).damage?.bloodies], [['attack', 'damage'], 5, undefined])
  assertRuleError(() => attack('variant', { attacker: { ...fighter, sneakAttack: '2d6' }, target: guard, weapon: light }), 'rule-not-defined', '/attacker/sneakAttack')
})

test('OpenAPI › Limits: a sneak attack notation of 1,001 dice (1000d6+1d6) is refused naming /attacker/sneakAttack', () => {
  assertRuleError(() => attack('dnd35', { attacker: { ...rogue, sneakAttack: '1000d6+1d6' }, target: guard, weapon: rapier }), 'out-of-range', '/attacker/sneakAttack')
})

test('variant › Take Aim: the aimed shot\'s sneak attack reaches one range increment, never less than 30 ft; dnd35 has no such shot (docs/rules.md §148)', () => {
  const archer = { baseAttackBonus: 2 }
  const offGuard = { ...guard, conditions: ['off-guard'] }
  const longbow = { name: 'longbow', type: 'ranged' as const, damage: '1d8', rangeIncrement: 60 }
  // Aimed at 50 ft, inside the 60-ft increment: d20 9 + 2 = 11 ≥ 10 (off-guard); 3, then the 1d6.
  const aimed = attack('variant', { attacker: archer, target: offGuard, weapon: longbow, options: { distanceFeet: 50, aimed: true } }, [9, 3, 5])
  assert.deepEqual(purposes(aimed), ['attack', 'damage', 'sneak-attack'])
  // The same shot not aimed: 50 ft is beyond the 30 ft of variant › Sneak Attacks.
  const plain = attack('variant', { attacker: archer, target: offGuard, weapon: longbow, options: { distanceFeet: 50 } }, [9, 3])
  assert.deepEqual(purposes(plain), ['attack', 'damage'])
  // Aimed beyond the increment (70 ft): no sneak attack; d20 15 hits through any range penalty.
  const beyond = attack('variant', { attacker: archer, target: offGuard, weapon: longbow, options: { distanceFeet: 70, aimed: true } }, [15, 3])
  assert.deepEqual(purposes(beyond), ['attack', 'damage'])
  // A 20-ft increment does not shorten the 30 ft: aimed at 30 ft still sneaks.
  const sling = { name: 'sling', type: 'ranged' as const, damage: '1d4', rangeIncrement: 20 }
  const short = attack('variant', { attacker: archer, target: offGuard, weapon: sling, options: { distanceFeet: 30, aimed: true } }, [15, 2, 4])
  assert.deepEqual(purposes(short), ['attack', 'damage', 'sneak-attack'])
  // dnd35 has no take aim: the flag changes nothing, 50 ft stays beyond 30.
  const dnd = attack('dnd35', { attacker: rogue, target: flatFooted, weapon: longbow, options: { distanceFeet: 50, aimed: true } }, [10, 4])
  assert.deepEqual(purposes(dnd), ['attack', 'damage'])
})
