import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { RuleError } from '../../src/rules/errors.js'
import { hitPointsOf, receiveHealing, reportHitPoints, status, takeDamage, type Blow, type Healing } from '../../src/rules/hit-points/index.js'
import type { CombatantInput } from '../../src/rules/combatant.js'

const dnd35 = getRuleset('dnd35')
const dice = (...sequence: number[]) => new Dice({ seed: 't', sequence })
const creature = (hitPoints: CombatantInput['hitPoints'], extra: Partial<CombatantInput> = {}): CombatantInput =>
  ({ baseSaves: { fortitude: 2, reflex: 0, will: 0 }, abilities: { con: 12 }, level: 3, ...extra, hitPoints })
const hit = (c: CombatantInput, blow: Blow, d = dice()) => takeDamage(dnd35, c, blow, d)
const heal = (c: CombatantInput, healing: Healing, d = dice()) => receiveHealing(dnd35, c, healing, d)
const report = (c: CombatantInput, blow: Blow, d = dice()) => reportHitPoints(hit(c, blow, d).after, dnd35)

test('SRD 3.5 › Dying: at 5 HP, 6 damage leaves the creature dying at −1', () => {
  const after = report(creature({ max: 20, current: 5 }), { amount: 6 })
  assert.equal(after.current, -1)
  assert.equal(after.status, 'dying')
})

test('SRD 3.5 › Dead: at 5 HP, 15 damage kills at −10; −9 is still dying', () => {
  assert.deepEqual([report(creature({ max: 20, current: 5 }), { amount: 15 })].map((h) => [h.current, h.status]), [[-10, 'dead']])
  assert.equal(report(creature({ max: 20, current: 5 }), { amount: 14 }).status, 'dying')
})

test('SRD 3.5 › Disabled: exactly 0 HP is disabled', () => {
  assert.equal(report(creature({ max: 20, current: 5 }), { amount: 5 }).status, 'disabled')
})

test('SRD 3.5 › Temporary Hit Points: damage comes off temporary hit points first', () => {
  const after = report(creature({ max: 20, current: 12, temporary: 5 }), { amount: 8 })
  assert.deepEqual([after.temporary, after.current, after.status], [0, 9, 'healthy'])
  const absorbed = report(creature({ max: 20, current: 12, temporary: 5 }), { amount: 4 })
  assert.deepEqual([absorbed.temporary, absorbed.current], [1, 12])
})

test('SRD 3.5 › Temporary Hit Points: the raging barbarian at 37 (31 + 6) damaged to 5 is at −1 and dying once the 6 are gone', () => {
  // The 6 Con hit points are ordinary HP, lost with the rest; dropping them is a loss of max and current.
  const raging = creature({ max: 37, current: 5 })
  const afterRage = { ...raging, hitPoints: { max: 31, current: 5 - 6 } }
  assert.equal(status(hitPointsOf(afterRage, dnd35), dnd35), 'dying')
})

test('SRD 3.5 › Nonlethal Damage: nonlethal equal to current HP is staggered, above it unconscious; it is not subtracted', () => {
  const equal = report(creature({ max: 20, current: 8 }), { amount: 8, nonlethal: true })
  assert.deepEqual([equal.current, equal.nonlethal, equal.status], [8, 8, 'staggered'])
  const above = report(creature({ max: 20, current: 8 }), { amount: 9, nonlethal: true })
  assert.equal(above.status, 'unconscious')
  // "It doesn't matter whether … the nonlethal damage has gone up or … current hit points have gone down."
  const lethalCatchesUp = report(creature({ max: 20, current: 10, nonlethal: 6 }), { amount: 4 })
  assert.deepEqual([lethalCatchesUp.current, lethalCatchesUp.status], [6, 'staggered'])
})

test('SRD 3.5 › Massive Damage: 55 from one attack forces a DC 15 Fortitude save; a natural 1 kills at positive HP', () => {
  const c = creature({ max: 100, current: 100 })
  const d = dice(1)
  const outcome = hit(c, { amount: 55 }, d)
  assert.deepEqual(outcome.massiveDamage && { dc: outcome.massiveDamage.dc, roll: outcome.massiveDamage.roll, total: outcome.massiveDamage.total, survived: outcome.massiveDamage.survived },
    { dc: 15, roll: 1, total: 1 + 2 + 1, survived: false })
  assert.equal(reportHitPoints(outcome.after, dnd35).status, 'dead')
  assert.equal(reportHitPoints(outcome.after, dnd35).current, 45)
  assert.deepEqual(d.rolls, [{ purpose: 'massive-damage', die: 20, result: 1 }])
})

test('SRD 3.5 › Massive Damage: a save of 12 + 2 base + 1 Con = 15 survives', () => {
  const outcome = hit(creature({ max: 100 }), { amount: 55 }, dice(12))
  assert.equal(outcome.massiveDamage?.survived, true)
  assert.equal(reportHitPoints(outcome.after, dnd35).status, 'healthy')
  assert.equal(outcome.massiveDamage?.total, 15)
})

