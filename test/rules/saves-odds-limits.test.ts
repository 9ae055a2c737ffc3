// POST /v1/saves/odds at the rules level: the order of its distributions, the work limit at
// its boundary and the effect's lethal default (docs/rules.md §84; OpenAPI › Limits).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { SAVE_ODDS_LIMITS, saveOdds } from '../../src/rules/saves/odds.js'
import type { SaveRequest } from '../../src/rules/saves/area-effect.js'
import { assertRuleError } from '../helpers/problems.js'

const dnd35 = getRuleset('dnd35')
const ogre = (id: string) => ({ id, abilities: { dex: 10 }, baseSaves: { reflex: 0 } })
const request = (damage: string, targets: number): SaveRequest => ({ save: 'reflex', dc: 15, effect: { damage, onSuccess: 'half' }, targets: Array.from({ length: targets }, (_, i) => ogre(`t${i}`)) })

test('OpenAPI › POST /v1/saves/odds: every distribution is listed by ascending damage, even when the dice first reach a high total (1d6−1d4+4)', () => {
  // Enumerated die by die, 1d6−1d4+4 first reaches 4, 3, 2, 1 (the first d6 face against each d4 face), then 5 and up.
  const odds = saveOdds(dnd35, request('1d6-1d4+4', 2))
  const ascending = (list: Array<{ damage: number }>) => list.every((o, i) => i === 0 || o.damage > list[i - 1]!.damage)
  assert.deepEqual(odds.effectDamage!.distribution.map((o) => o.damage), [1, 2, 3, 4, 5, 6, 7, 8, 9])
  for (const r of odds.results) assert.ok(ascending(r.damageDistribution!), JSON.stringify(r.damageDistribution))
  // Without `nonlethal`, the effect's damage is lethal.
  assert.equal(odds.effectDamage!.nonlethal, false)
  assert.equal(saveOdds(dnd35, { ...request('1d6', 1), effect: { damage: '1d6', onSuccess: 'half', nonlethal: true } }).effectDamage!.nonlethal, true)
})

test('OpenAPI › Limits: saves odds count damage values × (targets + the effect) and refuse beyond 10,000 cells, before any work', () => {
  assert.equal(SAVE_ODDS_LIMITS.cells, 10_000)
  // 5d1000+1d5 spans 5..5004: 5,000 values × (1 target + the effect) = 10,000 cells, accepted.
  const atLimit = saveOdds(dnd35, request('5d1000+1d5', 1))
  assert.equal(atLimit.effectDamage!.distribution.length, 5000)
  // 5d1000+1d6: 5,001 values × 2 = 10,002, refused at the effect's damage.
  assertRuleError(() => saveOdds(dnd35, request('5d1000+1d6', 1)), 'out-of-range', '/effect/damage')
  // 1d1000+1d1000+1d502 spans 2,500 values × (3 targets + the effect) = 10,000: accepted; one face more is over.
  assert.equal(saveOdds(dnd35, request('1d1000+1d1000+1d502', 3)).results.length, 3)
  assertRuleError(() => saveOdds(dnd35, request('1d1000+1d1000+1d503', 3)), 'out-of-range', '/effect/damage')
})
