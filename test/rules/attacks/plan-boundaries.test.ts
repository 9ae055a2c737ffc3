// Boundaries of the action plan (src/rules/attacks/plan.ts) that the other
// attack tests leave open: which action a condition allows, the extra
// off-hand attacks, lines that must not appear in a breakdown, Swift Attack,
// the coup de grace's miss chance and range. Dice fixed; expected values by hand.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assertRuleError, attack, ac15, fighter, first, longsword, purposes } from './helpers.js'

const target = { armorClass: { total: 10 } }
const shortSword = { name: 'short sword', damage: '1d6', category: 'light' as const, critRange: 19 }
const lines = (a: { attackBreakdown: Array<{ source: string, value: number }> }) => a.attackBreakdown.map((b) => `${b.source} ${b.value}`)

test('a staggered creature makes a single attack but no full attack or coup de grace, which take the full round (SRD 3.5 › Conditions › Staggered; docs/rules.md §73)', () => {
  const staggered = { baseAttackBonus: 6, abilities: { str: 14 }, conditions: ['staggered'] }
  assert.equal(first(attack('dnd35', { attacker: staggered, target, weapon: longsword }, [10, 3])).attackBonus, 6 + 2)
  assertRuleError(() => attack('dnd35', { attacker: staggered, target, weapon: longsword, mode: 'full' }), 'not-possible', '/attacker/conditions/0')
  const sleeper = { baseSaves: { fortitude: 2 }, conditions: ['helpless'] }
  assertRuleError(() => attack('pf1e', { attacker: staggered, target: sleeper, weapon: longsword, mode: 'coup-de-grace' }), 'not-possible', '/attacker/conditions/0')
  // The encounter, which has checked the actor itself, lets the full attack through: BAB +6 gives two attacks.
  assert.equal(attack('dnd35', { attacker: staggered, target, weapon: longsword, mode: 'full', actorMayAct: true }, [10, 3, 10, 3]).attacks.length, 2)
})

test('a fatigued creature attacks but cannot charge (SRD 3.5 › Conditions › Fatigued; docs/rules.md §73)', () => {
  const tired = { ...fighter, conditions: ['fatigued'] }
  // Str 14 − 2 = 12: +1.
  assert.equal(first(attack('dnd35', { attacker: tired, target, weapon: longsword }, [10, 3])).attackBonus, 5 + 1)
  assertRuleError(() => attack('dnd35', { attacker: tired, target, weapon: longsword, options: { charging: true } }), 'not-possible', '/attacker/conditions/0')
})

test('Greater Two-Weapon Fighting without Improved adds no off-hand attack: each feat needs the ones before it (SRD35 › Feats)', () => {
  const r = attack('dnd35', { attacker: { baseAttackBonus: 11, feats: ['two-weapon-fighting', 'greater-two-weapon-fighting'] }, target, weapon: longsword, offHand: shortSword, mode: 'full' }, [], 's')
  // BAB 11: +11/+6/+1, light off hand with the feat −2/−2.
  assert.deepEqual(r.attacks.map((a) => [a.label, a.attackBonus]), [['primary 1', 9], ['primary 2', 4], ['primary 3', -1], ['off-hand 1', 9]])
})

test('the first attack of a full attack and the first off-hand attack carry no "iterative" or "off-hand attack" line; the later ones −5 each (SRD 3.5 › Full Attack)', () => {
  const r = attack('pf1e', { attacker: { baseAttackBonus: 6, feats: ['two-weapon-fighting', 'improved-two-weapon-fighting'] }, target, weapon: longsword, offHand: shortSword, mode: 'full' }, [], 's')
  assert.deepEqual(r.attacks.map(lines), [
    ['base attack bonus 6', 'Strength 0', 'two-weapon fighting (primary hand) -2'],
    ['base attack bonus 6', 'Strength 0', 'two-weapon fighting (primary hand) -2', 'iterative attack 2 -5'],
    ['base attack bonus 6', 'Strength 0', 'two-weapon fighting (off hand) -2'],
    ['base attack bonus 6', 'Strength 0', 'two-weapon fighting (off hand) -2', 'off-hand attack 2 -5']
  ])
  // A single attack has no such line, nor a Swift Attack one.
  assert.deepEqual(lines(first(attack('pf1e', { attacker: fighter, target, weapon: longsword }, [10, 3]))), ['base attack bonus 5', 'Strength 2'])
  assert.deepEqual(lines(first(attack('variant', { attacker: fighter, target, weapon: longsword }, [10, 3]))), ['base combat bonus 5', 'Strength 2'])
})

