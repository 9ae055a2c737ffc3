import { judgeD20 } from '../d20.js'
import { hasFeat } from '../combatant.js'
import { fixed, type Modifier } from '../modifiers.js'
import { baseAttackBonus, notPossible, ownConditions, stack, withConditions } from './checks.js'
import { againstTarget, combatManeuverBonus, combatManeuverCheck, combatManeuverDefense } from './combat-maneuver.js'
import {
  conditionState, improvedFeat, type ManeuverProcedure, type ManeuverTable, outcome, perFiveFeet,
  feintPenalty, provokesUnlessFeat, requireAtMostOneSizeLarger, required
} from './context.js'
import { damageItem, sunderInputs } from './item-damage.js'
import type { ManeuverEffect, ManeuverResult, Step } from './types.js'
import { modifierOf } from '../abilities.js'

/** Maneuvers limited to targets at most one size category larger (docs/rules.md §P4.3 table). */
const SIZE_LIMITED = new Set(['bull-rush', 'drag', 'overrun', 'reposition', 'trip'])

/**
 * One pf1e combat maneuver: the attack of opportunity (its damage a penalty),
 * then d20 + CMB against CMD (docs/rules.md §P4.3 steps 2–5). `cmbExtra` and
 * `cmdExtra` carry the maneuver's own modifiers.
 */
function check (t: ManeuverTable, cmbExtra: Modifier[], cmdExtra: Modifier[], what: string): Step[] {
  if (SIZE_LIMITED.has(t.maneuver)) requireAtMostOneSizeLarger(t)
  const aoo = provokesUnlessFeat(t, false)
  const damage = aoo.attackOfOpportunityDamage ?? 0
  const mods: Modifier[] = [...cmbExtra]
  if (damage > 0) mods.push(fixed('damage from the attack of opportunity', -damage))
  mods.push(...againstTarget(t.ruleset, t.defender))
  const feat = improvedFeat(t.maneuver)
  const cmb = combatManeuverBonus(t.ruleset, t.attacker, { maneuverFeat: feat }, [...mods, ...(t.options.attackerModifiers ?? [])])
  const cmd = combatManeuverDefense(t.ruleset, t.defender, { maneuverFeat: feat }, [...cmdExtra, ...(t.options.defenderModifiers ?? [])])
  const cm = combatManeuverCheck(t.ruleset, t.dice, t.attacker, t.defender, cmb, cmd, {
    summary: (ok) => ok ? what : `the ${t.maneuver} fails`
  })
  return [aoo, cm]
}

function legs (t: ManeuverTable): Modifier[] {
  const extra = (t.options.defenderLegs ?? 2) - 2
  return extra > 0 ? [fixed(`${extra} leg${extra > 1 ? 's' : ''} beyond two`, extra * t.ruleset.maneuvers.perExtraLegCmd)] : []
}

function charge (t: ManeuverTable): Modifier[] {
  return t.options.charging ? [fixed('charging', t.ruleset.maneuvers.chargeBonus)] : []
}

function settle (t: ManeuverTable, steps: Step[], onSuccess: (margin: number) => ManeuverEffect, onFailure: (margin: number) => ManeuverEffect = () => ({})): ManeuverResult {
  const cm = steps.at(-1)!
  const margin = cm.margin ?? 0
  return outcome(t, cm.success, steps, { effect: cm.success ? onSuccess(margin) : onFailure(margin) })
}

const bullRush: ManeuverProcedure = (t) => settle(t, check(t, charge(t), [], 'the target is pushed back'),
  (m) => ({ pushFeet: perFiveFeet(m), notes: ['The attacker may move with the target, within its own movement; the target never passes through a solid obstacle.'] }),
  () => ({ notes: ['The attacker stops in front of the target.'] }))

const dirtyTrick: ManeuverProcedure = (t) => {
  const condition = required(t.options.dirtyTrickCondition, '/options/dirtyTrickCondition', 'a dirty trick needs the condition it imposes')
  const steps = check(t, [], [], `the target is ${condition}`)
  const result = settle(t, steps, (m) => ({ condition, durationRounds: 1 + Math.floor(Math.max(0, m) / 5), notes: ['The target can remove the condition with a move action (PRD › Dirty Trick).'] }))
  if (result.success) result.state.defender = withConditions(result.state.defender, [condition])
  return result
}

const disarm: ManeuverProcedure = (t) => {
  const unarmed = t.options.attackerWeapon?.category === 'unarmed'
  const steps = check(t, unarmed ? [fixed('disarming unarmed', -4)] : [], [], 'the target drops its item')
  return settle(t, steps,
    (m) => ({ itemsDropped: m >= 10 ? 2 : 1, attackerHoldsItem: unarmed, notes: m >= 10 ? ['Beat the CMD by 10 or more: the items in both hands drop.'] : [] }),
    (m) => m <= -10 && !unarmed ? { attackerDropsWeapon: true, notes: ['Failed by 10 or more: the attacker drops its weapon.'] } : {})
}

const drag: ManeuverProcedure = (t) => settle(t, check(t, [], [], 'both move back'),
  (m) => ({ moveFeet: perFiveFeet(m), notes: ['The attacker moves back that far and the target follows into its old square, within the attacker\'s remaining movement.'] }))

