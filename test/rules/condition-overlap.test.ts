// A condition that is another under a second name, or that a worse one
// replaces, must not count twice: an unconscious creature is helpless
// (SRD 3.5 › Helpless Defenders: −4 melee, Dex −5, once), and pf1e pinned is a
// more severe grappled whose effects do not stack with it (PRD › Conditions).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { armorClass } from '../../src/rules/armor-class.js'
import { getRuleset, RULESET_IDS } from '../../src/rules/rulesets/index.js'
import { combatManeuverDefense } from '../../src/rules/maneuvers/combat-maneuver.js'

const pf1e = getRuleset('pf1e')

test('helpless and unconscious together: Dex −5 and −4 melee once (SRD 3.5 › Helpless Defenders)', () => {
  for (const id of RULESET_IDS) {
    const ruleset = getRuleset(id)
    const one = armorClass(ruleset, { conditions: ['helpless'] }, { kind: 'melee', touch: true }).value
    const all = armorClass(ruleset, { conditions: ['unconscious', 'paralyzed', 'helpless', 'asleep'] }, { kind: 'melee', touch: true }).value
    assert.equal(one, 10 - 5 - 4, id)
    assert.equal(all, one, id)
  }
})

test('pf1e grappled and grappling: −4 Dex once in AC and CMD; pinned replaces grappled (PRD › Conditions)', () => {
  // Dex 14 − 4 = 10: +0. Counted twice it would be 6: −2.
  const grappler = { baseAttackBonus: 0, abilities: { dex: 14 }, conditions: ['grappled', 'grappling'] }
  assert.equal(armorClass(pf1e, grappler, { kind: 'melee', touch: true }).value, 10)
  assert.equal(combatManeuverDefense(pf1e, { role: 'defender', path: '/defender', combatant: grappler }).total, 10)
  // Pinned with Dex 10: denied Dex (a +0 anyway), −4 AC; grappled's −4 Dex (which would give −2) does not add.
  const pinned = { abilities: { dex: 10 }, conditions: ['grappled', 'pinned'] }
  assert.equal(armorClass(pf1e, pinned, { kind: 'melee', touch: true }).value, 10 - 4)
})

test('property: listing more conditions that name the same effect never changes AC', () => {
  const synonyms = ['helpless', 'unconscious', 'paralyzed', 'asleep', 'tied-up', 'petrified']
  const others = ['prone', 'stunned', 'blinded', 'flat-footed', 'off-guard', 'kneeling', 'squeezing']
  fc.assert(fc.property(
    fc.constantFrom(...RULESET_IDS), fc.subarray(others), fc.subarray(synonyms, { minLength: 1 }), fc.integer({ min: 0, max: 30 }), fc.constantFrom('melee', 'ranged' as const),
    (id, base, helpless, dex, kind) => {
      const ruleset = getRuleset(id)
      const once = armorClass(ruleset, { abilities: { dex }, conditions: [...base, helpless[0] as string] }, { kind, touch: false }).value
      const many = armorClass(ruleset, { abilities: { dex }, conditions: [...base, ...helpless] }, { kind, touch: false }).value
      assert.equal(many, once)
    }))
})

test('entangled: −4 Dex lowers AC and CMD through the Dex modifier (docs/rules.md §P1.4; SRD35/PRD › Entangled)', () => {
  for (const id of ['dnd35', 'pf1e'] as const) {
    // Dex 14 (+2) becomes 10 (+0).
    assert.equal(armorClass(getRuleset(id), { abilities: { dex: 14 }, conditions: ['entangled'] }, { kind: 'melee', touch: true }).value, 10, id)
  }
  assert.equal(combatManeuverDefense(pf1e, { role: 'defender', path: '/defender', combatant: { baseAttackBonus: 0, abilities: { dex: 14 }, conditions: ['entangled'] } }).total, 10)
})
