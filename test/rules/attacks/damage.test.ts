import { test } from 'node:test'
import assert from 'node:assert/strict'
import { applied, assertRuleError, attack, ac15, first, purposes } from './helpers.js'

const withStr = (str: number, extra: object = {}) => ({ baseAttackBonus: 5, abilities: { str, dex: 10 }, ...extra })
const hitFor = (ruleset: 'dnd35' | 'pf1e' | 'variant', attacker: object, weapon: object, dice: number[], options: object = {}, target: object = ac15) => {
  const a = first(attack(ruleset, { attacker, target, weapon, options }, [15, ...dice]))
  assert.ok(a.damage, 'the attack hit')
  assert.equal(applied(a.damage.breakdown), a.damage.total, 'damage breakdown sums to the total')
  return a.damage
}

test('two-handed Str 17 adds +4 (1½ × 3, rounded down); a light weapon in two hands only ×1 (SRD 3.5 › Damage; docs/rules.md §P2.5)', () => {
  const greatsword = { name: 'greatsword', damage: '2d6', category: 'two-handed' }
  assert.equal(hitFor('dnd35', withStr(17), greatsword, [3, 4]).total, 3 + 4 + 4)
  assert.equal(hitFor('pf1e', withStr(17), greatsword, [3, 4]).total, 11)
  assert.equal(hitFor('dnd35', withStr(17), { name: 'longsword', damage: '1d8', wielded: 'two-hands' }, [5]).total, 9)
  assert.equal(hitFor('dnd35', withStr(17), { name: 'dagger', damage: '1d4', category: 'light', wielded: 'two-hands' }, [2]).total, 5)
  // A penalty is never multiplied (docs/rules.md §19).
  assert.equal(hitFor('dnd35', withStr(6), greatsword, [3, 4]).total, 7 - 2)
})

test('off hand Str 16 adds +1 (½ of +3); a penalty applies in full (docs/rules.md §P2.5, §19)', () => {
  const attacker = (str: number) => withStr(str, { baseAttackBonus: 1 })
  const offHand = { name: 'dagger', damage: '1d4', wielded: 'off-hand' }
  assert.equal(hitFor('dnd35', attacker(16), offHand, [2], {}).total, 3)
  assert.equal(hitFor('pf1e', attacker(8), offHand, [3]).total, 2)
  assert.equal(hitFor('variant', attacker(16), offHand, [2]).total, 2 + 1 + 1)
})

test('bows: a Str penalty only; composite bows up to their rating; crossbows none; thrown full (docs/rules.md §P2.5)', () => {
  const longbow = { name: 'longbow', type: 'ranged', damage: '1d8', rangeIncrement: 100, strengthToDamage: 'penalty-only' }
  assert.equal(hitFor('dnd35', withStr(8), longbow, [5]).total, 4)
  assert.equal(hitFor('dnd35', withStr(16), longbow, [5]).total, 5)
  const composite = { name: 'composite longbow', type: 'ranged' as const, damage: '1d8', rangeIncrement: 110, compositeRating: 2 }
  assert.equal(hitFor('pf1e', withStr(18), composite, [5]).total, 7)
  assert.equal(hitFor('pf1e', withStr(12), composite, [5]).total, 6)
  // Strength below the rating: −2 on attacks (SRD 3.5/PRD › Equipment).
  assert.equal(first(attack('dnd35', { attacker: withStr(12), target: ac15, weapon: composite }, [15, 5])).attackBonus, 5 + 0 - 2)
  assert.equal(hitFor('dnd35', withStr(18), { name: 'heavy crossbow', type: 'ranged', damage: '1d10', rangeIncrement: 120 }, [5]).total, 5)
  assert.equal(hitFor('dnd35', withStr(14), { name: 'javelin', type: 'thrown', damage: '1d6', rangeIncrement: 30 }, [5]).total, 7)
  assert.equal(hitFor('dnd35', withStr(14), { name: 'sling', type: 'ranged', damage: '1d4', rangeIncrement: 50, strengthToDamage: 'full' }, [3]).total, 5)
})

test('variant: no Strength with bows or slings (docs/rules.md §21), no composite bows; BCB to damage when proficient (variant › Damage)', () => {
  const sling = { name: 'sling', type: 'ranged', damage: '1d4', rangeIncrement: 50, strengthToDamage: 'full' }
  assert.equal(hitFor('variant', withStr(14), sling, [3]).total, 3 + 5)
  assert.equal(hitFor('variant', withStr(8), { ...sling, strengthToDamage: 'penalty-only' }, [3]).total, 3 + 5)
  assert.equal(hitFor('variant', withStr(14), { name: 'axe', damage: '1d8' }, [3]).total, 3 + 2 + 5)
  assert.equal(hitFor('variant', withStr(14), { name: 'axe', damage: '1d8', proficient: false }, [3]).total, 3 + 2)
  assertRuleError(() => attack('variant', { attacker: withStr(14), target: ac15, weapon: { name: 'bow', type: 'ranged', damage: '1d8', compositeRating: 2 } }), 'rule-not-defined', '/weapon/compositeRating')
})

