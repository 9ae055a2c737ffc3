import { test } from 'node:test'
import assert from 'node:assert/strict'
import { armorClass } from '../../src/rules/armor-class.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { assertRuleError } from '../helpers/problems.js'
import type { CombatantInput } from '../../src/rules/combatant.js'

const dnd35 = getRuleset('dnd35')
const pf1e = getRuleset('pf1e')
const variant = getRuleset('variant')

// Dex 14 (+2), chain shirt +4, heavy shield +2, ring +1 deflection, dodge +1, Small.
const fighter: CombatantInput = {
  size: 'small',
  abilities: { dex: 14 },
  armorClass: { armor: 4, shield: 2, deflection: 1, dodge: 1, natural: 1 }
}

test('dnd35 AC = 10 + armor + shield + Dex + size + natural + deflection + dodge (SRD 3.5 › Armor Class)', () => {
  const ac = armorClass(dnd35, fighter, { kind: 'melee', touch: false })
  assert.equal(ac.value, 10 + 4 + 2 + 2 + 1 + 1 + 1 + 1)
  assert.equal(ac.acType, 'normal')
  assert.equal(ac.breakdown.filter((b) => b.applied).reduce((s, b) => s + b.value, 10), ac.value)
})

test('touch AC drops armor, shield and natural armor (SRD 3.5 › Armor Class › Touch Attacks)', () => {
  const ac = armorClass(dnd35, fighter, { kind: 'melee', touch: true })
  assert.equal(ac.value, 10 + 2 + 1 + 1 + 1)
  assert.equal(ac.acType, 'touch')
})

test('flat-footed drops a positive Dex and dodge; uncanny dodge keeps them (SRD 3.5 › Initiative › Flat-Footed)', () => {
  const ff = armorClass(dnd35, { ...fighter, conditions: ['flat-footed'] }, { kind: 'melee', touch: false })
  assert.equal(ff.value, 10 + 4 + 2 + 1 + 1 + 1)
  assert.equal(ff.acType, 'flat-footed')
  const ud = armorClass(dnd35, { ...fighter, conditions: ['flat-footed'], feats: ['uncanny-dodge'] }, { kind: 'melee', touch: false })
  assert.equal(ud.value, 10 + 4 + 2 + 2 + 1 + 1 + 1 + 1)
  const clumsy = armorClass(dnd35, { abilities: { dex: 6 }, conditions: ['flat-footed'] }, { kind: 'melee', touch: false })
  assert.equal(clumsy.value, 8, 'a Dex penalty still applies when flat-footed')
})

test('helpless: Dex treated as 0 (−5) against all attacks, −4 more against melee (SRD 3.5 › Helpless Defenders)', () => {
  const target: CombatantInput = { abilities: { dex: 14 }, armorClass: { armor: 4 }, conditions: ['helpless'] }
  assert.equal(armorClass(dnd35, target, { kind: 'melee', touch: false }).value, 10 + 4 - 5 - 4)
  assert.equal(armorClass(dnd35, target, { kind: 'ranged', touch: false }).value, 10 + 4 - 5)
  assert.equal(armorClass(dnd35, target, { kind: 'ranged', touch: false }).acType, 'flat-footed')
})

test('pf1e helpless: −9 melee, −5 ranged in total for a Dex 10 target (PRD › Helpless Defenders)', () => {
  const target: CombatantInput = { armorClass: { armor: 4 }, conditions: ['helpless'] }
  assert.equal(armorClass(pf1e, target, { kind: 'melee', touch: false }).value, 14 - 9)
  assert.equal(armorClass(pf1e, target, { kind: 'ranged', touch: false }).value, 14 - 5)
})

test('prone: −4 against melee, +4 against ranged (docs/rules.md §P1.4)', () => {
  const target: CombatantInput = { conditions: ['prone'] }
  assert.equal(armorClass(dnd35, target, { kind: 'melee', touch: false }).value, 6)
  assert.equal(armorClass(dnd35, target, { kind: 'ranged', touch: false }).value, 14)
})

test('cover +4, improved cover +8 (SRD 3.5 › Cover)', () => {
  assert.equal(armorClass(dnd35, {}, { kind: 'ranged', touch: false, cover: 'cover' }).value, 14)
  assert.equal(armorClass(dnd35, {}, { kind: 'ranged', touch: false, cover: 'improved' }).value, 18)
})

test('dnd35 pinned: −4 against non-pinners, no Dex; the pinner does not get the −4 (docs/rules.md §10)', () => {
  const target: CombatantInput = { abilities: { dex: 14 }, conditions: ['pinned'] }
  assert.equal(armorClass(dnd35, target, { kind: 'melee', touch: false }).value, 6)
  // Against its own pinner the pinned creature keeps Dex: grapplers lose it only against outsiders.
  assert.equal(armorClass(dnd35, target, { kind: 'melee', touch: false, attackerIsPinner: true, attackerInGrapple: true }).value, 12)
})

test('variant off-guard: −2 and no Dex (variant › Conditions › Off-Guard); no size modifier (variant › Armor Class)', () => {
  const target: CombatantInput = { size: 'small', abilities: { dex: 14 }, armorClass: { armor: 3 }, conditions: ['off-guard'] }
  assert.equal(armorClass(variant, target, { kind: 'melee', touch: false }).value, 10 + 3 - 2)
  assert.equal(armorClass(variant, { ...target, conditions: [] }, { kind: 'melee', touch: false }).value, 10 + 3 + 2)
})

test('variant helpless: −4 melee, Dex −5, no off-guard −2 (variant › Helpless Defenders)', () => {
  const target: CombatantInput = { abilities: { dex: 14 }, conditions: ['helpless', 'off-guard'] }
  assert.equal(armorClass(variant, target, { kind: 'melee', touch: false }).value, 1)
})

test('printed totals: the figure for the AC type; a missing figure is a RuleError naming it', () => {
  const target: CombatantInput = { abilities: { dex: 14 }, armorClass: { total: 18, touch: 12, flatFooted: 16 } }
  assert.equal(armorClass(dnd35, target, { kind: 'melee', touch: false }).value, 18)
  assert.equal(armorClass(dnd35, target, { kind: 'melee', touch: true }).value, 12)
  assert.equal(armorClass(dnd35, { ...target, conditions: ['flat-footed'] }, { kind: 'melee', touch: true }).value, 10)
  assert.equal(armorClass(dnd35, { ...target, conditions: ['helpless'] }, { kind: 'melee', touch: false }).value, 16 - 5 - 4)
  assertRuleError(() => armorClass(dnd35, { armorClass: { total: 18 } }, { kind: 'melee', touch: true }), 'missing-field', '/armorClass/touch')
})
