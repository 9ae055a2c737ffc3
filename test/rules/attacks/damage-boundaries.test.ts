import { test } from 'node:test'
import assert from 'node:assert/strict'
import { ac15, applied, attack, first } from './helpers.js'

// Boundaries of a hit's damage that mutation testing found unpinned
// (docs/mutation-testing.md). Every expected number is worked out by hand
// from the rule named in the test; the dice are fixed: [d20, damage dice…].

const withStr = (str: number) => ({ baseAttackBonus: 5, abilities: { str, dex: 10 } })
const hit = (ruleset: 'dnd35' | 'pf1e' | 'variant', attacker: object, weapon: object, dice: number[]) => {
  const a = first(attack(ruleset, { attacker, target: ac15, weapon }, [15, ...dice]))
  assert.ok(a.damage, 'the attack hit')
  assert.equal(applied(a.damage.breakdown), a.damage.total, 'the damage breakdown sums to the total')
  return a.damage
}

test('SRD 3.5 › Equipment › Weapons › Crossbows: no Strength on damage, neither bonus nor penalty (Str 6 and Str 18)', () => {
  const crossbow = { name: 'light crossbow', type: 'ranged', damage: '1d8', rangeIncrement: 80 }
  for (const ruleset of ['dnd35', 'pf1e'] as const) {
    const weak = hit(ruleset, withStr(6), crossbow, [5])
    assert.equal(weak.total, 5, `${ruleset}: a d8 of 5 and no −2`)
    assert.ok(!weak.breakdown.some((b) => /strength/i.test(b.source)), `${ruleset}: no Strength line`)
    assert.equal(hit(ruleset, withStr(18), crossbow, [5]).total, 5, `${ruleset}: a d8 of 5 and no +4`)
  }
  // Said explicitly on a weapon that would otherwise take it: "none" means none.
  const club = { name: 'club', damage: '1d6', strengthToDamage: 'none' }
  assert.equal(hit('dnd35', withStr(6), club, [4]).total, 4)
})

test('SRD 3.5 › Combat › Damage › Strength Bonus: a sling or a bow adds Strength once, however it is held (no 1½ in two hands, no ½ in the off hand)', () => {
  const sling = { name: 'sling', type: 'ranged', damage: '1d4', rangeIncrement: 50, strengthToDamage: 'full' }
  // Str 16 is +3: held in two hands 1½ would make +4, in the off hand ½ would make +1.
  assert.equal(hit('dnd35', withStr(16), { ...sling, wielded: 'two-hands' }, [2]).total, 2 + 3)
  assert.equal(hit('dnd35', withStr(16), { ...sling, wielded: 'off-hand' }, [2]).total, 2 + 3)
  assert.equal(hit('pf1e', withStr(16), { ...sling, category: 'two-handed' }, [2]).total, 2 + 3)
  // A thrown weapon is a melee-style Strength weapon: two hands give 1½ (Str 16: +4).
  assert.equal(hit('dnd35', withStr(16), { name: 'spear', type: 'thrown', damage: '1d8', rangeIncrement: 20, category: 'two-handed' }, [2]).total, 2 + 4)
})

test('SRD 3.5 › Combat › Damage › Minimum Damage: a hit totalling exactly 1 deals 1 lethal point, with no minimum-damage line (dnd35, pf1e, variant)', () => {
  // Str 10 (+0), a d4 of 1: the total is already the minimum, so the floor does not apply.
  const dagger = { name: 'dagger', damage: '1d4' }
  for (const ruleset of ['dnd35', 'pf1e'] as const) {
    const d = hit(ruleset, withStr(10), dagger, [1])
    assert.deepEqual([d.total, d.lethal, d.nonlethal], [1, 1, 0], `${ruleset}: the 1 point stays lethal`)
    assert.ok(!d.breakdown.some((b) => b.source.startsWith('minimum damage')), `${ruleset}: no minimum-damage line`)
  }
  // The variant adds the base combat bonus when proficient (d20 variant › Damage), so a non-proficient hit.
  const v = hit('variant', withStr(10), { ...dagger, proficient: false }, [1])
  assert.deepEqual([v.total, v.lethal, v.nonlethal], [1, 1, 0])
  assert.ok(!v.breakdown.some((b) => b.source.startsWith('minimum damage')))
  // One below it (Str 8, −1): pf1e turns the floor's 1 point into nonlethal (PRD › Combat › Damage › Minimum Damage).
  const p = hit('pf1e', withStr(8), dagger, [1])
  assert.deepEqual([p.total, p.lethal, p.nonlethal], [1, 0, 1])
  assert.deepEqual(p.breakdown.filter((b) => b.source.startsWith('minimum damage')).map((b) => b.value), [1])
})

const sources = (damage: { breakdown: Array<{ source: string, value: number, applied: boolean }> }) => damage.breakdown.map((b) => [b.source, b.value, b.applied])

test('SRD 3.5 › Combat › Critical Hits: each roll of the weapon\'s dice is its own line, and every applied modifier is multiplied (×2) with it; an unapplied one is not', () => {
  const attacker = { baseAttackBonus: 5, abilities: { str: 14 } }
  const options = { damageModifiers: [{ value: 1, type: 'morale' as const, source: 'rage' }, { value: 2, type: 'morale' as const, source: 'heroism' }] }
  // d20 20 threatens, 15 + 7 confirms against AC 15; the d8s are 3 and 4; Str +2 and heroism +2 (rage +1 does not stack with it).
  const crit = first(attack('dnd35', { attacker, target: ac15, weapon: { name: 'longsword', damage: '1d8' }, options }, [20, 15, 3, 4])).damage!
  assert.deepEqual(sources(crit), [
    ['longsword 1d8 (roll 1 of 2)', 3, true], ['longsword 1d8 (roll 2 of 2)', 4, true], ['Strength ×2', 4, true], ['rage', 1, false], ['heroism ×2', 4, true]
  ])
  assert.equal(crit.total, 3 + 4 + 4 + 4)
  const plain = first(attack('dnd35', { attacker, target: ac15, weapon: { name: 'longsword', damage: '1d8' }, options }, [15, 3])).damage!
  assert.deepEqual(sources(plain), [['longsword 1d8', 3, true], ['Strength', 2, true], ['rage', 1, false], ['heroism', 2, true]])
  assert.equal(plain.total, 3 + 2 + 2)
})

test('SRD 3.5 › Combat › Damage: no line for what adds nothing — no enhancement on a plain weapon, no base combat bonus of 0 (d20 variant), no Strength penalty at Str 10 on a bow, no Strength for a creature without a score', () => {
  // Variant, BCB 0, Str 10 in two hands: only the die and Strength +0 (not "1½" of 0).
  const v = hit('variant', { baseAttackBonus: 0, abilities: { str: 10, dex: 10 } }, { name: 'axe', damage: '1d8', category: 'two-handed' }, [3])
  assert.deepEqual(sources(v), [['axe 1d8', 3, true], ['Strength', 0, true]])
  const bow = hit('dnd35', withStr(10), { name: 'longbow', type: 'ranged', damage: '1d8', rangeIncrement: 100, strengthToDamage: 'penalty-only' }, [5])
  assert.deepEqual(sources(bow), [['longbow 1d8', 5, true]])
  // A creature with no Strength score (SRD 3.5 › Abilities: a nonability) adds none.
  const noStr = hit('dnd35', { baseAttackBonus: 10, abilities: { str: null, dex: 10 } }, { name: 'slam', damage: '1d6' }, [4])
  assert.deepEqual(sources(noStr), [['slam 1d6', 4, true]])
  assert.equal(noStr.total, 4)
})
