// The fast path (docs/architecture.md › The fast path): the same functions with
// `detail: false` and dice that record nothing must give every number the
// detailed path gives, from the same dice, on thousands of random bodies per
// mechanic; and must do less work, counted (dice drawn, notations expanded,
// breakdown lines), never timed.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../../src/rules/dice/roller.js'
import { parseNotation } from '../../../src/rules/dice/notation.js'
import { getRuleset, type RulesetId } from '../../../src/rules/rulesets/index.js'
import {
  type AttackActionResult, planAttackAction, resolveAttackAction, resolveAttackFast, rollAttackAction
} from '../../../src/rules/attacks/resolve.js'
import type { AttackRequest } from '../../../src/rules/attacks/request.js'
import type { WeaponInput } from '../../../src/rules/attacks/weapon.js'
import { resolveSaves, type SaveRequest } from '../../../src/rules/saves/area-effect.js'
import { takeDamage, type Blow } from '../../../src/rules/hit-points/damage.js'
import type { CombatantInput } from '../../../src/rules/combatant.js'

const RUNS = 2000
const rulesetArb = fc.constantFrom<RulesetId>('dnd35', 'pf1e', 'variant')
const seedArb = fc.oneof(fc.string({ maxLength: 8 }), fc.integer())
/** Fixed dice first, some of them impossible for the die asked (both paths must refuse alike), then the seed. */
const sequenceArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant<number[]>([]) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 6 }) }
)
const notationArb = fc.constantFrom('1d4', '1d8', '2d6', '1d6+1', '1d3-2', '1d12', '2d6+1d4-1', '3', '1d2-5', '4d6')
const conditionsArb = fc.subarray(['prone', 'blinded', 'invisible', 'shaken', 'entangled', 'flat-footed', 'helpless', 'stunned', 'grappled', 'sickened'], { maxLength: 3 })

type Attempt<T> = { ok: true, value: T } | { ok: false, error: unknown }

function attempt<T> (f: () => T): Attempt<T> {
  try {
    return { ok: true, value: f() }
  } catch (error) {
    return { ok: false, error }
  }
}

/** Both paths answered alike: the same result, or the same refusal (kind, message, paths). */
function assertSameOutcome<T> (detailed: Attempt<T>, fast: Attempt<T>, strip: (value: T) => unknown): void {
  if (!detailed.ok || !fast.ok) {
    assert.equal(fast.ok, detailed.ok, 'one path refused, the other did not')
    assert.deepEqual(errorShape(fast), errorShape(detailed))
    return
  }
  assert.deepEqual(fast.value, strip(detailed.value))
}

function errorShape (a: Attempt<unknown>): unknown {
  if (a.ok) return null
  const e = a.error as { name?: string, message?: string, kind?: string, errors?: unknown }
  return { name: e.name, message: e.message, kind: e.kind, errors: e.errors }
}

/** The detailed and fast dice drew the same dice and are at the same place: the next die agrees too. */
function assertSameDice (detailed: Dice, fast: Dice): void {
  assert.equal(fast.drawn, detailed.drawn)
  assert.equal(detailed.rolls.length, detailed.drawn)
  assert.equal(fast.rolls.length, 0, 'the fast dice record no rolls')
  assert.equal(fast.roll(1000, 'next'), detailed.roll(1000, 'next'))
}

function pair (seed: string | number, sequence: number[]): [Dice, Dice] {
  return [new Dice({ seed, sequence }), new Dice({ seed, sequence, record: false })]
}

const weaponArb: fc.Arbitrary<WeaponInput> = fc.record({
  name: fc.constant('weapon'),
  type: fc.constantFrom('melee' as const, 'thrown' as const, 'ranged' as const),
  damage: notationArb,
  critRange: fc.integer({ min: 15, max: 20 }),
  critMultiplier: fc.integer({ min: 2, max: 4 }),
  category: fc.constantFrom('light' as const, 'one-handed' as const, 'two-handed' as const),
  enhancement: fc.integer({ min: 0, max: 5 }),
  rangeIncrement: fc.constant(30),
  nonlethal: fc.boolean(),
  extraDamage: fc.constantFrom([], [{ dice: '1d6', type: 'fire' }], [{ dice: '2d4', type: 'sneak attack' }, { dice: '1d3-4', type: 'cold' }])
})

