// One simulated fight (docs/rules.md §83, §131–§133): the encounter's own
// state and flow (turn order, rounds, flat-footed, dying, durations), each
// turn's attack through the same operation as POST /v1/attacks and the
// encounter's attack actions, its hits through POST /v1/damage's rules. Every
// event takes the seed an encounter replay gives it: the start the run's seed,
// the k-th action after it `<run seed>:<k>`.
import { rollAttackAction, type AttackActionResult } from '../../rules/attacks/resolve.js'
import type { AttackRequest } from '../../rules/attacks/request.js'
import { Dice } from '../../rules/dice/roller.js'
import { continueSeedHash, seedPrefixHash } from '../../rules/dice/prng.js'
import { DomainError } from '../../rules/errors.js'
import { budgetRefusal, type Slot } from '../../rules/turn-flow.js'
import { creatureOf, isDown } from '../combatants.js'
import { advanceFrom, isRestricted, turnIndex, type Draft } from '../flow.js'
import { applyHit } from '../harm.js'
import type { CombatantState, EncounterState } from '../model.js'
import { PlanCache } from './plans.js'
import { chooseTarget, type Tactic } from './tactic.js'

/** A fight still going after this many rounds is a draw (docs/rules.md §83). */
export const ROUND_CAP = 50

export interface FightOutcome {
  /** The side left able to act, or null for a draw. */
  winner: string | null
  /** Rounds fought, the one it ended in included (at most ROUND_CAP). */
  rounds: number
}

/**
 * What a run adds up, per combatant by its place in the roster (a simulated
 * fight adds and removes no one, and every run's roster is the start's, in order).
 */
export interface FightTally {
  dealt: number[]
  taken: number[]
}

export function newTally (combatants: number): FightTally {
  return { dealt: zeros(combatants), taken: zeros(combatants) }
}

/** `n` zeros, pushed (a list with no holes: the kind of array V8 keeps for whole numbers). */
export function zeros (n: number): number[] {
  const list: number[] = []
  for (let i = 0; i < n; i++) list.push(0)
  return list
}

/**
 * The one call that resolves a simulated attack action: the application's
 * attack operation, as the encounter's attack and full-attack actions make it,
 * on the fast path (docs/architecture.md › The fast path: the same dice and
 * numbers, no breakdowns built), its plan reused while the two sides' state
 * that the plan reads is unchanged (docs/rules.md §140). `actorPlace` and
 * `targetPlace` are the two combatants' places in the roster, which every run
 * keeps. `request` builds the request, called only when the plan is computed.
 */
export function resolveSimulatedAttack (draft: Draft, plans: PlanCache, actor: CombatantState, actorPlace: number, target: CombatantState, targetPlace: number, mode: 'full' | 'single', request: () => AttackRequest): AttackActionResult {
  const plan = plans.plan(draft.ruleset, actor, actorPlace, target, targetPlace, mode, request)
  // Only a coup de grace reads the target beyond its plan; a simulation makes none.
  return rollAttackAction(draft.ruleset, plan.coupDeGrace === null ? NO_TARGET : request().target, plan, draft.dice, false)
}

const NO_TARGET: AttackRequest['target'] = Object.freeze({})

/** `String(k)` for the event numbers of most fights, each made once: a run asks for two a turn. */
const DIGITS: string[] = []
const DIGITS_KEPT = 4096

function digitsOf (k: number): string {
  if (k < 0 || k >= DIGITS_KEPT) return String(k)
  let text = DIGITS[k]
  if (text === undefined) {
    // Filled in order, so the list never has holes.
    for (let i = DIGITS.length; i <= k; i++) DIGITS.push(String(i))
    text = DIGITS[k] as string
  }
  return text
}

/**
 * The seeds of a run's events, `<run seed>:<k>`, each hashed on from the
 * hash of `<run seed>:` (the same number `seedToInt` gives the whole text).
 */
export class EventSeeds {
  private readonly prefix: string
  private readonly prefixHash: number

  constructor (runSeed: string) {
    this.prefix = `${runSeed}:`
    this.prefixHash = seedPrefixHash(this.prefix)
  }

  text (k: number): string {
    return this.prefix + digitsOf(k)
  }

  /**
   * The dice of the k-th event; no roll is reported, so they record none (the
   * fast path). One Dice object started over for each event: the run's
   * events come one after the other and none keeps its dice.
   */
  dice (k: number): Dice {
    const n = digitsOf(k)
    const seed = this.prefix + n
    const seedInt = continueSeedHash(this.prefixHash, n)
    if (this.shared === null) this.shared = new Dice({ seed, record: false, seedInt })
    else this.shared.reseed(seed, seedInt)
    return this.shared
  }

