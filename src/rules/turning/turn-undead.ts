import type { Dice } from '../dice/roller.js'
import { missingField } from '../errors.js'
import { fixed, type Modifier, stackModifiers } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import type { TurnUndeadPolicy } from './policy.js'
import { maxHitDiceAffected } from './table.js'
import { channelledEnergy, charismaModifier, requirePaladinLevel, turnerCheckChanges, turnerClass, turnerConditions, turnerLevel, usesPerDay } from './turner.js'
import type { Energy, TurnerInput, TurningRequest, TurnUndeadResult, UndeadInput, UndeadResult } from './types.js'

/** The Hit Dice the table is compared with: turn resistance added (docs/rules.md §44), or a running bolster when higher. */
export function effectiveHitDice (u: UndeadInput): number {
  return Math.max(u.hitDice + (u.turnResistance ?? 0), u.bolsteredHitDice ?? 0)
}

/** Cleric level; a paladin of 4th level or higher counts as a cleric of level − 3 (SRD 3.5 › Paladins and Undead). */
export function effectiveTurningLevel (turner: TurnerInput, policy: TurnUndeadPolicy): number {
  const level = turnerLevel(turner)
  const cls = turnerClass(turner)
  requirePaladinLevel(cls, level, policy.paladin.minimumLevel)
  return cls === 'paladin' ? level - policy.paladin.levelOffset : level
}

/**
 * The turning check: d20 + Cha modifier, +2 with 5 or more ranks of Knowledge
 * (religion) (SRD 3.5 › Cleric), the conditions' and effects' changes to checks
 * (docs/rules.md §149), plus situational modifiers stacked per the ruleset.
 */
export function turningCheck (ruleset: Ruleset, policy: TurnUndeadPolicy, turner: TurnerInput, chaMod: number, effectiveLevel: number, modifiers: readonly Modifier[], dice: Dice): TurnUndeadResult['turningCheck'] {
  const parts: Modifier[] = [fixed('Charisma', chaMod)]
  if ((turner.knowledgeReligionRanks ?? 0) >= policy.knowledgeReligionSynergy.minimumRanks) {
    parts.push(fixed('Knowledge (religion) 5 ranks', policy.knowledgeReligionSynergy.bonus))
  }
  const stacked = stackModifiers([...parts, ...turnerCheckChanges(ruleset, turner), ...modifiers], ruleset.stacking)
  const roll = dice.d20('turning-check')
  const total = roll + stacked.total
  return { roll, modifier: stacked.total, total, maxHitDice: maxHitDiceAffected(ruleset, total, effectiveLevel), breakdown: stacked.breakdown }
}

/** Turning damage: 2d6 + effective level + Cha modifier, the total Hit Dice affected (SRD 3.5 › Turning Damage). */
export function turningDamage (policy: TurnUndeadPolicy, chaMod: number, effectiveLevel: number, dice: Dice): NonNullable<TurnUndeadResult['turningDamage']> {
  const roll: number[] = []
  for (let i = 0; i < policy.damageDice.count; i++) roll.push(dice.roll(policy.damageDice.faces, 'turning-damage'))
  const breakdown = [
    { source: 'effective level', type: 'untyped' as const, value: effectiveLevel, applied: true },
    { source: 'Charisma', type: 'untyped' as const, value: chaMod, applied: true }
  ]
  const modifier = effectiveLevel + chaMod
  return { roll, modifier, total: roll.reduce((s, r) => s + r, 0) + modifier, breakdown }
}

interface Placed { undead: UndeadInput, index: number, effectiveHitDice: number }

function result (p: Placed, outcome: UndeadResult['outcome'], reason: string, hitDiceSpent = 0, durationRounds: number | null = null): UndeadResult {
  return { id: p.undead.id, outcome, reason, effectiveHitDice: p.effectiveHitDice, hitDiceSpent, durationRounds }
}

/** Undead out of reach: beyond the range, or behind total cover (SRD 3.5 › Turning Checks › Range). */
function outOfRange (p: Placed, policy: TurnUndeadPolicy): UndeadResult | null {
  if (p.undead.distanceFeet > policy.rangeFeet) return result(p, 'out-of-range', `${p.undead.distanceFeet} ft away: beyond ${policy.rangeFeet} ft`)
  if (p.undead.totalCover === true) return result(p, 'out-of-range', 'total cover or no line of effect from the turner')
  return null
}

