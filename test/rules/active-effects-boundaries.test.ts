// The mechanism of src/rules/effects.ts at its boundaries (issue 25, mutation testing): which
// conditions are in force and why, what a row's flags do in each situation, what forbids an action,
// and that the per-creature memo never hands back the numbers of another situation or creature.
// Most tests use small tables of their own on top of dnd35, so that each flag is seen alone; the
// expected values are worked out by hand from the rule each test names.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { CombatantInput } from '../../src/rules/combatant.js'
import {
  type ActionNeeds, type ActiveEffect, type ConditionEffect, type EffectsTable, activeEffects, appliedConditions, conditionHasTag,
  conditionTags, effectiveStats, forbids, on, restrictsActivity
} from '../../src/rules/effects.js'
import { DomainError } from '../../src/rules/errors.js'
import { getRuleset, type Ruleset } from '../../src/rules/rulesets/index.js'

const dnd35 = getRuleset('dnd35')
const pf1e = getRuleset('pf1e')
const variant = getRuleset('variant')

/** dnd35 with a table of its own (never registered). */
function withTable (effects: EffectsTable, base: Ruleset = dnd35): Ruleset {
  return { ...base, effects }
}

const names = (effects: readonly ActiveEffect[]): string[] => effects.map((e) => e.name)
const total = (mods: ReadonlyArray<{ value: number }>): number => mods.reduce((n, m) => n + m.value, 0)

// --- What forbids an action (docs/rules.md §73, §87) ----------------------------------------------

test('docs/rules.md §73, §87: each activity forbids exactly the actions it names', () => {
  const attack: ActionNeeds = { attack: true, slot: 'primary' }
  const turning: ActionNeeds = { attack: false, slot: 'primary' }
  const move: ActionNeeds = { attack: false, slot: 'secondary' }
  const full: ActionNeeds = { attack: true, slot: 'fullRound' }
  const reaction: ActionNeeds = { attack: true, slot: null, reaction: true }
  const charge: ActionNeeds = { attack: true, slot: 'fullRound', charge: true }
  const none: ActionNeeds = { attack: false, slot: null }
  const ownTurn: ActionNeeds = { attack: false, slot: null, reaction: false }
  // Worked by hand from §73: all (every action), turn (all but reactions; variant › Conditions › Dazed),
  // attack (attack rolls only: panicked, nauseated), primary and fullRound (that slot only), charge.
  const cases: Array<[ConditionEffect['forbids'], ActionNeeds, boolean]> = [
    [undefined, attack, false],
    [[], attack, false],
    [['all'], reaction, true],
    [['all'], none, true],
    [['turn'], reaction, false],
    [['turn'], none, true],
    [['turn'], ownTurn, true],
    [['attack'], attack, true],
    [['attack'], turning, false],
    [['attack'], { attack: false, slot: 'fullRound', charge: true }, false],
    [['charge'], charge, true],
    [['charge'], full, false],
    [['charge'], { ...full, charge: false }, false],
    [['primary'], turning, true],
    [['primary'], full, false],
    [['primary'], move, false],
    [['primary'], none, false],
    [['fullRound'], full, true],
    [['fullRound'], attack, false],
    [['fullRound'], move, false],
    // A list is read to its end: the second activity forbids.
    [['charge', 'fullRound'], full, true],
    [['charge', 'attack'], attack, true]
  ]
  cases.forEach(([list, needs, want], i) => {
    const effect: ConditionEffect = list === undefined ? {} : { forbids: list }
    assert.equal(forbids(effect, needs), want, `case ${i}: ${JSON.stringify(list)} ${JSON.stringify(needs)}`)
  })
})

