import { type CombatantInput, hasFeat } from '../combatant.js'
import { effectiveStats } from '../effects.js'
import type { Dice } from '../dice/roller.js'
import { atPath, missingField } from '../errors.js'
import { type BreakdownEntry, type Modifier, stackModifiers } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'

export interface InitiativeCombatant extends CombatantInput {
  id: string
  /** Other initiative modifiers (racial, class features, items). */
  initiativeBonus?: number
  /** Aware of the opponents at the start; default true. */
  aware?: boolean
}

export interface InitiativeEntry {
  id: string
  roll: number
  modifier: number
  total: number
  breakdown: BreakdownEntry[]
  /** dnd35/pf1e: the roll-off d20s this combatant rolled to break a tie, in order. */
  tieBreak: number[]
  /** variant: the combatants acting on the same count at the same moment. */
  simultaneousWith: string[]
}

export interface InitiativeOutcome {
  order: InitiativeEntry[]
  surpriseRound: boolean
  surpriseActors: string[]
  flatFooted: string[]
}

/**
 * The initiative modifier (docs/rules.md §P7): Dex + Improved Initiative +
 * other bonuses; the variant adds its base combat bonus and its injury and
 * condition penalties (bloodied −1, wounded a further −1, deafened −4,
 * shaken −2; sickened counts as bloodied, docs/rules.md §63). Paths relative to the combatant.
 */
export function initiativeModifier (ruleset: Ruleset, combatant: InitiativeCombatant): { value: number, breakdown: BreakdownEntry[] } {
  const policy = ruleset.initiative
  const stats = effectiveStats(ruleset, combatant)
  const mods: Modifier[] = []
  // The effective Dex, as AC and attacks see it (entangled −4 Dex lowers it: docs/rules.md §P1.4).
  const dex = stats.dexterity.modifier
  if (dex !== null && dex !== 0) mods.push({ source: 'Dexterity', value: dex })
  if (policy.addsBaseAttackBonus) {
    if (combatant.baseAttackBonus === undefined) throw missingField('/baseAttackBonus', `${ruleset.name} initiative adds the base combat bonus`)
    if (combatant.baseAttackBonus !== 0) mods.push({ source: 'base combat bonus', value: combatant.baseAttackBonus })
  }
  if (hasFeat(combatant, 'improved-initiative')) mods.push({ source: 'Improved Initiative', value: policy.improvedInitiativeBonus })
  if (combatant.initiativeBonus) mods.push({ source: 'initiative bonus', value: combatant.initiativeBonus })
  // The variant's injury and condition penalties (bloodied, wounded, deafened, shaken) come from its effects table.
  const changes = stats.changes('initiative')
  if (changes.length > 0) mods.push(...changes)
  const stacked = stackModifiers(mods, ruleset.stacking)
  return { value: stacked.total, breakdown: stacked.breakdown }
}

/**
 * Roll initiative for everyone (OpenAPI › POST /v1/initiative). Dice order:
 * one d20 per combatant in request order; then the roll-offs, tie group by
 * tie group in the request order of each group's first combatant, each group
 * settled completely (repeating among those still tied) before the next.
 */