/** Closest first; equally close undead stay in request order until `shuffleTied` rolls for them. */
function byDistance (placed: Placed[]): Placed[] {
  return [...placed].sort((a, b) => a.undead.distanceFeet - b.undead.distanceFeet || a.index - b.index)
}

/** Runs of equally close undead, closest first. */
function groupsByDistance (sorted: readonly Placed[]): Placed[][] {
  const groups: Placed[][] = []
  for (const p of sorted) {
    const last = groups[groups.length - 1]
    if (last !== undefined && last[0]?.undead.distanceFeet === p.undead.distanceFeet) last.push(p)
    else groups.push([p])
  }
  return groups
}

/**
 * Equally close creatures: "when it's important to determine the closest …
 * randomly determine which one counts as closest by rolling a die"
 * (SRD 3.5 › Closest Creature). For k tied undead, dk picks the closest among them
 * (counted in request order), then d(k−1) among the rest, down to d2.
 */
export function shuffleTied<T> (group: readonly T[], dice: Dice): T[] {
  const rest = [...group]
  const out: T[] = []
  while (rest.length > 1) out.push(...rest.splice(dice.roll(rest.length, 'tie-break') - 1, 1))
  return [...out, ...rest]
}

const ENERGY_OF: Record<string, Energy> = { turn: 'positive', rebuke: 'negative', command: 'negative', bolster: 'negative', dispel: 'negative' }

/**
 * Turn, rebuke or command, bolster, or dispel another's turning (docs/rules.md §P5.1;
 * SRD 3.5 › Turn or Rebuke Undead). Dice: the turning check d20, then the turning
 * damage 2d6 when some undead in range could be affected (never for bolster),
 * then the tie-break dice of equally close affectable undead.
 */
