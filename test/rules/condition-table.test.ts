// docs/rules.md §72, §73, §85: every condition of each ruleset's table does what its definition says
// that the API can express, and nothing else. The numbers are those of one creature (Str, Dex, Con,
// Wis and Cha 14, so +2 each; BAB 5; armor +4; every base save +2) read through the real mechanics:
// its melee and ranged attack bonus, the bonus of a plain attacker against it, its AC against melee and
// ranged attacks, its saves, its initiative and its weapon damage bonus. Expected changes are worked by
// hand from the published condition summaries.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { armorClass } from '../../src/rules/armor-class.js'
import { attackBonus } from '../../src/rules/attacks/attack-bonus.js'
import { planDamage } from '../../src/rules/attacks/damage.js'
import { resolveWeapon } from '../../src/rules/attacks/weapon.js'
import type { CombatantInput } from '../../src/rules/combatant.js'
import { type EffectTarget, type EffectsTable, effectiveStats } from '../../src/rules/effects.js'
import { actionRefusal } from '../../src/rules/can-act.js'
import { initiativeModifier } from '../../src/rules/initiative/initiative.js'
import { getRuleset, RULESET_IDS, type Ruleset } from '../../src/rules/rulesets/index.js'
import { saveBonus } from '../../src/rules/saves/save-bonus.js'
import { DomainError } from '../../src/rules/errors.js'

const longsword = resolveWeapon({ name: 'longsword', type: 'melee', damage: '1d8' }, 'medium', 'primary')
const sling = resolveWeapon({ name: 'sling', type: 'ranged', damage: '1d4', rangeIncrement: 50 }, 'medium', 'primary')
const plain: CombatantInput = { baseAttackBonus: 5, abilities: { str: 10, dex: 10 } }

function creature (conditions: string[]): CombatantInput {
  return {
    id: 'c',
    baseAttackBonus: 5,
    abilities: { str: 14, dex: 14, con: 14, int: 14, wis: 14, cha: 14 },
    armorClass: { armor: 4 },
    baseSaves: { fortitude: 2, reflex: 2, will: 2, charm: 2, death: 2, fear: 2, spell: 2 },
    conditions
  }
}

type Numbers = Record<string, number>

/** The creature's numbers under its conditions, through the mechanics every endpoint uses. */
function numbers (ruleset: Ruleset, conditions: string[]): Numbers {
  const c = creature(conditions)
  const bonus = (attacker: CombatantInput, target: CombatantInput, weapon: typeof longsword) =>
    attackBonus({ ruleset, attacker, target, weapon, weaponPath: '/weapon', options: {}, specific: [], switchPenalty: [] }).total
  const out: Numbers = {
    melee: bonus(c, plain, longsword),
    ranged: bonus(c, plain, sling),
    against: bonus(plain, c, longsword),
    acMelee: armorClass(ruleset, c, { kind: 'melee', touch: false }).value,
    acRanged: armorClass(ruleset, c, { kind: 'ranged', touch: false }).value,
    initiative: initiativeModifier(ruleset, { ...c, id: 'c' }).value,
    damage: planDamage({ ruleset, attacker: c, weapon: longsword, nonlethal: false, baseBonus: 5, damageModifiers: [], situationalMultiplier: 1 }).perRoll.total
  }
  for (const save of ruleset.saves) out[save] = saveBonus(ruleset, c, save).value
  return out
}

function delta (ruleset: Ruleset, conditions: string[]): Numbers {
  const base = numbers(ruleset, [])
  const now = numbers(ruleset, conditions)
  const out: Numbers = {}
  for (const key of Object.keys(base)) if (now[key] !== base[key]) out[key] = (now[key] as number) - (base[key] as number)
  return out
}

const SRD_SAVES = (v: number) => ({ fortitude: v, reflex: v, will: v })
const ALL_SAVES = (ruleset: Ruleset, v: number) => Object.fromEntries(ruleset.saves.map((s) => [s, v]))

