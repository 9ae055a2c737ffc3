import { test } from 'node:test'
import assert from 'node:assert/strict'
import { applied, assertRuleError, attack, ac15, fighter, first, longsword } from './helpers.js'

const shortbow = { name: 'shortbow', type: 'ranged' as const, damage: '1d6', critMultiplier: 3, rangeIncrement: 60, strengthToDamage: 'penalty-only' as const }

test('melee attack bonus = BAB + Str + size; breakdown sums to it (SRD 3.5 › Attack Bonus)', () => {
  const a = first(attack('dnd35', { attacker: { ...fighter, size: 'small' }, target: ac15, weapon: longsword }, [10, 3]))
  assert.equal(a.attackBonus, 5 + 2 + 1)
  assert.equal(applied(a.attackBreakdown), a.attackBonus)
  assert.equal(a.total, 18)
  assert.equal(a.targetAC, 15)
  assert.equal(a.hit, true)
})

test('ranged attack bonus uses Dex (SRD 3.5 › Attack Bonus); the variant has no size modifier (variant › Attack Bonus)', () => {
  const attacker = { ...fighter, size: 'small' as const }
  assert.equal(first(attack('dnd35', { attacker, target: ac15, weapon: shortbow }, [10, 3])).attackBonus, 5 + 1 + 1)
  assert.equal(first(attack('variant', { attacker, target: ac15, weapon: shortbow }, [10, 3])).attackBonus, 5 + 1)
})

test('the seed\'s shortbow: 200 ft at increment 60 is −6, 59 ft is 0 (SRD 3.5 › Range Penalty)', () => {
  for (const ruleset of ['dnd35', 'pf1e', 'variant'] as const) {
    const far = first(attack(ruleset, { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 200 } }, [10, 3]))
    assert.equal(far.attackBonus, 5 + 1 - 6, ruleset)
    assert.ok(far.attackBreakdown.some((b) => b.value === -6 && b.source.startsWith('range')), 'a −6 range entry')
    const near = first(attack(ruleset, { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 59 } }, [10, 3]))
    assert.equal(near.attackBonus, 6, ruleset)
  }
})

test('range at an exact multiple: dnd35 and variant −2 at 60 ft (docs/rules.md §15); pf1e 0 at 60 ft, −2 at 61 ft (docs/rules.md §14)', () => {
  const at = (ruleset: 'dnd35' | 'pf1e' | 'variant', distanceFeet: number) =>
    first(attack(ruleset, { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet } }, [10, 3])).attackBonus - 6
  assert.equal(at('dnd35', 60), -2)
  assert.equal(at('variant', 60), -2)
  assert.equal(at('pf1e', 60), 0)
  assert.equal(at('pf1e', 61), -2)
  assert.equal(at('pf1e', 120), -2)
  assert.equal(at('dnd35', 120), -4)
})

test('maximum range: projectiles 10 increments, thrown 5; beyond is out-of-range (SRD 3.5 › Ranged Attacks; docs/rules.md §P2.2)', () => {
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 600 } }, [10, 3])).attackBonus, 6 - 20)
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options: { distanceFeet: 601 } }), 'out-of-range', '/options/distanceFeet')
  const dagger = { name: 'dagger', type: 'thrown' as const, damage: '1d4', rangeIncrement: 10 }
  assert.equal(first(attack('pf1e', { attacker: fighter, target: ac15, weapon: dagger, options: { distanceFeet: 50 } }, [10, 3])).attackBonus, 6 - 8)
  assertRuleError(() => attack('pf1e', { attacker: fighter, target: ac15, weapon: dagger, options: { distanceFeet: 51 } }), 'out-of-range', '/options/distanceFeet')
  assertRuleError(() => attack('variant', { attacker: fighter, target: ac15, weapon: dagger, options: { distanceFeet: 51 } }), 'out-of-range', '/options/distanceFeet')
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: { ...dagger, rangeIncrement: undefined }, options: { distanceFeet: 20 } }), 'missing-field', '/weapon/rangeIncrement')
})

test('shooting into melee −4, waived by Precise Shot (SRD 3.5 › Shooting or Throwing into a Melee)', () => {
  const options = { shootingIntoMelee: true }
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: shortbow, options }, [10, 3])).attackBonus, 6 - 4)
  assert.equal(first(attack('variant', { attacker: fighter, target: ac15, weapon: shortbow, options }, [10, 3])).attackBonus, 6 - 4)
  assert.equal(first(attack('pf1e', { attacker: { ...fighter, feats: ['precise-shot'] }, target: ac15, weapon: shortbow, options }, [10, 3])).attackBonus, 6)
})

