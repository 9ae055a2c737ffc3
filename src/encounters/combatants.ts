// Between the stored combatant and the rules library's view of a creature.
import { hitPointsOf, reportHitPoints, type HitPointsReport } from '../rules/hit-points/index.js'
import type { CombatantInput, HitPointsInput } from '../rules/combatant.js'
import type { Ruleset } from '../rules/rulesets/types.js'
import { conditionsWithTag } from '../rules/effects.js'
import type { CombatantState, ConditionRecord, StoredHitPoints } from './model.js'

/** Combatant fields the encounter keeps in columns; everything else of the stat block is `statBlock`. */
const OWN_FIELDS = new Set(['id', 'name', 'side', 'aware', 'hitPoints', 'conditions'])

export interface CombatantEntry extends Record<string, unknown> {
  id: string
  name?: string
  side?: string
  aware?: boolean
  hitPoints?: HitPointsInput
  conditions?: string[]
}

/** The hit points as the rules should read them: only the fields the ruleset's model has. */
export function hitPointsInput (hp: StoredHitPoints, ruleset: Ruleset): HitPointsInput {
  const base = { max: hp.max, current: hp.current, temporary: hp.temporary, nonlethal: hp.nonlethal, status: hp.status }
  if (ruleset.hitPoints.model === 'countdown') return base
  return { ...base, woundPoints: hp.woundPoints, deathSaves: { ...hp.deathSaves }, constitutionDamage: hp.constitutionDamage }
}

/** The creature the rules see: the stat block with its current hit points and conditions. */
export function creatureOf (c: CombatantState, ruleset: Ruleset): Creature {
  return creatureWith(c, ruleset, false)
}

/** creatureOf with `aware` after its fields, as initiative reads a combatant. */
export function awareCreatureOf (c: CombatantState, ruleset: Ruleset): Creature & { id: string, aware: boolean } {
  const creature = creatureWith(c, ruleset, true) as Creature & { id: string, aware: boolean }
  creature.aware = c.aware
  return creature
}

type Creature = CombatantInput & Record<string, unknown>

function creatureWith (c: CombatantState, ruleset: Ruleset, aware: boolean): Creature {
  // The stat block's fields, then id, name, hit points and condition names (each only when present).
  const shapes = shapesOf.get(c.statBlock)
  const creature = shapes === undefined ? copyOfStatBlock(c.statBlock) : copyOfShape(shapes, c, aware)
  creature.id = c.id
  if (c.name !== null) creature.name = c.name
  if (c.hitPoints) creature.hitPoints = hitPointsInput(c.hitPoints, ruleset)
  if (c.conditions.length > 0) creature.conditions = c.conditions.map((x) => x.name)
  return creature
}

/**
 * A fresh copy of a stat block's fields. Object.assign onto a fresh object
 * and then plain assignments are many times faster in V8 than a spread
 * followed by new keys, with the same keys in the same order. A `__proto__`
 * key (JSON may carry one) would set the prototype there: the spread keeps it a key.
 */
function copyOfStatBlock (statBlock: Record<string, unknown>): Creature {
  return Object.hasOwn(statBlock, '__proto__') ? { ...statBlock } : Object.assign({}, statBlock)
}

/**
 * Per frozen stat block (frozenStatBlock), the creature creatureOf makes of
 * it, one for each set of the fields it adds (name, hit points, conditions,
 * aware: bits 1, 2, 4, 8), those fields' values still to fill in. A frozen
 * stat block cannot change, so its copy stays exact. The rules read a
 * creature on every action, a simulation millions of times: V8 clones an
 * object of a known shape in one step and then fills in fields it already
 * has, at a fraction of the cost of copying the stat block field by field.
 * (A clone must not gain fields: V8 gives each such object a shape of its
 * own, which slows every later read of it. Hence awareCreatureOf.)
 */
const shapesOf = new WeakMap<object, Array<Creature | undefined>>()

