// The confused creature's behaviour tables (docs/rules.md §117): every d%
// result maps to the band the published table gives it, written out here by
// hand (SRD 3.5 › Conditions › Confused; PRD › Conditions › Confused).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { bandFor, rollBehaviour } from '../../src/rules/behaviour.js'
import { Dice } from '../../src/rules/dice/roller.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'

const expected = (ranges: Array<[number, number, string]>) => (roll: number) => ranges.find(([lo, hi]) => roll >= lo && roll <= hi)?.[2]

const TABLES: Record<string, (roll: number) => string | undefined> = {
  dnd35: expected([[1, 10, 'attack-confuser'], [11, 20, 'act-normally'], [21, 50, 'babble'], [51, 70, 'flee'], [71, 100, 'attack-nearest']]),
  pf1e: expected([[1, 25, 'act-normally'], [26, 50, 'babble'], [51, 75, 'harm-self'], [76, 100, 'attack-nearest']])
}

for (const [id, band] of Object.entries(TABLES)) {
  test(`${id}: every d% from 1 to 100 gives the published behaviour`, () => {
    const table = getRuleset(id).behaviourRolls?.confused
    assert.ok(table)
    for (let roll = 1; roll <= 100; roll++) assert.equal(bandFor(table, roll).behaviour, band(roll), `${id} d% ${roll}`)
  })
}

test('pf1e: harming itself is 1d8 + the Str modifier (PRD › Conditions › Confused); the roll is one d% (purpose behaviour)', () => {
  const table = getRuleset('pf1e').behaviourRolls?.confused
  assert.ok(table)
  const dice = new Dice({ seed: 1, sequence: [51] })
  const { roll, band } = rollBehaviour(table, 'confused', dice)
  assert.deepEqual([roll.behaviour, roll.allows, band.selfDamage], ['harm-self', 'none', { faces: 8, ability: 'str' }])
  assert.deepEqual(dice.rolls, [{ purpose: 'behaviour', die: 100, result: 51 }])
})

test('the variant has no behaviour roll (its confusion is not defined): no table', () => {
  assert.equal(getRuleset('variant').behaviourRolls, undefined)
})
