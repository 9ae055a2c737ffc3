// Conditions are data: what a condition does is its row in the ruleset's
// effects table (changes and tags), read by the shared mechanics through
// effectiveStats and conditionTags; no mechanic tests a condition's name, and
// the numbers the mechanics use come from the ruleset's policies.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import {
  CONDITION_TAGS, type ConditionTag, type EffectTarget, type EffectsTable, conditionHasTag, conditionTags, effectiveStats
} from '../../src/rules/effects.js'
import { HIT_POINT_STATUSES } from '../../src/rules/hit-points/types.js'
import { conditionNames, getRuleset, RULESET_IDS, type RulesetDefinition } from '../../src/rules/rulesets/index.js'
import { BASE_EFFECTS } from '../../src/rules/rulesets/srd-effects.js'
import { missChancePercent } from '../../src/rules/attacks/concealment.js'
import { planAction } from '../../src/rules/attacks/plan.js'
import { capabilitiesOf } from '../../src/rules/rulesets/capabilities.js'
import { ConditionSchema } from '../../src/schemas/common.js'

const TARGETS: EffectTarget[] = [
  'ability.str', 'ability.dex', 'ability.con', 'ability.int', 'ability.wis', 'ability.cha',
  'ac.melee', 'ac.ranged', 'ac.dodge', 'attack.melee', 'attack.ranged', 'check', 'save', 'initiative', 'cmd',
  'maneuver.against', 'speed', 'actions'
]

/** A name and every name it implies, each once. */
function closure (table: EffectsTable, names: readonly string[]): string[] {
  const found: string[] = []
  const visit = (name: string): void => {
    if (found.includes(name)) return
    found.push(name)
    for (const other of table[name]?.implies ?? []) visit(other)
  }
  names.forEach(visit)
  return found
}

/** The changes a set of conditions should bring, from the rows alone: each row of the closure once, less the replaced ones. */
function expectedSum (table: EffectsTable, names: readonly string[], target: EffectTarget): number {
  const all = closure(table, names)
  return all
    .filter((name) => !(table[name]?.replacedBy ?? []).some((worse) => all.includes(worse)))
    .flatMap((name) => table[name]?.changes ?? [])
    .filter((c) => c.target === target)
    .reduce((n, c) => n + c.value, 0)
}

const sum = (mods: ReadonlyArray<{ value: number }>): number => mods.reduce((n, m) => n + m.value, 0)

test('every condition of every shipped table: effectiveStats gives exactly its row\'s changes, and those of what it implies', () => {
  for (const id of RULESET_IDS) {
    const ruleset = getRuleset(id)
    for (const name of Object.keys(ruleset.effects)) {
      // No hit points: the numbers add no hit-point state (bloodied, wounded) of their own.
      const stats = effectiveStats(ruleset, { conditions: [name] })
      for (const target of TARGETS) {
        if (target.startsWith('ability.')) continue
        assert.equal(sum(stats.changes(target)), expectedSum(ruleset.effects, [name], target), `${id} ${name} ${target}`)
      }
    }
  }
})

test('property: any set of conditions brings the sum of its rows\' changes, each row once (SRD 3.5 › Conditions: the same condition does not stack with itself)', () => {
  fc.assert(fc.property(fc.constantFrom(...RULESET_IDS), fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(...TARGETS.filter((t) => !t.startsWith('ability.'))), (id, pick, target) => {
    const ruleset = getRuleset(id)
    const names = Object.keys(ruleset.effects).filter((_, i) => ((pick >>> (i % 31)) & 1) === 1).slice(0, 12)
    const stats = effectiveStats(ruleset, { conditions: names })
    assert.equal(sum(stats.changes(target)), expectedSum(ruleset.effects, names, target))
    // The ability scores move by the rows' ability changes, read through the modifier; a row that
    // makes the score count as a value (paralyzed: Dex 0, SRD 3.5 › Conditions) wins over the changes.
    const fixedDex = closure(ruleset.effects, names).flatMap((name) => ruleset.effects[name]?.abilityScores?.dex ?? [])
    const dex = fixedDex.length > 0 ? Math.min(...fixedDex) : 10 + expectedSum(ruleset.effects, names, 'ability.dex')
    assert.equal(effectiveStats(ruleset, { abilities: { dex: 10 }, conditions: names }).dexterity.modifier, Math.floor((dex - 10) / 2))
  }), { numRuns: 300 })
})

