import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { RuleError } from '../../src/rules/errors.js'
import { hitPointsProblems, receiveHealing, reportHitPoints, takeDamage, type Blow, type Healing } from '../../src/rules/hit-points/index.js'
import type { CombatantInput } from '../../src/rules/combatant.js'

const variant = getRuleset('variant')
const dice = (...sequence: number[]) => new Dice({ seed: 't', sequence })
// current = max − D (accumulated damage).
const hero = (hitPoints: CombatantInput['hitPoints'], deathBase = 2): CombatantInput =>
  ({ abilities: { con: 12 }, baseSaves: { death: deathBase }, hitPoints })
const hit = (c: CombatantInput, blow: Blow, d = dice()) => takeDamage(variant, c, blow, d)
const after = (c: CombatantInput, blow: Blow, d = dice()) => reportHitPoints(hit(c, blow, d).after, variant)
const heal = (c: CombatantInput, h: Healing, d = dice()) => receiveHealing(variant, c, h, d)

test('variant › Hit Points (HP 20): D 10 bloodied −1, D 15 wounded −2, D 9 neither', () => {
  assert.deepEqual(['bloodied', 'wounded', 'penalty'].map((k) => after(hero({ max: 20 }), { amount: 9 })[k as 'penalty']), [false, false, 0])
  assert.deepEqual(['bloodied', 'wounded', 'penalty'].map((k) => after(hero({ max: 20 }), { amount: 10 })[k as 'penalty']), [true, false, -1])
  const wounded = after(hero({ max: 20 }), { amount: 15 })
  assert.deepEqual([wounded.bloodied, wounded.wounded, wounded.penalty, wounded.damageTaken, wounded.current, wounded.status], [true, true, -2, 15, 5, 'healthy'])
})

test('docs/rules.md §49: a blow taking D from 14 to 18 at HP 20 records 4 wound points; from 16 to 18 records 2', () => {
  const first = hit(hero({ max: 20, current: 6 }), { amount: 4 })
  assert.deepEqual([first.wound, first.after.woundPoints], [{ points: 4, nasty: false }, 4])
  const second = hit(hero({ max: 20, current: 4, woundPoints: 1 }), { amount: 2 })
  assert.deepEqual([second.wound?.points, second.after.woundPoints], [2, 3])
  assert.equal(hit(hero({ max: 20, current: 10 }), { amount: 4 }).wound?.points, 0)
})

test('docs/rules.md §50: a critical hit that wounds is a nasty wound; nonlethal damage causes no wound', () => {
  assert.deepEqual(hit(hero({ max: 20, current: 6 }), { amount: 4, critical: true }).wound, { points: 4, nasty: true })
  assert.deepEqual(hit(hero({ max: 20 }), { amount: 4, critical: true }).wound, { points: 0, nasty: false })
  const soft = hit(hero({ max: 20, current: 6 }), { amount: 4, nonlethal: true })
  assert.deepEqual([soft.wound, soft.after.woundPoints, soft.after.nonlethal, soft.after.current], [null, 0, 4, 2])
})

test('variant › Death and Dying: HP 20 taking 24 makes a DC 12 Death save; success is staggered', () => {
  const d = dice(10)
  const outcome = hit(hero({ max: 20 }), { amount: 24 }, d)
  assert.deepEqual(outcome.deathSave && [outcome.deathSave.dc, outcome.deathSave.roll, outcome.deathSave.total, outcome.deathSave.success, outcome.deathSave.margin],
    [12, 10, 12, true, 0])
  assert.deepEqual(d.rolls, [{ purpose: 'death-save', die: 20, result: 10 }])
  assert.equal(reportHitPoints(outcome.after, variant).status, 'staggered')
})

test('variant › Death and Dying: failure by less than 10 is dying, by 10 or more dead', () => {
  assert.equal(after(hero({ max: 20 }), { amount: 24 }, dice(9)).status, 'dying')
  // DC 12, bonus 2: a 3 totals 5, failure by 7. With base −1: a 3 totals 2 (failure by 10), a 4 totals 3 (by 9).
  assert.equal(after(hero({ max: 20 }), { amount: 24 }, dice(3)).status, 'dying')
  assert.equal(after(hero({ max: 20 }, -1), { amount: 24 }, dice(3)).status, 'dead', 'failure by exactly 10 kills')
  assert.equal(after(hero({ max: 20 }, -1), { amount: 24 }, dice(4)).status, 'dying', 'failure by 9 does not')
})

test('variant › Death and Dying: the Death save is triggered at D = HP exactly (DC 10), not below', () => {
  assert.equal(hit(hero({ max: 20 }), { amount: 20 }, dice(15)).deathSave?.dc, 10)
  assert.equal(hit(hero({ max: 20 }), { amount: 19 }).deathSave, null)
})