  private shared: Dice | null = null
}

/**
 * Who is down this turn, by place in the roster, and the side still standing
 * (docs/rules.md §68: not dead, dying, stable or unconscious): its name when
 * exactly one side has a creature able to act, null when none has, undefined
 * while two or more have. Worked out once a turn, for the end check and the
 * choice of target.
 */
function markDown (state: EncounterState, ruleset: Draft['ruleset'], down: boolean[]): string | null | undefined {
  let found: string | null = null
  let several = false
  const roster = state.combatants
  for (let i = 0; i < roster.length; i++) {
    const c = roster[i] as CombatantState
    const out = isDown(c, ruleset)
    down[i] = out
    const side = c.side
    if (side === null || out) continue
    // Two names compared only once one is found: V8 compares names by reference, a name with null by a call.
    if (found === null) found = side
    else if (side !== found) several = true
  }
  return several ? undefined : found
}

/** Where the combatant with this id stands in the roster. */
function rosterIndex (state: EncounterState, id: string): number {
  const roster = state.combatants
  for (let i = 0; i < roster.length; i++) if ((roster[i] as CombatantState).id === id) return i
  return -1
}

/**
 * The request of the attack being made, built only when its plan is not
 * kept (PlanCache): one object per fight whose fields each attack sets,
 * rather than a new closure for every attack.
 */
class AttackRequestOf {
  ruleset: Draft['ruleset'] | null = null
  actor: CombatantState | null = null
  target: CombatantState | null = null
  weapon: CarriedWeapon | null = null
  mode: 'full' | 'single' = 'single'

  readonly build = (): AttackRequest => {
    const { ruleset, actor, target, weapon, mode } = this
    if (ruleset === null || actor === null || target === null || weapon === null) throw new Error('no attack is being made')
    const { offHand, ...primary } = weapon
    return {
      attacker: creatureOf(actor, ruleset),
      target: creatureOf(target, ruleset),
      weapon: primary,
      ...(mode === 'full' && offHand !== undefined && ruleset.attacks.twoWeaponFighting ? { offHand } : {}),
      mode
    } as AttackRequest
  }
}

/** What a fight reuses every turn rather than making anew: who is down, the enemies' places in the roster, the attack's request. */
interface TurnScratch {
  down: boolean[]
  enemies: number[]
  request: AttackRequestOf
}

interface CarriedWeapon extends Record<string, unknown> { offHand?: Record<string, unknown> }

function firstWeapon (c: CombatantState): CarriedWeapon | null {
  const weapons = c.statBlock.weapons
  return Array.isArray(weapons) && weapons.length > 0 ? weapons[0] as CarriedWeapon : null
}

function spend (draft: Draft, actor: CombatantState, slot: Slot): boolean {
  const turn = draft.state.turn
  if (!turn) return false
  if (budgetRefusal(turn.spent, slot, isRestricted(draft.state, actor)) !== null) return false
  // A turn begins with an empty list (beginTurn), which a first push would grow in the runtime; a list of
  // one made at once costs less. The list is the turn's own: nothing else holds it.
  if (turn.spent.length === 0) turn.spent = [slot]
  else turn.spent.push(slot)
  return true
}

/**
 * Paths of an attack's error onto the combatants: `@<id>` and the field of its
 * stat block (`@fighter/weapons/0/damage`), which the caller turns into a
 * path of its request.
 */
function rebase (error: DomainError, actor: string, target: string): void {
  const prefixes: Array<[string, string]> = [['/attacker', `@${actor}`], ['/weapon', `@${actor}/weapons/0`], ['/offHand', `@${actor}/weapons/0/offHand`], ['/target', `@${target}`]]
  for (const field of error.errors) {
    const found = prefixes.find(([from]) => field.path === from || field.path.startsWith(`${from}/`))
    if (found) field.path = found[1] + field.path.slice(found[0].length)
  }
}

/** Where a refusal points when it is the moment, not the stat block: conditions, hit points, the full attack's off hand. */
const SITUATIONAL = /^\/(?:(?:attacker|target)\/(?:conditions|hitPoints)|offHand|mode)(?:\/|$)/

/**
 * An attack the rules refuse because of the state of the fight (a condition
 * or hit-point state forbids it, no two-weapon attacks while grappling): the
 * creature loses the action and the fight goes on. Any other error is the
 * stat block's, and stops the simulation.
 */
function isRefusal (error: unknown): boolean {
  return error instanceof DomainError && error.kind === 'not-possible' && error.errors.length > 0 && error.errors.every((e) => SITUATIONAL.test(e.path))
}

