import { addNotation, point } from '../attacks/distribution.js'
import { RuleError } from '../errors.js'
import { type ParsedNotation, parseNotation } from './notation.js'
import { Dice, type NotationRoll, type NotationTermResult } from './roller.js'

/**
 * Exact odds by enumeration: run a resolving function once per way its dice
 * can fall, with every die weighted by its probability. Nothing is sampled and
 * nothing about the rules is restated here: each run is the resolving
 * function itself, fed chosen dice, so the odds and the resolution cannot
 * disagree. To keep the tree small, dice whose faces the rules read only
 * through a difference, a comparison, a sum or a judgement are enumerated by
 * those classes (each class run once, with a representative face, weighted by
 * its size), as the caller declares per purpose:
 *
 * - `differencePairs`: a d20 whose purpose is a key is followed by exactly one
 *   d20 of the named partner purpose, and the rules read the two only through
 *   their difference (an opposed check: totals compared, margin reported): 39
 *   differences instead of 400 pairs;
 * - `comparePairs`: two consecutive dice of this purpose read only through
 *   which is higher, rolled again while they tie, at most `compareRounds`
 *   times (the re-rolls of a tied opposed check): the whole chain ends in
 *   three ways (the actor wins at some round, the opponent does, or every
 *   round ties), each run once through the first round that decides it;
 * - `sumPairs`: two consecutive dice of this purpose read only through their
 *   sum (the 2d6 of turning damage);
 * - `classify`: a single die read only through what the finished result tells
 *   (a touch attack only hits or misses): the first run uses face 1, then the
 *   classifier, given that run's result, says which faces are alike;
 * - every `rollNotation` is read only through its total: one run per total,
 *   weighted by the convolution of its dice.
 *
 * A declared pair that the rules do not roll as declared (the partner is not
 * next, or a second opponent's die follows) is detected and the enumeration
 * starts again without that shortcut, so a wrong declaration costs time,
 * never exactness.
 */
export interface EnumerationOptions<R> {
  differencePairs?: Readonly<Record<string, string>>
  comparePairs?: ReadonlySet<string>
  /** The most rounds of a compare pair (the ruleset's re-roll limit). */
  compareRounds?: number
  sumPairs?: ReadonlySet<string>
  classify?: Readonly<Record<string, (result: R) => ((face: number) => string) | null>>
  /** The most runs allowed; the caller counts its bound before calling, so this is a backstop. */
  maxRuns: number
  /** The error to throw beyond maxRuns (a 422 out-of-range naming the field to lower). */
  tooLarge: () => RuleError
}

export interface EnumerationResult {
  runs: number
  /**
   * Total probability of the dice for which the resolving function refused
   * because of the dice themselves (a tie still standing after every allowed
   * re-roll): 20^−20 per opposed check, left out of the outcomes.
   */
  refused: number
}

interface Branch { value: number, weight: number, partner?: number }

interface Node {
  kind: 'die' | 'notation'
  faces: number
  purpose: string
  branches: Branch[]
  index: number
  /** A difference, compare or sum pair's first die: the next die must be this purpose, and is forced. */
  partnerPurpose?: string
  /** This die was forced by the pair before it, of that pair's kind. */
  forcedBy?: 'difference' | 'compare' | 'sum'
  /** Waits for its run's result to be split into classes. */
  pending?: boolean
}

/** A declared shortcut that does not hold for this request: start again without it. */
class ShortcutBroken extends Error {
  constructor (readonly purpose: string) {
    super(`dice shortcut for "${purpose}" does not hold`)
  }
}

function differenceBranches (): Branch[] {
  const out: Branch[] = []
  for (let d = -19; d <= 19; d++) {
    const value = d >= 0 ? 20 : 20 + d
    out.push({ value, partner: value - d, weight: (20 - Math.abs(d)) / 400 })
  }
  return out
}

/**
 * A chain of at most `rounds` re-rolls, each tying with chance 1/faces and
 * otherwise won by either side alike: the actor wins at some round with
 * chance (1 − tieᴿ)/2, the opponent likewise, and every round ties with
 * chance tieᴿ (then the rest of the chain is forced to tie).
 */
function compareBranches (faces: number, rounds: number): Branch[] {
  const allTie = (1 / faces) ** rounds
  return [
    { value: 2, partner: 1, weight: (1 - allTie) / 2 },
    { value: 1, partner: 2, weight: (1 - allTie) / 2 },
    { value: 1, partner: 1, weight: allTie }
  ]
}

function sumBranches (faces: number): Branch[] {
  const out: Branch[] = []
  for (let s = 2; s <= 2 * faces; s++) {
    const value = Math.max(1, s - faces)
    out.push({ value, partner: s - value, weight: (faces - Math.abs(s - faces - 1)) / (faces * faces) })
  }
  return out
}