test('variant Swift Attack: the BCB counts 4 lower, on the attack and on the damage (variant › Swift Attack; docs/rules.md §27)', () => {
  const a = first(attack('variant', { attacker: fighter, target, weapon: longsword, options: { swiftAttack: true } }, [10, 3]))
  // BCB 5 + Str 2 − 4.
  assert.equal(a.attackBonus, 3)
  assert.deepEqual(lines(a), ['base combat bonus 5', 'Strength 2', 'Swift Attack (BCB counts 4 lower) -4'])
  // d8 3 + Str 2 + BCB (5 − 4).
  assert.equal(a.damage?.total, 3 + 2 + 1)
  assert.equal(first(attack('variant', { attacker: fighter, target, weapon: longsword }, [10, 3])).damage?.total, 3 + 2 + 5)
})

test('a coup de grace\'s automatic critical ignores concealment; the variant\'s attack roll does not (SRD 3.5 › Helpless Defenders; docs/rules.md §P2.11)', () => {
  const sleeper = { abilities: { con: 12 }, baseSaves: { fortitude: 2, death: 3 }, conditions: ['helpless'] }
  const d = attack('dnd35', { attacker: fighter, target: sleeper, weapon: longsword, mode: 'coup-de-grace', options: { concealment: 'concealment' } }, [4, 5, 10])
  assert.deepEqual(purposes(d), ['damage', 'damage', 'save'])
  assert.equal(first(d).missChance, null)
  const v = attack('variant', { attacker: fighter, target: sleeper, weapon: { name: 'axe', damage: '1d8' }, mode: 'coup-de-grace', options: { concealment: 'concealment' } }, [10, 50, 3, 4, 16])
  assert.deepEqual(purposes(v), ['attack', 'miss-chance', 'damage', 'death-save'])
  assert.equal(first(v).missChance?.percent, 20)
})

test('a coup de grace with a bow is made adjacent: no distance given counts as adjacent, 10 ft does not (SRD 3.5 › Helpless Defenders)', () => {
  const sleeper = { baseSaves: { fortitude: 2 }, conditions: ['helpless'] }
  const bow = { name: 'longbow', type: 'ranged' as const, damage: '1d8', critMultiplier: 3, rangeIncrement: 100 }
  assert.equal(first(attack('dnd35', { attacker: fighter, target: sleeper, weapon: bow, mode: 'coup-de-grace' }, [1, 1, 1, 20])).damage?.multiplier, 3)
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: sleeper, weapon: bow, mode: 'coup-de-grace', options: { distanceFeet: 10 } }), 'not-possible', '/options/distanceFeet')
  // A creature immune to critical hits is no target for one.
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: { ...sleeper, feats: ['immune-to-critical-hits'] }, weapon: longsword, mode: 'coup-de-grace' }), 'not-possible', '/target/feats')
})

test('a pinned target keeps its Dex and loses its −4 against its pinner, not against others (SRD 3.5 › Grappling Consequences; docs/rules.md §10)', () => {
  const pinned = { abilities: { dex: 14 }, armorClass: { armor: 4 }, conditions: ['pinned'] }
  const dagger = { name: 'dagger', damage: '1d4', category: 'light' as const }
  // Against the pinner: 10 + armor 4 + Dex 2.
  const byPinner = first(attack('dnd35', { attacker: { ...fighter, conditions: ['grappling'] }, target: pinned, weapon: dagger }, [10, 3]))
  assert.deepEqual([byPinner.targetAC, byPinner.acType], [16, 'normal'])
  // Against anyone else: no Dex, −4.
  assert.equal(first(attack('dnd35', { attacker: fighter, target: pinned, weapon: dagger }, [10, 3])).targetAC, 10 + 4 - 4)
})

test('an incorporeal attacker\'s touch attack ignores cover in pf1e; its other attacks do not (PRD › Special Abilities › Incorporeal)', () => {
  const ghost = { ...fighter, conditions: ['incorporeal'] }
  const touch = { name: 'corrupting touch', damage: '1d6', touch: true }
  assert.equal(first(attack('pf1e', { attacker: ghost, target: ac15, weapon: touch, options: { cover: 'cover' } }, [10, 3])).targetAC, 10)
  assert.equal(first(attack('pf1e', { attacker: fighter, target: ac15, weapon: touch, options: { cover: 'cover' } }, [10, 3])).targetAC, 14)
  assert.equal(first(attack('pf1e', { attacker: ghost, target: ac15, weapon: longsword, options: { cover: 'cover' } }, [10, 3])).targetAC, 19)
})

