import { DomainError } from '../errors.js'

/**
 * Dice notation: `NdM` terms, constants, joined by `+` and `-` ("2d6+1d4-1").
 * Bounds keep a single request cheap: the limits are part of the public contract.
 */
export const MAX_DICE_PER_TERM = 1000
export const MAX_FACES = 1000
export const MAX_TERMS = 20
export const MAX_NOTATION_LENGTH = 200
/** Largest constant term ("1d6+1000000"). */
export const MAX_CONSTANT = 1_000_000
/**
 * Most dice one notation may roll where the answer lists every die (POST
 * /v1/dice, a save's area effect, damage and healing dice): 20 terms of 1,000
 * dice would answer a 200-byte request with about a megabyte. 1,000 dice
 * answer in about 50 KB.
 */
export const MAX_DICE_PER_ROLL = 1000

export interface DiceTerm { kind: 'dice', sign: 1 | -1, count: number, faces: number }
export interface ConstantTerm { kind: 'constant', sign: 1 | -1, value: number }
export type NotationTerm = DiceTerm | ConstantTerm

export interface ParsedNotation {
  /** The notation as written by the caller, whitespace removed. */
  text: string
  terms: NotationTerm[]
}

/** A notation the grammar does not read: a DomainError of kind `validation-failed` (the schema's format refuses it first on every endpoint). */
export class NotationError extends DomainError {
  constructor (message: string) {
    super('validation-failed', message)
    this.name = 'NotationError'
  }
}

const TERM = /^([+-]?)(?:(\d*)[dD](\d+)|(\d+))/

/**
 * Notations read before, by their text: the body validator reads each one
 * (format `dice-notation`) and the rules read it again, for the same few
 * texts request after request ("1d8", "2d6+3"). Frozen, since they are shared;
 * emptied when full, so a stream of distinct texts costs no memory.
 */
const parsed = new Map<string, ParsedNotation>()
const PARSED_KEPT = 1000

export function parseNotation (input: string): ParsedNotation {
  const known = parsed.get(input)
  if (known) return known
  const result = readNotation(input)
  if (parsed.size >= PARSED_KEPT) parsed.clear()
  for (const term of result.terms) Object.freeze(term)
  Object.freeze(result.terms)
  parsed.set(input, Object.freeze(result))
  return result
}

function readNotation (input: string): ParsedNotation {
  // "2d6 3" must not be read as a d63: spaces only around signs.
  if (/[\dDd]\s+[\dDd]/.test(input)) throw new NotationError(`cannot read dice notation "${input.trim()}": terms must be joined by + or -`)
  const text = input.replace(/\s+/g, '')
  if (text.length === 0) throw new NotationError('dice notation is empty')
  if (text.length > MAX_NOTATION_LENGTH) throw new NotationError(`dice notation is longer than ${MAX_NOTATION_LENGTH} characters`)
  const terms: NotationTerm[] = []
  let rest = text
  while (rest.length > 0) {
    const match = TERM.exec(rest)
    // A sign is required between terms, so "2d6 3" (→ "2d63") is read as one term, never silently as two.
    if (!match || (terms.length > 0 && match[1] === '')) {
      throw new NotationError(`cannot read dice notation "${text}" at "${rest}"; expected terms like 2d6, d20 or 3 joined by + or -`)
    }
    const sign: 1 | -1 = match[1] === '-' ? -1 : 1
    if (match[4] !== undefined) {
      const value = Number(match[4])
      if (value > MAX_CONSTANT) throw new NotationError(`constant ${value} is larger than ${MAX_CONSTANT}`)
      terms.push({ kind: 'constant', sign, value })
    } else {
      const count = match[2] === '' || match[2] === undefined ? 1 : Number(match[2])
      const faces = Number(match[3])
      if (count < 1) throw new NotationError(`a dice term needs at least 1 die, got "${match[0]}"`)
      if (count > MAX_DICE_PER_TERM) throw new NotationError(`at most ${MAX_DICE_PER_TERM} dice per term, got ${count}`)
      if (faces < 1) throw new NotationError(`a die needs at least 1 face, got "${match[0]}"`)
      if (faces > MAX_FACES) throw new NotationError(`at most ${MAX_FACES} faces per die, got ${faces}`)
      terms.push({ kind: 'dice', sign, count, faces })
    }
    if (terms.length > MAX_TERMS) throw new NotationError(`at most ${MAX_TERMS} terms in a notation`)
    rest = rest.slice(match[0].length)
  }
  return { text, terms }
}

/** The integers from `min` (0 or 1) to `max`, leading zeros allowed (the parser reads `Number("007")`), as a regular expression. */
function upTo (max: number, min: 0 | 1): string {
  const digits = String(max).length
  const below = min === 1 ? `[1-9][0-9]{0,${digits - 2}}` : `[0-9]{1,${digits - 1}}`
  return `0*(?:${max}|${below})`
}

/**
 * The notation the parser reads, as a JSON Schema `pattern`, so that a tool
 * that does not know the `dice-notation` format (a client generator, a
 * fuzzer) still knows which strings are accepted: the same whitespace rule
 * (only around signs and at the ends), at most MAX_TERMS terms, dice counts
 * and faces 1 to 1,000, constants 0 to MAX_CONSTANT. The 200-character limit
 * is the schema's `maxLength`. test/rules/dice.test.ts holds it to the parser.
 */
export const DICE_NOTATION_PATTERN = (() => {
  const count = upTo(MAX_DICE_PER_TERM, 1)
  const faces = upTo(MAX_FACES, 1)
  const term = `(?:(?:${count})?[dD]${faces}|${upTo(MAX_CONSTANT, 0)})`
  return `^\\s*[+-]?\\s*${term}(?:\\s*[+-]\\s*${term}){0,${MAX_TERMS - 1}}\\s*$`
})()

/** True when the notation can be parsed; used by schema-level validation of notation strings. */
export function isValidNotation (input: string): boolean {
  try {
    parseNotation(input)
    return true
  } catch {
    return false
  }
}

/** Why a notation cannot be read, or `null` when it can. */
export function notationProblem (input: string): string | null {
  try {
    parseNotation(input)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

/** Number of dice a notation rolls (for limits and for `rolls` accounting). */
export function diceCount (notation: ParsedNotation): number {
  return notation.terms.reduce((n, t) => n + (t.kind === 'dice' ? t.count : 0), 0)
}

/**
 * The notation, parsed, if it rolls at most MAX_DICE_PER_ROLL dice; else a
 * 422 out-of-range naming the field, before any die is rolled.
 */
export function boundedNotation (notation: ParsedNotation | string, path: string): ParsedNotation {
  const parsed = typeof notation === 'string' ? parseNotation(notation) : notation
  const count = diceCount(parsed)
  if (count > MAX_DICE_PER_ROLL) {
    const message = `rolls ${count} dice (at most ${MAX_DICE_PER_ROLL} in one notation)`
    throw new DomainError('out-of-range', `${path} ${message}`, [{ path, message }])
  }
  return parsed
}

/** Smallest and largest totals, for exact probability work (`/v1/attacks/odds`). */
export function notationRange (notation: ParsedNotation): { min: number, max: number } {
  let min = 0
  let max = 0
  for (const t of notation.terms) {
    if (t.kind === 'constant') {
      min += t.sign * t.value
      max += t.sign * t.value
    } else if (t.sign === 1) {
      min += t.count
      max += t.count * t.faces
    } else {
      min -= t.count * t.faces
      max -= t.count
    }
  }
  return { min, max }
}