test('reach weapon: not against an adjacent foe in dnd35/pf1e, −4 in the variant; not beyond its reach (docs/rules.md §P1.1)', () => {
  const glaive = { name: 'glaive', damage: '1d10', category: 'two-handed' as const, reach: true }
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: glaive, options: { distanceFeet: 5 } }), 'not-possible', '/options/distanceFeet')
  assertRuleError(() => attack('pf1e', { attacker: fighter, target: ac15, weapon: glaive, options: { distanceFeet: 5 } }), 'not-possible', '/options/distanceFeet')
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: glaive, options: { distanceFeet: 10 } }, [10, 3])).attackBonus, 7)
  assert.equal(first(attack('variant', { attacker: fighter, target: ac15, weapon: glaive, options: { distanceFeet: 5 } }, [10, 3])).attackBonus, 7 - 4)
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: glaive, options: { distanceFeet: 15 } }), 'out-of-range', '/options/distanceFeet')
  // A Large creature's reach weapon reaches 20 ft but not 10 ft (its natural reach).
  assert.equal(first(attack('dnd35', { attacker: { ...fighter, size: 'large' }, target: ac15, weapon: glaive, options: { distanceFeet: 20 } }, [10, 3])).attackBonus, 7 - 1)
  assertRuleError(() => attack('dnd35', { attacker: { ...fighter, size: 'large' }, target: ac15, weapon: glaive, options: { distanceFeet: 10 } }), 'not-possible', '/options/distanceFeet')
  // Without a reach weapon a Medium creature reaches 5 ft.
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { distanceFeet: 10 } }), 'out-of-range', '/options/distanceFeet')
})

test('flanking +2 melee only, higher ground +1 melee (variant: also ranged), charging +2 (docs/rules.md §P1.4, §12)', () => {
  const bonus = (ruleset: 'dnd35' | 'pf1e' | 'variant', weapon: object, options: object) =>
    first(attack(ruleset, { attacker: fighter, target: ac15, weapon: weapon as typeof longsword, options }, [10, 3])).attackBonus
  assert.equal(bonus('dnd35', longsword, { flanking: true }), 9)
  assert.equal(bonus('pf1e', longsword, { flanking: true }), 9)
  assert.equal(bonus('variant', longsword, { flanking: true }), 9)
  assert.equal(bonus('dnd35', shortbow, { flanking: true }), 6)
  assert.equal(bonus('dnd35', longsword, { higherGround: true }), 8)
  assert.equal(bonus('dnd35', shortbow, { higherGround: true }), 6)
  assert.equal(bonus('variant', shortbow, { higherGround: true }), 7)
  assert.equal(bonus('dnd35', longsword, { charging: true }), 9)
  assert.equal(bonus('variant', longsword, { charging: true }), 9)
  assertRuleError(() => bonus('dnd35', shortbow, { charging: true }), 'not-possible', '/options/charging')
})

test('fighting defensively −4 (SRD 3.5 › Attack); the variant has none (docs/rules.md §P1.4)', () => {
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { fightingDefensively: true } }, [10, 3])).attackBonus, 3)
  assert.equal(first(attack('pf1e', { attacker: fighter, target: ac15, weapon: longsword, options: { fightingDefensively: true } }, [10, 3])).attackBonus, 3)
  assertRuleError(() => attack('variant', { attacker: fighter, target: ac15, weapon: longsword, options: { fightingDefensively: true } }), 'rule-not-defined', '/options/fightingDefensively')
})

test('prone attacker: −4 melee; no ranged attack but a crossbow (SRD35 table; variant › Prone, docs/rules.md §9)', () => {
  const prone = { ...fighter, conditions: ['prone'] }
  assert.equal(first(attack('dnd35', { attacker: prone, target: ac15, weapon: longsword }, [10, 3])).attackBonus, 3)
  assert.equal(first(attack('variant', { attacker: prone, target: ac15, weapon: longsword }, [10, 3])).attackBonus, 3)
  assertRuleError(() => attack('dnd35', { attacker: prone, target: ac15, weapon: shortbow }), 'not-possible', '/weapon/type')
  const crossbow = { name: 'light crossbow', type: 'ranged' as const, damage: '1d8', critRange: 19, rangeIncrement: 80 }
  assert.equal(first(attack('pf1e', { attacker: prone, target: ac15, weapon: crossbow }, [10, 3])).attackBonus, 6)
  assertRuleError(() => attack('variant', { attacker: prone, target: ac15, weapon: { ...crossbow, name: 'shuriken', type: 'thrown' } }), 'not-possible', '/weapon/type')
})

