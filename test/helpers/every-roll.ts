import { Dice } from '../../src/rules/dice/roller.js'

/**
 * Every way the dice of a resolving function can fall, found independently of
 * the service's odds code: replay fixed dice (`dice.sequence`, as a client
 * would send them) and branch on the first die the function asks for beyond
 * them, face by face. Each finished sequence comes with its probability (the
 * product of 1/faces). Returns the runs made; throws beyond `maxRuns`.
 */
export function everyRoll<R> (resolve: (dice: Dice) => R, visit: (result: R, probability: number, sequence: number[]) => void, maxRuns = 100_000): number {
  let runs = 0
  const walk = (prefix: number[], p: number): void => {
    if (++runs > maxRuns) throw new Error(`more than ${maxRuns} runs`)
    const dice = new Dice({ seed: 'every-roll', sequence: prefix })
    const result = resolve(dice)
    if (dice.rolls.length === prefix.length) {
      visit(result, p, prefix)
      return
    }
    const faces = dice.rolls[prefix.length]!.die
    for (let face = 1; face <= faces; face++) walk([...prefix, face], p / faces)
  }
  walk([], 1)
  return runs
}

/** Add `p` to a map's entry. */
export function tally<K> (map: Map<K, number>, key: K, p: number): void {
  map.set(key, (map.get(key) ?? 0) + p)
}

/** Two maps of probabilities agree within 1e-12 on every key (absent keys count as 0). */
export function assertSameDistribution (actual: Map<unknown, number>, expected: Map<unknown, number>, label: string): void {
  const keys = new Set([...actual.keys(), ...expected.keys()])
  for (const k of keys) {
    const a = actual.get(k) ?? 0
    const e = expected.get(k) ?? 0
    if (Math.abs(a - e) > 1e-12) throw new Error(`${label}: ${JSON.stringify(k)} has ${a}, expected ${e}`)
  }
}
