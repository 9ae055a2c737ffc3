import { type AbilityName, abilityModifier } from './abilities.js'
import { type CombatantInput, type HitPointsInput, hasFeat } from './combatant.js'
import { hitPointsOf } from './hit-points/state.js'
import { injury, status } from './hit-points/status.js'
import type { HitPointStatus } from './hit-points/types.js'
import { ruleNotDefined } from './errors.js'
import { type BonusType, type Modifier, stackModifiers } from './modifiers.js'
import type { Ruleset } from './rulesets/types.js'
import { RecentByIdentity } from './recent.js'
import { type StatBlockChange, statBlockChanges } from './stat-block-effects.js'
import type { Slot } from './turn-flow.js'

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
 * - `initiative`, `cmd`;
 * - `maneuver.against`: combat maneuver checks made against the creature
 *   (pf1e stunned +4, PRD › Combat Maneuvers);
 * - `damage`: the creature's own weapon damage rolls (sickened −2, SRD 3.5 › Conditions);
 * - `attack.against`: attack rolls made against the creature (rebuked +2, SRD 3.5 › Turn Undead);
 * - `speed`, and `actions`: fewer actions a turn (staggered, disabled), which
 *   restricts the creature to one standard or move action in an encounter.
 */
export type EffectTarget =
  | `ability.${AbilityName}`
  | 'ac.melee' | 'ac.ranged' | 'ac.dodge'
  | 'attack.melee' | 'attack.ranged' | 'attack.against' | 'damage'
  | 'check' | 'save' | 'initiative' | 'cmd' | 'maneuver.against' | 'speed' | 'actions'
  // What a stat block's own `effects` may also name (docs/rules.md §96): weapon damage
  // rolls, touch and flat-footed AC alone, one save, the pf1e CMB.
  | 'damage.melee' | 'damage.ranged' | 'ac.touch' | 'ac.flat-footed' | `save.${string}` | 'cmb'

/**
 * What a condition keeps the creature from doing (docs/rules.md §73), read by
 * the stateless mechanics (a 422 `not-possible`) and the encounter (a 409):
 * - `all`: every action, reactions included (dazed, stunned, helpless, cowering…);
 * - `turn`: every action but reactions (the variant's dazed);
 * - `attack`: every attack roll, maneuver, grapple or turning attempt (nauseated, panicked);
 * - `primary`: the standard (variant: major) action; `fullRound`: a full-round action;
 * - `charge`: a charge (and a run: fatigued, exhausted, entangled);
 * - `spell`: casting a spell or concentrating on one, whatever its casting time (nauseated,
 *   SRD 3.5 › Conditions › Nauseated; docs/rules.md §146).
 */
export type Activity = 'all' | 'turn' | 'attack' | 'primary' | 'fullRound' | 'charge' | 'spell'

/** What an action asks of its actor, for `EffectiveStats.forbidding`. */
export interface ActionNeeds {
  /** It makes an attack roll or something like one (maneuver, grapple check, turning attempt). */
  attack: boolean
  /** The slot of the action budget it spends (null: none). */
  slot: Slot | null
  charge?: boolean
  /** It casts a spell or is a concentration check on one (docs/rules.md §146). */
  spell?: boolean
  /** Taken off the creature's turn as a reaction (an attack of opportunity). */
  reaction?: boolean
  /**
   * The hit-point state does not count: a variant creature dropped by its own
   * tie group still acts at the same moment (docs/rules.md §68).
   */
  ignoreHitPoints?: boolean
}