interface Row { conditions: string[], source: string, changes: Numbers, forbids?: { attack?: boolean, full?: boolean, single?: boolean, charge?: boolean } }

/** dnd35 and pf1e: the same rows (SRD 3.5 › Conditions; PRD › Conditions), pf1e differences beside. */
function srdRows (ruleset: Ruleset): Row[] {
  return [
    { conditions: ['dazed'], source: 'SRD 3.5 › Conditions › Dazed: no actions, no AC penalty', changes: {}, forbids: { attack: true, single: true, full: true } },
    { conditions: ['dazzled'], source: 'SRD 3.5 › Conditions › Dazzled: −1 on attack rolls', changes: { melee: -1, ranged: -1 } },
    { conditions: ['deafened'], source: 'SRD 3.5 › Conditions › Deafened: −4 on initiative', changes: { initiative: -4 } },
    // −4 Dex: +2 → 0, on the ranged attack, AC, Reflex and initiative; −2 on attacks.
    { conditions: ['entangled'], source: 'SRD 3.5 › Conditions › Entangled: −2 attacks, −4 Dex, no charge', changes: { melee: -2, ranged: -4, acMelee: -2, acRanged: -2, reflex: -2, initiative: -2 }, forbids: { charge: true } },
    // Str and Dex 14 → 12: +2 → +1.
    { conditions: ['fatigued'], source: 'SRD 3.5 › Conditions › Fatigued: −2 Str and Dex, no charge', changes: { melee: -1, damage: -1, ranged: -1, acMelee: -1, acRanged: -1, reflex: -1, initiative: -1 }, forbids: { charge: true } },
    // Str and Dex 14 → 8: +2 → −1.
    { conditions: ['exhausted'], source: 'SRD 3.5 › Conditions › Exhausted: −6 Str and Dex, no charge', changes: { melee: -3, damage: -3, ranged: -3, acMelee: -3, acRanged: -3, reflex: -3, initiative: -3 }, forbids: { charge: true } },
    { conditions: ['fatigued', 'exhausted'], source: 'SRD 3.5 › Conditions › Exhausted replaces fatigued', changes: { melee: -3, damage: -3, ranged: -3, acMelee: -3, acRanged: -3, reflex: -3, initiative: -3 }, forbids: { charge: true } },
    { conditions: ['shaken'], source: 'SRD 3.5 › Conditions › Shaken: −2 attacks, saves, checks', changes: { melee: -2, ranged: -2, ...SRD_SAVES(-2) } },
    { conditions: ['frightened'], source: 'SRD 3.5 › Conditions › Frightened: as shaken', changes: { melee: -2, ranged: -2, ...SRD_SAVES(-2) } },
    { conditions: ['panicked'], source: 'SRD 3.5 › Conditions › Panicked: −2 saves and checks, no attacks', changes: { melee: -2, ranged: -2, ...SRD_SAVES(-2) }, forbids: { attack: true } },
    { conditions: ['sickened'], source: 'SRD 3.5 › Conditions › Sickened: −2 attacks, weapon damage, saves, checks', changes: { melee: -2, ranged: -2, damage: -2, ...SRD_SAVES(-2) } },
    { conditions: ['nauseated'], source: 'SRD 3.5 › Conditions › Nauseated: no attacks, a single move action', changes: {}, forbids: { attack: true, single: true, full: true } },
    // Dex +2 lost and −2: AC 16 → 12.
    { conditions: ['stunned'], source: 'SRD 3.5 › Conditions › Stunned: no actions, −2 AC, no Dex to AC', changes: { acMelee: -4, acRanged: -4 }, forbids: { attack: true, single: true, full: true } },
    { conditions: ['cowering'], source: 'SRD 3.5 › Conditions › Cowering: no actions, −2 AC, no Dex to AC', changes: { acMelee: -4, acRanged: -4 }, forbids: { attack: true, single: true, full: true } },
    { conditions: ['staggered'], source: 'SRD 3.5 › Conditions › Staggered: a single move or standard action', changes: {}, forbids: { full: true } },
    { conditions: ['disabled'], source: 'SRD 3.5 › Conditions › Disabled: a single move or standard action', changes: {}, forbids: { full: true } },
    // Str and Dex count as 0 (−5, from +2: −7); helpless: −4 more against melee.
    { conditions: ['paralyzed'], source: 'SRD 3.5 › Conditions › Paralyzed: Str and Dex 0, helpless', changes: { melee: -7, ranged: -7, damage: -7, acMelee: -11, acRanged: -7, reflex: -7, initiative: -7 }, forbids: { attack: true, single: true, full: true } },
    // Helpless: Dex counts as 0 on AC and Reflex (the score itself unchanged, so initiative keeps it).
    ...['petrified', 'asleep', 'tied-up', 'unconscious', 'helpless'].map((name): Row => ({ conditions: [name], source: `SRD 3.5 › Conditions › ${name}: helpless`, changes: { acMelee: -11, acRanged: -7, reflex: -7 }, forbids: { attack: true, single: true, full: true } })),
    { conditions: ['confused'], source: 'SRD 3.5 › Conditions › Confused: stateless, no numeric effect', changes: {} },
    { conditions: ['turned'], source: 'SRD 3.5 › Turn Undead: turned alone flees, no number', changes: {} },
    { conditions: ['turned', 'cowering'], source: 'SRD 3.5 › Turn Undead: turned and cowering, +2 on attacks against it', changes: { against: 2, acMelee: -4, acRanged: -4 }, forbids: { attack: true, single: true, full: true } },
    { conditions: ['rebuked'], source: 'SRD 3.5 › Turn Undead (evil clerics): cowers, +2 on attacks against it', changes: { against: 2, acMelee: -4, acRanged: -4 }, forbids: { attack: true, single: true, full: true } },
    { conditions: ['commanded'], source: 'SRD 3.5 › Turn Undead: commanded, no numeric effect', changes: {} },
    { conditions: ['incorporeal'], source: `${ruleset.id === 'pf1e' ? 'PRD' : 'SRD 3.5'} › Incorporeal: no number of this creature's (pf1e touch attacks ignore cover)`, changes: {} }
  ]
}