test('docs/rules.md §68, §73: the hit points\' own conditions are passed over only when the action says so; a listed one never is', () => {
  // variant: D = 12 ≥ HP 12 with no record: dying, so unconscious and helpless (variant › Death and Dying).
  const dying: CombatantInput = { hitPoints: { max: 12, current: 0 } }
  const stats = effectiveStats(variant, dying)
  const needs: ActionNeeds = { attack: true, slot: 'primary' }
  assert.equal(stats.forbidding(needs)?.name, 'helpless')
  assert.equal(stats.forbidding(needs)?.impliedBy, 'hitPoints')
  assert.equal(stats.forbidding({ ...needs, ignoreHitPoints: true }), null)
  assert.equal(stats.forbidding({ ...needs, ignoreHitPoints: false })?.name, 'helpless')
  // Listed, unconscious forbids even so (its helpless is brought by the listed name).
  const listed = effectiveStats(variant, { conditions: ['unconscious'] })
  assert.equal(listed.forbidding({ ...needs, ignoreHitPoints: true })?.name, 'helpless')
  assert.equal(listed.forbidding({ ...needs, ignoreHitPoints: true })?.impliedBy, 'unconscious')
  // Nothing in force forbids nothing; the first row that forbids is the one named (SRD 3.5 › Conditions › Dazed).
  assert.equal(effectiveStats(dnd35, {}).forbidding(needs), null)
  assert.equal(effectiveStats(dnd35, { conditions: ['shaken', 'dazed', 'stunned'] }).forbidding(needs)?.name, 'dazed')
})

// --- Which conditions are in force (docs/rules.md §71, §86, §88) -------------------------------------

test('docs/rules.md §88, §165: a listed condition stays listed when another listed one also brings it; the first name to bring one is its origin', () => {
  assert.deepEqual(appliedConditions(dnd35, { conditions: ['helpless', 'paralyzed'] }), [{ name: 'helpless' }, { name: 'paralyzed' }])
  assert.deepEqual(appliedConditions(dnd35, { conditions: ['paralyzed', 'helpless'] }), [{ name: 'paralyzed' }, { name: 'helpless', impliedBy: 'paralyzed' }])
  // pf1e: paralyzed → helpless → flat-footed (PRD › Helpless Defenders): two steps, still named after the listed one.
  assert.deepEqual(appliedConditions(pf1e, { conditions: ['paralyzed'] }), [
    { name: 'paralyzed' }, { name: 'helpless', impliedBy: 'paralyzed' }, { name: 'flat-footed', impliedBy: 'paralyzed' }
  ])
  // A breakdown line names the condition, and the listed one that brought it (SRD 3.5 › Helpless Defenders: −4 melee).
  assert.deepEqual(effectiveStats(pf1e, { conditions: ['paralyzed'] }).changes('ac.melee').map((m) => m.source), ['helpless (paralyzed)'])
  assert.deepEqual(effectiveStats(dnd35, { conditions: ['shaken'] }).changes('attack.melee'), [{ source: 'shaken', type: 'untyped', value: -2 }])
})

test('activeEffects: a chain of implications keeps the listed origin; unknown names are in force nowhere', () => {
  const table: EffectsTable = {
    a: { implies: ['b'] },
    b: { implies: ['c'] },
    c: { changes: on(-1, 'check') }
  }
  const found = activeEffects(table, ['a', 'nonesuch'], ['x-unknown'])
  assert.deepEqual(found, [
    { name: 'a', origin: 'a', effect: table.a },
    { name: 'b', origin: 'a', effect: table.b, impliedBy: 'a' },
    { name: 'c', origin: 'a', effect: table.c, impliedBy: 'a' }
  ])
  // Brought by the numbers (§71): every row of the chain is the hit points'.
  assert.deepEqual(activeEffects(table, [], ['b']), [
    { name: 'b', origin: 'b', effect: table.b, impliedBy: 'hitPoints' },
    { name: 'c', origin: 'b', effect: table.c, impliedBy: 'hitPoints' }
  ])
  assert.deepEqual(activeEffects(table, ['c']), [{ name: 'c', origin: 'c', effect: table.c }])
})

test('docs/rules.md §88, §86: a row is replaced when any one of the worse rows it names is in force (exhausted replaces fatigued)', () => {
  const table: EffectsTable = {
    tired: { replacedBy: ['spent', 'broken'], changes: on(-1, 'check') },
    spent: { changes: on(-3, 'check') },
    broken: {}
  }
  const ruleset = withTable(table)
  assert.deepEqual(names(activeEffects(table, ['tired', 'broken'])), ['broken'])
  assert.deepEqual(names(activeEffects(table, ['spent', 'tired'])), ['spent'])
  assert.deepEqual(names(activeEffects(table, ['tired'])), ['tired'])
  assert.equal(total(effectiveStats(ruleset, { conditions: ['tired', 'spent'] }).changes('check')), -3)
  // dnd35: fatigued beside exhausted is not applied (SRD 3.5 › Conditions › Exhausted).
  assert.deepEqual(appliedConditions(dnd35, { conditions: ['fatigued', 'exhausted'] }), [{ name: 'exhausted' }])
})