/**
 * What a condition is, beyond its numbers: the behaviour a mechanic asks
 * about. A mechanic tests a tag, never a condition's name, so a ruleset (or a
 * new condition) changes what a condition does in its table alone.
 *
 * - `blind`: cannot see; every foe has total concealment against its attacks,
 *   and an `unseen` attacker gains nothing against it (SRD 3.5 › Conditions › Blinded);
 * - `unseen`: cannot be seen (invisible); total concealment against attacks on it, and
 *   as an attacker the invisible-attacker bonus and the defender's lost Dex
 *   where the ruleset has them (SRD 3.5 › Special Abilities › Invisibility);
 * - `unflankable`: cannot be flanked (variant › Fight Back-to-Back);
 * - `ranged-weapons-limited`: ranged attacks only with the ruleset's
 *   `attacks.proneRangedWeapons` (SRD 3.5 › Conditions › Prone);
 * - `in-grapple`: takes part in a grapple, holding or held: no two-weapon
 *   attacks, and the parts of effects that depend on who attacks (SRD 3.5 ›
 *   If You're Grappling);
 * - `held-down`: pinned, held immobile in a grapple; its pinner attacks it as an insider;
 * - `out-of-fight`: out of the turn order; an encounter skips its turns and it cannot react;
 * - `shield-to-reflex`: its shield bonus counts on Reflex saves (variant › Total Defense);
 * - `touch-ignores-cover`: its touch attacks ignore cover (PRD › Special Abilities › Incorporeal).
 */
export type ConditionTag =
  | 'blind' | 'unseen' | 'unflankable' | 'ranged-weapons-limited'
  | 'in-grapple' | 'held-down' | 'out-of-fight' | 'shield-to-reflex' | 'touch-ignores-cover'

export interface Change {
  target: EffectTarget
  value: number
  /** Untyped when absent: condition penalties from different sources all add up (docs/rules.md §P1.2). */
  type?: BonusType
}

export interface ConditionEffect {
  changes?: readonly Change[]
  /**
   * Changes that apply only while another condition is also in force, keyed
   * by its name (turned and cowering: +2 on attacks against it, SRD 3.5 › Turn Undead).
   */
  withAlso?: Readonly<Record<string, readonly Change[]>>
  /** Ability scores that count as this value for every roll (paralyzed: Str and Dex 0, SRD 3.5 › Conditions). */
  abilityScores?: Readonly<Partial<Record<AbilityName, number>>>
  /** What the creature cannot do (`Activity`; docs/rules.md §73). */
  forbids?: readonly Activity[]
  /** What it is beyond its numbers (`ConditionTag`); a condition brings the tags of those it implies. */
  tags?: readonly ConditionTag[]
  /** Loses a positive Dex bonus and every dodge bonus to AC and CMD (flat-footed, stunned…). */
  deniesDex?: boolean
  /** Uncanny dodge keeps the Dex bonus despite this one (flat-footed, not immobilized). */
  uncannyDodgeKeepsDex?: boolean
  /** Also loses a positive Dex bonus on Reflex saves (the variant's off-guard, variant › Conditions). */
  deniesDexToReflex?: boolean
  /**
   * The helpless family: Dex treated as 0 (−5) on AC, CMD and Reflex; open to
   * a coup de grace; combat maneuvers against it succeed (SRD 3.5 › Helpless
   * Defenders; PRD › Combat Maneuvers).
   */
  helpless?: boolean
  /** Combat maneuvers against it succeed without a roll, though it is not helpless (dead). */
  incapacitated?: boolean
  /** Its defensive part (Dex denial, `ac.*`) does not apply against the creature pinning it (docs/rules.md §10). */
  notAgainstPinner?: boolean
  /** Its defensive part applies only against attackers outside its grapple (SRD 3.5 › Grappling Consequences). */
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
  /**
   * Why it is in force when the caller did not list it: `hitPoints` (the
   * creature's hit-point state, docs/rules.md §71) or the listed condition
   * that brings it (paralyzed brings helpless). Absent for a listed one.
   */
  impliedBy?: string
}