const overrun: ManeuverProcedure = (t) => {
  if (t.options.defenderAvoids && !hasFeat(t.attacker.combatant, 'improved-overrun')) {
    requireAtMostOneSizeLarger(t)
    return outcome(t, true, [{ step: 'defender-choice', actor: 'defender', success: true, summary: 'the target lets the attacker pass' }])
  }
  const result = settle(t, check(t, charge(t), legs(t), 'the attacker moves through the target\'s space'),
    (m) => (m >= 5 ? { notes: ['Beat the CMD by 5 or more: the target is also knocked prone.'] } : {}),
    () => ({ notes: ['The attacker stops in front of the target, or in the nearest open space.'] }))
  const cm = result.steps.at(-1)!
  if (result.success && (cm.margin ?? 0) >= 5) result.state.defender = withConditions(result.state.defender, [t.ruleset.maneuvers.knockedDownCondition])
  return result
}

const reposition: ManeuverProcedure = (t) => settle(t, check(t, [], [], 'the target is moved'),
  (m) => ({ moveFeet: perFiveFeet(m), notes: ['The target stays within the attacker\'s reach except for the final 5 ft, and never enters a dangerous square.'] }))

const steal: ManeuverProcedure = (t) => settle(t, check(t, [], t.options.itemFastened ? [fixed('item fastened', 5)] : [], 'the attacker takes the item'),
  () => ({ notes: [hasFeat(t.attacker.combatant, 'greater-steal') ? 'Greater Steal: the victim does not notice.' : 'The victim notices the theft.'] }))

const sunder: ManeuverProcedure = (t) => {
  const inputs = sunderInputs(t)
  const steps = check(t, [], [], 'the item is struck')
  if (!steps.at(-1)!.success) return outcome(t, false, steps)
  const hit = damageItem(t, inputs)
  return outcome(t, true, [...steps, hit.step], { damage: hit.damage, effect: hit.effect })
}

const trip: ManeuverProcedure = (t) => {
  if (t.options.defenderLegs === 0) throw notPossible('/options/defenderLegs', 'a creature without legs cannot be tripped (PRD › Trip)')
  const result = settle(t, check(t, [], legs(t), 'the target is knocked prone'), () => ({}),
    (m) => (m <= -10 ? { notes: ['Failed by 10 or more: the attacker is knocked prone.'] } : {}))
  const cm = result.steps.at(-1)!
  if (result.success) result.state.defender = withConditions(result.state.defender, [t.ruleset.maneuvers.knockedDownCondition])
  else if ((cm.margin ?? 0) <= -10) result.state.attacker = withConditions(result.state.attacker, [t.ruleset.maneuvers.knockedDownCondition])
  return result
}

/** Feint is a Bluff check, not a combat maneuver: DC 10 + BAB + Wis, or 10 + Sense Motive if trained and higher (docs/rules.md §37). */
const feint: ManeuverProcedure = (t) => {
  const bluff = required(t.options.bluff, '/options/bluff', 'feint needs the attacker\'s Bluff bonus')
  const kind = t.options.defenderKind ?? 'humanoid'
  if (kind === 'mindless' || t.defender.combatant.abilities?.int === null) throw notPossible('/options/defenderKind', 'a creature without Intelligence cannot be feinted')
  const bab = baseAttackBonus(t.defender)
  const wis = modifierOf(t.defender.combatant.abilities, 'wis') ?? 0
  let dcMods: Modifier[] = [fixed('base attack bonus', bab), fixed('Wisdom', wis)]
  if (t.options.senseMotiveTrained) {
    const sense = required(t.options.senseMotive, '/options/senseMotive', 'a trained defender needs its Sense Motive bonus')
    if (sense > bab + wis) dcMods = [fixed('Sense Motive (trained)', sense)]
  }
  const dc = stack(t.ruleset, [...dcMods, ...(t.options.defenderModifiers ?? [])])
  const penalty = feintPenalty(kind)
  const bonus = stack(t.ruleset, [fixed('Bluff', bluff), ...(penalty ? [fixed(`target is ${kind === 'animal' ? 'an animal' : 'nonhumanoid'}`, penalty)] : []), ...ownConditions(t.ruleset, t.attacker, 'checks'), ...(t.options.attackerModifiers ?? [])])
  const roll = t.dice.d20('bluff')
  const total = roll + bonus.total
  const against = 10 + dc.total
  const { success } = judgeD20(roll, total, against, 'none')
  const step: Step = {
    step: 'skill-check', actor: 'attacker', success, roll, modifier: bonus.total, total, breakdown: bonus.breakdown,
    against, againstLabel: 'feint DC', againstBreakdown: dc.breakdown, margin: total - against,
    summary: success ? 'the Bluff check meets the DC: the next melee attack denies the target its Dex bonus' : 'the target is not fooled'
  }
  return outcome(t, success, [step], { state: conditionState(t), effect: success ? { deniesDexToNextMeleeAttack: true, notes: ['Valid for the attacker\'s next melee attack against this target, on or before its next turn.'] } : {} })
}

export const COMBAT_MANEUVERS: Record<string, ManeuverProcedure> = {
  'bull-rush': bullRush, 'dirty-trick': dirtyTrick, disarm, drag, overrun, reposition, steal, sunder, trip, feint
}