test('docs/rules.md §71: each hit-point status brings its conditions (SRD 3.5 › Injury and Death; Nonlethal Damage)', () => {
  const applied = (hitPoints: CombatantInput['hitPoints'], ruleset: Ruleset = dnd35, abilities?: CombatantInput['abilities']) =>
    appliedConditions(ruleset, abilities === undefined ? { hitPoints } : { hitPoints, abilities })
  const hp = (name: string) => ({ name, impliedBy: 'hitPoints' })
  assert.deepEqual(applied(undefined), [])
  assert.deepEqual(applied({ max: 10, current: 10 }), [])
  assert.deepEqual(applied({ max: 10, current: 4, nonlethal: 4 }), [hp('staggered')])
  assert.deepEqual(applied({ max: 10, current: 4, nonlethal: 5 }), [hp('unconscious'), hp('helpless')])
  assert.deepEqual(applied({ max: 10, current: 0 }), [hp('disabled')])
  assert.deepEqual(applied({ max: 10, current: -1 }), [hp('dying'), hp('unconscious'), hp('helpless')])
  assert.deepEqual(applied({ max: 10, current: -1, status: 'stable' }), [hp('stable'), hp('unconscious'), hp('helpless')])
  assert.deepEqual(applied({ max: 10, current: -10 }), [hp('dead')])
  // The helpless row's −4 melee is named after the status that brought it.
  assert.deepEqual(effectiveStats(dnd35, { hitPoints: { max: 10, current: -1 } }).changes('ac.melee').map((m) => m.source), ['helpless (dying)'])
})

test('docs/rules.md §71: a missing Con counts as 10 for the pf1e death threshold (−Con), a given one as itself (PRD › Injury and Death)', () => {
  const applied = (current: number, abilities?: CombatantInput['abilities']) =>
    appliedConditions(pf1e, abilities === undefined ? { hitPoints: { max: 10, current } } : { hitPoints: { max: 10, current }, abilities }).map((c) => c.name)
  assert.deepEqual(applied(-9), ['dying', 'unconscious', 'helpless', 'flat-footed'])
  assert.deepEqual(applied(-10), ['dead'])
  assert.deepEqual(applied(-10, { str: 12 }), ['dead'])
  // Con 14: dead at −14, still dying at −12.
  assert.deepEqual(applied(-12, { con: 14 }), ['dying', 'unconscious', 'helpless', 'flat-footed'])
  assert.deepEqual(applied(-14, { con: 14 }), ['dead'])
})

test('docs/rules.md §P6.3, §49: the variant\'s bloodied and wounded come from the damage taken; the countdown rulesets have neither', () => {
  const applied = (ruleset: Ruleset, current: number, woundPoints?: number) =>
    appliedConditions(ruleset, { hitPoints: woundPoints === undefined ? { max: 20, current } : { max: 20, current, woundPoints } })
  const hp = (name: string) => ({ name, impliedBy: 'hitPoints' })
  // HP 20: bloodied at D ≥ 10, wounded at D ≥ ⌈3·20/4⌉ = 15.
  assert.deepEqual(applied(variant, 11), [])
  assert.deepEqual(applied(variant, 10), [hp('bloodied')])
  assert.deepEqual(applied(variant, 5), [hp('bloodied'), hp('wounded')])
  // Wound points make it wounded (and so bloodied) at any damage.
  assert.deepEqual(applied(variant, 20, 1), [hp('bloodied'), hp('wounded')])
  // Wounded's own −1 and bloodied's −1 on attacks, each once.
  assert.equal(total(effectiveStats(variant, { hitPoints: { max: 20, current: 5 } }).changes('attack.melee')), -2)
  assert.deepEqual(applied(dnd35, 1), [])
  assert.deepEqual(applied(pf1e, 5), [])
})