test('variant › Hit Points › Nonlethal Damage: failure is unconscious, failure by 10 or more dying', () => {
  assert.equal(after(hero({ max: 20 }), { amount: 24, nonlethal: true }, dice(9)).status, 'unconscious')
  assert.equal(after(hero({ max: 20 }, -1), { amount: 24, nonlethal: true }, dice(2)).status, 'dying')
  assert.equal(after(hero({ max: 20 }), { amount: 24, nonlethal: true }, dice(11)).status, 'staggered')
})

test('variant › Staggered: any new lethal damage calls for a Death save whose only outcomes are dying or dead', () => {
  const staggered = hero({ max: 20, current: -2, status: 'staggered' })
  assert.equal(after(staggered, { amount: 1 }, dice(20)).status, 'dying')
  assert.equal(after(hero({ max: 20, current: -2, status: 'staggered' }, -5), { amount: 10 }, dice(2)).status, 'dead')
})

test('variant › Dying: the end-of-round Death save costs 1 Con either way; 3 failures dead, 4 successes stable', () => {
  const dying = hero({ max: 20, current: -4, status: 'dying', deathSaves: { successes: 3, failures: 2 } })
  // DC 10 + ⌊4/2⌋ = 12; bonus 2.
  const success = heal(dying, { kind: 'stabilize' }, dice(10))
  const s = reportHitPoints(success.after, variant)
  assert.deepEqual([success.check?.dc, success.check?.success, s.deathSaves, s.constitutionDamage, s.status], [12, true, { successes: 4, failures: 2 }, 1, 'stable'])
  const failure = heal(dying, { kind: 'stabilize' }, dice(9))
  const f = reportHitPoints(failure.after, variant)
  assert.deepEqual([f.deathSaves, f.constitutionDamage, f.status], [{ successes: 3, failures: 3 }, 1, 'dead'])
  const early = reportHitPoints(heal(hero({ max: 20, current: -4 }), { kind: 'stabilize' }, dice(9)).after, variant)
  assert.deepEqual([early.deathSaves, early.status], [{ successes: 0, failures: 1 }, 'dying'])
})

test('variant › Critical Failures and Successes: a natural 20 stabilizes at once, a natural 1 kills at once', () => {
  const dying = hero({ max: 20, current: -4, status: 'dying' })
  assert.equal(reportHitPoints(heal(dying, { kind: 'stabilize' }, dice(20)).after, variant).status, 'stable')
  assert.equal(reportHitPoints(heal(hero({ max: 20, current: -4 }, 30), { kind: 'stabilize' }, dice(1)).after, variant).status, 'dead')
})

test('docs/rules.md §54: Constitution damage to 0 kills (Con 2 after two saves)', () => {
  const frail: CombatantInput = { abilities: { con: 2 }, baseSaves: { death: 2 }, hitPoints: { max: 20, current: -4, constitutionDamage: 1 } }
  const out = reportHitPoints(heal(frail, { kind: 'stabilize' }, dice(15)).after, variant)
  assert.deepEqual([out.constitutionDamage, out.status], [2, 'dead'])
})

test('docs/rules.md §51: a dying creature hit again saves at once, outside the tallies: dead only on a natural 1 or failure by 10', () => {
  const dying = hero({ max: 20, current: -4, deathSaves: { successes: 1, failures: 1 } })
  const grazed = reportHitPoints(hit(dying, { amount: 2 }, dice(2)).after, variant)
  // DC 10 + ⌊6/2⌋ = 13; 2 + 2 = 4 fails by 9: still dying; tallies unchanged; 1 Con damage.
  assert.deepEqual([grazed.status, grazed.deathSaves, grazed.constitutionDamage], ['dying', { successes: 1, failures: 1 }, 1])
  assert.equal(reportHitPoints(hit(dying, { amount: 2 }, dice(1)).after, variant).status, 'dead')
  assert.equal(reportHitPoints(hit(dying, { amount: 2 }, dice(20)).after, variant).status, 'stable')
})

test('variant › Stable: hourly Death save — success by 5 wakes staggered, by less stays stable, failure dying with fresh tallies (docs/rules.md §53)', () => {
  const stable = hero({ max: 20, current: -4, status: 'stable', deathSaves: { successes: 4, failures: 2 } })
  const woke = reportHitPoints(heal(stable, { kind: 'recover', period: 'hour' }, dice(15)).after, variant)
  assert.deepEqual([woke.status, woke.constitutionDamage], ['staggered', 1])
  assert.equal(reportHitPoints(heal(stable, { kind: 'recover', period: 'hour' }, dice(14)).after, variant).status, 'stable')
  const relapse = reportHitPoints(heal(stable, { kind: 'recover', period: 'hour' }, dice(9)).after, variant)
  assert.deepEqual([relapse.status, relapse.deathSaves], ['dying', { successes: 0, failures: 0 }])
})

test('docs/rules.md §52: a DC 15 Heal check stabilizes a dying creature and wakes a stable one staggered', () => {
  const ok = heal(hero({ max: 20, current: -4 }), { kind: 'heal-check', checkBonus: 3 }, dice(12))
  assert.deepEqual([ok.check?.dc, reportHitPoints(ok.after, variant).status], [15, 'stable'])
  const wake = heal(hero({ max: 20, current: -4, status: 'stable' }), { kind: 'heal-check', checkBonus: 3 }, dice(12))
  assert.equal(reportHitPoints(wake.after, variant).status, 'staggered')
})