/**
 * The actor's attack under the tactic: a full attack when the tactic, the
 * ruleset and its turn allow one, else a single attack; refused by the
 * rules, the full attack falls back to a single attack, a refused single
 * attack is no action. Returns whether an action was taken (and its seed used).
 */
const FULL_THEN_SINGLE: ReadonlyArray<'full' | 'single'> = ['full', 'single']
const SINGLE: ReadonlyArray<'full' | 'single'> = ['single']

function attackTurn (draft: Draft, actorIndex: number, tactic: Tactic, tally: FightTally, seeds: EventSeeds, k: number, plans: PlanCache, scratch: TurnScratch): boolean {
  const { state, ruleset } = draft
  const roster = state.combatants
  const actor = roster[actorIndex] as CombatantState
  const weapon = firstWeapon(actor)
  if (!weapon || actor.side === null) return false
  const { down, enemies } = scratch
  let count = 0
  for (let i = 0; i < roster.length; i++) {
    const side = (roster[i] as CombatantState).side
    if (side !== null && side !== actor.side && down[i] !== true) enemies[count++] = i
  }
  if (count === 0) return false
  const targetIndex = chooseTarget(tactic.target, roster, enemies, count, tally.dealt, seeds, k)
  const target = roster[targetIndex] as CombatantState
  const modes = tactic.fullAttack && ruleset.attacks.fullAttack ? FULL_THEN_SINGLE : SINGLE
  for (let m = 0; m < modes.length; m++) {
    const mode = modes[m] as 'full' | 'single'
    if (!spend(draft, actor, mode === 'full' ? 'fullRound' : 'primary')) continue
    draft.dice = seeds.dice(k)
    const request = scratch.request
    request.ruleset = ruleset
    request.actor = actor
    request.target = target
    request.weapon = weapon
    request.mode = mode
    let result: AttackActionResult
    try {
      result = resolveSimulatedAttack(draft, plans, actor, actorIndex, target, targetIndex, mode, request.build)
    } catch (error) {
      draft.state.turn?.spent.pop()
      if (isRefusal(error)) continue
      if (error instanceof DomainError) rebase(error, actor.id, target.id)
      throw error
    }
    const label = mode === 'full' ? 'full-attack' : 'attack'
    try {
      for (let i = 0; i < result.attacks.length; i++) {
        const a = result.attacks[i] as AttackActionResult['attacks'][number]
        // A quiet draft reports no cause: none is built.
        if (a.damage) applyHit(draft, target, a.damage, draft.quiet === true ? label : `${label} ${a.label}`, a.critical)
      }
    } catch (error) {
      // POST /v1/damage's rules name the creature hit `/creature`.
      if (error instanceof DomainError) for (const field of error.errors) field.path = field.path.replace(/^\/creature(?=\/|$)/, `@${target.id}`)
      throw error
    }
    const damage = result.totals.damage
    tally.dealt[actorIndex] = (tally.dealt[actorIndex] as number) + damage
    tally.taken[targetIndex] = (tally.taken[targetIndex] as number) + damage
    // Setting an array's length calls into the runtime: only when something was added.
    if (draft.applied.length > 0) draft.applied.length = 0
    return true
  }
  return false
}

/**
 * Fight on from `state` (an active encounter, its turn given to someone or
 * to nobody) until at most one side has a creature able to act, or for
 * ROUND_CAP rounds. `state` is changed in place; the run's k-th event uses the
 * seed `<runSeed>:<k>`, k counting on from `firstEvent`. `plans` may be shared
 * by every run of a simulation (same combatant ids, same stat blocks).
 */
export function fight (draft: Draft, runSeed: string, tactic: Tactic, tally: FightTally, firstEvent = 1, plans = new PlanCache()): FightOutcome {
  const { state } = draft
  const startRound = state.round
  const seeds = new EventSeeds(runSeed)
  const scratch: TurnScratch = { down: [], enemies: [], request: new AttackRequestOf() }
  let k = firstEvent
  for (;;) {
    const standing = markDown(state, draft.ruleset, scratch.down)
    const rounds = state.round - startRound + 1
    if (standing !== undefined) return { winner: standing, rounds: Math.min(rounds, ROUND_CAP) }
    if (rounds > ROUND_CAP || state.turn === null) return { winner: null, rounds: Math.min(rounds, ROUND_CAP) }
    if (attackTurn(draft, rosterIndex(state, state.turn.combatantId), tactic, tally, seeds, k, plans, scratch)) k++
    // end-turn, as the encounter action does it.
    draft.dice = seeds.dice(k)
    k++
    advanceFrom(draft, turnIndex(state) + 1)
    if (draft.applied.length > 0) draft.applied.length = 0
  }
}
