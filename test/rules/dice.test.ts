import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Dice } from '../../src/rules/dice/roller.js'
import { seedToInt } from '../../src/rules/dice/prng.js'
import { DICE_NOTATION_PATTERN, NotationError, isValidNotation, parseNotation, notationRange } from '../../src/rules/dice/notation.js'
import { RuleError } from '../../src/rules/errors.js'
import { assertRuleError } from '../helpers/problems.js'

test('notation: NdM terms, bare d20, constants, signs', () => {
  assert.deepEqual(parseNotation('2d6 + d4 - 1').terms, [
    { kind: 'dice', sign: 1, count: 2, faces: 6 },
    { kind: 'dice', sign: 1, count: 1, faces: 4 },
    { kind: 'constant', sign: -1, value: 1 }
  ])
  assert.deepEqual(parseNotation('-3').terms, [{ kind: 'constant', sign: -1, value: 3 }])
})

test('notation: bounds of 1,000 dice, 1,000 faces and 20 terms (OpenAPI › Limits)', () => {
  assert.doesNotThrow(() => parseNotation('1000d1000'))
  assert.throws(() => parseNotation('1001d6'), /at most 1000 dice per term/)
  assert.throws(() => parseNotation('1d1001'), /at most 1000 faces/)
  assert.doesNotThrow(() => parseNotation(Array(20).fill('1').join('+')))
  assert.throws(() => parseNotation(Array(21).fill('1').join('+')), /at most 20 terms/)
})

test('notation: garbage is refused, never half-read', () => {
  for (const bad of ['', 'd', '2d', '2x6', '2d6+', '2d6 3', '0d6', '1d0', '++1', 'd6d6']) {
    assert.throws(() => parseNotation(bad), NotationError, bad)
  }
})

test('dice.sequence is consumed in order before the seeded generator', () => {
  const dice = new Dice({ seed: 'x', sequence: [6, 6, 6, 6] })
  const rolled = dice.rollNotation('4d6+2', 'damage')
  assert.equal(rolled.total, 26)
  assert.deepEqual(dice.rolls.map((r) => r.result), [6, 6, 6, 6])
  assert.ok(dice.rolls.every((r) => r.purpose === 'damage' && r.die === 6))
  const next = dice.d20('attack')
  assert.ok(next >= 1 && next <= 20)
})

test('an impossible sequence value is a 422-kind RuleError naming the index and the die', () => {
  const dice = new Dice({ seed: 1, sequence: [3, 7] })
  dice.roll(6, 'damage')
  assert.throws(() => dice.roll(6, 'damage'), (error: unknown) => {
    assert.ok(error instanceof RuleError)
    assert.equal(error.kind, 'invalid-die-value')
    assert.deepEqual(error.errors.map((e) => e.path), ['/dice/sequence/1'])
    assert.match(error.message, /d6/)
    return true
  })
  assertRuleError(() => new Dice({ seed: 1, sequence: [0] }).d20('attack'), 'invalid-die-value', '/dice/sequence/0')
  assertRuleError(() => new Dice({ seed: 1, sequence: [21] }).d20('attack'), 'invalid-die-value', '/dice/sequence/0')
})

test('property: the same seed gives the same rolls; every die is within its faces', () => {
  fc.assert(fc.property(fc.oneof(fc.string(), fc.integer()), fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 20 }), (seed, faces) => {
    const a = new Dice({ seed })
    const b = new Dice({ seed })
    const ra = faces.map((f) => a.roll(f, 'p'))
    const rb = faces.map((f) => b.roll(f, 'p'))
    assert.deepEqual(ra, rb)
    ra.forEach((r, i) => assert.ok(r >= 1 && r <= (faces[i] as number)))
  }))
})

test('property: a notation total lies within its range and equals the sum of its terms', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.string(), (count, faces, constant, seed) => {
    const notation = `${count}d${faces}${constant < 0 ? '-' : '+'}${Math.abs(constant)}`
    const dice = new Dice({ seed })
    const rolled = dice.rollNotation(notation, 'p')
    const { min, max } = notationRange(parseNotation(notation))
    assert.ok(rolled.total >= min && rolled.total <= max)
    assert.equal(rolled.total, rolled.terms.reduce((s, t) => s + t.subtotal, 0))
    assert.equal(dice.rolls.length, count)
  }))
})

