// Boundaries of POST /v1/saves that mutation testing found unpinned (docs/mutation-testing.md):
// the fast path (detail off, docs/architecture.md › The fast path) states the effect's
// lethality as the full path does. Dice fixed: the effect's damage dice, then one d20 per target.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveSaves, type AreaEffect } from '../../src/rules/saves/area-effect.js'

const dnd35 = getRuleset('dnd35')
const dice = (...sequence: number[]) => new Dice({ seed: 't', sequence })
const fast = (effect: AreaEffect) =>
  resolveSaves(dnd35, { save: 'will', dc: 15, targets: [{ baseSaves: { will: 0 } }], effect }, dice(3, 10), false)

test('SRD 3.5 › Combat › Nonlethal Damage: an effect is lethal unless it says nonlethal, on the fast path too', () => {
  // 1d4 of 3; the Will save of 10 misses DC 15: the whole 3 is taken.
  const lethal = fast({ damage: '1d4', onSuccess: 'half' })
  assert.deepEqual([lethal.effectDamage?.total, lethal.effectDamage?.nonlethal, lethal.results[0]?.damage], [3, false, 3])
  const nonlethal = fast({ damage: '1d4', onSuccess: 'half', nonlethal: true })
  assert.deepEqual([nonlethal.effectDamage?.total, nonlethal.effectDamage?.nonlethal], [3, true])
  assert.equal(fast({ damage: '1d4', onSuccess: 'half', nonlethal: false }).effectDamage?.nonlethal, false)
})
