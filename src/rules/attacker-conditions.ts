import type { CombatantInput } from './combatant.js'
import type { Modifier } from './modifiers.js'

/**
 * What one condition costs the creature that has it on its own rolls
 * (RULES.md §1.4 "Attacker prone" and "Other attackers"). The numbers live in
 * the ruleset modules; this module only reads them.
 */
export interface AttackerConditionPenalty {
  /**
   * Melee attack rolls and the checks that work like one: touch attacks, dnd35
   * grapple checks ("like a melee attack roll", 000 › Grapple Checks), opposed
   * attack rolls of disarm and sunder, pf1e combat maneuver checks (RULES.md §4.3 step 4).
   */
  melee?: number
  ranged?: number
  /** Ability and skill checks: the Strength checks of trip, bull rush and overrun, Bluff, Escape Artist. */
  checks?: number
  /** The penalty spares rolls made to grapple or to escape a grapple (pf1e grappled, PRD › Conditions). */
  notToGrapple?: boolean
  /** Conditions this one brings with it (frightened is also shaken; the variant's sickened counts as bloodied). */
  implies?: readonly string[]
}

export type AttackerConditionTable = Readonly<Record<string, AttackerConditionPenalty>>

export type AttackerRoll = 'melee' | 'ranged' | 'checks'

/**
 * The conditions that count, each once, with the one the caller named that
 * brought it: a shaken and frightened creature takes the shaken −2 once.
 */
function effectiveConditions (table: AttackerConditionTable, conditions: readonly string[]): Map<string, string> {
  const found = new Map<string, string>()
  const visit = (name: string, origin: string): void => {
    if (found.has(name)) return
    found.set(name, origin)
    for (const implied of table[name]?.implies ?? []) visit(implied, origin)
  }
  for (const name of conditions) visit(name, name)
  return found
}

/**
 * The penalties a creature's own conditions put on one of its rolls, as
 * untyped modifiers ready for `stackModifiers` (each from its own source, so
 * prone −4 and shaken −2 add up to −6).
 */
export function attackerConditionPenalties (
  table: AttackerConditionTable,
  combatant: CombatantInput,
  roll: AttackerRoll,
  opts: { toGrapple?: boolean } = {}
): Modifier[] {
  const mods: Modifier[] = []
  for (const [name, origin] of effectiveConditions(table, combatant.conditions ?? [])) {
    const entry = table[name]
    const value = entry?.[roll]
    if (entry === undefined || value === undefined || value === 0) continue
    if (entry.notToGrapple === true && opts.toGrapple === true) continue
    mods.push({ source: origin === name ? name : `${name} (${origin})`, type: 'untyped', value })
  }
  return mods
}