test('squeezing −4 attack (SRD 3.5 › Squeezing); dazzled −1, shaken −2 (SRD35 table); variant bloodied −1, wounded −2, sickened as bloodied (variant › Conditions, docs/rules.md §63)', () => {
  const withConditions = (ruleset: 'dnd35' | 'variant', conditions: string[]) =>
    first(attack(ruleset, { attacker: { ...fighter, conditions }, target: ac15, weapon: longsword }, [10, 3])).attackBonus - 7
  assert.equal(withConditions('dnd35', ['squeezing']), -4)
  assert.equal(withConditions('variant', ['squeezing']), -4)
  assert.equal(withConditions('dnd35', ['dazzled', 'shaken']), -3)
  assert.equal(withConditions('variant', ['bloodied']), -1)
  assert.equal(withConditions('variant', ['bloodied', 'wounded']), -2)
  assert.equal(withConditions('variant', ['wounded']), -2)
  assert.equal(withConditions('variant', ['bloodied', 'sickened']), -1)
  assert.equal(withConditions('variant', ['shaken', 'disoriented']), -4)
})

test('nonlethal with a lethal weapon −4; lethal unarmed −4 unless Improved Unarmed Strike (SRD 3.5 › Unarmed Attacks, Nonlethal Damage)', () => {
  const nl = attack('dnd35', { attacker: fighter, target: ac15, weapon: longsword, options: { nonlethal: true } }, [15, 6])
  assert.equal(first(nl).attackBonus, 3)
  assert.deepEqual([first(nl).damage?.lethal, first(nl).damage?.nonlethal], [0, 8])
  const fist = { unarmed: true }
  assert.equal(first(attack('dnd35', { attacker: fighter, target: ac15, weapon: fist, options: { nonlethal: true } }, [15, 2])).attackBonus, 3)
  const trained = attack('pf1e', { attacker: { ...fighter, feats: ['improved-unarmed-strike'] }, target: ac15, weapon: fist, options: { nonlethal: true } }, [15, 2])
  assert.equal(first(trained).attackBonus, 7)
  assert.deepEqual([first(trained).damage?.lethal, first(trained).damage?.nonlethal], [4, 0])
  // docs/rules.md §23: an untrained unarmed strike in the variant cannot deal lethal damage.
  assertRuleError(() => attack('variant', { attacker: fighter, target: ac15, weapon: fist, options: { nonlethal: true } }), 'not-possible', '/options/nonlethal')
})

test('Weapon Finesse lets Dex replace Str with a light or finesse weapon (SRD35 › Feats); variant needs only the weapon (variant › Attack Bonus)', () => {
  const nimble = { baseAttackBonus: 2, abilities: { str: 8, dex: 16 } }
  const rapier = { name: 'rapier', damage: '1d6', critRange: 18, finesse: true }
  const dagger = { name: 'dagger', damage: '1d4', category: 'light' as const }
  assert.equal(first(attack('dnd35', { attacker: nimble, target: ac15, weapon: rapier }, [10, 3])).attackBonus, 2 - 1)
  assert.equal(first(attack('dnd35', { attacker: { ...nimble, feats: ['weapon-finesse'] }, target: ac15, weapon: rapier }, [10, 3])).attackBonus, 2 + 3)
  assert.equal(first(attack('pf1e', { attacker: { ...nimble, feats: ['weapon-finesse'] }, target: ac15, weapon: dagger }, [10, 3])).attackBonus, 5)
  assert.equal(first(attack('pf1e', { attacker: { ...nimble, feats: ['weapon-finesse'] }, target: ac15, weapon: longsword }, [10, 3])).attackBonus, 1)
  assert.equal(first(attack('variant', { attacker: nimble, target: ac15, weapon: rapier }, [10, 3])).attackBonus, 5)
  assert.equal(first(attack('variant', { attacker: nimble, target: ac15, weapon: longsword }, [10, 3])).attackBonus, 1)
  // Finesse never lowers the bonus: a strong attacker keeps Str.
  assert.equal(first(attack('variant', { attacker: fighter, target: ac15, weapon: dagger }, [10, 3])).attackBonus, 7)
})

