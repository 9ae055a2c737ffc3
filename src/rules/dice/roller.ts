import { DomainError } from '../errors.js'
import { type ParsedNotation, parseNotation } from './notation.js'
import { type Seed, type SeededGenerator, generatorOfSeedInt, rollSeeded, seedToInt } from './prng.js'

export const MAX_SEQUENCE_LENGTH = 1000

/** The rolls of dice that record none: always empty, shared. */
const NOTHING_RECORDED: RollRecord[] = Object.freeze([]) as unknown as RollRecord[]
const NO_SEQUENCE: readonly number[] = Object.freeze([])

/** One die as reported in a response's `rolls`. */
export interface RollRecord {
  purpose: string
  /** Number of faces; a percentile roll is 100. */
  die: number
  result: number
}

export interface NotationTermResult {
  /** The term as written, with its sign: "+2d6", "-1". */
  term: string
  dice: number[]
  subtotal: number
}

export interface NotationRoll {
  notation: string
  total: number
  terms: NotationTermResult[]
}

/**
 * The only source of dice for the rules library. Fixed results from
 * `dice.sequence` are consumed first, in the order the rules ask for dice;
 * then the seeded generator takes over. Every die is recorded with its purpose,
 * unless the dice are made with `record: false` (the fast path of a
 * simulation, which reports no rolls: docs/architecture.md › The fast path).
 */
export class Dice {
  /** The seed; changed only by `reseed`. */
  seed: Seed
  readonly rolls: RollRecord[]
  /** Dice drawn so far, fixed or seeded, recorded or not: the work done, and what two paths must agree on. */
  drawn = 0
  readonly recording: boolean
  private readonly sequence: readonly number[]
  private readonly sequencePath: string
  private nextFixed = 0
  /** `seedToInt(seed)`, when the caller hashed it already (a simulated run's event seeds: dice/prng.ts). */
  private seedInt: number | undefined
  /** Made at the first seeded die: many events (a simulated end of turn) roll none. */
  private random: SeededGenerator | null = null

  constructor (options: { seed: Seed, sequence?: readonly number[], sequencePath?: string, record?: boolean, seedInt?: number }) {
    this.seed = options.seed
    this.recording = options.record ?? true
    this.rolls = this.recording ? [] : NOTHING_RECORDED
    this.sequence = options.sequence ?? NO_SEQUENCE
    this.sequencePath = options.sequencePath ?? '/dice/sequence'
    this.seedInt = options.seedInt
  }

  /**
   * Become what `new Dice({ seed, seedInt, record: false })` would be, without
   * a new object: a simulated run makes one for every event, two a turn
   * (docs/architecture.md › The fast path). Only dice that record nothing and
   * have no fixed results may start over: a request's rolls and sequence are its own.
   */
  reseed (seed: Seed, seedInt: number): this {
    if (this.recording || this.sequence.length > 0) throw new Error('only dice that record nothing and have no fixed results start over')
    this.seed = seed
    this.seedInt = seedInt
    this.drawn = 0
    this.nextFixed = 0
    this.random = null
    return this
  }

  /** Roll one die with `faces` faces for the named step. */
  roll (faces: number, purpose: string): number {
    let result: number
    if (this.nextFixed < this.sequence.length) {
      const index = this.nextFixed++
      result = this.sequence[index] as number
      if (!Number.isInteger(result) || result < 1 || result > faces) {
        const message = `dice.sequence[${index}] is ${result}, which a d${faces} cannot roll (it was used for "${purpose}")`
        throw new DomainError('invalid-die-value', message, [{ path: `${this.sequencePath}/${index}`, message }])
      }
    } else {
      this.random ??= generatorOfSeedInt(this.seedInt ?? seedToInt(this.seed))
      result = rollSeeded(this.random, faces)
    }
    this.drawn++
    if (this.recording) this.rolls.push({ purpose, die: faces, result })
    return result
  }

  d20 (purpose: string): number {
    return this.roll(20, purpose)
  }

  /** Roll every term of a notation in order (left to right, each die of a term in turn). */
  rollNotation (notation: ParsedNotation | string, purpose: string): NotationRoll {
    const parsed = typeof notation === 'string' ? parseNotation(notation) : notation
    const terms: NotationTermResult[] = []
    let total = 0
    for (const term of parsed.terms) {
      const signText = term.sign === 1 ? '+' : '-'
      if (term.kind === 'constant') {
        const subtotal = term.sign * term.value
        terms.push({ term: `${signText}${term.value}`, dice: [], subtotal })
        total += subtotal
        continue
      }
      const dice: number[] = []
      let sum = 0
      for (let i = 0; i < term.count; i++) {
        const r = this.roll(term.faces, purpose)
        dice.push(r)
        sum += r
      }
      const subtotal = term.sign * sum
      terms.push({ term: `${signText}${term.count}d${term.faces}`, dice, subtotal })
      total += subtotal
    }
    return { notation: parsed.text, total, terms }
  }

  /**
   * The total of a notation: the same dice as `rollNotation`, drawn in the
   * same order, without the terms and their text (the fast path).
   */
  rollTotal (notation: ParsedNotation, purpose: string): number {
    let total = 0
    // A counted loop (V8 optimises `for…of` less well here): the fast path of every simulated blow.
    for (let t = 0; t < notation.terms.length; t++) {
      const term = notation.terms[t] as ParsedNotation['terms'][number]
      if (term.kind === 'constant') {
        total += term.sign * term.value
        continue
      }
      let sum = 0
      for (let i = 0; i < term.count; i++) sum += this.roll(term.faces, purpose)
      total += term.sign * sum
    }
    return total
  }
}