function variantRows (ruleset: Ruleset): Row[] {
  return [
    // Every score 14 → 12 (+1): melee and damage (Str), ranged, AC, Reflex, initiative (Dex), charm (best of Cha, Wis).
    { conditions: ['fatigued'], source: 'variant › Conditions › Fatigued: −2 to every ability score', changes: { melee: -1, damage: -1, ranged: -1, acMelee: -1, acRanged: -1, reflex: -1, charm: -1, initiative: -1 } },
    // A further −2: 14 → 10 (0).
    { conditions: ['exhausted'], source: 'variant › Conditions › Exhausted: a further −2, no charge', changes: { melee: -2, damage: -2, ranged: -2, acMelee: -2, acRanged: -2, reflex: -2, charm: -2, initiative: -2 }, forbids: { charge: true } },
    { conditions: ['dazed'], source: 'variant › Conditions › Dazed: no actions but reactions', changes: {}, forbids: { attack: true, single: true, full: true } },
    { conditions: ['debilitated'], source: 'variant › Conditions › Debilitated: a single minor action', changes: {}, forbids: { single: true, full: true } },
    // Off-guard: the Dex bonus off AC and Reflex, and −2.
    { conditions: ['stunned'], source: 'variant › Conditions › Stunned: off-guard, no actions', changes: { acMelee: -4, acRanged: -4, reflex: -2 }, forbids: { attack: true, single: true, full: true } },
    { conditions: ['cowering'], source: 'variant › Conditions › Cowering: off-guard, no actions', changes: { acMelee: -4, acRanged: -4, reflex: -2 }, forbids: { attack: true, single: true, full: true } },
    { conditions: ['staggered'], source: 'variant › Conditions › Staggered: a single minor or major action', changes: {}, forbids: { full: true } },
    { conditions: ['disoriented'], source: 'variant › Conditions › Disoriented: −2 attacks and AC', changes: { melee: -2, ranged: -2, acMelee: -2, acRanged: -2 } },
    { conditions: ['frightened'], source: 'variant › Conditions › Frightened: counts as shaken (−2 attacks, saves, initiative)', changes: { melee: -2, ranged: -2, initiative: -2, ...ALL_SAVES(ruleset, -2) } },
    { conditions: ['panicked'], source: 'variant › Conditions › Panicked: counts as shaken', changes: { melee: -2, ranged: -2, initiative: -2, ...ALL_SAVES(ruleset, -2) } },
    { conditions: ['held'], source: 'variant › Conditions › Held: not defined, no numeric effect', changes: {} },
    // Helpless (variant › Helpless Defenders): Dex as 0 and −4 against melee, no off-guard −2.
    { conditions: ['paralyzed'], source: 'variant › Helpless Defenders: paralyzed is helpless', changes: { acMelee: -11, acRanged: -7, reflex: -7 }, forbids: { attack: true, single: true, full: true } }
  ]
}

