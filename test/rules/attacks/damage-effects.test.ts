// A hit's damage (SRD 3.5 › Combat › Damage; docs/rules.md §96): boundaries
// mutation testing found unpinned. Expected values are worked by hand; the
// dice are fixed: [d20, damage dice…].
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../../src/rules/dice/roller.js'
import { getRuleset } from '../../../src/rules/rulesets/index.js'
import { rollDamage } from '../../../src/rules/attacks/damage.js'
import { planAttackAction } from '../../../src/rules/attacks/resolve.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import type { StatBlockEffect } from '../../../src/rules/combatant.js'
import { ac15, attack, first } from './helpers.js'

const rage: StatBlockEffect = { target: 'damage.melee', value: 2, type: 'morale', source: 'rage' }
const aimed: StatBlockEffect = { target: 'damage.ranged', value: 3, type: 'competence', source: 'aimed shot' }
const archer = (effects: StatBlockEffect[]) => ({ baseAttackBonus: 5, abilities: { str: 10, dex: 10 }, effects })
const club = { name: 'club', damage: '1d6' }
const longbow = { name: 'longbow', type: 'ranged' as const, damage: '1d8', rangeIncrement: 100 }

test('docs/rules.md §96: a melee damage effect adds to a melee weapon\'s damage only, a ranged one to a ranged weapon\'s only', () => {
  const damage = (effects: StatBlockEffect[], weapon: AttackRequest['weapon']) => first(attack('dnd35', { attacker: archer(effects), target: ac15, weapon }, [15, 4])).damage?.total
  // d20 15 + 5 hits AC 15; the die shows 4; Str 10 adds nothing.
  assert.equal(damage([rage], club), 4 + 2)
  assert.equal(damage([rage], longbow), 4)
  assert.equal(damage([aimed], longbow), 4 + 3)
  assert.equal(damage([aimed], club), 4)
  // `damage` reaches both.
  assert.equal(damage([{ ...rage, target: 'damage' }], longbow), 4 + 2)
})

test('SRD 3.5 › Combat › Damage: rollDamage gives the detailed breakdown unless asked for the fast path', () => {
  const plan = planAttackAction(getRuleset('dnd35'), { attacker: archer([rage]), target: ac15, weapon: club }).attacks[0]!.damage
  const d = rollDamage(plan, false, new Dice({ seed: 't', sequence: [5] }))
  assert.equal(d.total, 7)
  assert.deepEqual(d.breakdown.map((b) => [b.source, b.value]), [['club 1d6', 5], ['Strength', 0], ['rage', 2]])
})
