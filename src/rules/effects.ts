import { type AbilityName, abilityModifier } from './abilities.js'
import { type CombatantInput, hasFeat } from './combatant.js'
import { hitPointsOf } from './hit-points/state.js'
import { injury } from './hit-points/status.js'
import type { BonusType, Modifier } from './modifiers.js'
import type { Ruleset } from './rulesets/types.js'

/**
 * What a condition or a hit-point state does, as data: changes on named
 * targets, read by every mechanic through `effectiveStats`, so that Dex, AC,
 * CMD, saves, initiative and checks cannot drift apart. Each ruleset has one
 * table of these (`Ruleset.effects`), kept beside its module.
 *
 * - `ability.<name>`: the ability score (entangled −4 Dex), so every number
 *   built on the modifier moves with it;
 * - `ac.melee`, `ac.ranged`: Armor Class against that kind of attack; `ac.dodge`: a dodge bonus, lost with Dex;
 * - `attack.melee`, `attack.ranged`: the creature's own attack rolls, and the
 *   checks that work like one (touch attacks, dnd35 grapple checks, pf1e CMB);
 * - `check`: ability and skill checks (the Strength checks of trip, bull rush…, Bluff);
 * - `save`: every saving throw but those in `savesExcept`;
 * - `initiative`, `cmd`; `speed` and `actions` for the encounter service.
 */
export type EffectTarget =
  | `ability.${AbilityName}`
  | 'ac.melee' | 'ac.ranged' | 'ac.dodge'
  | 'attack.melee' | 'attack.ranged'
  | 'check' | 'save' | 'initiative' | 'cmd' | 'speed' | 'actions'

export interface Change {
  target: EffectTarget
  value: number
  /** Untyped when absent: condition penalties from different sources all add up (RULES.md §1.2). */
  type?: BonusType
}

export interface ConditionEffect {
  changes?: readonly Change[]
  /** Loses a positive Dex bonus and every dodge bonus to AC and CMD (flat-footed, stunned…). */
  deniesDex?: boolean
  /** Uncanny dodge keeps the Dex bonus despite this one (flat-footed, not immobilized). */
  uncannyDodgeKeepsDex?: boolean
  /** Also loses a positive Dex bonus on Reflex saves (the variant's off-guard, 001 › Conditions). */
  deniesDexToReflex?: boolean
  /**
   * The helpless family: Dex treated as 0 (−5) on AC, CMD and Reflex; open to
   * a coup de grace; combat maneuvers against it succeed (000 › Helpless
   * Defenders; PRD › Combat Maneuvers).
   */
  helpless?: boolean
  /** Combat maneuvers against it succeed without a roll, though it is not helpless (dead). */
  incapacitated?: boolean
  /** Its defensive part (Dex denial, `ac.*`) does not apply against the creature pinning it (D10). */
  notAgainstPinner?: boolean
  /** Its defensive part applies only against attackers outside its grapple (000 › Grappling Consequences). */
  onlyAgainstNonGrapplers?: boolean
  /** Its `attack.*` and `check` changes spare rolls made to grapple or escape (pf1e grappled). */
  notToGrapple?: boolean
  /** Saves its `save` changes spare (the variant's sickened spares Death saves). */
  savesExcept?: readonly string[]
  /**
   * Conditions it brings with it or is another name for (frightened is also
   * shaken; unconscious is helpless; wounded is also bloodied): each counts
   * once however many names bring it.
   */
  implies?: readonly string[]
  /** A worse condition that replaces this one when also present (pf1e pinned replaces grappled). */
  replacedBy?: readonly string[]
}

export type EffectsTable = Readonly<Record<string, ConditionEffect>>

/** One condition in force, and the name the caller gave (or the hit-point state) that brought it. */
export interface ActiveEffect {
  name: string
  origin: string
  effect: ConditionEffect
}

/** Who the creature is facing, for the parts of an effect that depend on it. */
export interface Situation {
  against?: {
    /** An invisible attacker denies Dex where the ruleset says so (SRD35 › Conditions; 001 › Armor Class). */
    invisible?: boolean
    /** The attacker is the creature pinning this one. */
    pinner?: boolean
    /** The attacker is in the same grapple. */
    inGrapple?: boolean
  }
}

export interface Dexterity {
  /** The modifier after every change to the score; null: the creature has no Dex score. */
  modifier: number | null
  /** The condition (as the caller named it) that makes Dex count as 0, or null. */
  helpless: string | null
  /** The condition that takes the Dex bonus off AC and CMD, or null. */
  deniedToAc: string | null
  /** The condition that takes the Dex bonus off Reflex saves, or null. */
  deniedToReflex: string | null
}

export interface EffectiveStats {
  effects: readonly ActiveEffect[]
  /** An ability modifier after the conditions' changes to its score; null: no such score. */
  ability: (name: AbilityName) => number | null
  dexterity: Dexterity
  helpless: boolean
  incapacitated: boolean
  /**
   * The conditions' modifiers on one target, each from its own source (so
   * prone −4 and shaken −2 add to −6). `toGrapple`: a roll to grapple or
   * escape; `save`: the save being rolled, for `savesExcept`.
   */
  changes: (target: EffectTarget, opts?: { toGrapple?: boolean, save?: string }) => Modifier[]
}