for (const id of RULESET_IDS) {
  const ruleset = getRuleset(id)
  const rows = id === 'variant' ? variantRows(ruleset) : srdRows(ruleset)
  for (const row of rows) {
    test(`${id} ${row.conditions.join(' + ')}: ${row.source} (docs/rules.md §72, §73)`, () => {
      assert.deepEqual(delta(ruleset, row.conditions), row.changes)
      const c = creature(row.conditions)
      const refused = (needs: Parameters<typeof actionRefusal>[2]) => actionRefusal(ruleset, c, needs) !== null
      const f = row.forbids ?? {}
      assert.equal(refused({ attack: true, slot: 'primary' }), f.attack === true || f.single === true, 'attack')
      assert.equal(refused({ attack: false, slot: 'primary' }), f.single === true, 'standard action')
      assert.equal(refused({ attack: true, slot: 'fullRound' }), f.attack === true || f.full === true || f.single === true, 'full attack')
      assert.equal(refused({ attack: true, slot: 'primary', charge: true }), f.attack === true || f.single === true || f.charge === true, 'charge')
    })
  }
}

test('variant dazed still allows its reactions; dnd35 dazed does not (variant › Conditions › Dazed; SRD 3.5 › Conditions › Dazed)', () => {
  assert.equal(actionRefusal(getRuleset('variant'), creature(['dazed']), { attack: true, slot: null, reaction: true }), null)
  assert.equal(actionRefusal(getRuleset('dnd35'), creature(['dazed']), { attack: true, slot: null, reaction: true })?.condition, 'dazed')
})

test('a name the ruleset has no row for is refused, naming it: variant-only debilitated, disoriented, held under dnd35 and pf1e (docs/rules.md §85)', () => {
  for (const id of ['dnd35', 'pf1e']) {
    for (const name of ['debilitated', 'disoriented', 'held']) {
      assert.throws(() => effectiveStats(getRuleset(id), { conditions: ['shaken', name] }),
        (e: unknown) => e instanceof DomainError && e.kind === 'rule-not-defined' && e.errors[0]?.path === '/conditions/1')
    }
  }
})

// What a row may move, from its targets alone: the property below checks nothing else moves.
const QUANTITIES: Partial<Record<EffectTarget, string[]>> = {
  'attack.melee': ['melee'],
  'attack.ranged': ['ranged'],
  'attack.against': ['against'],
  damage: ['damage'],
  'ac.melee': ['acMelee'],
  'ac.ranged': ['acRanged'],
  'ac.dodge': ['acMelee', 'acRanged'],
  initiative: ['initiative'],
  'ability.str': ['melee', 'damage'],
  'ability.dex': ['ranged', 'acMelee', 'acRanged', 'reflex', 'initiative'],
  'ability.con': ['fortitude'],
  'ability.wis': ['will', 'charm'],
  'ability.cha': ['charm']
}

