import { judgeD20 } from '../d20.js'
import { enumerateOutcomes } from '../dice/enumerate.js'
import { Dice } from '../dice/roller.js'
import { notationRange, parseNotation } from '../dice/notation.js'
import { RuleError } from '../errors.js'
import type { Ruleset } from '../rulesets/types.js'
import { probability } from '../attacks/odds.js'
import { sidesConditions } from './index.js'
import type { ConditionState, ManeuverEffect, ManeuverRequest, ManeuverResult } from './types.js'

/**
 * Work bound of POST /v1/maneuvers/odds and /v1/grapples/odds, in runs of the
 * resolving function (each a few microseconds to a few tens), counted from the
 * body before any is made.
 */
export const MANEUVER_ODDS_LIMITS = { runs: 10_000 } as const

/**
 * Upper bounds used to count the runs before any is made: an opposed d20
 * check enumerates 38 differences of the two dice that do not tie, and a tie
 * that the modifiers cannot break re-rolls until one side wins or every
 * allowed re-roll ties (3 paths); a single d20 has 20 faces; a touch attack
 * only hits or misses. One opponent's d20 among several against one actor's
 * d20 cannot be enumerated by differences: 19 faces that do not tie and a
 * tie that re-rolls (22 paths).
 */
const OPPOSED_PATHS = 38 + 3
const SINGLE_PATHS = 20
const SHARED_OPPONENT_PATHS = 19 + 3
const TOUCH_CLASSES = 2

/** Purposes of the two d20s of one opposed check, the actor's first (POST /v1/maneuvers and /v1/grapples dice order). */
const OPPOSED_PAIRS: Readonly<Record<string, string>> = {
  'maneuver-attacker': 'maneuver-defender',
  'counter-defender': 'counter-attacker',
  bluff: 'sense-motive',
  'grapple-attacker': 'grapple-defender',
  'escape-artist': 'grapple-defender'
}

export type CounterOutcome = 'none' | 'failed' | 'succeeded'

export interface ManeuverOutcome {
  probability: number
  success: boolean
  counter: CounterOutcome
  state: ConditionState
  damage: { total: number, lethal: number, nonlethal: number } | null
  effect: ManeuverEffect
}

export interface ManeuverOdds {
  success: number
  counter: { attempted: number, succeeded: number } | null
  damageDistribution: Array<{ damage: number, probability: number }> | null
  outcomes: ManeuverOutcome[]
  /** Each side's conditions before the action, as POST /v1/maneuvers and /v1/grapples list them (docs/rules.md §88, §145). */
  conditions: NonNullable<ManeuverResult['conditions']>
}

function tooLarge (path: string, message: string): RuleError {
  return new RuleError('out-of-range', `${message}: too large to compute exactly`, [{ path, message }])
}

/** The most values a notation can total (its span), or 1 for an absent or unreadable one (the resolving function refuses those itself). */
function span (notation: string | undefined): number {
  if (notation === undefined) return 1
  try {
    const r = notationRange(parseNotation(notation))
    return r.max - r.min + 1
  } catch {
    return 1
  }
}

export type ManeuverKind = { kind: 'maneuver', name: string } | { kind: 'grapple', name: string }

/**
 * The runs the odds of this body can take, counted before any is made, with
 * the field that drives them: the damage dice (each total is one run per way
 * to reach the damage) or the grapplers opposed (their d20s multiply).
 */
export function maneuverOddsWork (ruleset: Ruleset, what: ManeuverKind, request: ManeuverRequest): { runs: number, path: string } {
  const options = request.options ?? {}
  const unarmed = options.unarmedDamage ?? ruleset.maneuvers.unarmedDamage[request.attacker.size ?? 'medium']
  if (what.kind === 'maneuver') {
    const system = ruleset.maneuvers.maneuvers
    const check = system === 'combat-maneuver' ? SINGLE_PATHS : OPPOSED_PATHS
    const withCounter = system !== 'combat-maneuver' && ['trip', 'disarm', 'overrun'].includes(what.name)
    const damage = what.name === 'sunder' ? span(options.attackerWeapon?.damage) : 1
    return { runs: TOUCH_CLASSES * check * (withCounter ? check : 1) * damage, path: what.name === 'sunder' ? '/options/attackerWeapon/damage' : '/maneuver' }
  }
  const damage = span(unarmed)
  const damagePath = options.unarmedDamage !== undefined ? '/options/unarmedDamage' : '/attacker/size'
  if (ruleset.maneuvers.grapple?.kind !== 'opposed-checks') return { runs: SINGLE_PATHS * damage, path: damagePath }
  const opponents = ['escape', 'move'].includes(what.name) ? 1 + (request.others?.length ?? 0) : 1
  if (opponents > 1) return { runs: TOUCH_CLASSES * SINGLE_PATHS * SHARED_OPPONENT_PATHS ** opponents * damage, path: '/others' }
  return { runs: TOUCH_CLASSES * OPPOSED_PATHS * damage, path: damagePath }
}