test('property: a condition\'s tags are its row\'s and those of what it implies, a replaced row included', () => {
  fc.assert(fc.property(fc.constantFrom(...RULESET_IDS), fc.integer({ min: 0, max: 2 ** 31 }), (id, pick) => {
    const ruleset = getRuleset(id)
    const names = Object.keys(ruleset.effects).filter((_, i) => ((pick >>> (i % 31)) & 1) === 1).slice(0, 12)
    const want = new Set<ConditionTag>(closure(ruleset.effects, names).flatMap((name) => ruleset.effects[name]?.tags ?? []))
    assert.deepEqual([...conditionTags(ruleset, names)].sort(), [...want].sort())
    assert.deepEqual(CONDITION_TAGS.filter((tag) => effectiveStats(ruleset, { conditions: names }).has(tag)).sort(), [...want].sort())
    for (const name of names) {
      for (const tag of CONDITION_TAGS) assert.equal(conditionHasTag(ruleset, name, tag), closure(ruleset.effects, [name]).some((n) => ruleset.effects[n]?.tags?.includes(tag) === true))
    }
  }), { numRuns: 200 })
})

test('every shipped table starts from the catalogue: its names in the same order, and a row it replaces keeps the catalogue row\'s tags', () => {
  const base = Object.keys(BASE_EFFECTS)
  for (const id of RULESET_IDS) {
    const table = getRuleset(id).effects
    assert.deepEqual(Object.keys(table).slice(0, base.length), base, id)
    for (const name of base) {
      for (const tag of BASE_EFFECTS[name]?.tags ?? []) assert.ok(conditionHasTag(getRuleset(id), name, tag), `${id} ${name} lost ${tag}`)
    }
  }
})

test('the schemas accept exactly the tables\' condition names, in the catalogue\'s order', () => {
  const schema = ConditionSchema as unknown as { enum: string[] }
  assert.deepEqual(schema.enum, conditionNames())
  assert.deepEqual(conditionNames().slice(0, Object.keys(BASE_EFFECTS).length), Object.keys(BASE_EFFECTS))
})

// A toy ruleset: dnd35 with other numbers in its policies and a condition of its own, never registered.
const dnd35 = getRuleset('dnd35')
const { capabilities: _c, ...dnd35Definition } = dnd35
function toy (changes: Partial<RulesetDefinition>): ReturnType<typeof getRuleset> {
  const definition: RulesetDefinition = { ...dnd35Definition, id: 'toy', ...changes }
  return { ...definition, capabilities: capabilitiesOf(definition) }
}

test('the miss chances come from the policy and the tags: a blinding condition of its own, other percents (SRD 3.5 › Concealment)', () => {
  const ruleset = toy({
    attacks: { ...dnd35.attacks, missChance: { concealment: 30, total: 60 } },
    effects: { ...dnd35.effects, 'smoke-eyes': { tags: ['blind'] } }
  })
  assert.equal(missChancePercent(ruleset, { conditions: ['smoke-eyes'] }, {}, {}), 60)
  assert.equal(missChancePercent(ruleset, {}, {}, { concealment: 'concealment' }), 30)
  assert.equal(missChancePercent(ruleset, { conditions: ['blinded'] }, {}, {}), 60)
  // dnd35's own numbers: 50% for a blinded attacker, 20% concealment.
  assert.equal(missChancePercent(dnd35, { conditions: ['blinded'] }, {}, { concealment: 'concealment' }), 50)
})

