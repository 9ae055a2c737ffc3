// Attack plans kept for a whole simulation (docs/rules.md §140): a plan is a
// pure function of the ruleset and the request (docs/architecture.md › The fast
// path), and a simulated request is made of the two combatants' stat blocks,
// their conditions and what their hit points imply, the weapons and the mode.
// While none of these change, the plan the rules gave last time is the plan
// they would give again, so it is computed once and rolled many times.
import { planAttack } from '../../application/attacks.js'
import type { AttackActionPlan } from '../../rules/attacks/resolve.js'
import type { AttackRequest } from '../../rules/attacks/request.js'
import { DomainError } from '../../rules/errors.js'
import type { Ruleset } from '../../rules/rulesets/types.js'
import type { CombatantState } from '../model.js'

/** Each lasting-effects list's text, once per list: a fight replaces the list when an effect ends (docs/rules.md §96). */
const effectsKeys = new WeakMap<object, string>()

function effectsKeyOf (c: CombatantState): string {
  const list = c.statBlock.effects
  if (typeof list !== 'object' || list === null) return ''
  let key = effectsKeys.get(list)
  if (key === undefined) {
    key = JSON.stringify(list)
    effectsKeys.set(list, key)
  }
  return key
}

/**
 * The part of a combatant's state an attack plan reads besides its stat block
 * (of which a fight changes only the lasting effects, as they end): its
 * lasting effects, its condition names, in order, and what its hit points
 * imply (docs/rules.md §71). The countdown model's implied
 * conditions follow from the status alone, which the encounter stores as the
 * rules reported it; the accumulated model's also from the damage taken
 * (bloodied, wounded), so there every hit-point field is part of the key.
 */
export function planKeyOf (c: CombatantState, ruleset: Ruleset): string {
  let key = effectsKeyOf(c)
  for (const x of c.conditions) key += `${x.name},`
  const hp = c.hitPoints
  if (hp === null) return `${key}|-`
  if (ruleset.hitPoints.model === 'countdown') return `${key}|${hp.status}`
  return `${key}|${hp.status}:${hp.max}:${hp.current}:${hp.temporary}:${hp.nonlethal}:${hp.woundPoints}:${hp.deathSaves.successes}:${hp.deathSaves.failures}:${hp.constitutionDamage}`
}

/** A combatant's plan key as a number, and the objects it was worked out from (replaced, never changed in place, when they change). */
interface KeyMemo {
  /** The combatant (a place in the roster is a hint; the id decides). */
  id: string
  /** The ruleset the key was worked out under (a cache the caller passes in may see more than one). */
  ruleset: Ruleset
  /** The condition names, in order (each run and each change makes a new list of the same names). */
  conditions: string[]
  hitPoints: unknown
  effects: unknown
  number: number
}

function sameNames (records: CombatantState['conditions'], names: readonly string[]): boolean {
  if (records.length !== names.length) return false
  for (let i = 0; i < names.length; i++) if ((records[i] as { name: string }).name !== names[i]) return false
  return true
}

/** What of the hit points the key reads: in the countdown model the status alone, else the whole (replaced) object. */
function hitPointsToken (c: CombatantState, ruleset: Ruleset): unknown {
  const hp = c.hitPoints
  return hp !== null && ruleset.hitPoints.model === 'countdown' ? hp.status : hp
}

/** Most plans one simulation keeps; a miss only costs the planning the rules would do anyway. */
export const MAX_PLANS = 20_000

/** Most plan keys numbered at once: past it, the cache starts afresh. Small enough that every plan key is a small integer (V8's fastest Map key). */
const KEY_NUMBERS = 2 ** 14

/** Key numbers remembered per combatant. */
const MEMOS_PER_COMBATANT = 4

/** How a plan was obtained, for the tests that count work (never timing). */
export interface PlanCounts {
  /** Plans the rules computed (each a full `planAttack`, cross-field checks included). */
  computed: number
  /** Plans taken from the cache. */
  reused: number
}

/**
 * One simulation's plans, by mode, attacker and target with their keys.
 * Combatant ids name the same stat block for the whole simulation (every run
 * starts from the same state). A refused attack is not kept: the rules raise
 * the refusal again each time, as they would without the cache.
 */