function copyOfShape (shapes: Array<Creature | undefined>, c: CombatantState, aware: boolean): Creature {
  const shape = (c.name !== null ? 1 : 0) | (c.hitPoints ? 2 : 0) | (c.conditions.length > 0 ? 4 : 0) | (aware ? 8 : 0)
  let template = shapes[shape]
  if (template === undefined) {
    // Made as copyOfStatBlock makes a creature, so that stat blocks of the same fields give one shape.
    template = copyOfStatBlock(c.statBlock)
    template.id = ''
    if ((shape & 1) !== 0) template.name = ''
    if ((shape & 2) !== 0) template.hitPoints = undefined
    if ((shape & 4) !== 0) template.conditions = undefined
    if ((shape & 8) !== 0) template.aware = true
    shapes[shape] = template
  }
  return { ...template }
}

/**
 * A stat block that is replaced, never changed in place (a new one when an
 * effect or a roster update changes it): frozen, so that a change in place
 * fails loudly, and known to creatureOf, which keeps its shapes.
 */
export function frozenStatBlock (statBlock: Record<string, unknown>): Record<string, unknown> {
  Object.freeze(statBlock)
  if (!shapesOf.has(statBlock)) shapesOf.set(statBlock, [])
  return statBlock
}

/** A HitPoints report of a rules response, kept as the combatant's stored hit points. */
export function storedHitPoints (report: HitPointsReport | StoredHitPoints): StoredHitPoints {
  return {
    max: report.max,
    current: report.current,
    temporary: report.temporary,
    nonlethal: report.nonlethal,
    woundPoints: report.woundPoints ?? 0,
    deathSaves: report.deathSaves ? { ...report.deathSaves } : { successes: 0, failures: 0 },
    constitutionDamage: report.constitutionDamage ?? 0,
    status: report.status
  }
}

/** The HitPoints object an Encounter response shows: as POST /v1/damage reports it. */
export function reportedHitPoints (c: CombatantState, ruleset: Ruleset): HitPointsReport | null {
  if (!c.hitPoints) return null
  return reportHitPoints(hitPointsOf(creatureOf(c, ruleset), ruleset), ruleset)
}

/**
 * The same text as V8's one copy of it (a property name is kept once, and
 * `Object.keys` hands back that copy): two such strings are equal exactly
 * when they are the same object, so comparing them is one pointer check. An
 * id is compared many times a turn (the turn order, lookups by id), a
 * simulation's millions of times; an id parsed from JSON is a copy of its own.
 */
function interned (text: string): string {
  return Object.keys({ [text]: true })[0] ?? text
}

/** A new combatant from a request entry; its hit points are read through the rules (a pf1e creature needs its Con). */
export function newCombatant (entry: CombatantEntry, ruleset: Ruleset): CombatantState {
  const statBlock: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(entry)) if (!OWN_FIELDS.has(key)) statBlock[key] = value
  frozenStatBlock(statBlock)
  const c: CombatantState = {
    id: interned(entry.id),
    name: entry.name ?? null,
    side: entry.side ?? null,
    aware: entry.aware ?? true,
    initiative: null,
    hitPoints: null,
    conditions: (entry.conditions ?? []).map((name): ConditionRecord => ({ name, endsAt: null })),
    statBlock,
    reactionsUsed: 0,
    readied: null,
    pending: []
  }
  if (entry.hitPoints) c.hitPoints = storedHitPoints(reportHitPoints(hitPointsOf({ ...statBlock, hitPoints: entry.hitPoints }, ruleset), ruleset))
  return c
}

/** Out of the fight for turn order (docs/rules.md §68): dead, or unconscious by any route. */
export function isDown (c: CombatantState, ruleset: Ruleset): boolean {
  const status = c.hitPoints?.status
  if (status === 'dead' || status === 'dying' || status === 'unconscious' || status === 'stable') return true
  if (c.conditions.length === 0) return false
  const out = conditionsWithTag(ruleset, 'out-of-fight')
  // A counted loop: V8 optimises `for…of` less well here, and every turn of a simulated fight asks.
  const conditions = c.conditions
  for (let i = 0; i < conditions.length; i++) if (out.has((conditions[i] as ConditionRecord).name)) return true
  return false
}

export function isDying (c: CombatantState): boolean {
  return c.hitPoints?.status === 'dying'
}
