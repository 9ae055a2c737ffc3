// Boundaries of the attack bonus (src/rules/attacks/attack-bonus.ts) that the
// other attack tests leave open: ties, edges of reach and range, entries that
// must not appear in a breakdown. Dice fixed; expected values by hand.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assertRuleError, attack, ac15, fighter, first, longsword } from './helpers.js'

const shortbow = { name: 'shortbow', type: 'ranged' as const, damage: '1d6', critMultiplier: 3, rangeIncrement: 60, strengthToDamage: 'penalty-only' as const }
const glaive = { name: 'glaive', damage: '1d10', category: 'two-handed' as const, reach: true }
const rapier = { name: 'rapier', damage: '1d6', critRange: 18, finesse: true }
type Ruleset = 'dnd35' | 'pf1e' | 'variant'

/** The attack's breakdown as `source value` lines, in order. */
function lines (ruleset: Ruleset, request: Parameters<typeof attack>[1]): string[] {
  return first(attack(ruleset, request, [10, 3])).attackBreakdown.map((b) => `${b.source} ${b.value}`)
}

test('Weapon Finesse takes Dex only when it is higher: at a tie the breakdown names Strength (SRD 3.5 › Feats › Weapon Finesse; docs/rules.md §P2.1)', () => {
  const even = { baseAttackBonus: 5, abilities: { str: 14, dex: 14 }, feats: ['weapon-finesse'] }
  assert.deepEqual(lines('dnd35', { attacker: even, target: ac15, weapon: rapier }), ['base attack bonus 5', 'Strength 2'])
  assert.deepEqual(lines('variant', { attacker: even, target: ac15, weapon: rapier }), ['base combat bonus 5', 'Strength 2'])
  // One point of Dex modifier more, and Dex replaces Str.
  const nimble = { ...even, abilities: { str: 14, dex: 16 } }
  assert.deepEqual(lines('dnd35', { attacker: nimble, target: ac15, weapon: rapier }), ['base attack bonus 5', 'Dexterity (Weapon Finesse) 3'])
  assert.deepEqual(lines('variant', { attacker: nimble, target: ac15, weapon: rapier }), ['base combat bonus 5', 'Dexterity (finesse) 3'])
})

test('no zero lines in a breakdown: a Medium attacker has no size line, a +0 weapon no enhancement line (SRD 3.5 › Attack Bonus)', () => {
  assert.deepEqual(lines('dnd35', { attacker: fighter, target: ac15, weapon: longsword }), ['base attack bonus 5', 'Strength 2'])
  assert.deepEqual(lines('pf1e', { attacker: fighter, target: ac15, weapon: { ...longsword, enhancement: 0 } }), ['base attack bonus 5', 'Strength 2'])
  // A Small attacker: +1 size (SRD 3.5 › Attack Bonus › Size Modifier).
  assert.deepEqual(lines('dnd35', { attacker: { ...fighter, size: 'small' }, target: ac15, weapon: longsword }), ['base attack bonus 5', 'Strength 2', 'size (small) 1'])
})

test('higher ground gives a ranged attack nothing in dnd35 (no line) and +1 in the variant (SRD 3.5 › Attack; variant › Attack Bonus; docs/rules.md §12)', () => {
  assert.deepEqual(lines('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options: { higherGround: true } }), ['base attack bonus 5', 'Dexterity 1'])
  assert.deepEqual(lines('variant', { attacker: fighter, target: ac15, weapon: shortbow, options: { higherGround: true } }), ['base combat bonus 5', 'Dexterity 1', 'higher ground 1'])
})

test('the variant\'s invisible attacker gets no +2 and no line; dnd35\'s gets +2 (SRD 3.5 › Special Abilities › Invisibility; docs/rules.md §P1.4)', () => {
  const attacker = { ...fighter, conditions: ['invisible'] }
  assert.ok(!lines('variant', { attacker, target: ac15, weapon: longsword }).some((l) => l.startsWith('invisible attacker')))
  assert.ok(lines('dnd35', { attacker, target: ac15, weapon: longsword }).includes('invisible attacker 2'))
})

test('range: no line within the first increment; one line naming the increments beyond (SRD 3.5 › Attack Bonus › Range Penalty; docs/rules.md §P2.2)', () => {
  assert.deepEqual(lines('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 59 } }), ['base attack bonus 5', 'Dexterity 1'])
  assert.deepEqual(lines('pf1e', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 0 } }), ['base attack bonus 5', 'Dexterity 1'])
  assert.deepEqual(lines('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 60 } }), ['base attack bonus 5', 'Dexterity 1', 'range (1 increment of 60 ft) -2'])
  assert.deepEqual(lines('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 120 } }), ['base attack bonus 5', 'Dexterity 1', 'range (2 increments of 60 ft) -4'])
  // pf1e: 121 ft is two increments beyond the first, −4 (docs/rules.md §14).
  assert.equal(first(attack('pf1e', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 121 } }, [10, 3])).attackBonus, 6 - 4)
  // Without distanceFeet no range increment is needed.
  const { rangeIncrement: _, ...bare } = shortbow
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: bare }, [10, 3])).attackBonus, 6)
})

