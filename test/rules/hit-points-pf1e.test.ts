import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { RuleError } from '../../src/rules/errors.js'
import { receiveHealing, reportHitPoints, status, takeDamage } from '../../src/rules/hit-points/index.js'
import type { CombatantInput } from '../../src/rules/combatant.js'

const pf1e = getRuleset('pf1e')
const dice = (...sequence: number[]) => new Dice({ seed: 't', sequence })
const creature = (con: number, hitPoints: CombatantInput['hitPoints']): CombatantInput =>
  ({ abilities: { con }, baseSaves: { fortitude: 3 }, level: 2, hitPoints })

test('PRD › Injury and Death: Con 14 dies at −14 and not at −13', () => {
  const at13 = reportHitPoints(takeDamage(pf1e, creature(14, { max: 20, current: 5 }), { amount: 18 }, dice()).after, pf1e)
  assert.deepEqual([at13.current, at13.status], [-13, 'dying'])
  const at14 = reportHitPoints(takeDamage(pf1e, creature(14, { max: 20, current: 5 }), { amount: 19 }, dice()).after, pf1e)
  assert.deepEqual([at14.current, at14.status], [-14, 'dead'])
  // dnd35 would already be dead at −10 with the same numbers.
  assert.equal(status({ ...takeDamage(pf1e, creature(14, { max: 20, current: 5 }), { amount: 15 }, dice()).after }, pf1e), 'dying')
})

test('PRD › Injury and Death: the Constitution score is needed (422 naming /creature/abilities/con)', () => {
  assert.throws(() => takeDamage(pf1e, { hitPoints: { max: 10 } }, { amount: 3 }, dice()),
    (e: unknown) => e instanceof RuleError && e.kind === 'missing-field' && e.errors[0]?.path === '/creature/abilities/con')
})

test('PRD › Disabled: 0 HP is disabled (and staggered)', () => {
  assert.equal(reportHitPoints(takeDamage(pf1e, creature(10, { max: 20, current: 5 }), { amount: 5 }, dice()).after, pf1e).status, 'disabled')
})

test('docs/rules.md §46: stabilizing at −4 with Con 12 is d20 + 1 − 4 against DC 10, so it needs 13 or more', () => {
  const dying = creature(12, { max: 20, current: -4 })
  const d = dice(13)
  const ok = receiveHealing(pf1e, dying, { kind: 'stabilize' }, d)
  assert.deepEqual(ok.check && [ok.check.die, ok.check.roll, ok.check.total, ok.check.dc, ok.check.success], [20, 13, 10, 10, true])
  assert.deepEqual(ok.check?.breakdown.map((b) => [b.source, b.value]), [['Constitution', 1], ['negative hit points', -4]])
  assert.deepEqual(d.rolls, [{ purpose: 'stabilize', die: 20, result: 13 }])
  assert.equal(status(ok.after, pf1e), 'stable')
  const no = receiveHealing(pf1e, dying, { kind: 'stabilize' }, dice(12))
  assert.deepEqual([no.check?.success, no.after.current, status(no.after, pf1e)], [false, -5, 'dying'])
})

test('docs/rules.md §16, PRD › Dying: a natural 20 stabilizes even when the total falls short', () => {
  const deep = creature(8, { max: 20, current: -7 })
  const ok = receiveHealing(pf1e, deep, { kind: 'stabilize' }, dice(20))
  assert.deepEqual([ok.check?.total, ok.check?.success, status(ok.after, pf1e)], [20 - 1 - 7, true, 'stable'])
})

test('docs/rules.md §46: a DC 15 Heal check stabilizes a pf1e dying creature', () => {
  const ok = receiveHealing(pf1e, creature(10, { max: 20, current: -2 }), { kind: 'heal-check', checkBonus: 5 }, dice(10))
  assert.deepEqual([ok.check?.dc, ok.check?.success, status(ok.after, pf1e)], [15, true, 'stable'])
})

test('PRD › Stable Characters and Recovery: the hourly wake-up roll is the same Con check; untended failures cost 1 HP', () => {
  const stable = creature(12, { max: 20, current: -2, status: 'stable' })
  const woke = receiveHealing(pf1e, stable, { kind: 'recover', period: 'hour', tended: true }, dice(11))
  assert.deepEqual([woke.check?.total, status(woke.after, pf1e)], [10, 'disabled'])
  const slept = receiveHealing(pf1e, stable, { kind: 'recover', period: 'hour', tended: false }, dice(10))
  assert.deepEqual([slept.check?.success, slept.after.current, status(slept.after, pf1e)], [false, -3, 'stable'])
  const day = receiveHealing(pf1e, creature(12, { max: 20, current: -2, status: 'disabled' }), { kind: 'recover', period: 'day' }, dice(5))
  assert.deepEqual([day.check?.success, day.after.current, status(day.after, pf1e)], [false, -3, 'disabled'])
})

test('docs/rules.md §47: massive damage is optional in pf1e; enabled, the threshold is max(50, ½ max HP)', () => {
  const big = creature(12, { max: 140 })
  assert.equal(takeDamage(pf1e, big, { amount: 60 }, dice()).massiveDamage, null, 'off unless enabled')
  assert.equal(takeDamage(pf1e, big, { amount: 60, massiveDamageRule: true }, dice()).massiveDamage, null, '60 < 70 = ½ of 140')
  const d = dice(4)
  const hit = takeDamage(pf1e, big, { amount: 70, massiveDamageRule: true }, d)
  assert.deepEqual(hit.massiveDamage && [hit.massiveDamage.dc, hit.massiveDamage.total, hit.massiveDamage.survived], [15, 4 + 3 + 1, false])
  assert.equal(status(hit.after, pf1e), 'dead')
  const small = creature(12, { max: 80 })
  assert.notEqual(takeDamage(pf1e, small, { amount: 50, massiveDamageRule: true }, dice(15)).massiveDamage, null, 'the minimum of 50 applies')
})

test('docs/rules.md §48: nonlethal damage past maximum HP is lethal in pf1e (not in dnd35)', () => {
  const hit = takeDamage(pf1e, creature(10, { max: 10, current: 10, nonlethal: 8 }), { amount: 5, nonlethal: true }, dice())
  assert.deepEqual([hit.after.nonlethal, hit.after.current], [10, 7])
  const dnd = takeDamage(getRuleset('dnd35'), creature(10, { max: 10, current: 10, nonlethal: 8 }), { amount: 5, nonlethal: true }, dice())
  assert.deepEqual([dnd.after.nonlethal, dnd.after.current], [13, 10])
})

test('PRD › Dying: continuous damage fails the stabilization check automatically (no roll) and costs 1 HP; dnd35 has no such rule', () => {
  const d = dice(20)
  const bleeding = receiveHealing(pf1e, creature(12, { max: 20, current: -4 }), { kind: 'stabilize', continuousDamage: true }, d)
  assert.deepEqual([bleeding.check, bleeding.after.current, status(bleeding.after, pf1e), d.rolls.length], [null, -5, 'dying', 0])
  assert.throws(() => receiveHealing(getRuleset('dnd35'), creature(12, { max: 20, current: -4 }), { kind: 'stabilize', continuousDamage: true }, dice()),
    (e: unknown) => e instanceof RuleError && e.kind === 'rule-not-defined' && e.errors[0]?.path === '/healing/continuousDamage')
})