test('enhancement adds to attack and damage; typed attackModifiers do not stack, dodge/untyped do (docs/rules.md §P1.2)', () => {
  const r = first(attack('dnd35', {
    attacker: fighter,
    target: ac15,
    weapon: { ...longsword, enhancement: 1 },
    options: {
      attackModifiers: [{ value: 2, type: 'enhancement', source: 'greater magic weapon' }, { value: 1, type: 'morale', source: 'bless' }, { value: 2, type: 'morale', source: 'heroism' }, { value: 1, source: 'aid' }, { value: 1, source: 'other aid' }]
    }
  }, [10, 3]))
  assert.equal(r.attackBonus, 7 + 2 + 2 + 1 + 1)
  assert.equal(applied(r.attackBreakdown), r.attackBonus)
  assert.equal(r.attackBreakdown.filter((b) => !b.applied).length, 2)
  assert.equal(r.damage?.total, 3 + 2 + 1)
})

test('an invisible attacker gets +2 and the target loses Dex (SRD35 table); the variant only denies Dex (docs/rules.md §P1.4)', () => {
  const attacker = { ...fighter, conditions: ['invisible'] }
  const target = { abilities: { dex: 14 }, armorClass: { armor: 5 } }
  const d = first(attack('dnd35', { attacker, target, weapon: longsword }, [10, 3]))
  assert.deepEqual([d.attackBonus, d.targetAC, d.acType], [9, 15, 'flat-footed'])
  const v = first(attack('variant', { attacker, target, weapon: longsword }, [10, 3]))
  assert.deepEqual([v.attackBonus, v.targetAC], [7, 13])
  // Not against a blinded defender.
  assert.equal(first(attack('pf1e', { attacker, target: { ...target, conditions: ['blinded'] }, weapon: longsword }, [10, 3])).attackBonus, 7)
})

test('a missing BAB is a 422 naming it (OpenAPI › Combatant)', () => {
  assertRuleError(() => attack('dnd35', { attacker: { abilities: { str: 12 } }, target: ac15, weapon: longsword }), 'missing-field', '/attacker/baseAttackBonus')
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: ac15, weapon: { name: 'club' } }), 'missing-field', '/weapon/damage')
})

test('no flanking bonus for a 0-reach (Tiny) attacker or against back-to-back allies; back-to-back fighters take −2 (SRD 3.5 › Flanking; variant › Fight Back-to-Back)', () => {
  assert.equal(first(attack('dnd35', { attacker: { ...fighter, size: 'tiny' }, target: ac15, weapon: longsword, options: { flanking: true } }, [10, 3])).attackBonus, 7 + 2)
  assert.equal(first(attack('variant', { attacker: fighter, target: { ...ac15, conditions: ['back-to-back'] }, weapon: longsword, options: { flanking: true } }, [10, 3])).attackBonus, 7)
  assert.equal(first(attack('variant', { attacker: { ...fighter, conditions: ['back-to-back'] }, target: ac15, weapon: longsword }, [10, 3])).attackBonus, 5)
})

test('entangled: −2 attack and −4 Dex, on its ranged attacks and its AC; pf1e grappled: −2 attack and −4 Dex (SRD35/PRD › Conditions)', () => {
  const archer = { baseAttackBonus: 5, abilities: { dex: 16 }, conditions: ['entangled'] }
  // Dex 16 → 12: +1 instead of +3, and −2.
  assert.equal(first(attack('dnd35', { attacker: archer, target: ac15, weapon: shortbow }, [10, 3])).attackBonus, 5 + 1 - 2)
  assert.equal(first(attack('pf1e', { attacker: { ...archer, conditions: ['grappled'] }, target: ac15, weapon: shortbow }, [10, 3])).attackBonus, 5 + 1 - 2)
  const ac = first(attack('dnd35', { attacker: fighter, target: { abilities: { dex: 16 }, conditions: ['entangled'] }, weapon: longsword }, [10, 3]))
  assert.equal(ac.targetAC, 11)
})
