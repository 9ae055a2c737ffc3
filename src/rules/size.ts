/** docs/rules.md §P1.1 (§2, §3): one row per size category, smallest first. */
export const SIZES = ['fine', 'diminutive', 'tiny', 'small', 'medium', 'large', 'huge', 'gargantuan', 'colossal'] as const
export type Size = typeof SIZES[number]

export interface SizeRow {
  size: Size
  /** Attack and AC size modifier (dnd35, pf1e). */
  attackAndAc: number
  /** dnd35 special grapple modifier; also the dnd35 and variant maneuver size adjustment. */
  grapple: number
  /** pf1e CMB/CMD special size modifier. */
  combatManeuver: number
  /** Space in feet. */
  spaceFeet: number
  /** Natural reach in feet for a tall creature. */
  reachTallFeet: number
  /** Natural reach in feet for a long creature. */
  reachLongFeet: number
}

const rows: SizeRow[] = [
  { size: 'fine', attackAndAc: 8, grapple: -16, combatManeuver: -8, spaceFeet: 0.5, reachTallFeet: 0, reachLongFeet: 0 },
  { size: 'diminutive', attackAndAc: 4, grapple: -12, combatManeuver: -4, spaceFeet: 1, reachTallFeet: 0, reachLongFeet: 0 },
  { size: 'tiny', attackAndAc: 2, grapple: -8, combatManeuver: -2, spaceFeet: 2.5, reachTallFeet: 0, reachLongFeet: 0 },
  { size: 'small', attackAndAc: 1, grapple: -4, combatManeuver: -1, spaceFeet: 5, reachTallFeet: 5, reachLongFeet: 5 },
  { size: 'medium', attackAndAc: 0, grapple: 0, combatManeuver: 0, spaceFeet: 5, reachTallFeet: 5, reachLongFeet: 5 },
  { size: 'large', attackAndAc: -1, grapple: 4, combatManeuver: 1, spaceFeet: 10, reachTallFeet: 10, reachLongFeet: 5 },
  { size: 'huge', attackAndAc: -2, grapple: 8, combatManeuver: 2, spaceFeet: 15, reachTallFeet: 15, reachLongFeet: 10 },
  { size: 'gargantuan', attackAndAc: -4, grapple: 12, combatManeuver: 4, spaceFeet: 20, reachTallFeet: 20, reachLongFeet: 15 },
  { size: 'colossal', attackAndAc: -8, grapple: 16, combatManeuver: 8, spaceFeet: 30, reachTallFeet: 30, reachLongFeet: 20 }
]

export const SIZE_TABLE: readonly SizeRow[] = rows

const bySize = new Map(rows.map((r) => [r.size, r]))

export function sizeRow (size: Size | undefined): SizeRow {
  return bySize.get(size ?? 'medium') as SizeRow
}

/** Steps between two sizes: positive when `other` is larger than `self`. */
export function sizeSteps (self: Size | undefined, other: Size | undefined): number {
  return SIZES.indexOf(other ?? 'medium') - SIZES.indexOf(self ?? 'medium')
}