const hitPointsArb = fc.option(fc.integer({ min: 1, max: 80 }).chain((max) =>
  fc.record({ max: fc.constant(max), current: fc.integer({ min: -15, max }) })), { nil: undefined })

const attackArb = fc.record({
  ruleset: rulesetArb,
  bab: fc.integer({ min: 0, max: 20 }),
  str: fc.integer({ min: 1, max: 30 }),
  dex: fc.integer({ min: 1, max: 30 }),
  attackerConditions: conditionsArb,
  ac: fc.integer({ min: 0, max: 30 }),
  targetConditions: conditionsArb,
  targetFeats: fc.subarray(['immune-to-critical-hits']),
  targetHitPoints: hitPointsArb,
  weapon: weaponArb,
  offHand: fc.option(weaponArb, { nil: undefined }),
  mode: fc.constantFrom('single' as const, 'full' as const, 'full' as const, 'coup-de-grace' as const),
  concealment: fc.constantFrom('none' as const, 'concealment' as const, 'total' as const, 35),
  missChance: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
  damageModifier: fc.integer({ min: -20, max: 5 }),
  damageMultiplier: fc.integer({ min: 1, max: 3 }),
  switchNonlethal: fc.boolean(),
  flanking: fc.boolean()
}).map((g): { ruleset: RulesetId, request: AttackRequest } => ({
  ruleset: g.ruleset,
  request: {
    attacker: { baseAttackBonus: g.bab, abilities: { str: g.str, dex: g.dex }, conditions: g.attackerConditions },
    target: {
      armorClass: { armor: g.ac },
      conditions: g.targetConditions,
      feats: g.targetFeats,
      hitPoints: g.targetHitPoints,
      abilities: { con: 12 },
      baseSaves: { fortitude: 3, death: 2 }
    },
    weapon: g.weapon,
    offHand: g.mode === 'full' && g.ruleset !== 'variant' ? g.offHand : undefined,
    // The variant has no full attack: its refusal is proven alike once in a while, its single attacks the rest of the time.
    mode: g.mode === 'full' && g.ruleset === 'variant' && g.bab % 4 !== 0 ? 'single' : g.mode,
    options: {
      concealment: g.concealment,
      missChance: g.missChance,
      damageModifiers: [{ value: g.damageModifier }],
      damageMultiplier: g.damageMultiplier,
      nonlethal: g.switchNonlethal,
      flanking: g.flanking
    }
  }
}))

/** What the fast path leaves out: the damage breakdown. */
function withoutBreakdowns (r: AttackActionResult): AttackActionResult {
  return { ...r, attacks: r.attacks.map((a) => ({ ...a, damage: a.damage && { ...a.damage, breakdown: [] } })) }
}

test('property: an attack action on the fast path gives every number of the detailed path, from the same dice', (t) => {
  let resolved = 0
  let hits = 0
  let criticals = 0
  fc.assert(fc.property(attackArb, seedArb, sequenceArb, ({ ruleset, request }, seed, sequence) => {
    const rules = getRuleset(ruleset)
    const [slow, fast] = pair(seed, sequence)
    const detailed = attempt(() => resolveAttackAction(rules, request, slow))
    const quick = attempt(() => resolveAttackAction(rules, request, fast, false))
    assertSameOutcome(detailed, quick, withoutBreakdowns)
    if (!detailed.ok) return
    resolved++
    hits += detailed.value.totals.hits
    criticals += detailed.value.totals.criticals
    assertSameDice(slow, fast)
    for (const a of quick.ok ? quick.value.attacks : []) assert.equal(a.damage?.breakdown.length ?? 0, 0)
  }), { numRuns: RUNS })
  // The bodies reach what matters: most resolve, many hit, some are criticals.
  assert.ok(resolved > RUNS / 4, `only ${resolved} resolved`)
  t.diagnostic(`fast path, attacks: ${resolved} of ${RUNS} bodies resolved, ${hits} hits, ${criticals} criticals`)
  assert.ok(hits > RUNS / 8 && criticals > 20, `${hits} hits, ${criticals} criticals`)
})