function faceBranches (faces: number): Branch[] {
  return Array.from({ length: faces }, (_, i) => ({ value: i + 1, weight: 1 / faces }))
}

/** Every total a notation can roll, with its exact probability (a discrete convolution). */
export function notationBranches (parsed: ParsedNotation): Array<{ value: number, weight: number }> {
  const d = addNotation(point(0), parsed)
  const out: Array<{ value: number, weight: number }> = []
  for (let i = 0; i < d.p.length; i++) if (d.p[i]! > 0) out.push({ value: d.offset + i, weight: d.p[i]! })
  return out
}

/** Dice showing exactly `total` for this notation, in the shape Dice.rollNotation returns. */
export function notationRollFor (parsed: ParsedNotation, total: number, record?: (faces: number, result: number) => void): NotationRoll {
  // Start every die at its lowest contribution, then raise dice one by one until the total is met.
  let rest = total
  for (const t of parsed.terms) rest -= t.kind === 'constant' ? t.sign * t.value : t.sign === 1 ? t.count : -t.count * t.faces
  const terms: NotationTermResult[] = []
  let sum = 0
  for (const t of parsed.terms) {
    const signText = t.sign === 1 ? '+' : '-'
    if (t.kind === 'constant') {
      terms.push({ term: `${signText}${t.value}`, dice: [], subtotal: t.sign * t.value })
      sum += t.sign * t.value
      continue
    }
    const dice: number[] = []
    for (let i = 0; i < t.count; i++) {
      const raise = Math.min(rest, t.faces - 1)
      rest -= raise
      const value = t.sign === 1 ? 1 + raise : t.faces - raise
      dice.push(value)
      record?.(t.faces, value)
    }
    const subtotal = t.sign * dice.reduce((n, v) => n + v, 0)
    terms.push({ term: `${signText}${t.count}d${t.faces}`, dice, subtotal })
    sum += subtotal
  }
  if (rest !== 0 || sum !== total) throw new Error(`no dice of ${parsed.text} total ${total}`)
  return { notation: parsed.text, total, terms }
}

class Enumeration<R> {
  readonly stack: Node[] = []
  constructor (private readonly options: EnumerationOptions<R>, private readonly broken: ReadonlySet<string>) {}

  next (pos: number, faces: number, purpose: string, kind: Node['kind'], parsed?: ParsedNotation): Node {
    const existing = this.stack[pos]
    if (existing !== undefined) {
      if (existing.purpose !== purpose || existing.faces !== faces || existing.kind !== kind) throw new Error('the resolving function asked for different dice on the same path')
      return existing
    }
    const previous = this.stack[pos - 1]
    if (previous?.partnerPurpose !== undefined) {
      if (kind !== 'die' || purpose !== previous.partnerPurpose || faces !== previous.faces) throw new ShortcutBroken(previous.purpose)
      const branch = previous.branches[previous.index]!
      const forcedBy = this.options.comparePairs?.has(previous.purpose) ? 'compare' : this.options.sumPairs?.has(previous.purpose) ? 'sum' : 'difference'
      return this.push({ kind, faces, purpose, branches: [{ value: branch.partner!, weight: 1 }], index: 0, forcedBy })
    }
    // A difference pair shared with a second opponent (one actor die against several) is not a pair.
    if (previous?.forcedBy === 'difference' && purpose === previous.purpose) throw new ShortcutBroken(this.actorOf(pos - 1))
    // A compare chain whose first round stood for "every round ties" goes on tying.
    if (previous?.forcedBy === 'compare' && purpose === previous.purpose && kind === 'die' && faces === previous.faces) {
      const first = this.stack[pos - 2]!.branches[this.stack[pos - 2]!.index]!
      if (first.value === first.partner) return this.push({ kind, faces, purpose, branches: [{ value: 1, partner: 1, weight: 1 }], index: 0, partnerPurpose: purpose })
    }
    if (kind === 'notation') {
      return this.push({ kind, faces, purpose, branches: notationBranches(parsed!), index: 0 })
    }
    const o = this.options
    if (!this.broken.has(purpose)) {
      const partner = o.differencePairs?.[purpose]
      if (partner !== undefined && faces === 20) return this.push({ kind, faces, purpose, branches: differenceBranches(), index: 0, partnerPurpose: partner })
      if (o.comparePairs?.has(purpose) && o.compareRounds !== undefined) return this.push({ kind, faces, purpose, branches: compareBranches(faces, o.compareRounds), index: 0, partnerPurpose: purpose })
      if (o.sumPairs?.has(purpose)) return this.push({ kind, faces, purpose, branches: sumBranches(faces), index: 0, partnerPurpose: purpose })
      if (o.classify?.[purpose] !== undefined) return this.push({ kind, faces, purpose, branches: [{ value: 1, weight: 1 / faces }], index: 0, pending: true })
    }
    return this.push({ kind, faces, purpose, branches: faceBranches(faces), index: 0 })
  }

