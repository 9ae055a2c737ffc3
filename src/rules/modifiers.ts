/** Bonus types of docs/rules.md §P1.2, by their contract names. */
export const BONUS_TYPES = [
  'alchemical', 'armor', 'circumstance', 'competence', 'deflection', 'dodge', 'enhancement', 'insight', 'luck',
  'morale', 'natural-armor', 'profane', 'racial', 'resistance', 'sacred', 'shield', 'size', 'trait', 'untyped'
] as const
export type BonusType = typeof BONUS_TYPES[number]

/** A situational modifier as a caller sends it. */
export interface Modifier {
  value: number
  type?: BonusType
  source?: string
}

/** One line of a `breakdown`. */
export interface BreakdownEntry {
  source: string
  type: BonusType
  value: number
  applied: boolean
  /** A damage line's kind of damage (`fire`), where it is not the weapon's own: an `extraDamage` entry's `type`. */
  damageType?: string
}

export interface StackingPolicy {
  /** Same-type bonuses of these types all apply. */
  stackingTypes: ReadonlySet<BonusType>
  /**
   * Types whose bonuses stack only when their sources differ (circumstance in
   * both SRDs; untyped in pf1e: "unless from the same source").
   */
  stackUnlessSameSource: ReadonlySet<BonusType>
}

export interface Stacked {
  total: number
  breakdown: BreakdownEntry[]
}

/**
 * Apply the stacking rules (docs/rules.md §P1.2, §5, §6): same-type bonuses do not
 * stack unless the type does; untyped penalties always stack; of two penalties
 * of the same named type only the worst applies; bonuses and penalties offset.
 * The breakdown keeps the caller's order, with non-applied entries marked.
 */
export function stackModifiers (modifiers: readonly Modifier[], policy: StackingPolicy): Stacked {
  const entries: BreakdownEntry[] = modifiers.map((m) => ({
    source: m.source ?? (m.type ?? 'untyped'),
    type: m.type ?? 'untyped',
    value: m.value,
    applied: true
  }))
  // Made at the first entry that needs them: most lists (a lone Dexterity modifier) have none.
  let bestBonus: Map<string, BreakdownEntry> | undefined
  let worstPenalty: Map<string, BreakdownEntry> | undefined
  for (const entry of entries) {
    if (entry.value === 0) continue
    if (entry.value < 0) {
      if (entry.type === 'untyped') continue
      keepExtreme(worstPenalty ??= new Map(), entry.type, entry, lower)
      continue
    }
    if (policy.stackingTypes.has(entry.type)) continue
    const key = policy.stackUnlessSameSource.has(entry.type) ? `${entry.type}\u0000${entry.source}` : entry.type
    keepExtreme(bestBonus ??= new Map(), key, entry, higher)
  }
  let total = 0
  for (const entry of entries) total += entry.applied ? entry.value : 0
  return { total, breakdown: entries }
}

const lower = (a: BreakdownEntry, b: BreakdownEntry): boolean => a.value < b.value
const higher = (a: BreakdownEntry, b: BreakdownEntry): boolean => a.value > b.value

/** Keep the first extreme entry of a group applied and mark the others not applied. */
function keepExtreme (
  groups: Map<string, BreakdownEntry>,
  key: string,
  entry: BreakdownEntry,
  better: (a: BreakdownEntry, b: BreakdownEntry) => boolean
): void {
  const current = groups.get(key)
  if (current === undefined) {
    groups.set(key, entry)
  } else if (better(entry, current)) {
    current.applied = false
    groups.set(key, entry)
  } else {
    entry.applied = false
  }
}

/** A breakdown entry that is always applied (ability modifiers, BAB, size…). */
export function fixed (source: string, value: number, type: BonusType = 'untyped'): Modifier {
  return { source, value, type }
}

/**
 * The breakdown of a result computed on the fast path (docs/architecture.md ›
 * The fast path): none was built. Shared and frozen, so it costs nothing and
 * nothing can be added to it.
 */
export const NO_BREAKDOWN = Object.freeze([]) as unknown as BreakdownEntry[]
