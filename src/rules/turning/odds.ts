import { d20Chance } from '../d20.js'
import { enumerateOutcomes, notationBranches, notationRollFor } from '../dice/enumerate.js'
import { parseNotation } from '../dice/notation.js'
import { Dice } from '../dice/roller.js'
import { RuleError } from '../errors.js'
import type { BreakdownEntry } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { probability } from '../attacks/odds.js'
import { maxHitDiceAffected } from './table.js'
import type { AppliedCondition } from '../effects.js'
import type { ChannelEnergyResult, TurnerConditions, TurningRequest, TurningResult, TurnUndeadResult, UndeadOutcome } from './types.js'

/**
 * Work bounds of POST /v1/turning/odds, counted before the enumeration: runs
 * of the resolving function times the creatures each run weighs (each undead
 * or target, and one for the check itself). A channel's run weighs each
 * target's save bonus, a turning's only sorts the undead: their limits differ
 * by that cost, about 100 ms at either.
 */
export const TURNING_ODDS_LIMITS = { work: 200_000, channelWork: 5_000 } as const

export type TurningOutcome = UndeadOutcome | 'healed' | 'harmed'

export interface OutcomeChance { outcome: TurningOutcome, probability: number }
export interface ValueChance { value: number, probability: number }

export interface UndeadOdds { id: string, outcomes: OutcomeChance[] }

export interface TurnUndeadOdds {
  procedure: 'turn-undead'
  effectiveLevel: number
  turningCheck: { modifier: number, breakdown: BreakdownEntry[], distribution: Array<{ total: number, maxHitDice: number, probability: number }> }
  maxHitDice: ValueChance[]
  turningDamage: { rolledChance: number, distribution: ValueChance[] } | null
  hitDiceUsed: ValueChance[]
  dispelChance: number | null
  results: UndeadOdds[]
  /** As in POST /v1/turning (docs/rules.md §145). */
  conditions: TurnerConditions
}

export interface ChannelTargetOdds {
  id: string
  kind: 'living' | 'undead'
  outcomes: OutcomeChance[]
  save: { dc: number, bonus: number, breakdown: BreakdownEntry[], successChance: number } | null
  healed: ValueChance[] | null
  damage: ValueChance[] | null
  /** As in POST /v1/turning (docs/rules.md §145). */
  conditions: AppliedCondition[]
}

export interface ChannelEnergyOdds {
  procedure: 'channel-energy'
  effectiveLevel: number
  saveDc: number
  channel: { dice: string, distribution: ValueChance[] } | null
  results: ChannelTargetOdds[]
  conditions: TurnerConditions
}

export type TurningOdds = TurnUndeadOdds | ChannelEnergyOdds

function tooLarge (path: string, message: string): RuleError {
  return new RuleError('out-of-range', `${message}: too large to compute exactly`, [{ path, message }])
}

function add<K> (map: Map<K, number>, key: K, p: number): void {
  map.set(key, (map.get(key) ?? 0) + p)
}

function values (map: Map<number, number>): ValueChance[] {
  return [...map.entries()].filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, probability: probability(p) }))
}

function outcomes (map: Map<TurningOutcome, number>): OutcomeChance[] {
  return [...map.entries()].filter(([, p]) => p > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([outcome, p]) => ({ outcome, probability: probability(p) }))
}

function factorial (n: number): number {
  let f = 1
  for (let i = 2; i <= n; i++) f *= i
  return f
}

/**
 * The 3.5 turning attempt, exact: the resolving function run once per way its
 * dice can fall. The turning check is read through the Turning Undead table
 * (SRD 3.5 › Turn or Rebuke Undead), so checks reaching the same row (and, for
 * a dispel, the same side of the check to beat) are one run; the 2d6 of
 * turning damage are read only through their sum; the dice that order equally
 * close undead are enumerated face by face.
 */
function turnUndeadOdds (ruleset: Ruleset, request: TurningRequest, resolve: (dice: Dice) => TurningResult, probe: TurnUndeadResult): TurnUndeadOdds {
  const policy = ruleset.turning.turnUndead!
  const { modifier, breakdown } = probe.turningCheck
  const level = probe.effectiveLevel
  const previous = request.previousTurningCheck
  const classOf = (face: number) => {
    const total = face + modifier
    return `${maxHitDiceAffected(ruleset, total, level)}${request.action === 'dispel' && previous !== undefined ? `:${total >= previous}` : ''}`
  }
  const checkClasses = new Set(Array.from({ length: 20 }, (_, i) => classOf(i + 1))).size
  const { count, faces } = policy.damageDice
  const damageWays = count === 2 ? 2 * faces - 1 : faces ** count
  const undead = request.undead ?? []
  const byDistance = new Map<number, number>()
  for (const u of undead) add(byDistance, u.distanceFeet, 1)
  let orders = 1
  for (const n of byDistance.values()) orders *= factorial(n)
  const work = checkClasses * damageWays * orders * (1 + undead.length)
  if (work > TURNING_ODDS_LIMITS.work) {
    throw tooLarge('/undead', `odds needing ${checkClasses} turning-check results × ${damageWays} turning damage totals × ${orders} orders of equally close undead × ${1 + undead.length} = ${work} (at most ${TURNING_ODDS_LIMITS.work})`)
  }

  const perUndead = undead.map(() => new Map<TurningOutcome, number>())
  const damage = new Map<number, number>()
  const used = new Map<number, number>()
  let rolled = 0
  let dispel = 0
  enumerateOutcomes(resolve, (r) => {
    const t = r as TurnUndeadResult
    return { outcomes: t.results.map((u) => u.outcome), damage: t.turningDamage?.total ?? null, used: t.hitDiceUsed, dispel: t.dispel?.succeeded === true }
  }, (o, p) => {
    o.outcomes.forEach((outcome, i) => add(perUndead[i]!, outcome, p))
    if (o.damage !== null) {
      rolled += p
      add(damage, o.damage, p)
    }
    add(used, o.used, p)
    if (o.dispel) dispel += p
  }, {
    sumPairs: new Set(['turning-damage']),
    classify: { 'turning-check': () => classOf },
    maxRuns: Math.max(1, Math.ceil(TURNING_ODDS_LIMITS.work / (1 + undead.length))),
    tooLarge: () => tooLarge('/undead', `odds needing more than ${TURNING_ODDS_LIMITS.work} steps`)
  })

  const checks = Array.from({ length: 20 }, (_, i) => {
    const total = i + 1 + modifier
    return { total, maxHitDice: maxHitDiceAffected(ruleset, total, level), probability: 1 / 20 }
  })
  const maxHitDice = new Map<number, number>()
  for (const c of checks) add(maxHitDice, c.maxHitDice, c.probability)
  return {
    procedure: 'turn-undead',
    effectiveLevel: level,
    turningCheck: { modifier, breakdown, distribution: checks },
    maxHitDice: values(maxHitDice),
    turningDamage: request.action === 'bolster' ? null : { rolledChance: probability(rolled), distribution: values(damage) },
    hitDiceUsed: values(used),
    dispelChance: request.action === 'dispel' ? probability(dispel) : null,
    results: undead.map((u, i) => ({ id: u.id, outcomes: outcomes(perUndead[i]!) })),
    conditions: probe.conditions
  }
}