test('the generator is not visibly biased: 6,000 d6 rolls land near 1,000 per face', () => {
  const dice = new Dice({ seed: 'fairness' })
  const counts = [0, 0, 0, 0, 0, 0]
  for (let i = 0; i < 6000; i++) counts[dice.roll(6, 'p') - 1]! += 1
  for (const c of counts) assert.ok(c > 850 && c < 1150, `face count ${c}`)
})

// The schema states the notation as a `pattern` for tools that do not know the
// `dice-notation` format (a generated client, a fuzzer): it must accept exactly
// what the parser reads, or a schema-valid body would be a 400 (OpenAPI › Errors).
test('notation: the published pattern accepts exactly what the parser reads', () => {
  const pattern = new RegExp(DICE_NOTATION_PATTERN, 'u')
  const agree = (text: string): void => assert.equal(pattern.test(text), isValidNotation(text), JSON.stringify(text))
  for (const text of ['1d6', 'd20', ' 2d6 + 3 ', '01d06+007', 'D20-d4', '-3', '1d6+1000000', '1000d1000', '1d6+2000000', '0d6', '1001d6', '1d0', '1d1001', '+-3', '2d6 3', '1 d6', '', ' ', '1d6' + '+1'.repeat(19), '1d6' + '+1'.repeat(20)]) agree(text)
  const piece = fc.constantFrom('1', '0', '6', '9', 'd', 'D', '+', '-', ' ', '1000', '1001', '000', '1000000', '1000001', '20', '\t')
  fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (text) => { agree(text) }), { numRuns: 3000 })
})

test('a seed hashed in two parts is the seed hashed whole: a simulated run hashes `<run seed>:` once and each event continues from it (docs/architecture.md › The fast path)', async () => {
  const { continueSeedHash, seedPrefixHash, seedToInt } = await import('../../src/rules/dice/prng.js')
  fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (prefix, rest) => {
    assert.equal(continueSeedHash(seedPrefixHash(prefix), rest), seedToInt(prefix + rest))
  }), { numRuns: 2000 })
  // And the dice made from the continued hash roll what the whole seed rolls.
  fc.assert(fc.property(fc.string(), fc.nat({ max: 10_000 }), (run, k) => {
    const whole = new Dice({ seed: `${run}:${k}`, record: false })
    const parts = new Dice({ seed: `${run}:${k}`, record: false, seedInt: continueSeedHash(seedPrefixHash(`${run}:`), String(k)) })
    for (const faces of [20, 20, 8, 100, 6]) assert.equal(parts.roll(faces, 'x'), whole.roll(faces, 'x'))
  }), { numRuns: 500 })
})

test('dice started over with another seed roll what new dice of that seed roll; dice that record, or have fixed results, refuse to start over (docs/architecture.md › The fast path)', () => {
  const reused = new Dice({ seed: 'first', record: false })
  reused.roll(20, 'x')
  fc.assert(fc.property(fc.string(), fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }), (seed, faces) => {
    const fresh = new Dice({ seed, record: false })
    reused.reseed(seed, seedToInt(seed))
    assert.equal(reused.seed, seed)
    assert.deepEqual(faces.map((f) => reused.roll(f, 'x')), faces.map((f) => fresh.roll(f, 'x')))
    assert.equal(reused.drawn, faces.length)
  }), { numRuns: 300 })
  assert.throws(() => new Dice({ seed: 1 }).reseed(2, seedToInt(2)), /record nothing/)
  assert.throws(() => new Dice({ seed: 1, record: false, sequence: [3] }).reseed(2, seedToInt(2)), /fixed results/)
})

test('a seed\'s number is FNV-1a 32-bit over its text (the published test vectors), so different seeds give different dice', () => {
  // FNV-1a test vectors (Fowler, Noll, Vo): "" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968.
  assert.equal(seedToInt(''), 0x811c9dc5 | 0)
  assert.equal(seedToInt('a'), 0xe40c292c | 0)
  assert.equal(seedToInt('foobar'), 0xbf9cf968 | 0)
  assert.equal(seedToInt(42), seedToInt('42'))
  const hashes = new Set(Array.from({ length: 1000 }, (_, i) => seedToInt(`run:${i}`)))
  assert.equal(hashes.size, 1000)
})