test('iterative and two-weapon numbers come from the policy (SRD 3.5 › Two-Weapon Fighting; Base Attack Bonus)', () => {
  const request = {
    attacker: { baseAttackBonus: 11, feats: ['two-weapon-fighting', 'improved-two-weapon-fighting'] },
    target: { armorClass: { total: 10 } },
    weapon: { name: 'longsword', damage: '1d8' },
    offHand: { name: 'short sword', damage: '1d6', category: 'light' as const },
    mode: 'full' as const
  }
  const bonuses = (ruleset: ReturnType<typeof getRuleset>) => planAction(ruleset, request).attacks.map((a) => [a.label, a.attackBonus])
  // dnd35: BAB 11 → +11/+6/+1, light off hand with the feat −2/−2; Improved TWF a second off-hand attack at −5.
  assert.deepEqual(bonuses(dnd35), [['primary 1', 9], ['primary 2', 4], ['primary 3', -1], ['off-hand 1', 9], ['off-hand 2', 4]])
  const other = toy({
    attacks: {
      ...dnd35.attacks,
      iterativeAttacks: { babPerAttack: 4, penaltyStep: 3, maxAttacks: 3 },
      twoWeapon: { ...dnd35.attacks.twoWeapon!, lightOffHand: { primary: -1, offHand: -3 }, feat: { name: 'two-weapon-fighting', primary: 0, offHand: 0 }, extraAttackStep: 4 }
    }
  })
  // BAB 11 → three attacks (1 + ⌊10 / 4⌋ = 3, at most 3), each 3 lower; −1/−3; the second off-hand attack 4 lower.
  assert.deepEqual(bonuses(other), [['primary 1', 10], ['primary 2', 7], ['primary 3', 4], ['off-hand 1', 8], ['off-hand 2', 4]])
})

test('a condition of its own with a tag changes a mechanic without code: unflankable, no two weapons while in a grapple', () => {
  const ruleset = toy({ effects: { ...dnd35.effects, 'shield-wall': { tags: ['unflankable'] }, entwined: { tags: ['in-grapple'] } } })
  const base = { attacker: { baseAttackBonus: 1 }, target: { armorClass: { total: 10 } }, weapon: { name: 'club', damage: '1d6' }, options: { flanking: true } }
  const flanking = (conditions: string[]) => planAction(ruleset, { ...base, target: { ...base.target, conditions } }).attacks[0]?.attackBreakdown.some((b) => b.source === 'flanking')
  assert.deepEqual([flanking([]), flanking(['shield-wall'])], [true, false])
  assert.throws(() => planAction(ruleset, {
    ...base, attacker: { baseAttackBonus: 1, conditions: ['entwined'] }, offHand: { name: 'dagger', damage: '1d4', category: 'light' }, mode: 'full', options: {}
  }), /no two-weapon attacks while grappling/)
})

test('property: effectiveStats worked out once per creature object still follows a changed creature', () => {
  const ruleset = getRuleset('pf1e')
  const names = Object.keys(ruleset.effects)
  fc.assert(fc.property(fc.subarray(names, { maxLength: 6 }), fc.subarray(names, { maxLength: 6 }), fc.integer({ min: 3, max: 30 }), (one, two, dex) => {
    const creature: { abilities: { dex: number }, conditions: string[] } = { abilities: { dex }, conditions: one }
    const first = effectiveStats(ruleset, creature)
    assert.equal(effectiveStats(ruleset, creature), first, 'the same creature: the same stats')
    creature.conditions = two
    const fresh = effectiveStats(ruleset, { abilities: { dex }, conditions: two })
    const again = effectiveStats(ruleset, creature)
    assert.deepEqual(again.dexterity, fresh.dexterity)
    assert.deepEqual(again.changes('ac.melee'), fresh.changes('ac.melee'))
    assert.deepEqual(again.effects.map((e) => e.name), fresh.effects.map((e) => e.name))
  }), { numRuns: 100 })
})

// --- No mechanic tests a condition's name -------------------------------------------------------

/** The mechanics: every module of src/rules but the ruleset modules and the policy modules, where names are data. */
function mechanicFiles (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'rulesets' ? [] : mechanicFiles(path)
    return entry.name.endsWith('.ts') && entry.name !== 'policy.ts' && entry.name !== 'turn-flow.ts' ? [path] : []
  })
}

/** The source without comments, so a comment citing a condition is no finding. */
function code (path: string): string {
  return readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
}

/**
 * String literals that are a condition's name but mean something else in
 * that file, each with why. Hit-point statuses (dead, dying, stable…) are the
 * hit-point model's own words and are never findings.
 */