test('SRD 3.5 › Massive Damage: two attacks of 30 (singleAttack false, or separately) do not trigger it', () => {
  const c = creature({ max: 100 })
  const first = hit(c, { amount: 30 })
  assert.equal(first.massiveDamage, null)
  const second = hit({ ...c, hitPoints: { max: 100, current: first.after.current } }, { amount: 30 })
  assert.equal(second.massiveDamage, null)
  assert.equal(second.after.current, 40)
  assert.equal(hit(c, { amount: 60, singleAttack: false }).massiveDamage, null)
  assert.equal(hit(c, { amount: 60, nonlethal: true }).massiveDamage, null, 'nonlethal damage does not kill')
})

test('SRD 3.5 › Massive Damage: no save when the blow already kills', () => {
  const outcome = hit(creature({ max: 40 }), { amount: 55 })
  assert.equal(outcome.massiveDamage, null)
  assert.equal(reportHitPoints(outcome.after, dnd35).status, 'dead')
})

test('SRD 3.5 › Massive Damage: the save needs the base Fortitude save (422 naming it)', () => {
  assert.throws(() => hit({ hitPoints: { max: 100 } }, { amount: 50 }, dice(10)),
    (e: unknown) => e instanceof RuleError && e.kind === 'missing-field' && e.errors[0]?.path === '/creature/baseSaves/fortitude')
})

test('SRD 3.5 › Stable Characters and Recovery: healing a −3 dying creature by 3 leaves it disabled at 0, by 4 fully functional at 1', () => {
  const dying = creature({ max: 20, current: -3 })
  const three = reportHitPoints(heal(dying, { kind: 'magical', amount: 3 }).after, dnd35)
  assert.deepEqual([three.current, three.status], [0, 'disabled'])
  const four = reportHitPoints(heal(dying, { kind: 'magical', amount: 4 }).after, dnd35)
  assert.deepEqual([four.current, four.status], [1, 'healthy'])
})

test('SRD 3.5 › Stabilizing: any healing of 1 or more stabilizes a dying creature even below 0', () => {
  const after = reportHitPoints(heal(creature({ max: 20, current: -6 }), { kind: 'magical', amount: 1 }).after, dnd35)
  assert.deepEqual([after.current, after.status], [-5, 'stable'])
})

test('SRD 3.5 › Healing: magical healing never exceeds maximum and removes as much nonlethal damage', () => {
  const outcome = heal(creature({ max: 20, current: 15, nonlethal: 7 }), { kind: 'magical', dice: '1d8+3' }, dice(6))
  assert.equal(outcome.amount, 9)
  assert.deepEqual([outcome.after.current, outcome.after.nonlethal], [20, 0])
})

test('SRD 3.5 › Dying: the per-round d% — 01–10 stable, otherwise lose 1 HP', () => {
  const dying = creature({ max: 20, current: -4 })
  const d = dice(10)
  const saved = heal(dying, { kind: 'stabilize' }, d)
  assert.deepEqual(saved.check && [saved.check.die, saved.check.roll, saved.check.dc, saved.check.success], [100, 10, 10, true])
  assert.deepEqual(d.rolls, [{ purpose: 'stabilize', die: 100, result: 10 }])
  assert.deepEqual([saved.after.current, status(saved.after, dnd35)], [-4, 'stable'])
  const worse = heal(dying, { kind: 'stabilize' }, dice(11))
  assert.deepEqual([worse.after.current, status(worse.after, dnd35)], [-5, 'dying'])
  const gone = heal(creature({ max: 20, current: -9 }), { kind: 'stabilize' }, dice(50))
  assert.equal(status(gone.after, dnd35), 'dead')
})

test('SRD 3.5 › Stabilizing: a DC 15 Heal check stabilizes a dying creature; 14 does not', () => {
  const dying = creature({ max: 20, current: -2 })
  const ok = heal(dying, { kind: 'heal-check', checkBonus: 4 }, dice(11))
  assert.deepEqual([ok.check?.total, ok.check?.dc, ok.check?.success, status(ok.after, dnd35)], [15, 15, true, 'stable'])
  const no = heal(dying, { kind: 'heal-check', checkBonus: 4 }, dice(10))
  assert.deepEqual([no.check?.success, status(no.after, dnd35), no.after.current], [false, 'dying', -2])
})

test('SRD 3.5 › Stable Characters and Recovery: a stable creature taking lethal damage is dying again', () => {
  const stable = creature({ max: 20, current: -3, status: 'stable' })
  assert.equal(report(stable, { amount: 1 }).status, 'dying')
  assert.equal(report(stable, { amount: 1, nonlethal: true }).status, 'stable')
})

