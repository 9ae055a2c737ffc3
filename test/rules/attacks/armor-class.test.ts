import { test } from 'node:test'
import assert from 'node:assert/strict'
import { applied, assertRuleError, attack, fighter, first, longsword } from './helpers.js'

const bow = { name: 'longbow', type: 'ranged' as const, damage: '1d8', critMultiplier: 3, rangeIncrement: 100 }
/** Dex 14 (+2), armor +4, shield +1, natural +1, deflection +1, dodge +1. */
const defender = { abilities: { dex: 14 }, armorClass: { armor: 4, shield: 1, natural: 1, deflection: 1, dodge: 1 } }

function acOf (ruleset: 'dnd35' | 'pf1e' | 'variant', target: object, weapon: object = longsword, options: object = {}) {
  const a = first(attack(ruleset, { attacker: fighter, target, weapon: weapon as typeof longsword, options }, [10, 3]))
  assert.equal(applied(a.acBreakdown) + 10, a.targetAC, 'AC breakdown sums to the AC')
  return [a.targetAC, a.acType]
}

test('the target\'s AC from components; touch and flat-footed chosen by the attack and conditions (SRD 3.5 › Armor Class)', () => {
  assert.deepEqual(acOf('dnd35', defender), [20, 'normal'])
  assert.deepEqual(acOf('dnd35', defender, { ...longsword, touch: true }), [14, 'touch'])
  assert.deepEqual(acOf('dnd35', { ...defender, conditions: ['flat-footed'] }), [17, 'flat-footed'])
  assert.deepEqual(acOf('pf1e', { ...defender, conditions: ['flat-footed'] }, { ...longsword, touch: true }), [11, 'touch-flat-footed'])
  // Uncanny dodge keeps Dex when flat-footed (SRD 3.5 › Flat-Footed).
  assert.deepEqual(acOf('dnd35', { ...defender, conditions: ['flat-footed'], feats: ['uncanny-dodge'] }), [20, 'normal'])
})

test('printed AC totals (OpenAPI › Combatant)', () => {
  const printed = { armorClass: { total: 18, touch: 12, flatFooted: 16 } }
  assert.deepEqual(acOf('dnd35', printed), [18, 'normal'])
  assert.deepEqual(acOf('dnd35', printed, { ...longsword, touch: true }), [12, 'touch'])
  assert.deepEqual(acOf('pf1e', { ...printed, conditions: ['stunned'] }), [14, 'flat-footed'])
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: { armorClass: { total: 18 } }, weapon: { ...longsword, touch: true } }), 'missing-field', '/target/armorClass/touch')
})

test('a helpless target: Dex as −5 against all, −4 more against melee (SRD 3.5 › Helpless Defenders; variant › Helpless Defenders)', () => {
  const helpless = { abilities: { dex: 14 }, armorClass: { armor: 4 }, conditions: ['helpless'] }
  for (const ruleset of ['dnd35', 'pf1e', 'variant'] as const) {
    assert.deepEqual(acOf(ruleset, helpless), [10 + 4 - 5 - 4, 'flat-footed'], ruleset)
    assert.deepEqual(acOf(ruleset, helpless, bow), [10 + 4 - 5, 'flat-footed'], ruleset)
  }
})

test('defender prone: −4 against melee, +4 against ranged (docs/rules.md §P1.4)', () => {
  for (const ruleset of ['dnd35', 'pf1e', 'variant'] as const) {
    assert.equal(acOf(ruleset, { conditions: ['prone'] })[0], 6, ruleset)
    assert.equal(acOf(ruleset, { conditions: ['prone'] }, bow)[0], 14, ruleset)
  }
})

test('stunned, blinded, cowering: −2 and no Dex in dnd35/pf1e; off-guard (−2, no Dex) in the variant (docs/rules.md §P1.4)', () => {
  const target = { abilities: { dex: 14 }, armorClass: { armor: 4 } }
  for (const condition of ['stunned', 'blinded', 'cowering']) {
    assert.deepEqual(acOf('dnd35', { ...target, conditions: [condition] }), [12, 'flat-footed'], condition)
    assert.deepEqual(acOf('variant', { ...target, conditions: [condition] }), [12, 'flat-footed'], condition)
  }
  assert.deepEqual(acOf('variant', { ...target, conditions: ['off-guard'] }), [12, 'flat-footed'])
})

test('pinned −4 and no Dex (docs/rules.md §10, §11); squeezing −4 (SRD 3.5 › Squeezing); dnd35 grappling loses Dex against outsiders only', () => {
  const target = { abilities: { dex: 14 }, armorClass: { armor: 4 } }
  assert.equal(acOf('dnd35', { ...target, conditions: ['pinned'] })[0], 10)
  assert.equal(acOf('pf1e', { ...target, conditions: ['pinned'] }, bow)[0], 10)
  assert.equal(acOf('dnd35', { ...target, conditions: ['squeezing'] })[0], 12)
  assert.deepEqual(acOf('dnd35', { ...target, conditions: ['grappling'] }), [14, 'flat-footed'])
  const inGrapple = first(attack('dnd35', { attacker: { ...fighter, conditions: ['grappling'] }, target: { ...target, conditions: ['grappling'] }, weapon: { name: 'dagger', damage: '1d4', category: 'light' } }, [10, 3]))
  assert.deepEqual([inGrapple.targetAC, inGrapple.attackBonus], [16, 7 - 4])
})

test('cover +4, improved +8; total cover: no attack (SRD 3.5 › Cover)', () => {
  assert.equal(acOf('dnd35', {}, bow, { cover: 'cover' })[0], 14)
  assert.equal(acOf('pf1e', {}, bow, { cover: 'improved' })[0], 18)
  assert.equal(acOf('variant', {}, longsword, { cover: 'cover' })[0], 14)
  assertRuleError(() => attack('dnd35', { attacker: fighter, target: {}, weapon: bow, options: { cover: 'total' } }), 'not-possible', '/options/cover')
})

test('a charging target has −2 AC (SRD 3.5 › Charge); the variant has no size modifier on AC (variant › Armor Class)', () => {
  assert.equal(acOf('dnd35', { conditions: ['charging'] })[0], 8)
  assert.equal(acOf('dnd35', { size: 'large' })[0], 9)
  assert.equal(acOf('variant', { size: 'large' })[0], 10)
})

test('dnd35 reads `grappled` as grappling (no Dex against outsiders) and `off-guard` as flat-footed (SRD 3.5 › Grappling Consequences)', () => {
  const target = { abilities: { dex: 14 }, armorClass: { armor: 4 } }
  assert.deepEqual(acOf('dnd35', { ...target, conditions: ['grappled'] }), [14, 'flat-footed'])
  assert.deepEqual(acOf('dnd35', { ...target, conditions: ['off-guard'] }), [14, 'flat-footed'])
  // pf1e grappled keeps its Dex bonus, at −4 Dex (PRD › Conditions): Dex 10 → +0.
  assert.deepEqual(acOf('pf1e', { ...target, conditions: ['grappled'] }), [14, 'normal'])
})