export function rollInitiative (ruleset: Ruleset, combatants: readonly InitiativeCombatant[], dice: Dice): InitiativeOutcome {
  // Lists pushed rather than `map`ped: V8's `map` makes a list of one kind when its caller runs
  // optimised and of another when it does not, and code optimised for one kind is thrown away
  // when it meets the other (a simulation rolls initiative every run).
  const modifiers: Array<ReturnType<typeof initiativeModifier>> = []
  for (let i = 0; i < combatants.length; i++) modifiers.push(atPath(`/combatants/${i}`, () => initiativeModifier(ruleset, combatants[i] as InitiativeCombatant)))
  const entries: Array<InitiativeEntry & { index: number }> = []
  for (let i = 0; i < combatants.length; i++) {
    const m = modifiers[i] as (typeof modifiers)[number]
    const roll = dice.d20('initiative')
    entries.push({ index: i, id: (combatants[i] as InitiativeCombatant).id, roll, modifier: m.value, total: roll + m.value, breakdown: m.breakdown, tieBreak: [], simultaneousWith: [] })
  }

  const simultaneous = ruleset.initiative.ties === 'simultaneous'
  // Equal totals (and, with roll-offs, equal modifiers) form a tie group, met in the request order of its first member.
  const rank = new Map<number, number[]>()
  const grouped = new Array<boolean>(entries.length).fill(false)
  for (let i = 0; i < entries.length; i++) {
    if (grouped[i] === true) continue
    const first = entries[i] as (typeof entries)[number]
    let group: Array<(typeof entries)[number]> | null = null
    for (let j = i + 1; j < entries.length; j++) {
      const other = entries[j] as (typeof entries)[number]
      if (grouped[j] !== true && other.total === first.total && (simultaneous || other.modifier === first.modifier)) {
        grouped[j] = true
        ;(group ??= [first]).push(other)
      }
    }
    if (group === null) continue
    if (simultaneous) {
      for (const e of group) e.simultaneousWith = group.filter((o) => o !== e).map((o) => o.id)
    } else {
      rollOff(group, dice, rank)
    }
  }

  const order = [...entries].sort((a, b) =>
    b.total - a.total ||
    (simultaneous ? 0 : b.modifier - a.modifier) ||
    compareRank(rank.get(a.index), rank.get(b.index)) ||
    a.index - b.index)

  // Stryker disable next-line EqualityOperator: equivalent: counting the unaware instead gives n − k, and 0 < n − k < n exactly when 0 < k < n
  const aware = combatants.filter((c) => c.aware !== false).length
  const surpriseRound = aware > 0 && aware < combatants.length
  const byIndex = (e: (typeof entries)[number]) => combatants[e.index] as InitiativeCombatant
  const reported: InitiativeEntry[] = []
  for (const e of order) reported.push({ id: e.id, roll: e.roll, modifier: e.modifier, total: e.total, breakdown: e.breakdown, tieBreak: e.tieBreak, simultaneousWith: e.simultaneousWith })
  return {
    order: reported,
    surpriseRound,
    surpriseActors: surpriseRound ? order.filter((e) => byIndex(e).aware !== false).map((e) => e.id) : [],
    // Everyone is flat-footed until they first act; uncanny dodge exempts (SRD 3.5 › Initiative; docs/rules.md §P7).
    flatFooted: order.filter((e) => !hasFeat(byIndex(e), 'uncanny-dodge')).map((e) => e.id)
  }
}

/** One d20 each, in request order; those still tied roll again. Ranks are the roll-off sequence, higher first. */
function rollOff (group: Array<InitiativeEntry & { index: number }>, dice: Dice, rank: Map<number, number[]>): void {
  const rolled = [...group].sort((a, b) => a.index - b.index).map((e) => {
    const r = dice.d20('tie-break')
    e.tieBreak.push(r)
    rank.set(e.index, [...(rank.get(e.index) ?? []), r])
    return e
  })
  const byRoll = new Map<number, Array<InitiativeEntry & { index: number }>>()
  for (const e of rolled) {
    const last = e.tieBreak[e.tieBreak.length - 1] as number
    byRoll.set(last, [...(byRoll.get(last) ?? []), e])
  }
  // Settle the sub-ties in the request order of their first member.
  const stillTied = [...byRoll.values()].filter((g) => g.length > 1).sort((a, b) => (a[0]?.index ?? 0) - (b[0]?.index ?? 0))
  for (const g of stillTied) rollOff(g, dice, rank)
}

function compareRank (a: number[] | undefined, b: number[] | undefined): number {
  const x = a ?? []
  const y = b ?? []
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (y[i] ?? 0) - (x[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}
