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
export function creatureOf (c: CombatantState, ruleset: Ruleset): CombatantInput & Record<string, unknown> {
  // The stat block's fields, then id, name, hit points and condition names (each only when present). The rules
  // read a creature on every action, a simulation millions of times: Object.assign onto a fresh object and then
  // plain assignments are many times faster in V8 than a spread followed by new keys, with the same keys in
  // the same order. A `__proto__` key (JSON may carry one) would set the prototype there: the spread keeps it a key.
  const creature: CombatantInput & Record<string, unknown> = Object.hasOwn(c.statBlock, '__proto__') ? { ...c.statBlock } : Object.assign({}, c.statBlock)
  creature.id = c.id
  if (c.name !== null) creature.name = c.name
  if (c.hitPoints) creature.hitPoints = hitPointsInput(c.hitPoints, ruleset)
  if (c.conditions.length > 0) creature.conditions = c.conditions.map((x) => x.name)
  return creature
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
  for (const x of c.conditions) if (out.has(x.name)) return true
  return false
}

export function isDying (c: CombatantState): boolean {
  return c.hitPoints?.status === 'dying'
}