const NOT_A_CONDITION: Record<string, { names: string[], why: string }> = {
  'src/rules/armor-class.ts': { names: ['flat-footed', 'off-guard'], why: 'the flat-footed AC type, and the breakdown label of the ruleset\'s denied-Dex penalty' },
  'src/rules/effects.ts': { names: ['bloodied', 'wounded'], why: 'the hit-point states the numbers imply, looked up in the table like a listed condition' },
  'src/rules/attacks/attack-bonus.ts': { names: ['charging'], why: 'the breakdown label of the charging option' },
  'src/rules/maneuvers/maneuvers-cmb.ts': { names: ['charging'], why: 'the breakdown label of the charging option' },
  'src/rules/maneuvers/maneuvers-opposed.ts': { names: ['charging'], why: 'the breakdown label of the charging option' },
  'src/rules/maneuvers/maneuvers-strength.ts': { names: ['charging'], why: 'the breakdown label of the charging option' },
  'src/rules/turning/types.ts': { names: ['turned', 'rebuked', 'commanded'], why: 'turning outcomes' },
  'src/rules/turning/turn-undead.ts': { names: ['turned', 'rebuked', 'commanded'], why: 'turning outcomes' },
  'src/rules/turning/channel-energy.ts': { names: ['turned'], why: 'a channel energy outcome' }
}

test('no mechanic in src/rules names a condition: behaviour is read from the tables, names from the policies', () => {
  const statuses = new Set<string>(HIT_POINT_STATUSES)
  const conditions = new Set(conditionNames().filter((n) => !statuses.has(n)))
  const findings: string[] = []
  const files = mechanicFiles('src/rules')
  // The mechanics the rule is about are among those scanned (a scan of nothing finds nothing).
  for (const mechanic of ['src/rules/attacks/plan.ts', 'src/rules/attacks/attack-bonus.ts', 'src/rules/attacks/concealment.ts', 'src/rules/maneuvers/combat-maneuver.ts', 'src/rules/saves/save-bonus.ts', 'src/rules/effects.ts']) {
    assert.ok(files.includes(mechanic), mechanic)
  }
  for (const path of files) {
    const src = code(path)
    const allowed = new Set(NOT_A_CONDITION[path]?.names ?? [])
    for (const m of src.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"/g)) {
      const value = m[1] ?? m[2] ?? ''
      if (conditions.has(value) && !allowed.has(value)) findings.push(`${path}: "${value}"`)
    }
    // Whatever the name, reading a creature's conditions by a literal name is the pattern this rules out.
    for (const m of src.matchAll(/hasCondition\([^)]*['"][^)]*\)|conditions\)?\??\.(?:includes|some|indexOf|find|filter)\(\s*['"][^)]*\)/g)) findings.push(`${path}: ${m[0]}`)
  }
  assert.deepEqual(findings, [])
})

test('the encounter\'s turn flow reads no condition name: out of the fight and restricted activity come from the tables', () => {
  const statuses = new Set<string>(HIT_POINT_STATUSES)
  const conditions = new Set(conditionNames().filter((n) => !statuses.has(n)))
  const findings: string[] = []
  for (const path of ['src/encounters/combatants.ts', 'src/encounters/flow.ts']) {
    const src = code(path)
    for (const m of src.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"/g)) {
      const value = m[1] ?? m[2] ?? ''
      if (conditions.has(value)) findings.push(`${path}: "${value}"`)
    }
    for (const m of src.matchAll(/\.name === ['"][^'"]*['"]|hasConditionRecord\(/g)) findings.push(`${path}: ${m[0]}`)
  }
  assert.deepEqual(findings, [])
})

test('the scan finds what it is meant to find (a mechanic naming a condition)', () => {
  // The same patterns on a made-up mechanic: a test that could not fail would prove nothing.
  const sample = "if (hasCondition(target, 'back-to-back')) return\nconst p = attacker.conditions?.includes('prone')"
  const names = [...sample.matchAll(/'([^'\\\n]*)'/g)].map((m) => m[1]).filter((v) => conditionNames().includes(v ?? ''))
  assert.deepEqual(names, ['back-to-back', 'prone'])
  assert.equal([...sample.matchAll(/hasCondition\([^)]*['"][^)]*\)|conditions\)?\??\.(?:includes|some|indexOf|find|filter)\(\s*['"][^)]*\)/g)].length, 2)
})