export function resolveTurnUndead (ruleset: Ruleset, policy: TurnUndeadPolicy, request: TurningRequest, dice: Dice): TurnUndeadResult {
  const { turner, action } = request
  if (request.undead === undefined) throw missingField('/undead', `${action} needs the undead: [{ id, hitDice, distanceFeet }]`)
  const energy = channelledEnergy(turner, ENERGY_OF[action] as Energy, action)
  const effectiveLevel = effectiveTurningLevel(turner, policy)
  const chaMod = charismaModifier(ruleset, turner)
  if (action === 'dispel' && request.previousTurningCheck === undefined) {
    throw missingField('/previousTurningCheck', 'dispel needs the turning check result the good cleric scored')
  }
  const check = turningCheck(ruleset, policy, turner, chaMod, effectiveLevel, request.checkModifiers ?? [], dice)
  const placed: Placed[] = request.undead.map((undead, index) => ({ undead, index, effectiveHitDice: effectiveHitDice(undead) }))
  const results: Array<UndeadResult | undefined> = placed.map((p) => outOfRange(p, policy) ?? undefined)
  const inRange = byDistance(placed.filter((p) => results[p.index] === undefined))
  const base = { procedure: 'turn-undead' as const, action, effectiveLevel, usesPerDay: usesPerDay(turner, chaMod, policy.usesPerDay, ruleset.stacking), turningCheck: check, conditions: turnerConditions(ruleset, turner) }

  if (action === 'bolster') {
    for (const p of inRange) results[p.index] = bolster(p, check.maxHitDice, policy)
    return { ...base, turningDamage: null, dispel: null, results: results as UndeadResult[], hitDiceUsed: 0 }
  }

  let dispel: TurnUndeadResult['dispel'] = null
  let affectable: (p: Placed) => string | null
  if (action === 'dispel') {
    const previous = request.previousTurningCheck as number
    dispel = { previousTurningCheck: previous, succeeded: check.total >= previous }
    affectable = (p) => p.undead.alreadyTurned !== true
      ? 'not turned: nothing to dispel'
      : (dispel?.succeeded === true ? null : `check ${check.total} is below the turning check ${previous}`)
  } else {
    const skip = request.skipAlreadyTurned ?? true
    affectable = (p) => skip && p.undead.alreadyTurned === true
      ? 'already turned: skipped'
      : (p.effectiveHitDice > check.maxHitDice ? `${p.effectiveHitDice} effective HD is above the ${check.maxHitDice} HD this check affects` : null)
  }

  const candidates = inRange.filter((p) => {
    const reason = affectable(p)
    if (reason !== null) results[p.index] = result(p, 'unaffected', reason)
    return reason === null
  })
  // SRD 3.5 › Turning Damage: rolled only when the check lets the turner affect some undead in range.
  const damage = candidates.length > 0 ? turningDamage(policy, chaMod, effectiveLevel, dice) : null
  let budget = damage?.total ?? 0
  let commanded = request.commandedHitDice ?? 0
  let exhausted = false
  const destroys = (p: Placed) => effectiveLevel >= policy.destroyAtHitDiceMultiple * p.effectiveHitDice
  // The order inside a tie matters only when the turning damage left cannot pay for all of it, or the command limit cannot take all it would command.
  const tieMatters = (group: Placed[]) => group.length > 1 && !exhausted && group.some((p) => p.undead.hitDice <= budget) && (
    group.reduce((sum, p) => sum + p.undead.hitDice, 0) > budget ||
    (energy === 'negative' && action !== 'dispel' && group.filter(destroys).reduce((sum, p) => sum + p.undead.hitDice, commanded) > effectiveLevel)
  )
  const affect = (p: Placed): UndeadResult => {
    const hd = p.undead.hitDice
    if (exhausted || hd > budget) {
      // docs/rules.md §43: the first affectable undead the budget cannot pay for ends the sweep; docs/rules.md §44: actual HD are spent.
      const reason = exhausted ? 'turning damage ran out on a closer undead' : `needs ${hd} HD of turning damage; ${budget} HD left`
      exhausted = true
      return result(p, 'unaffected', reason)
    }
    budget -= hd
    if (action === 'dispel') return result(p, 'freed', `no longer turned: check ${check.total} ≥ ${dispel?.previousTurningCheck}`, hd)
    const destroyed = destroys(p)
    if (energy === 'positive') {
      return destroyed
        ? result(p, 'destroyed', `effective level ${effectiveLevel} ≥ ${policy.destroyAtHitDiceMultiple} × ${p.effectiveHitDice} HD`, hd)
        : result(p, 'turned', `flees for ${policy.durationRounds} rounds (cowers if it cannot flee)`, hd, policy.durationRounds)
    }
    if (destroyed && commanded + hd <= effectiveLevel) {
      commanded += hd
      return result(p, 'commanded', `would be destroyed: commanded (${commanded} of ${effectiveLevel} HD under command)`, hd)
    }
    const why = destroyed ? `would be commanded, but ${commanded} + ${hd} HD exceeds the command limit of ${effectiveLevel}: rebuked` : 'cowers in awe'
    return result(p, 'rebuked', `${why} for ${policy.durationRounds} rounds`, hd, policy.durationRounds)
  }
  for (const group of groupsByDistance(candidates)) {
    for (const p of tieMatters(group) ? shuffleTied(group, dice) : group) results[p.index] = affect(p)
  }
  const hitDiceUsed = (damage?.total ?? 0) - budget
  return { ...base, turningDamage: damage, dispel, results: results as UndeadResult[], hitDiceUsed }
}

/** Bolster: the table result becomes the undead's effective HD for turning when above its actual HD, for 10 rounds (SRD 3.5 › Bolstering Undead). */
function bolster (p: Placed, maxHitDice: number, policy: TurnUndeadPolicy): UndeadResult {
  if (maxHitDice <= p.undead.hitDice) return result(p, 'unaffected', `the check's ${maxHitDice} HD is not above its ${p.undead.hitDice} HD`)
  const effective = Math.max(maxHitDice, p.effectiveHitDice)
  return { id: p.undead.id, outcome: 'bolstered', reason: `counts as ${effective} HD against turning for ${policy.durationRounds} rounds`, effectiveHitDice: effective, hitDiceSpent: 0, durationRounds: policy.durationRounds }
}
