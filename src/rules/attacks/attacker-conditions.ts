import type { AttackKind } from '../armor-class.js'
import type { Modifier } from '../modifiers.js'

function penalty (source: string, value: number): Modifier {
  return { source, value, type: 'untyped' }
}

/**
 * dnd35/pf1e attacker conditions (SRD35/PRD table of attack roll modifiers;
 * 000 › Squeezing). `grapple` is the penalty for attacking while in a grapple
 * (dnd35 −4, 000 › If You're Grappling; pf1e grappled −2, PRD › Conditions),
 * applied once whether the caller lists `grappled`, `grappling` or both.
 * A prone attacker's ranged restriction is checked apart.
 */
export function srdAttackerConditions (grapple: number) {
  const table: Readonly<Record<string, number>> = { dazzled: -1, entangled: -2, shaken: -2, frightened: -2, squeezing: -4 }
  return (conditions: readonly string[], kind: AttackKind): Modifier[] => {
    const mods: Modifier[] = []
    for (const c of conditions) {
      const value = table[c]
      if (value !== undefined) mods.push(penalty(c, value))
    }
    if (kind === 'melee' && conditions.includes('prone')) mods.push(penalty('prone attacker', -4))
    if (conditions.includes('grappling') || conditions.includes('grappled')) mods.push(penalty('attacking while grappling', grapple))
    return mods
  }
}

/**
 * variant attacker conditions (001 › Conditions): shaken −2, disoriented −2,
 * fighting back-to-back −2 (001 › Fight Back-to-Back),
 * squeezing −4, prone −4 melee (D09); bloodied −1 and wounded −2 in all, with
 * sickened counting as bloodied, never twice (D63).
 */
export function variantAttackerConditions (conditions: readonly string[], kind: AttackKind): Modifier[] {
  const mods: Modifier[] = []
  if (conditions.includes('shaken')) mods.push(penalty('shaken', -2))
  if (conditions.includes('disoriented')) mods.push(penalty('disoriented', -2))
  if (conditions.includes('back-to-back')) mods.push(penalty('fighting back-to-back', -2))
  if (conditions.includes('squeezing')) mods.push(penalty('squeezing', -4))
  if (kind === 'melee' && conditions.includes('prone')) mods.push(penalty('prone attacker', -4))
  if (conditions.includes('wounded')) mods.push(penalty('wounded (bloodied −1, wounded −1)', -2))
  else if (conditions.includes('bloodied')) mods.push(penalty('bloodied', -1))
  else if (conditions.includes('sickened')) mods.push(penalty('sickened (counts as bloodied)', -1))
  return mods
}