/** A hit-point state that is also a condition: the variant's bloodied and wounded (001 › Hit Points), from the numbers. */
function hitPointStates (ruleset: Ruleset, creature: CombatantInput): string[] {
  if (ruleset.hitPoints.model !== 'accumulated' || creature.hitPoints === undefined) return []
  const hurt = injury(hitPointsOf(creature, ruleset), ruleset.hitPoints)
  return [...(hurt.bloodied ? ['bloodied'] : []), ...(hurt.wounded ? ['wounded'] : [])]
}

/**
 * Every condition in force, each once: the listed ones, the hit-point states
 * the numbers imply, and what those bring (`implies`); a condition replaced
 * by a worse one that is also in force does not count.
 */
export function activeEffects (table: EffectsTable, conditions: readonly string[]): ActiveEffect[] {
  const found = new Map<string, string>()
  const visit = (name: string, origin: string): void => {
    if (found.has(name)) return
    found.set(name, origin)
    for (const implied of table[name]?.implies ?? []) visit(implied, origin)
  }
  for (const name of conditions) visit(name, name)
  const out: ActiveEffect[] = []
  for (const [name, origin] of found) {
    const effect = table[name]
    if (effect === undefined) continue
    if (effect.replacedBy?.some((worse) => found.has(worse))) continue
    out.push({ name, origin, effect })
  }
  return out
}

function sourceOf (e: ActiveEffect): string {
  return e.name === e.origin ? e.name : `${e.name} (${e.origin})`
}

/**
 * A creature's effective numbers under its ruleset and situation: the one
 * place conditions and hit-point states are read. Attacks, Armor Class,
 * saves (coup de grace and channel energy included), maneuvers, grapples,
 * initiative and the odds all call it. Errors (inconsistent hit points) have
 * paths relative to the creature.
 */
export function effectiveStats (ruleset: Ruleset, creature: CombatantInput, situation: Situation = {}): EffectiveStats {
  const effects = activeEffects(ruleset.effects, [...(creature.conditions ?? []), ...hitPointStates(ruleset, creature)])
  const against = situation.against ?? {}
  const defends = (e: ConditionEffect): boolean => !(e.notAgainstPinner === true && against.pinner === true) &&
    !(e.onlyAgainstNonGrapplers === true && against.inGrapple === true)

  const ability = (name: AbilityName): number | null => {
    const score = creature.abilities?.[name]
    if (score === null) return null
    let change = 0
    for (const { effect } of effects) {
      for (const c of effect.changes ?? []) if (c.target === `ability.${name}`) change += c.value
    }
    return abilityModifier((score ?? 10) + change)
  }

  const uncannyDodge = hasFeat(creature, 'uncanny-dodge')
  let helpless: string | null = null
  let deniedToAc: string | null = null
  let deniedToReflex: string | null = null
  let incapacitated = false
  for (const e of effects) {
    if (e.effect.helpless === true) {
      helpless ??= e.origin
      incapacitated = true
    }
    if (e.effect.incapacitated === true) incapacitated = true
    if (e.effect.deniesDexToReflex === true) deniedToReflex ??= e.origin
    if (!defends(e.effect)) continue
    if (e.effect.helpless === true) deniedToAc ??= e.origin
    if (e.effect.deniesDex === true && !(uncannyDodge && e.effect.uncannyDodgeKeepsDex === true)) deniedToAc ??= e.origin
  }
  if (against.invisible === true && ruleset.armorClass.invisibleAttackerDeniesDex && !uncannyDodge) deniedToAc ??= 'invisible attacker'

  const changes = (target: EffectTarget, opts: { toGrapple?: boolean, save?: string } = {}): Modifier[] => {
    const mods: Modifier[] = []
    const defensive = target.startsWith('ac.') || target === 'cmd'
    for (const e of effects) {
      if (defensive && !defends(e.effect)) continue
      if (opts.toGrapple === true && e.effect.notToGrapple === true && target !== 'save') continue
      if (target === 'save' && opts.save !== undefined && (e.effect.savesExcept ?? []).includes(opts.save)) continue
      for (const c of e.effect.changes ?? []) {
        if (c.target === target && c.value !== 0) mods.push({ source: sourceOf(e), type: c.type ?? 'untyped', value: c.value })
      }
    }
    return mods
  }

  return {
    effects,
    ability,
    dexterity: { modifier: ability('dex'), helpless, deniedToAc, deniedToReflex },
    helpless: helpless !== null,
    incapacitated,
    changes
  }
}

/** Helpers for writing the tables: one penalty (or bonus) on several targets. */
export function on (value: number, ...targets: EffectTarget[]): Change[] {
  return targets.map((target) => ({ target, value }))
}