test('magical healing removes damage, wound points last; below HP again the Death-save track ends', () => {
  const wounded = hero({ max: 20, current: -4, woundPoints: 9, deathSaves: { successes: 1, failures: 2 } })
  const healed = reportHitPoints(heal(wounded, { kind: 'magical', amount: 17 }).after, variant)
  assert.deepEqual([healed.damageTaken, healed.woundPoints, healed.status, healed.deathSaves, healed.wounded], [7, 7, 'healthy', { successes: 0, failures: 0 }, true])
  const some = reportHitPoints(heal(wounded, { kind: 'magical', amount: 10 }).after, variant)
  assert.deepEqual([some.damageTaken, some.woundPoints], [14, 9])
  const partly = reportHitPoints(heal(wounded, { kind: 'magical', amount: 2 }).after, variant)
  assert.deepEqual([partly.damageTaken, partly.status], [22, 'stable'])
  const all = reportHitPoints(heal(wounded, { kind: 'magical', amount: 30 }).after, variant)
  assert.deepEqual([all.damageTaken, all.woundPoints, all.bloodied], [0, 0, false])
})

test('docs/rules.md §54: natural healing, nonlethal recovery and temporary hit points are not defined (422 rule-not-defined)', () => {
  for (const h of [{ kind: 'natural', period: 'night' }, { kind: 'temporary', amount: 3 }, { kind: 'nonlethal-recovery', hours: 1 }] as Healing[]) {
    assert.throws(() => heal(hero({ max: 20, current: 5 }), h), (e: unknown) => e instanceof RuleError && e.kind === 'rule-not-defined' && e.errors[0]?.path === '/healing/kind')
  }
})

test('variant › Death and Dying: a creature whose Death saves took its last Constitution is dead; healing it is a 422 naming constitutionDamage', () => {
  // Con 12 with 12 points of Constitution damage from failed Death saves: dead, whatever its hit points say
  assert.throws(() => heal(hero({ max: 20, current: -2, constitutionDamage: 12 }), { kind: 'magical', amount: 5 }),
    (e: unknown) => e instanceof RuleError && e.kind === 'not-possible' && e.errors.length === 1 && e.errors[0]?.path === '/creature/hitPoints/constitutionDamage')
})

test('variant input checks: the nonlethal share and wound points fit inside the damage taken', () => {
  assert.deepEqual(hitPointsProblems({ max: 20, current: 15, nonlethal: 6 }, variant).map((p) => p.path), ['/nonlethal'])
  assert.deepEqual(hitPointsProblems({ max: 20, current: 15, nonlethal: 2, woundPoints: 4 }, variant).map((p) => p.path), ['/woundPoints'])
  assert.deepEqual(hitPointsProblems({ max: 20, current: 21 }, variant).map((p) => p.path), ['/current'])
  assert.deepEqual(hitPointsProblems({ max: 20, current: 15, nonlethal: 5 }, variant), [])
})

test('docs/rules.md §53: a stable creature hit again saves as a dying one (§51) and, still alive, is dying with fresh tallies', () => {
  const stable = hero({ max: 20, current: -4, status: 'stable', deathSaves: { successes: 4, failures: 2 } })
  const hurt = reportHitPoints(hit(stable, { amount: 2 }, dice(10)).after, variant)
  assert.deepEqual([hurt.status, hurt.deathSaves, hurt.constitutionDamage], ['dying', { successes: 0, failures: 0 }, 1])
  assert.equal(reportHitPoints(hit(stable, { amount: 2 }, dice(20)).after, variant).status, 'stable')
})

test('variant › Hit Points › Nonlethal Damage: more nonlethal damage on a staggered creature keeps the softer outcomes', () => {
  const staggered = hero({ max: 20, current: -2, nonlethal: 22, status: 'staggered' })
  assert.equal(after(staggered, { amount: 2, nonlethal: true }, dice(15)).status, 'staggered')
  assert.equal(after(staggered, { amount: 2, nonlethal: true }, dice(5)).status, 'unconscious')
})

test('variant › Death and Dying: lethal damage on a creature knocked out by nonlethal damage uses the lethal outcomes', () => {
  const out = hero({ max: 20, current: -2, nonlethal: 22, status: 'unconscious' })
  assert.equal(after(out, { amount: 2 }, dice(5)).status, 'dying')
  assert.equal(after(out, { amount: 2 }, dice(15)).status, 'unconscious', 'a success leaves it as it was')
})

test('the dead take no Death save', () => {
  const outcome = hit(hero({ max: 20, current: -4, status: 'dead' }), { amount: 5 })
  assert.deepEqual([outcome.deathSave, reportHitPoints(outcome.after, variant).status], [null, 'dead'])
})
