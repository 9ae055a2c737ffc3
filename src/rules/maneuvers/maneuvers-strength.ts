import { hasFeat } from '../combatant.js'
import { judgeD20 } from '../d20.js'
import { ruleNotDefined } from '../errors.js'
import { fixed, type Modifier } from '../modifiers.js'
import { sizeSteps } from '../size.js'
import {
  abilityEntry, betterOfStrengthAndDexterity, notPossible, ownConditions, type Participant, sizeAdjustment, stack, touchAttack, withConditions
} from './checks.js'
import {
  attackOfOpportunity, conditionState, type ManeuverProcedure, type ManeuverTable, outcome, perFiveFeet,
  requireAtMostOneSizeLarger, required, stable
} from './context.js'
import { disarm, feint as opposedFeint, sunder } from './maneuvers-opposed.js'
import type { Step } from './types.js'

/**
 * The variant's Strength-check model: d20 + Str + size (+2 charging) against
 * DC 10 + the defender's bonus + its size + 4 if stable; total ≥ DC succeeds
 * (variant › Bull Rush; variant › Trip; docs/rules.md §32, §39).
 */
function strengthCheck (
  t: ManeuverTable, actor: Participant, target: Participant,
  opts: { actorMods: Modifier[], targetAbility: Modifier, targetStable: boolean, purpose: string, step?: Step['step'], what: (ok: boolean) => string }
): Step {
  const bonus = stack(t.ruleset, [abilityEntry(t.ruleset, actor, 'str'), ...sizeAdjustment(t.ruleset, actor), ...opts.actorMods, ...ownConditions(t.ruleset, actor, 'checks'),
    ...((actor.role === 'attacker' ? t.options.attackerModifiers : t.options.defenderModifiers) ?? [])])
  const dcMods = [opts.targetAbility, ...sizeAdjustment(t.ruleset, target), ...(opts.targetStable ? [fixed('stable (more than two legs or otherwise)', t.ruleset.maneuvers.stabilityBonus)] : []),
    ...((target.role === 'defender' ? t.options.defenderModifiers : t.options.attackerModifiers) ?? [])]
  const dc = stack(t.ruleset, dcMods)
  const roll = t.dice.d20(opts.purpose)
  const total = roll + bonus.total
  const against = 10 + dc.total
  const { success } = judgeD20(roll, total, against, 'none')
  return {
    step: opts.step ?? 'strength-check', actor: actor.role, success, roll, modifier: bonus.total, total, breakdown: bonus.breakdown,
    against, againstLabel: 'DC', againstBreakdown: dc.breakdown, margin: total - against, summary: opts.what(success)
  }
}

/**
 * Pushing past and trip end alike: success knocks the defender prone; on a
 * failure the defender may react with the same check to knock the attacker
 * prone (variant › Combat Maneuvers; variant › Trip), resisted by `counterResist`.
 */
function proneOrCounter (t: ManeuverTable, steps: Step[], check: Step, counterResist: Modifier, what: (ok: boolean) => string): ReturnType<ManeuverProcedure> {
  const state = conditionState(t)
  if (check.success) {
    state.defender = withConditions(state.defender, [t.ruleset.maneuvers.knockedDownCondition])
    return outcome(t, true, steps, { state })
  }
  if (t.options.counterAttempt === false) return outcome(t, false, steps)
  const counter = strengthCheck(t, t.defender, t.attacker, {
    actorMods: [], targetAbility: counterResist, targetStable: false, purpose: 'counter-defender', step: 'counter-attempt', what
  })
  steps.push(counter)
  if (counter.success) state.attacker = withConditions(state.attacker, [t.ruleset.maneuvers.knockedDownCondition])
  return outcome(t, false, steps, { state })
}

const charge = (t: ManeuverTable): Modifier[] => t.options.charging ? [fixed('charging', t.ruleset.maneuvers.chargeBonus)] : []

const bullRush: ManeuverProcedure = (t) => {
  requireAtMostOneSizeLarger(t)
  const steps: Step[] = [attackOfOpportunity(t, true, '', false)]
  steps[0]!.summary += ' (entering the space provokes from every threatening enemy; reactions by others have a 25% chance to strike the wrong one of the pair)'
  const check = strengthCheck(t, t.attacker, t.defender, {
    actorMods: charge(t), targetAbility: abilityEntry(t.ruleset, t.defender, 'str'), targetStable: stable(t), purpose: 'strength-check',
    what: (ok) => ok ? 'the Strength check beats the DC: the defender is pushed back' : 'the defender holds: the attacker returns to its starting square'
  })
  steps.push(check)
  return outcome(t, check.success, steps, { effect: check.success ? { pushFeet: perFiveFeet(check.margin ?? 0), notes: ['Within the attacker\'s movement; both provoke while moving, but not from each other.'] } : {} })
}