test('docs/rules.md §85: a condition the ruleset does not define is a 422 rule-not-defined at its index, whatever the situation asked first', () => {
  const check = (run: () => unknown, path: string) => assert.throws(run, (e: unknown) =>
    e instanceof DomainError && e.kind === 'rule-not-defined' && e.errors[0]?.path === path)
  check(() => effectiveStats(dnd35, { conditions: ['shaken', 'held'] }), '/conditions/1')
  check(() => effectiveStats(dnd35, { conditions: ['held'] }, { against: { invisible: true } }), '/conditions/0')
  check(() => effectiveStats(pf1e, { conditions: ['prone', 'shaken', 'disoriented'] }, { against: { pinner: true } }), '/conditions/2')
  // After a situation was worked out, another one still refuses it.
  const creature: CombatantInput = { conditions: ['debilitated'] }
  check(() => effectiveStats(dnd35, creature, { against: { inGrapple: true } }), '/conditions/0')
  check(() => effectiveStats(dnd35, creature, { against: { invisible: true } }), '/conditions/0')
  assert.equal(effectiveStats(variant, creature).effects.length, 1)
})

// --- Tags and restricted activity ------------------------------------------------------------------

test('conditionHasTag, restrictsActivity: a row\'s own, or through what it implies; unknown names have none', () => {
  const table: EffectsTable = {
    hidden: { tags: ['unseen'] },
    cloaked: { implies: ['nothing', 'hidden'] },
    nothing: {},
    slowed: { changes: [...on(-1, 'speed'), ...on(-1, 'actions')] },
    hasted: { changes: on(1, 'actions') },
    still: { changes: on(0, 'actions') },
    lame: { changes: on(-1, 'speed') },
    tangled: { implies: ['nothing', 'slowed'] }
  }
  const ruleset = withTable(table)
  assert.equal(conditionHasTag(ruleset, 'hidden', 'unseen'), true)
  assert.equal(conditionHasTag(ruleset, 'cloaked', 'unseen'), true)
  assert.equal(conditionHasTag(ruleset, 'cloaked', 'blind'), false)
  assert.equal(conditionHasTag(ruleset, 'nothing', 'unseen'), false)
  assert.equal(conditionHasTag(ruleset, 'nonesuch', 'unseen'), false)
  // SRD 3.5 › Conditions › Staggered: fewer actions (a negative `actions` change) is restricted activity.
  assert.equal(restrictsActivity(ruleset, 'slowed'), true)
  assert.equal(restrictsActivity(ruleset, 'tangled'), true)
  assert.equal(restrictsActivity(ruleset, 'hasted'), false)
  assert.equal(restrictsActivity(ruleset, 'still'), false)
  assert.equal(restrictsActivity(ruleset, 'lame'), false)
  assert.equal(restrictsActivity(ruleset, 'nothing'), false)
  assert.equal(restrictsActivity(ruleset, 'nonesuch'), false)
  assert.equal(restrictsActivity(dnd35, 'staggered'), true)
  assert.equal(restrictsActivity(dnd35, 'shaken'), false)
})

test('docs/rules.md §165: implications are followed nine links deep, a cycle ends, and no shipped table comes near that depth', () => {
  // c0 → c1 → … → c11; the tag (and the action cost) at one link only.
  const chain = (at: number): EffectsTable => Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`c${i}`,
    i === at ? { tags: ['blind'], changes: on(-1, 'actions') } : { implies: [`c${i + 1}`] }]))
  // c0 is read at depth 0; c9 at depth 9 is still read, c10 is not (the bound stops at depth 9's implications).
  assert.equal(conditionHasTag(withTable(chain(9)), 'c0', 'blind'), true)
  assert.equal(conditionHasTag(withTable(chain(10)), 'c0', 'blind'), false)
  assert.equal(restrictsActivity(withTable(chain(9)), 'c0'), true)
  assert.equal(restrictsActivity(withTable(chain(10)), 'c0'), false)
  const cycle = withTable({ a: { implies: ['b'] }, b: { implies: ['a'] } })
  assert.equal(conditionHasTag(cycle, 'a', 'blind'), false)
  assert.equal(restrictsActivity(cycle, 'a'), false)
  // The deepest chain of a shipped table, counted here.
  for (const ruleset of [dnd35, pf1e, variant]) {
    const depth = (name: string, seen: string[]): number =>
      Math.max(0, ...(ruleset.effects[name]?.implies ?? []).filter((n) => !seen.includes(n)).map((n) => 1 + depth(n, [...seen, n])))
    for (const name of Object.keys(ruleset.effects)) assert.ok(depth(name, [name]) <= 3, `${ruleset.id} ${name}`)
  }
})