export class PlanCache {
  readonly counts: PlanCounts = { computed: 0, reused: 0 }
  /** By (actor's key number × KEY_NUMBERS + target's key number) × 2 + mode. */
  private readonly plans = new Map<number, AttackActionPlan>()
  /** Each combatant id with its plan key (`<id>\0<ruleset>\0<planKeyOf>`), numbered in the order met. */
  private readonly keyNumbers = new Map<string, number>()
  /**
   * Per place in the roster, the key numbers last worked out for the
   * combatant there, the latest first (a creature goes back and forth
   * between a few: flat-footed or not, disabled or not). By place, not by id:
   * looking a text up in a map cost more than the rest of the memo check.
   */
  private readonly lastKeys: KeyMemo[][] = []
  /** Also plan every reused attack afresh and fail unless the two plans are the same (the tests' check of the keys). */
  private readonly verify: boolean

  constructor (options: { verify?: boolean } = {}) {
    this.verify = options.verify ?? false
  }

  /**
   * The plan of `request()`'s attack of `actor` on `target`: the one kept
   * under the same key, or a new one the rules compute from the request
   * (built only then). `actorPlace` and `targetPlace` are their places in
   * the roster, the same in every run of a simulation.
   */
  plan (ruleset: Ruleset, actor: CombatantState, actorPlace: number, target: CombatantState, targetPlace: number, mode: 'full' | 'single', request: () => AttackRequest): AttackActionPlan {
    // Numbers stay below KEY_NUMBERS, so two of them and the mode make one exact integer key.
    if (this.keyNumbers.size >= KEY_NUMBERS - 2) this.forget()
    const key = (this.keyNumberOf(actor, actorPlace, ruleset) * KEY_NUMBERS + this.keyNumberOf(target, targetPlace, ruleset)) * 2 + (mode === 'full' ? 1 : 0)
    const kept = this.plans.get(key)
    if (kept !== undefined) {
      this.counts.reused++
      if (this.verify) this.check(kept, ruleset, request())
      return kept
    }
    const plan = planAttack(ruleset, request())
    this.counts.computed++
    // A bound on memory (the accumulated model keys on every hit-point number): past it, start afresh.
    if (this.plans.size >= MAX_PLANS) this.plans.clear()
    this.plans.set(key, plan)
    return plan
  }

  /** The number of the combatant's plan key, worked out again only when its condition names, hit points or effects changed. */
  private keyNumberOf (c: CombatantState, place: number, ruleset: Ruleset): number {
    const effects = c.statBlock.effects
    const hitPoints = hitPointsToken(c, ruleset)
    // Pushed, never with holes (V8 keeps such a list in its fastest form).
    while (this.lastKeys.length <= place) this.lastKeys.push([])
    const memos = this.lastKeys[place] as KeyMemo[]
    for (let i = 0; i < memos.length; i++) {
      const m = memos[i] as KeyMemo
      if (m.id === c.id && m.ruleset === ruleset && m.hitPoints === hitPoints && m.effects === effects && sameNames(c.conditions, m.conditions)) return m.number
    }
    const text = `${c.id}\u0000${ruleset.id}\u0000${planKeyOf(c, ruleset)}`
    let number = this.keyNumbers.get(text)
    if (number === undefined) {
      number = this.keyNumbers.size
      this.keyNumbers.set(text, number)
    }
    if (memos.length >= MEMOS_PER_COMBATANT) memos.pop()
    memos.unshift({ id: c.id, ruleset, conditions: c.conditions.map((x) => x.name), hitPoints, effects, number })
    return number
  }

  /** Start afresh: every plan and key number dropped (they are worked out again as needed). */
  private forget (): void {
    this.plans.clear()
    this.keyNumbers.clear()
    this.lastKeys.length = 0
  }

  private check (kept: AttackActionPlan, ruleset: Ruleset, request: AttackRequest): void {
    let fresh: AttackActionPlan | DomainError
    try {
      fresh = planAttack(ruleset, request)
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      fresh = error
    }
    if (JSON.stringify(fresh) !== JSON.stringify(kept)) throw new Error(`a reused plan differs from the rules' plan for ${JSON.stringify(request)}`)
  }
}