/** Who the creature is facing, for the parts of an effect that depend on it. */
export interface Situation {
  against?: {
    /** An invisible attacker denies Dex where the ruleset says so (SRD 3.5 › Conditions; variant › Armor Class). */
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
  /** The stat block's own `effects` as changes on the targets above (docs/rules.md §96). */
  own: readonly StatBlockChange[]
  /** An ability modifier after the conditions' changes to its score; null: no such score. */
  ability: (name: AbilityName) => number | null
  dexterity: Dexterity
  helpless: boolean
  incapacitated: boolean
  /** Whether a condition in force (or one it implies) has this tag. */
  has: (tag: ConditionTag) => boolean
  /**
   * The conditions' modifiers on one target, each from its own source (so
   * prone −4 and shaken −2 add to −6). `toGrapple`: a roll to grapple or
   * escape; `save`: the save being rolled, for `savesExcept`.
   */
  changes: (target: EffectTarget, opts?: { toGrapple?: boolean, save?: string }) => Modifier[]
  /** The first condition in force that forbids an action with these needs (docs/rules.md §73), or null. */
  forbidding: (needs: ActionNeeds) => ActiveEffect | null
}

/** Whether a row forbids an action with these needs. */
export function forbids (effect: ConditionEffect, needs: ActionNeeds): boolean {
  const list = effect.forbids
  if (list === undefined) return false
  for (const a of list) {
    if (a === 'all' || (a === 'turn' && needs.reaction !== true)) return true
    if ((a === 'attack' && needs.attack) || (a === 'charge' && needs.charge === true) || (a === 'spell' && needs.spell === true)) return true
    // The two activities that are slots of the action budget (primary, fullRound): the slot the action spends.
    if (needs.slot === a) return true
  }
  return false
}

/**
 * The conditions a creature's hit points imply, as if the caller had listed
 * them (docs/rules.md §71). dnd35 and pf1e: dying or stable (below 0, above
 * the death threshold) and knocked out by nonlethal damage are unconscious,
 * hence helpless (SRD 3.5 › Injury and Death; PRD › Conditions › Unconscious);
 * exactly 0 is disabled; nonlethal equal to current is staggered; at the
 * threshold (−10, or −Con in pf1e) dead. The variant: dying and stable are
 * unconscious (variant › Conditions › Dying, Unconscious), a Death save's
 * success staggered, and bloodied and wounded from the damage taken (variant ›
 * Hit Points). A missing Con counts as 10, as everywhere a Combatant is read.
 */
function hitPointStates (ruleset: Ruleset, creature: CombatantInput): readonly string[] {
  if (creature.hitPoints === undefined) return NONE
  const abilities = creature.abilities?.con === undefined ? { ...creature.abilities, con: 10 } : creature.abilities
  const hp = hitPointsOf({ ...creature, abilities }, ruleset)
  const states = STATUS_CONDITIONS[status(hp, ruleset)]
  if (ruleset.hitPoints.model !== 'accumulated') return states
  const hurt = injury(hp, ruleset.hitPoints)
  // A wounded creature is always also bloodied (`injury`: D ≥ ¾ HP is D ≥ ½ HP).
  if (!hurt.bloodied) return states
  return hurt.wounded ? [...states, 'bloodied', 'wounded'] : [...states, 'bloodied']
}

/** The conditions each hit-point status is (the statuses of POST /v1/damage). */
const STATUS_CONDITIONS: Readonly<Record<HitPointStatus, readonly string[]>> = {
  // Stryker disable next-line ArrayDeclaration: a name no table has (Stryker's filler) is in force nowhere (`activeEffects` skips it), so healthy brings nothing either way
  healthy: Object.freeze([]),
  staggered: Object.freeze(['staggered']),
  disabled: Object.freeze(['disabled']),
  unconscious: Object.freeze(['unconscious']),
  dying: Object.freeze(['dying', 'unconscious']),
  stable: Object.freeze(['stable', 'unconscious']),
  dead: Object.freeze(['dead'])
}

// Stryker disable next-line ArrayDeclaration: read only as a list of names to look up (conditions, hit-point states, spared saves); a name no table or save has changes nothing
const NONE: readonly string[] = Object.freeze([])

/**
 * Every condition in force, each once: the listed ones, the hit-point states
 * the numbers imply, and what those bring (`implies`); a condition replaced
 * by a worse one that is also in force does not count.
 */
export function activeEffects (table: EffectsTable, conditions: readonly string[], more: readonly string[] = NONE): ActiveEffect[] {
  const found = new Map<string, { origin: string, impliedBy: string | undefined }>()
  const visit = (name: string, origin: string, impliedBy: string | undefined): void => {
    if (found.has(name)) return
    found.set(name, { origin, impliedBy })
    const implied = table[name]?.implies
    if (implied !== undefined) for (const other of implied) visit(other, origin, impliedBy ?? origin)
  }
  for (const name of conditions) visit(name, name, undefined)
  for (const name of more) visit(name, name, 'hitPoints')
  const out: ActiveEffect[] = []
  for (const [name, { origin, impliedBy }] of found) {
    const effect = table[name]
    if (effect === undefined) continue
    if (effect.replacedBy?.some((worse) => found.has(worse)) === true) continue
    out.push(impliedBy === undefined ? { name, origin, effect } : { name, origin, effect, impliedBy })
  }
  return out
}

/**
 * Whether the condition `name`, or one it implies, has `tag` in the
 * ruleset's table. A tag describes what the creature is (in a grapple,
 * unseen…), so a condition a worse one replaces still brings its tags
 * (pf1e pinned replaces grappled's numbers; the creature is still in the grapple).
 */
export function conditionHasTag (ruleset: Ruleset, name: string, tag: ConditionTag, depth = 0): boolean {
  const row = ruleset.effects[name]
  if (row === undefined) return false
  if (row.tags?.includes(tag) === true) return true
  // The tables are small and written by hand; the depth bound only guards a cycle of `implies`.
  if (row.implies === undefined || depth > 8) return false
  for (const other of row.implies) if (conditionHasTag(ruleset, other, tag, depth + 1)) return true
  return false
}

/** Per effects table, the names of the conditions that have each tag (the tables never change once built). */
const namesByTag = new Map<EffectsTable, Map<ConditionTag, ReadonlySet<string>>>()

/**
 * The names of the ruleset's conditions that have `tag`, themselves or by
 * what they imply (as `conditionHasTag` answers for each): worked out once
 * per table and tag, for the checks made on every turn (who is out of the fight).
 */
export function conditionsWithTag (ruleset: Ruleset, tag: ConditionTag): ReadonlySet<string> {
  // The same table and tag as last time (a simulated fight asks about one of each, many times a turn).
  if (ruleset.effects === lastAsked.table && tag === lastAsked.tag) return lastAsked.names
  let byTag = namesByTag.get(ruleset.effects)
  if (byTag === undefined) {
    byTag = new Map()
    namesByTag.set(ruleset.effects, byTag)
  }
  let names = byTag.get(tag)
  if (names === undefined) {
    names = new Set(Object.keys(ruleset.effects).filter((name) => conditionHasTag(ruleset, name, tag)))
    byTag.set(tag, names)
  }
  lastAsked = { table: ruleset.effects, tag, names }
  return names
}

let lastAsked: { table: EffectsTable | null, tag: ConditionTag | null, names: ReadonlySet<string> } = { table: null, tag: null, names: new Set() }

/** Whether the condition `name` (or one it implies) costs actions: restricted activity in an encounter (SRD 3.5 › Conditions › Staggered, Disabled). */
export function restrictsActivity (ruleset: Ruleset, name: string, depth = 0): boolean {
  const row = ruleset.effects[name]
  if (row === undefined) return false
  if (row.changes?.some((c) => c.target === 'actions' && c.value < 0) === true) return true
  if (row.implies === undefined || depth > 8) return false
  for (const other of row.implies) if (restrictsActivity(ruleset, other, depth + 1)) return true
  return false
}

const NO_TAGS: ReadonlySet<ConditionTag> = new Set()
/**
 * Creatures (and conditions lists) the memos below keep: the two sides of an
 * attack, several for an encounter's checks, with room to spare.
 */
const MEMO_SLOTS = 16
/** Per conditions list, its tags (src/rules/recent.ts: why not a WeakMap). */
const tagsMemo = new RecentByIdentity<readonly string[], { table: EffectsTable, tags: ReadonlySet<ConditionTag> }>(MEMO_SLOTS)

/**
 * The tags of a list of conditions, computed once per list and ruleset (the
 * attack mechanics ask several per attack). Never throws: it reads names only.
 */
export function conditionTags (ruleset: Ruleset, conditions: readonly string[] | undefined): ReadonlySet<ConditionTag> {
  if (conditions === undefined || conditions.length === 0) return NO_TAGS
  const memo = tagsMemo.get(conditions)
  if (memo !== undefined && memo.table === ruleset.effects) return memo.tags
  const tags = new Set<ConditionTag>()
  for (const name of conditions) {
    for (const tag of CONDITION_TAGS) if (!tags.has(tag) && conditionHasTag(ruleset, name, tag)) tags.add(tag)
  }
  const result = tags.size === 0 ? NO_TAGS : tags
  tagsMemo.set(conditions, { table: ruleset.effects, tags: result })
  return result
}

/** Every tag, for `conditionTags`. */
export const CONDITION_TAGS: readonly ConditionTag[] = ['blind', 'unseen', 'unflankable', 'ranged-weapons-limited', 'in-grapple', 'held-down', 'out-of-fight', 'shield-to-reflex', 'touch-ignores-cover']

function sourceOf (e: ActiveEffect): string {
  return e.name === e.origin ? e.name : `${e.name} (${e.origin})`
}

/**
 * The stats of one creature are worked out once per request: the mechanics
 * ask for them many times (every attack of a full attack reads the
 * attacker's and the target's), always about the same objects. Kept per
 * creature object (the last few: src/rules/recent.ts) and checked against the
 * fields they are built from, so a changed creature (a new conditions list,
 * new hit points) is recomputed.
 */
interface Memo {
  ruleset: Ruleset
  conditions: CombatantInput['conditions']
  hitPoints: CombatantInput['hitPoints']
  abilities: CombatantInput['abilities']
  feats: CombatantInput['feats']
  statBlockEffects: CombatantInput['effects']
  /** By situation: bit 1 an invisible attacker, 2 the pinner, 4 an attacker in the grapple. */
  stats: Array<EffectiveStats | undefined>
}
const statsMemo = new RecentByIdentity<CombatantInput, Memo>(MEMO_SLOTS)

function situationKey (situation: Situation): number {
  const a = situation.against
  if (a === undefined) return 0
  return (a.invisible === true ? 1 : 0) | (a.pinner === true ? 2 : 0) | (a.inGrapple === true ? 4 : 0)
}

/**
 * A creature's effective numbers under its ruleset and situation: the one
 * place conditions and hit-point states are read. Attacks, Armor Class,
 * saves (coup de grace and channel energy included), maneuvers, grapples,
 * initiative and the odds all call it. Errors (inconsistent hit points) have
 * paths relative to the creature.
 */
export function effectiveStats (ruleset: Ruleset, creature: CombatantInput, situation: Situation = {}): EffectiveStats {
  const key = situationKey(situation)
  // Each part read once: creatures come in many shapes, so every read of one is a slow (megamorphic) lookup.
  const { conditions, hitPoints, abilities, feats, effects: statBlockEffects } = creature
  let memo = statsMemo.get(creature)
  if (memo === undefined || memo.ruleset !== ruleset || memo.conditions !== conditions || memo.hitPoints !== hitPoints ||
    memo.abilities !== abilities || memo.feats !== feats || memo.statBlockEffects !== statBlockEffects) {
    // Another creature object made of the same parts (an encounter makes a new one from its stored combatant
    // for each rules call; a simulation's runs share the stat block's objects): the same stats. Its memo
    // passes to the new object, which is the one the caller goes on asking about, rather than taking a
    // second slot (and a new memo) for the same stats.
    const same = statsMemo.claim(creature, (m) => m.ruleset === ruleset && m.abilities === abilities && m.feats === feats &&
      m.statBlockEffects === statBlockEffects && sameNames(m.conditions, conditions) && sameHitPoints(m.hitPoints, hitPoints))
    if (same !== undefined) {
      same.conditions = conditions
      same.hitPoints = hitPoints
      memo = same
    } else {
      memo = { ruleset, conditions, hitPoints, abilities, feats, statBlockEffects, stats: [] }
      statsMemo.set(creature, memo)
    }
  }
  const known = memo.stats[key]
  if (known !== undefined) return known
  // The situation-free stats hold the effects list the others share (when key is 0, they are not worked out yet).
  if (memo.stats[0] === undefined) checkConditionNames(ruleset, creature.conditions)
  const effects = memo.stats[0] === undefined
    ? activeEffects(ruleset.effects, creature.conditions ?? NONE, hitPointStates(ruleset, creature))
    : memo.stats[0].effects
  const own = memo.stats[0] === undefined
    ? (creature.effects === undefined || creature.effects.length === 0 ? NO_CHANGES : statBlockChanges(ruleset, creature.effects))
    : memo.stats[0].own
  const stats = computeStats(ruleset, creature, effects, own, situation)
  memo.stats[key] = stats
  return stats
}

function sameNames (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * Every field the rules read equal (the death-save tally's too): the rules
 * see two such hit points alike. A field absent and one present differ.
 */
function sameHitPoints (a: HitPointsInput | undefined, b: HitPointsInput | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined) return false
  return a.max === b.max && a.current === b.current && a.temporary === b.temporary && a.nonlethal === b.nonlethal &&
    a.woundPoints === b.woundPoints && a.constitutionDamage === b.constitutionDamage && a.status === b.status &&
    (a.deathSaves === b.deathSaves || (a.deathSaves !== undefined && b.deathSaves !== undefined &&
      a.deathSaves.successes === b.deathSaves.successes && a.deathSaves.failures === b.deathSaves.failures))
}

/** Fails to compile when HitPointsInput gains a field sameHitPoints does not compare. */
type Compared = 'max' | 'current' | 'temporary' | 'nonlethal' | 'woundPoints' | 'constitutionDamage' | 'status' | 'deathSaves'
const everyFieldCompared: Exclude<keyof HitPointsInput, Compared> extends never ? true : never = true
void everyFieldCompared

/**
 * A condition is accepted only where the ruleset's table has a row for it
 * (docs/rules.md §85): the schema accepts every name some ruleset knows, and
 * a name this ruleset does not define would otherwise change nothing, silently.
 */
function checkConditionNames (ruleset: Ruleset, conditions: readonly string[] | undefined): void {
  if (conditions === undefined) return
  for (let i = 0; i < conditions.length; i++) {
    const name = conditions[i] as string
    if (ruleset.effects[name] === undefined) throw ruleNotDefined(ruleset.name, `the condition "${name}"`, `/conditions/${i}`)
  }
}

const NO_CHANGES: readonly StatBlockChange[] = Object.freeze([])

function computeStats (ruleset: Ruleset, creature: CombatantInput, effects: readonly ActiveEffect[], own: readonly StatBlockChange[], situation: Situation): EffectiveStats {
  const against = situation.against ?? {}
  const defends = (e: ConditionEffect): boolean => !(e.notAgainstPinner === true && against.pinner === true) &&
    !(e.onlyAgainstNonGrapplers === true && against.inGrapple === true)

  const abilities = new Map<AbilityName, number | null>()
  const ability = (name: AbilityName): number | null => {
    const known = abilities.get(name)
    if (known !== undefined) return known
    const score = creature.abilities?.[name]
    let value: number | null = null
    if (score !== null) {
      let change = 0
      let countsAs: number | undefined
      const target = `ability.${name}`
      for (const { effect } of effects) {
        if (effect.changes !== undefined) for (const c of effect.changes) if (c.target === target) change += c.value
        const fixedScore = effect.abilityScores?.[name]
        if (fixedScore !== undefined) countsAs = Math.min(countsAs ?? fixedScore, fixedScore)
      }
      // The stat block's own effects on the score stack as typed bonuses do (two enhancement bonuses: the higher).
      if (own.length > 0) change += stackModifiers(own.filter((c) => c.target === target), ruleset.stacking).total
      value = abilityModifier(countsAs ?? (score ?? 10) + change)
    }
    // Stryker disable next-line CallExpression: a cache only: without it the same score is worked out again from the same effects
    abilities.set(name, value)
    return value
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
    // No condition and no effect of the stat block (most creatures): nothing to look for.
    if (effects.length === 0 && own.length === 0) return []
    const mods: Modifier[] = []
    const defensive = target.startsWith('ac.') || target === 'cmd'
    for (const e of effects) {
      if (e.effect.changes === undefined) continue
      if (defensive && !defends(e.effect)) continue
      if (opts.toGrapple === true && e.effect.notToGrapple === true && target !== 'save') continue
      if (target === 'save' && opts.save !== undefined && (e.effect.savesExcept ?? NONE).includes(opts.save)) continue
      for (const c of e.effect.changes) {
        if (c.target === target && c.value !== 0) mods.push({ source: sourceOf(e), type: c.type ?? 'untyped', value: c.value })
      }
    }
    for (const e of effects) {
      if (e.effect.withAlso === undefined) continue
      for (const [other, list] of Object.entries(e.effect.withAlso)) {
        if (!effects.some((x) => x.name === other)) continue
        for (const c of list) if (c.target === target && c.value !== 0) mods.push({ source: `${sourceOf(e)} and ${other}`, type: c.type ?? 'untyped', value: c.value })
      }
    }
    // The stat block's own effects, one breakdown line each; a save also takes those on that save alone.
    for (const c of own) {
      if (c.value !== 0 && (c.target === target || (target === 'save' && opts.save !== undefined && c.target === `save.${opts.save}`))) {
        mods.push({ source: c.source, type: c.type, value: c.value })
      }
    }
    return mods
  }

  const forbidding = (needs: ActionNeeds): ActiveEffect | null => {
    for (const e of effects) {
      if (needs.ignoreHitPoints === true && e.impliedBy === 'hitPoints') continue
      if (forbids(e.effect, needs)) return e
    }
    return null
  }

  const tags = conditionTags(ruleset, creature.conditions)
  return {
    effects,
    own,
    ability,
    dexterity: { modifier: ability('dex'), helpless, deniedToAc, deniedToReflex },
    helpless: helpless !== null,
    incapacitated,
    has: (tag) => tags.has(tag),
    changes,
    forbidding
  }
}

/** Helpers for writing the tables: one penalty (or bonus) on several targets. */
export function on (value: number, ...targets: EffectTarget[]): Change[] {
  return targets.map((target) => ({ target, value }))
}

/** One condition a response lists as applied to a creature (docs/rules.md §88). */
export interface AppliedCondition {
  name: string
  /** `hitPoints`, or the listed condition that brings it; absent for a listed one. */
  impliedBy?: string
}

/**
 * The conditions the rules applied to a creature, listed and implied, each
 * once, as responses show them (docs/rules.md §71, §88). A condition a worse
 * one replaces (fatigued beside exhausted) is not applied, so not listed.
 */
export function appliedConditions (ruleset: Ruleset, creature: CombatantInput): AppliedCondition[] {
  return effectiveStats(ruleset, creature).effects.map((e) => e.impliedBy === undefined ? { name: e.name } : { name: e.name, impliedBy: e.impliedBy })
}