test('conditionTags: worked out once per list and ruleset, never carried over to another ruleset\'s table (PRD › Incorporeal)', () => {
  const list = ['incorporeal', 'prone']
  const first = conditionTags(pf1e, list)
  assert.deepEqual([...first].sort(), ['ranged-weapons-limited', 'touch-ignores-cover'])
  assert.equal(conditionTags(pf1e, list), first)
  // dnd35's incorporeal has no tag: the same list object, another table.
  assert.deepEqual([...conditionTags(dnd35, list)], ['ranged-weapons-limited'])
  assert.deepEqual([...conditionTags(pf1e, list)].sort(), ['ranged-weapons-limited', 'touch-ignores-cover'])
  assert.equal(conditionTags(dnd35, ['shaken']).size, 0)
  assert.equal(conditionTags(dnd35, []).size, 0)
  assert.equal(conditionTags(dnd35, undefined).size, 0)
  // Tags of several names: each tag once, from any of them.
  assert.deepEqual([...conditionTags(dnd35, ['grappled', 'blinded', 'grappling'])].sort(), ['blind', 'in-grapple'])
})

// --- What a row's flags do (docs/rules.md §P1.4, §10, §86) -----------------------------------------

test('docs/rules.md §10 and SRD 3.5 › Grappling Consequences: a row\'s defensive part is dropped against the pinner or a fellow grappler, each situation its own', () => {
  // x: pinned-like (not against the pinner); y: grappling-like (only against those outside the grapple); z: neither.
  const table: EffectsTable = {
    x: { deniesDex: true, notAgainstPinner: true, changes: [...on(-4, 'ac.melee', 'cmd', 'attack.melee')] },
    y: { deniesDex: true, onlyAgainstNonGrapplers: true, changes: on(-2, 'ac.melee', 'cmd') },
    z: { changes: on(-1, 'ac.melee', 'cmd') }
  }
  const ruleset = withTable(table)
  const creature: CombatantInput = { abilities: { dex: 14 }, conditions: ['x', 'y', 'z'] }
  const situations: Array<{ invisible: boolean, pinner: boolean, inGrapple: boolean }> = []
  for (const invisible of [false, true]) for (const pinner of [false, true]) for (const inGrapple of [false, true]) situations.push({ invisible, pinner, inGrapple })
  // Twice, forwards then backwards, on one creature object, after and before the situation-free
  // stats (as against anyone): a shared memo entry would show.
  for (const order of [situations, [...situations].reverse()]) {
    assert.equal(total(effectiveStats(ruleset, creature).changes('ac.melee')), -7)
    for (const against of order) {
      const stats = effectiveStats(ruleset, creature, { against })
      const label = JSON.stringify(against)
      const want = (against.pinner ? 0 : -4) + (against.inGrapple ? 0 : -2) - 1
      assert.equal(total(stats.changes('ac.melee')), want, label)
      assert.equal(total(stats.changes('cmd')), want, label)
      // The creature's own attack rolls are no defence: x's −4 applies in every situation.
      assert.equal(total(stats.changes('attack.melee')), -4, label)
      const denied = !against.pinner ? 'x' : !against.inGrapple ? 'y' : against.invisible ? 'invisible attacker' : null
      assert.equal(stats.dexterity.deniedToAc, denied, label)
    }
  }
  // No situation given: as against anyone.
  assert.equal(total(effectiveStats(ruleset, creature).changes('ac.melee')), -7)
  assert.equal(total(effectiveStats(ruleset, { ...creature }).changes('ac.melee')), -7)
  assert.equal(effectiveStats(ruleset, { ...creature }, {}).dexterity.deniedToAc, 'x')
})

