export const ABILITY_NAMES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const
export type AbilityName = typeof ABILITY_NAMES[number]

/** Scores as the contract sends them: a missing score counts as 10; `null` means no such score (undead Con). */
export type AbilityScores = Partial<Record<AbilityName, number | null>>

/** floor((score − 10) / 2); a score of 0 gives −5 (docs/rules.md §P0.2; docs/rules.md §1 for the variant). */
export function abilityModifier (score: number): number {
  return Math.floor((score - 10) / 2)
}

/**
 * The modifier of one ability of a creature, or `null` when the creature has no
 * such score at all. A score left out counts as 10 (OpenAPI › Combatant).
 */
export function modifierOf (abilities: AbilityScores | undefined, ability: AbilityName): number | null {
  const score = abilities?.[ability]
  if (score === null) return null
  return abilityModifier(score ?? 10)
}