test('a creature immune to critical hits is never threatened; the variant threatens on a natural 20 alone (SRD 3.5 › Critical Hits; variant › Critical Hits)', () => {
  const immune = { armorClass: { total: 10 }, feats: ['immune-to-critical-hits'] }
  const a = first(attack('dnd35', { attacker: fighter, target: immune, weapon: longsword }, [20, 3]))
  assert.deepEqual([a.hit, a.threat, a.critical], [true, false, false])
  const v = first(attack('variant', { attacker: fighter, target, weapon: longsword }, [19, 3]))
  assert.deepEqual([v.hit, v.threat, v.critical], [true, false, false])
})

test('what an encounter gives the next attack (aid another) reaches a single attack too (SRD 3.5 › Aid Another; docs/rules.md §105)', () => {
  const a = first(attack('dnd35', { attacker: fighter, target, weapon: longsword, options: { firstAttack: { attackModifiers: [{ source: 'aid another', value: 2 }], armorClassModifiers: [{ source: 'aid another', value: 2 }] } } }, [10, 3]))
  assert.deepEqual([a.attackBonus, a.targetAC], [7 + 2, 10 + 2])
})

test('an automatic coup de grace still reports the attacker\'s attack bonus, with no extra line (SRD 3.5 › Helpless Defenders)', () => {
  const sleeper = { baseSaves: { fortitude: 2 }, conditions: ['helpless'] }
  const a = first(attack('dnd35', { attacker: fighter, target: sleeper, weapon: longsword, mode: 'coup-de-grace' }, [4, 5, 10]))
  assert.equal(a.attackBonus, 5 + 2)
  assert.deepEqual(lines(a), ['base attack bonus 5', 'Strength 2'])
})

test('a melee coup de grace reaches as far as the attacker does: a Large creature\'s at 10 ft (SRD 3.5 › Helpless Defenders; docs/rules.md §95)', () => {
  const sleeper = { baseSaves: { fortitude: 2 }, conditions: ['helpless'] }
  const r = attack('dnd35', { attacker: { ...fighter, size: 'large' }, target: sleeper, weapon: longsword, mode: 'coup-de-grace', options: { distanceFeet: 10 } }, [4, 5, 10])
  assert.deepEqual(purposes(r), ['damage', 'damage', 'save'])
  assert.equal(first(r).damage?.multiplier, 2)
})

test('a double weapon is used as one only in a full attack with its off end: otherwise it is two-handed, 1½ × Str (SRD 3.5 › Two-Weapon Fighting; Double Weapons)', () => {
  const quarterstaff = { name: 'quarterstaff', damage: '1d6', category: 'two-handed' as const }
  const strong = { baseAttackBonus: 6, abilities: { str: 16 } }
  // A single attack, the off end named: d6 4 + ⌊1.5 × 3⌋.
  assert.equal(first(attack('dnd35', { attacker: strong, target, weapon: quarterstaff, offHand: { ...quarterstaff, double: true } }, [10, 4])).damage?.total, 4 + 4)
  // A full attack without an off hand: both attacks two-handed.
  const full = attack('dnd35', { attacker: strong, target, weapon: quarterstaff, mode: 'full' }, [10, 4, 10, 4])
  assert.deepEqual(full.attacks.map((a) => a.damage?.total), [4 + 4, 4 + 4])
})

test('a panicked creature makes no attack at all (SRD 3.5 › Conditions › Panicked; docs/rules.md §73)', () => {
  assertRuleError(() => attack('dnd35', { attacker: { ...fighter, conditions: ['panicked'] }, target, weapon: longsword }), 'not-possible', '/attacker/conditions/0')
})

test('the off-hand weapon is checked like the primary: a prone attacker cannot throw an off-hand dagger (SRD 3.5 › Conditions › Prone)', () => {
  const dagger = { name: 'dagger', type: 'thrown' as const, damage: '1d4', category: 'light' as const, rangeIncrement: 10 }
  assertRuleError(() => attack('dnd35', { attacker: { ...fighter, conditions: ['prone'] }, target, weapon: longsword, offHand: dagger, mode: 'full' }), 'not-possible', '/offHand/type')
})