/** Pushing past: the enemy may let the attacker pass; if it blocks, the bull-rush check; on failure it may knock the attacker prone (variant › Combat Maneuvers). */
const overrun: ManeuverProcedure = (t) => {
  requireAtMostOneSizeLarger(t)
  const steps: Step[] = [attackOfOpportunity(t, true, '', false)]
  if (t.options.defenderAvoids) {
    steps.push({ step: 'defender-choice', actor: 'defender', success: true, summary: 'the enemy lets the attacker pass after its reaction attack' })
    return outcome(t, true, steps)
  }
  const check = strengthCheck(t, t.attacker, t.defender, {
    actorMods: charge(t), targetAbility: abilityEntry(t.ruleset, t.defender, 'str'), targetStable: stable(t), purpose: 'strength-check',
    what: (ok) => ok ? 'the enemy is knocked prone and the attacker moves past' : 'the attacker is stopped'
  })
  steps.push(check)
  return proneOrCounter(t, steps, check, abilityEntry(t.ruleset, t.attacker, 'str'),
    (ok) => ok ? 'the enemy spends its reaction and knocks the attacker prone' : 'the attacker stays on its feet')
}

const trip: ManeuverProcedure = (t) => {
  if (Math.abs(sizeSteps(t.attacker.combatant.size, t.defender.combatant.size)) > 1) {
    throw notPossible('/defender/size', 'the variant trips only targets within one size category (the variant\'s Trip)')
  }
  const tripWeapon = t.options.attackerWeapon?.tripWeapon === true
  const steps: Step[] = [attackOfOpportunity(t, !hasFeat(t.attacker.combatant, 'improved-trip') && !tripWeapon, tripWeapon ? 'a trip weapon' : 'improved-trip', false)]
  const touch = touchAttack(t.ruleset, t.dice, t.attacker, t.defender, (hit) => hit ? 'the melee touch attack connects' : 'the melee touch attack misses: no trip')
  steps.push(touch)
  if (!touch.success) return outcome(t, false, steps)
  const check = strengthCheck(t, t.attacker, t.defender, {
    actorMods: [], targetAbility: betterOfStrengthAndDexterity(t.ruleset, t.defender), targetStable: stable(t), purpose: 'strength-check',
    what: (ok) => ok ? 'the defender is knocked prone' : 'the defender keeps its feet'
  })
  steps.push(check)
  return proneOrCounter(t, steps, check, betterOfStrengthAndDexterity(t.ruleset, t.attacker),
    (ok) => ok ? 'the defender reacts and trips the attacker' : 'the counter-trip fails')
}

/** Feint: as dnd35 with BCB; the variant gives no number for unusual creatures, so only humanoids can be feinted. */
const feint: ManeuverProcedure = (t) => {
  if ((t.options.defenderKind ?? 'humanoid') !== 'humanoid') {
    throw ruleNotDefined(t.ruleset.name, 'how much harder it is to feint a creature that is not humanoid (the variant\'s Feint gives no number)', '/options/defenderKind')
  }
  return opposedFeint(t)
}

/** Drive back: the target chooses; no roll (variant › Drive Back; docs/rules.md §P2.14). */
const driveBack: ManeuverProcedure = (t) => {
  const choice = required(t.options.defenderChoice, '/options/defenderChoice', 'drive back needs the target\'s choice: step-back or stand')
  const step: Step = {
    step: 'defender-choice', actor: 'defender', success: true,
    summary: choice === 'step-back' ? 'the target steps 5 ft directly away: no attack is made, and the attacker may follow' : 'the target stands: the attack gets +2 circumstance'
  }
  return outcome(t, true, [step], {
    effect: choice === 'step-back'
      ? { moveFeet: 5, notes: ['This movement provokes nothing; the attacker may follow.'] }
      : { attackBonus: 2, notes: ['Resolve the attack with POST /v1/attacks and a +2 circumstance attack modifier.'] }
  })
}

export const STRENGTH_MANEUVERS: Record<string, ManeuverProcedure> = {
  'bull-rush': bullRush, overrun, trip, disarm, sunder, feint, 'drive-back': driveBack
}