function mayChange (ruleset: Ruleset, table: EffectsTable, names: string[]): Set<string> {
  const out = new Set<string>()
  const seen = new Set<string>()
  const visit = (name: string): void => {
    if (seen.has(name)) return
    seen.add(name)
    const row = table[name]
    if (row === undefined) return
    for (const c of row.changes ?? []) {
      if (c.target === 'save') ruleset.saves.forEach((s) => out.add(s))
      for (const q of QUANTITIES[c.target] ?? []) out.add(q)
    }
    for (const list of Object.values(row.withAlso ?? {})) for (const c of list) for (const q of QUANTITIES[c.target] ?? []) out.add(q)
    // An unseen attacker's +2 (SRD 3.5 › Special Abilities › Invisibility), from its tag.
    if (row.tags?.includes('unseen') === true) ['melee', 'ranged'].forEach((q) => out.add(q))
    if (row.deniesDex === true || row.helpless === true) ['acMelee', 'acRanged'].forEach((q) => out.add(q))
    if (row.deniesDexToReflex === true || row.helpless === true) out.add('reflex')
    if (row.abilityScores?.str !== undefined) QUANTITIES['ability.str']?.forEach((q) => out.add(q))
    if (row.abilityScores?.dex !== undefined) QUANTITIES['ability.dex']?.forEach((q) => out.add(q))
    for (const other of row.implies ?? []) visit(other)
  }
  names.forEach(visit)
  return out
}

test('property: adding any accepted condition changes only the numbers its row names (attack, AC, saves, initiative, damage), and listing what it implies as well changes nothing (docs/rules.md §72)', () => {
  fc.assert(fc.property(fc.constantFrom(...RULESET_IDS), fc.nat(), (id, pick) => {
    const ruleset = getRuleset(id)
    const names = Object.keys(ruleset.effects)
    const name = names[pick % names.length] as string
    const moved = Object.keys(delta(ruleset, [name]))
    const allowed = mayChange(ruleset, ruleset.effects, [name])
    for (const q of moved) assert.ok(allowed.has(q), `${id} ${name} moved ${q}`)
    const implied: string[] = []
    const visit = (n: string): void => { for (const o of ruleset.effects[n]?.implies ?? []) if (!implied.includes(o)) { implied.push(o); visit(o) } }
    visit(name)
    assert.deepEqual(numbers(ruleset, [name, ...implied.filter((n) => n !== name)]), numbers(ruleset, [name]), `${id} ${name} with ${implied.join(', ')}`)
  }), { numRuns: 400 })
})

test('docs/rules.md §85: the names with a tag, worked out once per table, are the names conditionHasTag answers yes for, in every ruleset and for every tag (one out of the fight by what it implies included)', async () => {
  const { CONDITION_TAGS, conditionHasTag, conditionsWithTag } = await import('../../src/rules/effects.js')
  const { getRuleset: rulesetOf } = await import('../../src/rules/rulesets/index.js')
  let tagged = 0
  for (const id of ['dnd35', 'pf1e', 'variant'] as const) {
    const ruleset = rulesetOf(id)
    for (const tag of CONDITION_TAGS) {
      const names = conditionsWithTag(ruleset, tag)
      for (const name of [...Object.keys(ruleset.effects), 'no-such-condition']) assert.equal(names.has(name), conditionHasTag(ruleset, name, tag), `${id} ${name} ${tag}`)
      tagged += names.size
    }
    // Dying implies unconscious, which is out of the fight: the set holds both.
    assert.ok(conditionsWithTag(ruleset, 'out-of-fight').has('unconscious'), id)
  }
  assert.ok(tagged > 20)
})