test('SRD 3.5 › Conditions › Flat-Footed; Uncanny Dodge: who loses Dex to AC, and which condition is named', () => {
  const stats = (conditions: string[], feats: string[] = [], ruleset: Ruleset = dnd35, invisible = false) =>
    effectiveStats(ruleset, { abilities: { dex: 14 }, conditions, feats }, invisible ? { against: { invisible } } : {}).dexterity
  assert.deepEqual(stats(['flat-footed']), { modifier: 2, helpless: null, deniedToAc: 'flat-footed', deniedToReflex: null })
  assert.equal(stats(['flat-footed'], ['uncanny-dodge']).deniedToAc, null)
  assert.equal(stats(['stunned'], ['uncanny-dodge']).deniedToAc, 'stunned')
  assert.equal(stats(['flat-footed', 'stunned'], ['uncanny-dodge']).deniedToAc, 'stunned')
  assert.equal(stats(['stunned', 'flat-footed']).deniedToAc, 'stunned')
  assert.equal(stats(['shaken']).deniedToAc, null)
  // SRD 3.5 › Helpless Defenders: helpless has no deniesDex flag of its own; it is named all the same.
  assert.deepEqual(stats(['helpless']), { modifier: 2, helpless: 'helpless', deniedToAc: 'helpless', deniedToReflex: null })
  assert.deepEqual(stats(['shaken', 'paralyzed']), { modifier: -5, helpless: 'paralyzed', deniedToAc: 'paralyzed', deniedToReflex: null })
  // An invisible attacker (SRD 3.5 › Special Abilities › Invisibility): named only when no condition is, and not past uncanny dodge.
  assert.equal(stats([], [], dnd35, true).deniedToAc, 'invisible attacker')
  assert.equal(stats(['flat-footed'], [], dnd35, true).deniedToAc, 'flat-footed')
  assert.equal(stats([], ['uncanny-dodge'], dnd35, true).deniedToAc, null)
  const noInvisibleRule = { ...dnd35, armorClass: { ...dnd35.armorClass, invisibleAttackerDeniesDex: false } }
  assert.equal(stats([], [], noInvisibleRule, true).deniedToAc, null)
  // variant › Conditions: off-guard also loses Dex on Reflex saves; uncanny dodge keeps it on AC only.
  assert.deepEqual(stats(['off-guard'], [], variant), { modifier: 2, helpless: null, deniedToAc: 'off-guard', deniedToReflex: 'off-guard' })
  // variant flat-footed is off-guard, named after the listed name that brought it.
  assert.deepEqual(stats(['flat-footed'], ['uncanny-dodge'], variant), { modifier: 2, helpless: null, deniedToAc: null, deniedToReflex: 'flat-footed' })
  assert.equal(stats(['shaken'], [], variant).deniedToReflex, null)
})

test('PRD › Combat Maneuvers: helpless and dead are incapacitated, only the helpless family is helpless', () => {
  const dead = effectiveStats(pf1e, { conditions: ['dead'] })
  assert.equal(dead.incapacitated, true)
  assert.equal(dead.helpless, false)
  assert.equal(dead.dexterity.helpless, null)
  const shaken = effectiveStats(pf1e, { conditions: ['shaken'] })
  assert.equal(shaken.incapacitated, false)
  assert.equal(shaken.helpless, false)
  const asleep = effectiveStats(pf1e, { conditions: ['shaken', 'asleep'] })
  assert.equal(asleep.incapacitated, true)
  assert.equal(asleep.helpless, true)
  assert.equal(asleep.dexterity.helpless, 'asleep')
})

test('docs/rules.md §86, §165, §P0.2: ability scores under conditions, fixed scores, a missing score and no score', () => {
  const table: EffectsTable = {
    weak: { changes: on(-4, 'ability.str') },
    frail: { changes: on(-2, 'ability.str') },
    held: { abilityScores: { str: 4 } },
    frozen: { abilityScores: { str: 0, dex: 0 } }
  }
  const ruleset = withTable(table)
  const ability = (conditions: string[], abilities: CombatantInput['abilities'], name: 'str' | 'dex' | 'con' = 'str') =>
    effectiveStats(ruleset, { abilities, conditions }).ability(name)
  // 16 − 4 − 2 = 10: +0.
  assert.equal(ability(['weak', 'frail'], { str: 16 }), 0)
  assert.equal(ability(['weak'], { str: 16 }), 1)
  // No Str given: it counts as 10, and the change applies to it: 10 − 4 = 6, −2.
  assert.equal(ability(['weak'], {}), -2)
  assert.equal(ability(['weak'], undefined), -2)
  // A fixed score wins over the changes (paralyzed: Str 0, −5); of two, the lower (docs/rules.md §165).
  assert.equal(ability(['held', 'weak'], { str: 16 }), -3)
  assert.equal(ability(['held', 'frozen'], { str: 16 }), -5)
  assert.equal(ability(['frozen', 'held'], { str: 16 }), -5)
  assert.equal(ability(['held'], { str: 16 }, 'dex'), 0)
  // No score at all (a construct's Con): none, whatever the conditions.
  assert.equal(ability(['frozen'], { str: null }), null)
  assert.equal(ability([], { con: null }, 'con'), null)
  // Read twice: the same.
  const stats = effectiveStats(ruleset, { abilities: { str: 16 }, conditions: ['weak'] })
  assert.deepEqual([stats.ability('str'), stats.ability('str'), stats.ability('dex')], [1, 1, 0])
})