test('property: resolveAttackFast per attack of a plan made once gives the detailed attacks, and a plan rolls again alike', () => {
  fc.assert(fc.property(attackArb, seedArb, ({ ruleset, request }, seed) => {
    const rules = getRuleset(ruleset)
    const planned = attempt(() => planAttackAction(rules, request))
    if (!planned.ok) return
    const plan = planned.value
    const [slow, fast] = pair(seed, [])
    const again = new Dice({ seed, record: false })
    const detailed = resolveAttackAction(rules, request, slow)
    const quick = plan.attacks.map((a) => resolveAttackFast(a, fast))
    assert.deepEqual(quick, withoutBreakdowns(detailed).attacks)
    // A simulation rolls one plan many times: the plan is not changed by rolling it.
    const whole = rollAttackAction(rules, request.target, plan, again, false)
    assert.deepEqual(whole.attacks, quick)
    assert.deepEqual(whole.totals, detailed.totals)
    if (!detailed.coupDeGrace) assertSameDice(slow, fast)
  }), { numRuns: RUNS })
})

const saveTargetArb = (saves: readonly string[]) => fc.record({
  id: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
  baseSaves: fc.record(Object.fromEntries(saves.map((s) => [s, fc.integer({ min: -5, max: 15 })]))),
  abilities: fc.record({ con: fc.integer({ min: 1, max: 30 }), dex: fc.integer({ min: 1, max: 30 }), wis: fc.integer({ min: 1, max: 30 }), cha: fc.integer({ min: 1, max: 30 }) }),
  feats: fc.subarray(['evasion', 'improved-evasion']),
  conditions: conditionsArb,
  cover: fc.option(fc.constantFrom('none' as const, 'partial' as const, 'cover' as const, 'improved' as const), { nil: undefined }),
  modifiers: fc.array(fc.record({ value: fc.integer({ min: -5, max: 5 }), type: fc.constantFrom('luck' as const, 'untyped' as const, 'resistance' as const) }), { maxLength: 3 })
})

const savesArb = rulesetArb.chain((ruleset) => {
  const saves = getRuleset(ruleset).saves
  return fc.record({
    ruleset: fc.constant(ruleset),
    request: fc.record({
      save: fc.constantFrom(...saves),
      dc: fc.integer({ min: 1, max: 40 }),
      targets: fc.array(saveTargetArb(saves), { minLength: 1, maxLength: 4 }),
      effect: fc.option(fc.record({
        damage: notationArb,
        onSuccess: fc.constantFrom('half' as const, 'none' as const, 'full' as const),
        nonlethal: fc.boolean()
      }), { nil: undefined })
    }) as fc.Arbitrary<SaveRequest>
  })
})

test('property: saves on the fast path give every number of the detailed path, from the same dice', () => {
  fc.assert(fc.property(savesArb, seedArb, sequenceArb, ({ ruleset, request }, seed, sequence) => {
    const rules = getRuleset(ruleset)
    const [slow, fast] = pair(seed, sequence)
    const detailed = attempt(() => resolveSaves(rules, request, slow))
    const quick = attempt(() => resolveSaves(rules, request, fast, false))
    assertSameOutcome(detailed, quick, (r) => ({ ...r, effectDamage: r.effectDamage && { ...r.effectDamage, breakdown: [] } }))
    if (detailed.ok) assertSameDice(slow, fast)
  }), { numRuns: RUNS })
})

const damageArb = rulesetArb.chain((ruleset) => fc.record({
  ruleset: fc.constant(ruleset),
  creature: fc.record({
    hitPoints: fc.integer({ min: 1, max: 120 }).chain((max) => fc.record({
      max: fc.constant(max),
      current: fc.integer({ min: -20, max }),
      temporary: fc.constantFrom(0, 0, 0, 5)
    })),
    abilities: fc.record({ con: fc.integer({ min: 3, max: 20 }) }),
    baseSaves: fc.record({ fortitude: fc.integer({ min: -2, max: 12 }), death: fc.integer({ min: -2, max: 12 }) })
  }) as fc.Arbitrary<CombatantInput>,
  blow: fc.record({
    amount: fc.option(fc.integer({ min: 0, max: 130 }), { nil: undefined }),
    dice: fc.option(fc.constantFrom('1d6', '10d10', '2d6+1d4-1', '1d3-5', '20d6'), { nil: undefined }),
    nonlethal: fc.boolean(),
    critical: fc.boolean(),
    massiveDamageRule: fc.option(fc.boolean(), { nil: undefined })
  }) as fc.Arbitrary<Blow>
}))