test('SRD 3.5 › Stable Characters and Recovery: hourly roll with help — 10% to wake up disabled, no loss otherwise', () => {
  const stable = creature({ max: 20, current: -3, status: 'stable' })
  const woke = heal(stable, { kind: 'recover', period: 'hour', tended: true }, dice(7))
  assert.deepEqual([woke.after.current, status(woke.after, dnd35)], [-3, 'disabled'])
  const slept = heal(stable, { kind: 'recover', period: 'hour', tended: true }, dice(80))
  assert.deepEqual([slept.after.current, status(slept.after, dnd35)], [-3, 'stable'])
})

test('SRD 3.5 › Stable Characters and Recovery: hourly roll without help costs 1 HP on a miss', () => {
  const stable = creature({ max: 20, current: -3, status: 'stable' })
  const slept = heal(stable, { kind: 'recover', period: 'hour', tended: false }, dice(80))
  assert.deepEqual([slept.after.current, status(slept.after, dnd35)], [-4, 'stable'])
  const died = heal(creature({ max: 20, current: -9, status: 'stable' }), { kind: 'recover', period: 'hour' }, dice(80))
  assert.equal(status(died.after, dnd35), 'dead')
})

test('SRD 3.5 › Stable Characters and Recovery: conscious and disabled without help, a daily 10% starts natural healing, a miss costs 1 HP', () => {
  const awake = creature({ max: 20, current: -3, status: 'disabled' })
  const healing = heal(awake, { kind: 'recover', period: 'day' }, dice(3))
  assert.deepEqual([healing.check?.success, healing.after.current, status(healing.after, dnd35)], [true, -3, 'disabled'])
  const worse = heal(awake, { kind: 'recover', period: 'day' }, dice(30))
  assert.deepEqual([worse.after.current, status(worse.after, dnd35)], [-4, 'disabled'])
})

test('SRD 3.5 › Healing: natural healing is 1 HP per level per night, 2 per level for a day of bed rest, never above max', () => {
  const c = creature({ max: 30, current: 10 }, { level: 4 })
  assert.equal(heal(c, { kind: 'natural', period: 'night' }).after.current, 14)
  assert.equal(heal(c, { kind: 'natural', period: 'bed-rest-day' }).after.current, 18)
  assert.equal(heal(c, { kind: 'natural', period: 'night', count: 3 }).after.current, 22)
  assert.equal(heal(c, { kind: 'natural', period: 'bed-rest-day', count: 5 }).after.current, 30)
})

test('SRD 3.5 › Nonlethal Damage: nonlethal heals 1 point per hour per level', () => {
  const c = creature({ max: 30, current: 10, nonlethal: 12 }, { level: 3 })
  assert.equal(heal(c, { kind: 'nonlethal-recovery', hours: 2 }).after.nonlethal, 6)
  assert.equal(heal(c, { kind: 'nonlethal-recovery', hours: 5 }).after.nonlethal, 0)
})

test('SRD 3.5 › Temporary Hit Points: gained temporary HP stack across sources; lost ones do not heal back', () => {
  const c = creature({ max: 30, current: 30, temporary: 4 })
  assert.equal(heal(c, { kind: 'temporary', amount: 5 }).after.temporary, 9)
  assert.equal(heal(c, { kind: 'temporary', amount: 5, sameSource: true }).after.temporary, 5)
  const spent = hit(c, { amount: 6 }).after
  assert.deepEqual([spent.temporary, spent.current], [0, 28])
  const healed = heal({ ...c, hitPoints: { max: 30, current: spent.current, temporary: spent.temporary } }, { kind: 'magical', amount: 10 }).after
  assert.deepEqual([healed.temporary, healed.current], [0, 30])
})

const failsWith = (kind: string, path: string) => (e: unknown) =>
  e instanceof RuleError && e.kind === kind && e.errors.length === 1 && e.errors[0]?.path === path

test('healing the dead, or stabilizing a healthy creature, is a 422 not-possible naming the field that decides it', () => {
  // SRD 3.5 › Dead: −10 hit points is dead, so the current hit points are at fault
  assert.throws(() => heal(creature({ max: 20, current: -10 }), { kind: 'magical', amount: 5 }), failsWith('not-possible', '/creature/hitPoints/current'))
  // a death an earlier resolution recorded (massive damage) is in the status
  assert.throws(() => heal(creature({ max: 20, current: 5, status: 'dead' }), { kind: 'magical', amount: 5 }), failsWith('not-possible', '/creature/hitPoints/status'))
  assert.throws(() => heal(creature({ max: 20 }), { kind: 'stabilize' }), failsWith('not-possible', '/creature/hitPoints/status'))
  assert.throws(() => heal({ hitPoints: { max: 20, current: 5 } }, { kind: 'natural', period: 'night' }), failsWith('missing-field', '/creature/level'))
})

test('a creature without a Constitution score is destroyed at 0 HP', () => {
  assert.equal(report(creature({ max: 20, current: 5 }, { abilities: { con: null } }), { amount: 5 }).status, 'dead')
})