test('changes: a zero change adds no line (docs/rules.md §165), an untyped one is untyped, a typed one keeps its type (docs/rules.md §P1.2)', () => {
  const table: EffectsTable = {
    nil: { changes: [{ target: 'check', value: 0 }, { target: 'check', value: -1 }] },
    guarded: { changes: [{ target: 'ac.dodge', value: 2, type: 'dodge' }] },
    marked: { withAlso: { nil: [{ target: 'attack.against', value: 0 }, { target: 'attack.against', value: 2, type: 'circumstance' }], other: on(5, 'attack.against') } }
  }
  const stats = effectiveStats(withTable(table), { conditions: ['nil', 'guarded', 'marked'] })
  assert.deepEqual(stats.changes('check'), [{ source: 'nil', type: 'untyped', value: -1 }])
  assert.deepEqual(stats.changes('ac.dodge'), [{ source: 'guarded', type: 'dodge', value: 2 }])
  // withAlso: only with the other condition in force (SRD 3.5 › Turn Undead: turned and cowering, +2).
  assert.deepEqual(stats.changes('attack.against'), [{ source: 'marked and nil', type: 'circumstance', value: 2 }])
  assert.deepEqual(effectiveStats(withTable(table), { conditions: ['marked'] }).changes('attack.against'), [])
  assert.deepEqual(effectiveStats(dnd35, { conditions: ['turned', 'cowering'] }).changes('attack.against'), [{ source: 'turned and cowering', type: 'untyped', value: 2 }])
  assert.deepEqual(effectiveStats(dnd35, { conditions: ['turned'] }).changes('attack.against'), [])
})

test('PRD › Conditions › Grappled; variant › Conditions › Sickened (docs/rules.md §63): the rolls a row spares', () => {
  // pf1e grappled: −2 on attacks, not on the grapple's own checks; a save is never one of them.
  const table: EffectsTable = {
    caught: { notToGrapple: true, changes: on(-2, 'attack.melee', 'check', 'save') },
    queasy: { savesExcept: ['death'], changes: on(-1, 'save', 'attack.ranged') }
  }
  const caught = effectiveStats(withTable(table), { conditions: ['caught'] })
  assert.equal(total(caught.changes('attack.melee')), -2)
  assert.equal(total(caught.changes('attack.melee', { toGrapple: true })), 0)
  assert.equal(total(caught.changes('check', { toGrapple: true })), 0)
  assert.equal(total(caught.changes('save', { toGrapple: true })), -2)
  // A row's spared saves spare only saves.
  const queasy = effectiveStats(withTable(table), { conditions: ['queasy'] })
  assert.equal(total(queasy.changes('attack.ranged', { save: 'death' })), -1)
  assert.equal(total(queasy.changes('save', { save: 'death' })), 0)
  assert.equal(total(effectiveStats(pf1e, { conditions: ['grappled'] }).changes('attack.melee', { toGrapple: true })), 0)
  assert.equal(total(effectiveStats(pf1e, { conditions: ['shaken'] }).changes('attack.melee', { toGrapple: true })), -2)
  // variant sickened: −2 on every save but the Death save; its bloodied −1 is on attacks, not saves.
  const sick = effectiveStats(variant, { conditions: ['sickened'] })
  assert.equal(total(sick.changes('save', { save: 'death' })), 0)
  assert.equal(total(sick.changes('save', { save: 'fortitude' })), -2)
  assert.equal(total(sick.changes('save')), -2)
  assert.equal(total(sick.changes('attack.melee', { save: 'death' })), -1)
})

