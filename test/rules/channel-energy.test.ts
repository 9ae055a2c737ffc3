import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { assertRuleError } from '../helpers/problems.js'
import type { RuleErrorKind } from '../../src/rules/errors.js'
import { getRuleset } from '../../src/rules/rulesets/index.js'
import { resolveTurning, type ChannelEnergyResult, type TurningRequest } from '../../src/rules/turning/index.js'

const pf1e = getRuleset('pf1e')

function channel (request: TurningRequest, sequence: number[]): { r: ChannelEnergyResult, dice: Dice } {
  const dice = new Dice({ seed: 'c', sequence })
  const r = resolveTurning(pf1e, request, dice)
  assert.equal(r.procedure, 'channel-energy')
  return { r: r as ChannelEnergyResult, dice }
}

// 5th-level cleric, Cha 16 (+3): 3d6, DC 10 + 2 + 3 = 15.
const cleric = { level: 5, class: 'cleric' as const, abilities: { cha: 16 } }
const fighter = { id: 'fighter', kind: 'living' as const, hitPoints: { max: 40, current: 20 } }
const wounded = { id: 'wizard', kind: 'living' as const, hitPoints: { max: 20, current: 15 } }
const zombie = { id: 'zombie', kind: 'undead' as const, baseSaves: { will: 3 }, abilities: { wis: 10 } }
const ghoul = { id: 'ghoul', kind: 'undead' as const, baseSaves: { will: 5 }, abilities: { wis: 14 } }

test('channel positive: heals the living (capped at max HP), harms undead with a Will save for half (PRD › Channel Energy; docs/rules.md §45)', () => {
  const { r, dice } = channel({ action: 'channel-positive', turner: cleric, targets: [fighter, zombie, wounded, ghoul] }, [4, 5, 6, 11, 13])
  assert.deepEqual(r.channel, { dice: '3d6', roll: [4, 5, 6], total: 15 })
  assert.equal(r.saveDc.total, 15)
  assert.equal(r.saveDc.breakdown.reduce((s, b) => s + b.value, 0), 15)
  assert.equal(r.effectiveLevel, 5)
  assert.equal(r.usesPerDay?.total, 6)
  const [f, z, w, g] = r.results
  assert.deepEqual([f?.outcome, f?.healed, f?.save], ['healed', 15, null])
  assert.deepEqual([w?.outcome, w?.healed], ['healed', 5])
  // zombie: 11 + 3 = 14 < 15, full damage; ghoul: 13 + 5 + 2 = 20 ≥ 15, half (7).
  assert.deepEqual([z?.outcome, z?.save?.total, z?.save?.success, z?.damage], ['harmed', 14, false, 15])
  assert.deepEqual([g?.outcome, g?.save?.total, g?.save?.success, g?.damage], ['harmed', 20, true, 7])
  // Dice order: the channel dice, then one save per harmed target in request order.
  assert.deepEqual(dice.rolls.map((x) => `${x.purpose}:${x.result}`), ['channel:4', 'channel:5', 'channel:6', 'save:11', 'save:13'])
})

test('channel negative: harms the living (Will half), heals undead; natural 1 and 20 (PRD › Channel Energy)', () => {
  const evil = { level: 4, class: 'cleric' as const, energy: 'negative' as const, abilities: { cha: 10 } }
  const living = { id: 'paladin', kind: 'living' as const, baseSaves: { will: 20 } }
  const weak = { id: 'peasant', kind: 'living' as const, baseSaves: { will: -5 } }
  const { r } = channel({ action: 'channel-negative', turner: evil, targets: [living, zombie, weak] }, [3, 4, 1, 20])
  // 2d6 = 7; DC 10 + 2 + 0 = 12.
  assert.equal(r.saveDc.total, 12)
  const [p, z, w] = r.results
  assert.deepEqual([p?.outcome, p?.save?.automatic, p?.save?.success, p?.damage], ['harmed', 'natural-1', false, 7])
  assert.deepEqual([z?.outcome, z?.healed], ['healed', 7])
  assert.deepEqual([w?.outcome, w?.save?.automatic, w?.save?.success, w?.damage], ['harmed', 'natural-20', true, 3])
})