test('a creature attacks without a reach weapon up to its natural reach, not beyond; a 0-reach creature only in its own square (docs/rules.md §95)', () => {
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { distanceFeet: 5 } }, [10, 3])).attackBonus, 7)
  assert.equal(first(attack('dnd35', { attacker: { ...fighter, size: 'large' }, target: ac15, weapon: longsword, options: { distanceFeet: 10 } }, [10, 3])).attackBonus, 7 - 1)
  assertRuleError(() => attack('dnd35', { attacker: { ...fighter, size: 'large' }, target: ac15, weapon: longsword, options: { distanceFeet: 15 } }), 'out-of-range', '/options/distanceFeet')
  // Tiny: +2 size, reach 0.
  assert.equal(first(attack('dnd35', { attacker: { ...fighter, size: 'tiny' }, target: ac15, weapon: longsword, options: { distanceFeet: 0 } }, [10, 3])).attackBonus, 7 + 2)
  assertRuleError(() => attack('dnd35', { attacker: { ...fighter, size: 'tiny' }, target: ac15, weapon: longsword, options: { distanceFeet: 5 } }), 'out-of-range', '/options/distanceFeet')
})

test('a 0-reach wielder\'s reach weapon reaches the squares next to it, 5 ft; in its own square it cannot strike in dnd35, −4 in the variant (docs/rules.md §95)', () => {
  const tiny = { ...fighter, size: 'tiny' as const }
  assert.equal(first(attack('dnd35', { attacker: tiny, target: ac15, weapon: glaive, options: { distanceFeet: 5 } }, [10, 3])).attackBonus, 7 + 2)
  assertRuleError(() => attack('dnd35', { attacker: tiny, target: ac15, weapon: glaive, options: { distanceFeet: 10 } }), 'out-of-range', '/options/distanceFeet')
  assertRuleError(() => attack('dnd35', { attacker: tiny, target: ac15, weapon: glaive, options: { distanceFeet: 0 } }), 'not-possible', '/options/distanceFeet')
  assert.equal(first(attack('variant', { attacker: tiny, target: ac15, weapon: glaive, options: { distanceFeet: 0 } }, [10, 3])).attackBonus, 7 - 4)
  assert.equal(first(attack('variant', { attacker: tiny, target: ac15, weapon: glaive, options: { distanceFeet: 5 } }, [10, 3])).attackBonus, 7)
})

test('variant reach weapons: Medium reaches 10 ft, not 15; Large reaches 15 and 20 ft, not 25, and cannot strike at 10 ft (variant › Reach Weapons; docs/rules.md §95)', () => {
  const large = { ...fighter, size: 'large' as const }
  assert.equal(first(attack('variant', { attacker: fighter, target: ac15, weapon: glaive, options: { distanceFeet: 10 } }, [10, 3])).attackBonus, 7)
  assertRuleError(() => attack('variant', { attacker: fighter, target: ac15, weapon: glaive, options: { distanceFeet: 15 } }), 'out-of-range', '/options/distanceFeet')
  // The variant has no size modifier to attacks: +7 at any distance it reaches.
  assert.equal(first(attack('variant', { attacker: large, target: ac15, weapon: glaive, options: { distanceFeet: 15 } }, [10, 3])).attackBonus, 7)
  assert.equal(first(attack('variant', { attacker: large, target: ac15, weapon: glaive, options: { distanceFeet: 20 } }, [10, 3])).attackBonus, 7)
  assertRuleError(() => attack('variant', { attacker: large, target: ac15, weapon: glaive, options: { distanceFeet: 25 } }), 'out-of-range', '/options/distanceFeet')
  assertRuleError(() => attack('variant', { attacker: large, target: ac15, weapon: glaive, options: { distanceFeet: 10 } }), 'not-possible', '/options/distanceFeet')
  assertRuleError(() => attack('variant', { attacker: large, target: ac15, weapon: glaive, options: { distanceFeet: 5 } }), 'not-possible', '/options/distanceFeet')
  // Small, like Medium, strikes an adjacent foe at −4.
  assert.equal(first(attack('variant', { attacker: { ...fighter, size: 'small' }, target: ac15, weapon: glaive, options: { distanceFeet: 5 } }, [10, 3])).attackBonus, 7 - 4)
})

test('composite bow: −2 only when its rating is above the wielder\'s Str bonus (SRD 3.5 › Equipment › Composite Longbow; PRD › Equipment)', () => {
  const longbow = { name: 'composite longbow', type: 'ranged' as const, damage: '1d8', critMultiplier: 3, rangeIncrement: 110 }
  // Str 14: +2. Rating 2 is within it, rating 3 above it.
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: { ...longbow, compositeRating: 2 } }, [10, 3])).attackBonus, 6)
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: { ...longbow, compositeRating: 3 } }, [10, 3])).attackBonus, 6 - 2)
  // No Str given: a score of 10, +0, under a rating of 1.
  assert.equal(first(attack('pf1e', { attacker: { baseAttackBonus: 5, abilities: { dex: 12 } }, target: ac15, weapon: { ...longbow, compositeRating: 1 } }, [10, 3])).attackBonus, 6 - 2)
  assert.equal(first(attack('pf1e', { attacker: { baseAttackBonus: 5, abilities: { dex: 12 } }, target: ac15, weapon: { ...longbow, compositeRating: 0 } }, [10, 3])).attackBonus, 6)
  assertRuleError(() => attack('variant', { attacker: fighter, target: ac15, weapon: { ...longbow, compositeRating: 2 } }), 'rule-not-defined', '/weapon/compositeRating')
})