test('docs/rules.md §96: a stat block\'s own effects, on a score, on saves and on one save, beside the conditions', () => {
  const creature: CombatantInput = {
    abilities: { dex: 10 },
    conditions: ['shaken'],
    effects: [
      { target: 'dex', value: 4, type: 'enhancement', source: 'cat\'s grace' },
      { target: 'dex', value: 2, type: 'enhancement', source: 'lesser grace' },
      { target: 'saves', value: 1, type: 'morale', source: 'bless' },
      { target: 'saves.will', value: 2, type: 'morale', source: 'heroism' },
      { target: 'initiative', value: 0, type: 'untyped', source: 'nothing' }
    ]
  }
  const stats = effectiveStats(dnd35, creature)
  // Two enhancement bonuses to Dex: only the higher (SRD 3.5 › Bonus Types): 10 + 4 = 14, +2.
  assert.equal(stats.dexterity.modifier, 2)
  assert.deepEqual(stats.changes('save', { save: 'will' }).map((m) => [m.source, m.value]), [['shaken', -2], ['bless', 1], ['heroism', 2]])
  assert.deepEqual(stats.changes('save', { save: 'reflex' }).map((m) => [m.source, m.value]), [['shaken', -2], ['bless', 1]])
  assert.deepEqual(stats.changes('save').map((m) => [m.source, m.value]), [['shaken', -2], ['bless', 1]])
  assert.deepEqual(stats.changes('initiative'), [])
  // An effect on one save is read only on that save.
  assert.deepEqual(stats.changes('initiative', { save: 'will' }), [])
  assert.deepEqual(stats.changes('attack.melee', { save: 'will' }).map((m) => m.source), ['shaken'])
  assert.deepEqual(stats.changes('attack.melee').map((m) => m.type), ['untyped'])
  assert.equal(stats.own.length, 5)
  // No effects, or none listed: nothing of its own.
  assert.deepEqual(effectiveStats(dnd35, { abilities: { dex: 10 } }).own, [])
  assert.deepEqual(effectiveStats(dnd35, { abilities: { dex: 10 }, effects: [] }).own, [])
  assert.equal(effectiveStats(dnd35, { abilities: { dex: 10 }, effects: [] }).dexterity.modifier, 0)
})

// --- The per-creature memo -----------------------------------------------------------------------

test('the stats of one creature object follow each field they are built from, and one effects list is shared by its situations', () => {
  const creature: {
    abilities: { dex: number }, conditions: string[], feats?: string[], hitPoints?: { max: number, current: number },
    effects?: Array<{ target: 'ac', value: number, type: 'deflection', source: string }>
  } = { abilities: { dex: 14 }, conditions: ['flat-footed'] }
  const first = effectiveStats(dnd35, creature)
  assert.equal(effectiveStats(dnd35, creature), first)
  assert.equal(first.dexterity.deniedToAc, 'flat-footed')
  // The situations of one creature share its effects and own lists.
  const seen = effectiveStats(dnd35, creature, { against: { invisible: true } })
  assert.equal(seen.effects, first.effects)
  assert.equal(seen.own, first.own)
  const blessed: CombatantInput = { effects: [{ target: 'saves', value: 1, type: 'morale', source: 'bless' }] }
  const plain = effectiveStats(dnd35, blessed)
  assert.equal(effectiveStats(dnd35, blessed, { against: { pinner: true } }).own, plain.own)
  assert.equal(effectiveStats(dnd35, blessed, { against: { inGrapple: true } }).effects, plain.effects)
  // Another ruleset: variant flat-footed is off-guard, which also takes Dex off Reflex.
  assert.equal(effectiveStats(variant, creature).dexterity.deniedToReflex, 'flat-footed')
  assert.equal(effectiveStats(dnd35, creature).dexterity.deniedToReflex, null)
  creature.feats = ['uncanny-dodge']
  assert.equal(effectiveStats(dnd35, creature).dexterity.deniedToAc, null)
  creature.abilities = { dex: 18 }
  assert.equal(effectiveStats(dnd35, creature).dexterity.modifier, 4)
  creature.hitPoints = { max: 10, current: 0 }
  assert.deepEqual(names(effectiveStats(dnd35, creature).effects), ['flat-footed', 'disabled'])
  creature.effects = [{ target: 'ac', value: 2, type: 'deflection', source: 'ring' }]
  assert.deepEqual(effectiveStats(dnd35, creature).changes('ac.melee').map((m) => m.source), ['ring'])
  creature.conditions = ['prone']
  assert.deepEqual(effectiveStats(dnd35, creature).changes('ac.melee').map((m) => m.source), ['prone', 'ring'])
})