test('the 30-ft burst: a target beyond 30 ft is out of range and rolls no save', () => {
  const { r, dice } = channel({ action: 'channel-positive', turner: cleric, targets: [{ ...zombie, distanceFeet: 35 }, { ...ghoul, distanceFeet: 30 }] }, [1, 1, 1, 10])
  assert.deepEqual(r.results.map((x) => x.outcome), ['out-of-range', 'harmed'])
  assert.equal(dice.rolls.filter((x) => x.purpose === 'save').length, 1)
})

test('dice by level: ceil(level / 2) d6 (PRD › Cleric)', () => {
  for (const [level, count] of [[1, 1], [2, 1], [3, 2], [20, 10]] as const) {
    const { r } = channel({ action: 'channel-positive', turner: { ...cleric, level }, targets: [] }, [])
    assert.equal(r.channel?.roll.length, count, `level ${level}`)
  }
})

test('Turn Undead feat: undead in 30 ft flee for 1 minute unless they save; no channel dice (PRD › Feats › Turn Undead)', () => {
  const turner = { ...cleric, feats: ['turn-undead'] }
  const { r, dice } = channel({ action: 'turn-undead', turner, targets: [zombie, fighter, ghoul] }, [5, 15])
  assert.equal(r.channel, null)
  assert.deepEqual(r.results.map((x) => x.outcome), ['turned', 'unaffected', 'unaffected'])
  assert.equal(r.results[0]?.durationRounds, 10)
  assert.deepEqual(dice.rolls.map((x) => x.purpose), ['save', 'save'])
})

test('a paladin channels from 4th level at her paladin level; not negative energy (PRD › Paladin)', () => {
  const paladin = { level: 6, class: 'paladin' as const, abilities: { cha: 14 } }
  const { r } = channel({ action: 'channel-positive', turner: paladin, targets: [] }, [1, 1, 1])
  assert.equal(r.channel?.roll.length, 3)
  assert.equal(r.saveDc.total, 10 + 3 + 2)
  assert.equal(r.usesPerDay, null)
  const refuses = (req: TurningRequest, kind: RuleErrorKind, path: string) => assertRuleError(() => resolveTurning(pf1e, req, new Dice({ seed: 'c' })), kind, path)
  refuses({ action: 'channel-positive', turner: { ...paladin, level: 3 }, targets: [] }, 'not-possible', '/turner/level')
  // PRD › Paladin: a paladin channels positive energy only
  refuses({ action: 'channel-negative', turner: paladin, targets: [] }, 'not-possible', '/action')
  refuses({ action: 'turn-undead', turner: cleric, targets: [] }, 'not-possible', '/turner/feats')
  refuses({ action: 'channel-positive', turner: cleric, targets: [{ id: 'z', kind: 'undead' }] }, 'missing-field', '/targets/0/baseSaves/will')
  refuses({ action: 'turn', turner: cleric, undead: [] }, 'rule-not-defined', '/action')
})

test('property: harmed damage is the channel total or its half rounded down; healing never exceeds the missing hit points', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: -20, max: 100 }), (level, d20, max, current) => {
    const cur = Math.min(current, max)
    const { r } = channel({ action: 'channel-positive', turner: { ...cleric, level }, targets: [{ id: 'l', kind: 'living', hitPoints: { max, current: cur } }, zombie] }, [...Array(Math.ceil(level / 2)).fill(3), d20])
    const total = r.channel?.total ?? 0
    const [l, z] = r.results
    return l?.healed === Math.min(total, max - cur) && (z?.damage === total || z?.damage === Math.floor(total / 2))
  }))
})