/** What the resolving endpoint reports, less the dice themselves (steps, rolls, totals, summaries): equal keys are one outcome. */
function outcomeOf (result: ManeuverResult): Omit<ManeuverOutcome, 'probability'> {
  const counterStep = result.steps.find((s) => s.step === 'counter-attempt')
  return {
    success: result.success,
    counter: counterStep === undefined ? 'none' : counterStep.success ? 'succeeded' : 'failed',
    state: result.state,
    damage: result.damage === null ? null : { total: result.damage.total, lethal: result.damage.lethal, nonlethal: result.damage.nonlethal },
    effect: result.effect
  }
}

/** A touch attack's d20 is read only through whether it hits (SRD 3.5 › Trip; Starting a Grapple). */
function touchAttackClasses (result: ManeuverResult): ((face: number) => string) | null {
  const step = result.steps.find((s) => s.step === 'touch-attack' && s.roll !== undefined)
  if (step?.modifier === undefined || step.against === undefined) return null
  const { modifier, against } = step
  return (face) => judgeD20(face, face + modifier, against, 'both').success ? 'hit' : 'miss'
}

/**
 * The exact odds of one maneuver or grapple action: `resolve` is the
 * resolving endpoint's own function, run once per way the dice can fall (see
 * ../dice/enumerate.ts), so every bonus, DC, tie rule, re-roll and counter is
 * the one POST /v1/maneuvers or /v1/grapples applies.
 */
export function maneuverOdds (ruleset: Ruleset, what: ManeuverKind, request: ManeuverRequest, resolve: (dice: Dice) => ManeuverResult): ManeuverOdds {
  // Once on any dice first: a body the resolving endpoint refuses is refused alike, before its work is weighed.
  resolve(new Dice({ seed: 0 }))
  const work = maneuverOddsWork(ruleset, what, request)
  const limit = MANEUVER_ODDS_LIMITS.runs
  const refuse = () => tooLarge(work.path, `odds needing up to ${work.runs} resolutions (at most ${limit}): every total of the damage dice, and every d20 of each opposed grappler, multiplies them`)
  if (work.runs > limit) throw refuse()
  const byKey = new Map<string, ManeuverOutcome>()
  enumerateOutcomes(resolve, outcomeOf, (outcome, p) => {
    const key = JSON.stringify(outcome)
    const seen = byKey.get(key)
    if (seen) seen.probability += p
    else byKey.set(key, { probability: p, ...outcome })
  }, {
    differencePairs: OPPOSED_PAIRS,
    comparePairs: new Set(['tie-break']),
    compareRounds: ruleset.maneuvers.tieRerollLimit,
    classify: { 'touch-attack': touchAttackClasses },
    // The count above bounds the runs; restarting after a shortcut that does not hold can cost as many again.
    maxRuns: 2 * limit,
    tooLarge: refuse
  })
  const outcomes = [...byKey.values()]
    .map((o) => ({ ...o, probability: probability(o.probability) }))
    .sort((a, b) => b.probability - a.probability || Number(b.success) - Number(a.success))
  let success = 0
  let attempted = 0
  let succeeded = 0
  const damage = new Map<number, number>()
  let anyDamage = false
  for (const o of outcomes) {
    if (o.success) success += o.probability
    if (o.counter !== 'none') attempted += o.probability
    if (o.counter === 'succeeded') succeeded += o.probability
    if (o.damage !== null) anyDamage = true
    const d = o.damage?.total ?? 0
    damage.set(d, (damage.get(d) ?? 0) + o.probability)
  }
  const counterPossible = outcomes.some((o) => o.counter !== 'none')
  return {
    success: probability(success),
    counter: counterPossible ? { attempted: probability(attempted), succeeded: probability(succeeded) } : null,
    damageDistribution: anyDamage ? [...damage.entries()].sort((a, b) => a[0] - b[0]).map(([d, p]) => ({ damage: d, probability: probability(p) })) : null,
    outcomes,
    conditions: sidesConditions(ruleset, request)
  }
}
