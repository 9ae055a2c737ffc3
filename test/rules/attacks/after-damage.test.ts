// Where a target stands after an action's damage, as the attack endpoints
// read it (docs/rules.md §P6; SRD 3.5 › Combat › Injury and Death; PRD ›
// Combat › Injury and Death; variant › Hit Points): the chance it drops and
// the chance it dies. Every expected number is worked out by hand from the
// rule named, the variant's over the 20 faces of its Death save.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { afterDamage } from '../../../src/rules/attacks/hit-points.js'
import { getRuleset } from '../../../src/rules/rulesets/index.js'

const dnd35 = getRuleset('dnd35')
const pf1e = getRuleset('pf1e')
const variant = getRuleset('variant')

test('no hit points given: nothing to say', () => {
  assert.equal(afterDamage(dnd35, { abilities: { con: 10 } }, 50, 0), null)
})

test('SRD 3.5 › Injury and Death: 0 hp is disabled (up), −1 dying (down), −10 dead; nonlethal above current hp knocks out, equal staggers', () => {
  const t = { hitPoints: { max: 10, current: 5 } }
  assert.deepEqual(afterDamage(dnd35, t, 5, 0), { dropped: 0, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(dnd35, t, 6, 0), { dropped: 1, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(dnd35, t, 14, 0), { dropped: 1, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(dnd35, t, 15, 0), { dropped: 1, dead: 1, deathSave: false })
  assert.deepEqual(afterDamage(dnd35, t, 0, 6), { dropped: 1, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(dnd35, t, 0, 5), { dropped: 0, dead: 0, deathSave: false })
  // Nonlethal never kills: 15 nonlethal, where 15 lethal would reach −10, only knocks out.
  assert.deepEqual(afterDamage(dnd35, t, 0, 15), { dropped: 1, dead: 0, deathSave: false })
  // Lethal first, then nonlethal: 5 − 2 = 3 hp, then 4 nonlethal > 3: unconscious.
  assert.deepEqual(afterDamage(dnd35, t, 2, 4), { dropped: 1, dead: 0, deathSave: false })
})

test('PRD › Injury and Death: dead at −Con; a target with no Constitution given counts as Con 10 (OpenAPI › Combatant)', () => {
  const noCon = { abilities: { str: 12 }, hitPoints: { max: 10, current: 5 } }
  // 5 − 14 = −9: dying; 5 − 15 = −10: dead at −10.
  assert.deepEqual(afterDamage(pf1e, noCon, 14, 0), { dropped: 1, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(pf1e, noCon, 15, 0), { dropped: 1, dead: 1, deathSave: false })
  assert.deepEqual(afterDamage(pf1e, { hitPoints: { max: 10, current: 5 } }, 15, 0), { dropped: 1, dead: 1, deathSave: false })
  // Con 14: −10 is still alive (dying), −14 dead.
  const tough = { abilities: { con: 14 }, hitPoints: { max: 10, current: 5 } }
  assert.deepEqual(afterDamage(pf1e, tough, 15, 0), { dropped: 1, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(pf1e, tough, 19, 0), { dropped: 1, dead: 1, deathSave: false })
})

test('variant › Hit Points: damage reaching HP calls for a Death save, DC 10 + ½ the excess; below HP none', () => {
  const fresh = { abilities: { con: 10 }, hitPoints: { max: 20, current: 20 } }
  // 19 damage: below HP, no save, still up.
  assert.deepEqual(afterDamage(variant, fresh, 19, 0), { dropped: 0, dead: 0, deathSave: false })
  // Exactly 20: DC 10, bonus 0. Faces 10–20 succeed (staggered); 1–9 fail by less than 10 (dying): 9 of 20 drop, none die.
  assert.deepEqual(afterDamage(variant, fresh, 20, 0), { dropped: 9 / 20, dead: 0, deathSave: true })
  // The bonus counts: +3 makes faces 7–20 succeed, 1–6 drop.
  assert.deepEqual(afterDamage(variant, fresh, 20, 0, 3), { dropped: 6 / 20, dead: 0, deathSave: true })
  // 40 damage: 20 over, DC 20. Only a natural 20 succeeds (19 drop); faces 1–10 fail by 10 or more: dead (10 of 20).
  assert.deepEqual(afterDamage(variant, fresh, 40, 0), { dropped: 19 / 20, dead: 10 / 20, deathSave: true })
  // The same as nonlethal damage (variant › Hit Points › Nonlethal Damage): failure is unconscious, by 10 or more dying, never dead.
  assert.deepEqual(afterDamage(variant, fresh, 0, 40), { dropped: 19 / 20, dead: 0, deathSave: true })
})

test('variant › Hit Points: a miss (no damage) calls for no Death save and leaves the status as it was', () => {
  const down = (status: 'dying' | 'stable' | 'dead' | 'staggered') => ({ abilities: { con: 10 }, hitPoints: { max: 20, current: -5, status } })
  assert.deepEqual(afterDamage(variant, down('dying'), 0, 0), { dropped: 1, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(variant, down('stable'), 0, 0), { dropped: 1, dead: 0, deathSave: false })
  assert.deepEqual(afterDamage(variant, down('dead'), 0, 0), { dropped: 1, dead: 1, deathSave: false })
  assert.deepEqual(afterDamage(variant, down('staggered'), 0, 0), { dropped: 0, dead: 0, deathSave: false })
  // A hit of 3 lethal and 3 nonlethal on the dying target (25 damage of 20): 31 in all, 11 over, DC 10 + 5 = 15.
  // Dying (docs/rules.md §51): faces 1–5 fail by 10 or more (a natural 1 too): dead; 20 stable; the rest dying; all down.
  assert.deepEqual(afterDamage(variant, down('dying'), 3, 3), { dropped: 1, dead: 5 / 20, deathSave: true })
})