test('shooting into melee is a ranged penalty: a melee attack takes none (SRD 3.5 › Shooting or Throwing into a Melee)', () => {
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { shootingIntoMelee: true } }, [10, 3])).attackBonus, 7)
  const dagger = { name: 'dagger', type: 'thrown' as const, damage: '1d4', rangeIncrement: 10 }
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: dagger, options: { shootingIntoMelee: true } }, [10, 3])).attackBonus, 6 - 4)
})

test('an attack is impossible with total cover; Swift Attack is the variant\'s alone (SRD 3.5 › Cover; docs/rules.md §27)', () => {
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { cover: 'total' } }), 'not-possible', '/options/cover')
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { swiftAttack: true } }), 'rule-not-defined', '/options/swiftAttack')
  assertRuleError(() => attack('pf1e', { attacker: fighter, target: ac15, weapon: longsword, options: { swiftAttack: true } }), 'rule-not-defined', '/options/swiftAttack')
})

test('the variant\'s trained unarmed strike may deal lethal damage, with no −4 (variant › Attack › Unarmed Attacks; docs/rules.md §23)', () => {
  const trained = { ...fighter, feats: ['improved-unarmed-strike'] }
  const r = first(attack('variant', { attacker: trained, target: ac15, weapon: { unarmed: true }, options: { nonlethal: true } }, [15, 2]))
  assert.equal(r.attackBonus, 7)
  assert.equal(r.damage?.nonlethal, 0)
  assert.ok((r.damage?.lethal ?? 0) > 0)
})

test('a prone attacker may shoot a shuriken in dnd35 but not in the variant, and a crossbow in both (SRD 3.5 › Conditions › Prone; variant › Prone)', () => {
  const prone = { ...fighter, conditions: ['prone'] }
  const shuriken = { name: 'shuriken', type: 'thrown' as const, damage: '1d2', rangeIncrement: 10 }
  assert.equal(first(attack('dnd35', { attacker: prone, target: ac15, weapon: shuriken }, [10, 1])).attackBonus, 6)
  assertRuleError(() => attack('variant', { attacker: prone, target: ac15, weapon: shuriken }), 'not-possible', '/weapon/type')
  const crossbow = { name: 'Heavy Crossbow', type: 'ranged' as const, damage: '1d10', critRange: 19, rangeIncrement: 120 }
  assert.equal(first(attack('variant', { attacker: prone, target: ac15, weapon: crossbow }, [10, 3])).attackBonus, 6)
})

/** The message of the rule error `run` throws (the problem's detail a client reads). */
function messageOf (run: () => unknown): string {
  try { run() } catch (error) { return (error as Error).message }
  assert.fail('no error')
}

test('refusals say why: a 0-reach creature must enter its foe\'s square; the maximum range in feet; the condition that forbids a ranged attack (SRD 3.5 › Big and Little Creatures in Combat; Range Penalty; Conditions › Prone)', () => {
  const tiny = messageOf(() => attack('dnd35', { attacker: { ...fighter, size: 'tiny' }, target: ac15, weapon: longsword, options: { distanceFeet: 5 } }))
  assert.match(tiny, /\(a tiny creature must enter its foe's square\)/)
  const medium = messageOf(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { distanceFeet: 10 } }))
  assert.doesNotMatch(medium, /must enter/)
  assert.match(messageOf(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 601 } })), /10 increments of 60 ft \(600 ft\)/)
  assert.match(messageOf(() => attack('dnd35', { attacker: { ...fighter, conditions: ['prone'] }, target: ac15, weapon: shortbow })), /a prone attacker/)
})

test('Improved Unarmed Strike spares the −4 of an unarmed strike alone: lethal damage with a sap is −4 for anyone, untrained in the variant too (SRD 3.5 › Nonlethal Damage; variant › Unarmed Attacks)', () => {
  const sap = { name: 'sap', damage: '1d6', nonlethal: true }
  const trained = { ...fighter, feats: ['improved-unarmed-strike'] }
  const d = first(attack('dnd35', { attacker: trained, target: ac15, weapon: sap, options: { nonlethal: true } }, [15, 3]))
  assert.equal(d.attackBonus, 7 - 4)
  assert.deepEqual([d.damage?.lethal, d.damage?.nonlethal], [3 + 2, 0])
  const v = first(attack('variant', { attacker: fighter, target: ac15, weapon: sap, options: { nonlethal: true } }, [15, 3]))
  assert.equal(v.attackBonus, 7 - 4)
  assert.equal(v.damage?.nonlethal, 0)
})