  private actorOf (pos: number): string {
    return this.stack[pos - 1]?.purpose ?? this.stack[pos]!.purpose
  }

  private push (node: Node): Node {
    this.stack.push(node)
    return node
  }

  /** After a finished run: a pair's first die with no partner after it breaks the shortcut; pending dice are split into classes. */
  settle (length: number, result: R | undefined): void {
    const last = this.stack[length - 1]
    if (last?.partnerPurpose !== undefined) throw new ShortcutBroken(last.purpose)
    for (let i = 0; i < length; i++) {
      const node = this.stack[i]!
      if (!node.pending) continue
      node.pending = false
      const classify = result === undefined ? null : this.options.classify![node.purpose]!(result)
      if (classify === null) {
        node.branches = faceBranches(node.faces)
        continue
      }
      const classes = new Map<string, Branch>()
      for (let face = 1; face <= node.faces; face++) {
        const key = classify(face)
        const branch = classes.get(key)
        if (branch) branch.weight += 1 / node.faces
        else classes.set(key, { value: face, weight: 1 / node.faces })
      }
      // Face 1 was the one just run: its class stays first, the others follow.
      node.branches = [...classes.values()]
    }
  }

  probability (length: number): number {
    let p = 1
    for (let i = 0; i < length; i++) {
      const node = this.stack[i]!
      p *= node.branches[node.index]!.weight
    }
    return p
  }

  /** The next path: the deepest die with a branch left moves on; every die after it is forgotten. */
  advance (length: number): boolean {
    this.stack.length = length
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1]!
      if (top.index + 1 < top.branches.length) {
        top.index++
        return true
      }
      this.stack.pop()
    }
    return false
  }
}

class EnumeratingDice<R> extends Dice {
  position = 0
  constructor (private readonly enumeration: Enumeration<R>) {
    super({ seed: 0 })
  }

  override roll (faces: number, purpose: string): number {
    const node = this.enumeration.next(this.position++, faces, purpose, 'die')
    const result = node.branches[node.index]!.value
    this.rolls.push({ purpose, die: faces, result })
    return result
  }

  override rollNotation (notation: ParsedNotation | string, purpose: string): NotationRoll {
    const parsed = typeof notation === 'string' ? parseNotation(notation) : notation
    const node = this.enumeration.next(this.position++, 0, purpose, 'notation', parsed)
    return notationRollFor(parsed, node.branches[node.index]!.value, (die, result) => this.rolls.push({ purpose, die, result }))
  }

  // A notation is one branch over its totals here, not one per die: the fast path's total must take the same branch.
  override rollTotal (notation: ParsedNotation, purpose: string): number {
    return this.rollNotation(notation, purpose).total
  }
}

/** Is this a refusal caused by the dice alone (fixed dice that tie every re-roll), not by the request? */
function refusedByDice (error: unknown): boolean {
  return error instanceof RuleError && error.errors.length > 0 && error.errors.every((e) => e.path.startsWith('/dice/'))
}

/**
 * Run `resolve` once per way the dice can fall (up to the declared classes)
 * and hand each result, as `project` keeps it, to `onOutcome` with its exact
 * probability. The
 * probabilities of the outcomes and `refused` sum to 1. A refusal of the
 * request itself (a missing field, a rule not defined) is thrown as the
 * resolving endpoint would throw it.
 */
export function enumerateOutcomes<R, T> (
  resolve: (dice: Dice) => R,
  project: (result: R) => T,
  onOutcome: (outcome: T, probability: number) => void,
  options: EnumerationOptions<R>
): EnumerationResult {
  const broken = new Set<string>()
  let runs = 0
  for (;;) {
    // Only the projections are kept until the enumeration is complete: a result holds its whole breakdown.
    const outcomes: Array<[T, number]> = []
    const enumeration = new Enumeration(options, broken)
    let refused = 0
    try {
      for (;;) {
        if (++runs > options.maxRuns) throw options.tooLarge()
        const dice = new EnumeratingDice(enumeration)
        let result: R | undefined
        try {
          result = resolve(dice)
        } catch (error) {
          if (!refusedByDice(error)) throw error
        }
        const length = dice.position
        enumeration.settle(length, result)
        const p = enumeration.probability(length)
        if (result === undefined) refused += p
        else outcomes.push([project(result), p])
        if (!enumeration.advance(length)) break
      }
    } catch (error) {
      if (!(error instanceof ShortcutBroken)) throw error
      broken.add(error.purpose)
      continue
    }
    for (const [outcome, p] of outcomes) onOutcome(outcome, p)
    return { runs, refused }
  }
}