test('variant Swift Attack: the BCB counts 4 lower on the attack and its damage (docs/rules.md §27); elsewhere not defined', () => {
  const r = first(attack('variant', { attacker: withStr(14), target: ac15, weapon: { name: 'axe', damage: '1d8' }, options: { swiftAttack: true } }, [15, 3]))
  assert.equal(r.attackBonus, 5 + 2 - 4)
  assert.equal(r.damage?.total, 3 + 2 + 1)
  assertRuleError(() => attack('dnd35', { attacker: withStr(14), target: ac15, weapon: { name: 'axe', damage: '1d8' }, options: { swiftAttack: true } }), 'rule-not-defined', '/options/swiftAttack')
})

test('damage floored at the ruleset\'s minimum: 1 (dnd35, variant), 1 nonlethal (pf1e) (SRD 3.5 › Damage; PRD › Damage; variant › Damage)', () => {
  const weak = { baseAttackBonus: 0, abilities: { str: 3 } }
  const dagger = { name: 'dagger', damage: '1d4' }
  const d = hitFor('dnd35', weak, dagger, [1], {}, {})
  assert.deepEqual([d.total, d.lethal, d.nonlethal], [1, 1, 0])
  assert.ok(d.breakdown.some((b) => b.source.startsWith('minimum damage') && b.value === 4), 'a +4 minimum-damage entry')
  const p = hitFor('pf1e', weak, dagger, [1], {}, {})
  assert.deepEqual([p.total, p.lethal, p.nonlethal], [1, 0, 1])
  const v = hitFor('variant', weak, dagger, [1], {}, {})
  assert.deepEqual([v.total, v.lethal, v.nonlethal], [1, 1, 0])
  assert.deepEqual(hitFor('dnd35', weak, dagger, [1], { damageModifiers: [{ value: -3 }] }, {}).total, 1)
})

test('damageModifiers stack by type and are multiplied on a critical (SRD 3.5 › Critical Hits)', () => {
  const r = first(attack('dnd35', {
    attacker: withStr(10),
    target: ac15,
    weapon: { name: 'club', damage: '1d6' },
    options: { damageModifiers: [{ value: 1, type: 'morale', source: 'rage' }, { value: 2, type: 'morale', source: 'heroism' }, { value: 2, source: 'power attack' }] }
  }, [20, 15, 1, 1]))
  assert.equal(r.damage?.total, 1 + 1 + 2 * (2 + 2))
  assert.equal(applied(r.damage?.breakdown ?? []), r.damage?.total)
})

test('unarmed strike damage by size: Small 1d2, Medium 1d3, Large 1d4, nonlethal (SRD 3.5 › Unarmed Attacks; docs/rules.md §22, §23)', () => {
  for (const [size, die] of [['small', 2], ['medium', 3], ['large', 4]] as const) {
    const r = attack('dnd35', { attacker: withStr(10, { size }), target: {}, weapon: { unarmed: true } }, [15, 1])
    assert.equal(r.rolls[1]?.die, die, size)
    assert.deepEqual([first(r).damage?.lethal, first(r).damage?.nonlethal], [0, 1])
  }
  assertRuleError(() => attack('dnd35', { attacker: withStr(10, { size: 'huge' }), target: {}, weapon: { unarmed: true } }), 'missing-field', '/weapon/damage')
  // variant: an untrained unarmed strike adds no BCB (variant › Unarmed Attacks).
  assert.equal(hitFor('variant', withStr(14), { unarmed: true }, [2]).total, 4)
  assert.equal(hitFor('variant', withStr(14, { feats: ['improved-unarmed-strike'] }), { unarmed: true }, [2]).total, 9)
})

test('a nonlethal weapon deals nonlethal damage; totals split lethal and nonlethal (SRD 3.5 › Nonlethal Damage)', () => {
  const r = attack('dnd35', { attacker: withStr(14), target: ac15, weapon: { name: 'sap', damage: '1d6', nonlethal: true } }, [15, 4])
  assert.deepEqual(r.totals, { damage: 6, lethal: 0, nonlethal: 6, hits: 1, criticals: 0 })
  assert.deepEqual(purposes(r), ['attack', 'damage'])
})