/**
 * PF1 channel energy, exact: the channel's dice convolved, and for each total
 * the resolving function run twice, every save made and every save failed,
 * so the healing cap, the halving and each target's outcome are the ones
 * POST /v1/turning applies; each target's save succeeds with its chance over
 * the d20 (PRD › Cleric › Channel Energy; a natural 1 fails, a natural 20
 * succeeds), independently of the others.
 */
function channelOdds (request: TurningRequest, resolve: (dice: Dice) => TurningResult, probe: ChannelEnergyResult): ChannelEnergyOdds {
  const targets = request.targets ?? []
  const totals = probe.channel === null ? [{ value: 0, weight: 1 }] : notationBranches(parseNotation(probe.channel.dice))
  const work = 2 * totals.length * (1 + targets.length)
  if (work > TURNING_ODDS_LIMITS.channelWork) {
    throw tooLarge('/targets', `odds needing ${totals.length} channel totals × 2 × ${1 + targets.length} = ${work} (at most ${TURNING_ODDS_LIMITS.channelWork})`)
  }
  const saveChance = probe.results.map((r) => r.save ? d20Chance(r.save.bonus, r.save.dc) : null)
  const perTarget = targets.map(() => ({ outcomes: new Map<TurningOutcome, number>(), healed: new Map<number, number>(), damage: new Map<number, number>() }))
  const channel = new Map<number, number>()
  const saveDice = targets.length
  for (const { value, weight } of totals) {
    const channelDice = probe.channel === null ? [] : notationRollFor(parseNotation(probe.channel.dice), value).terms.flatMap((t) => t.dice)
    const saved = resolve(new Dice({ seed: 0, sequence: [...channelDice, ...Array<number>(saveDice).fill(20)] })) as ChannelEnergyResult
    const failed = resolve(new Dice({ seed: 0, sequence: [...channelDice, ...Array<number>(saveDice).fill(1)] })) as ChannelEnergyResult
    if (probe.channel !== null) add(channel, value, weight)
    targets.forEach((_, i) => {
      const chance = saveChance[i] ?? 1
      for (const [r, p] of [[saved.results[i]!, weight * chance], [failed.results[i]!, weight * (1 - chance)]] as const) {
        if (p === 0) continue
        add(perTarget[i]!.outcomes, r.outcome, p)
        if (r.healed !== null) add(perTarget[i]!.healed, r.healed, p)
        if (r.damage !== null) add(perTarget[i]!.damage, r.damage, p)
      }
    })
  }
  return {
    procedure: 'channel-energy',
    effectiveLevel: probe.effectiveLevel,
    saveDc: probe.saveDc.total,
    channel: probe.channel === null ? null : { dice: probe.channel.dice, distribution: values(channel) },
    results: targets.map((t, i) => {
      const save = probe.results[i]!.save
      const acc = perTarget[i]!
      return {
        id: t.id,
        kind: t.kind,
        outcomes: outcomes(acc.outcomes),
        save: save ? { dc: save.dc, bonus: save.bonus, breakdown: save.breakdown, successChance: probability(saveChance[i]!) } : null,
        healed: acc.healed.size > 0 ? values(acc.healed) : null,
        damage: acc.damage.size > 0 ? values(acc.damage) : null,
        conditions: probe.results[i]!.conditions
      }
    }),
    conditions: probe.conditions
  }
}

/**
 * POST /v1/turning/odds. `resolve` is the resolving endpoint's own function
 * (with its cross-field checks), so the odds refuse what it refuses and
 * compute with its numbers; its first run, on any dice, gives the numbers no
 * die changes (the check modifier, the effective level, the save DC).
 */
export function turningOdds (ruleset: Ruleset, request: TurningRequest, resolve: (dice: Dice) => TurningResult): TurningOdds {
  const probe = resolve(new Dice({ seed: 0 }))
  return probe.procedure === 'turn-undead'
    ? turnUndeadOdds(ruleset, request, resolve, probe)
    : channelOdds(request, resolve, probe)
}