test('property: damage and hit points on the fast path give every number of the detailed path, from the same dice', () => {
  fc.assert(fc.property(damageArb, seedArb, sequenceArb, ({ ruleset, creature, blow }, seed, sequence) => {
    const rules = getRuleset(ruleset)
    const [slow, fast] = pair(seed, sequence)
    const detailed = attempt(() => takeDamage(rules, creature, blow, slow))
    const quick = attempt(() => takeDamage(rules, creature, blow, fast, false))
    assertSameOutcome(detailed, quick, (r) => r)
    if (detailed.ok) assertSameDice(slow, fast)
  }), { numRuns: RUNS })
})

/** Dice that count the work asked of them: notations expanded into terms, totals drawn without them. */
class CountingDice extends Dice {
  notations = 0
  totals = 0
  override rollNotation (notation: Parameters<Dice['rollNotation']>[0], purpose: string) {
    this.notations++
    return super.rollNotation(notation, purpose)
  }

  override rollTotal (notation: Parameters<Dice['rollTotal']>[0], purpose: string) {
    this.totals++
    return super.rollTotal(notation, purpose)
  }
}

test('counted work (SRD 3.5 › Critical Hits): a confirmed critical full attack draws the same dice and builds no breakdown on the fast path', () => {
  // BAB +6: two attacks; a flaming longsword ×2: each critical rolls 1d8 twice, then 1d6 fire once.
  const request: AttackRequest = {
    attacker: { baseAttackBonus: 6, abilities: { str: 14, dex: 12 } },
    target: { armorClass: { total: 10 } },
    weapon: { name: 'longsword', damage: '1d8', critRange: 19, critMultiplier: 2, extraDamage: [{ dice: '1d6', type: 'fire' }] },
    mode: 'full'
  }
  // Per attack: d20 20, confirmation 20, 1d8 ×2, 1d6: five dice; ten in all.
  const sequence = [20, 20, 8, 8, 6, 20, 20, 1, 1, 1]
  const slow = new CountingDice({ seed: 'count', sequence })
  const fast = new CountingDice({ seed: 'count', sequence, record: false })
  const dnd35 = getRuleset('dnd35')
  const detailed = resolveAttackAction(dnd35, request, slow)
  const quick = resolveAttackAction(dnd35, request, fast, false)
  assert.equal(slow.drawn, 10)
  assert.equal(fast.drawn, 10)
  // The damage by hand: (8 + 2) + (8 + 2) + 6 = 26, then (1 + 2) + (1 + 2) + 1 = 7.
  assert.deepEqual(quick.attacks.map((a) => a.damage?.total), [26, 7])
  assert.deepEqual(detailed.attacks.map((a) => a.damage?.total), [26, 7])
  // Detailed: three notations expanded per attack, 2 + 1 + 1 breakdown lines per damage (two rolls, Strength ×2, fire).
  assert.equal(slow.notations, 6)
  assert.equal(slow.totals, 0)
  assert.equal(detailed.attacks.reduce((n, a) => n + (a.damage?.breakdown.length ?? 0), 0), 8)
  assert.equal(slow.rolls.length, 10)
  // Fast: no notation expanded into terms, no breakdown line, no roll recorded.
  assert.equal(fast.notations, 0)
  assert.equal(fast.totals, 6)
  assert.equal(quick.attacks.reduce((n, a) => n + (a.damage?.breakdown.length ?? 0), 0), 0)
  assert.equal(fast.rolls.length, 0)
})

test('counted work: rollTotal draws the dice rollNotation draws, in the same order, for every notation form', () => {
  for (const text of ['1d4', '2d6+1d4-1', '3', '1d2-5', '-1d6+4', '10d10']) {
    const notation = parseNotation(text)
    const slow = new Dice({ seed: text })
    const fast = new Dice({ seed: text, record: false })
    const rolled = slow.rollNotation(notation, 'damage')
    assert.equal(fast.rollTotal(notation, 'damage'), rolled.total, text)
    assert.equal(fast.drawn, rolled.terms.reduce((n, t) => n + t.dice.length, 0), text)
    assertSameDice(slow, fast)
  }
})
