import { hasFeat } from '../combatant.js'
import { fixed, type Modifier } from '../modifiers.js'
import { sizeSteps } from '../size.js'
import {
  abilityEntry, baseAttackBonus, betterOfStrengthAndDexterity, type Contestant, meleeTouchAttackBonus, notPossible, opposedCheck,
  ownConditions, type Participant, sizeAdjustment, stack, touchAttack, withConditions
} from './checks.js'
import type { OwnRoll } from './checks.js'
import {
  attackOfOpportunity, conditionState, improvedFeat, type ManeuverProcedure, type ManeuverTable, outcome,
  feintPenalty, perFiveFeet, provokesUnlessFeat, requireAtMostOneSizeLarger, required, stable
} from './context.js'
import { featName } from './combat-maneuver.js'
import { damageItem, sunderInputs } from './item-damage.js'
import type { ManeuverWeaponInput, Step } from './types.js'

const PURPOSES = { actor: 'maneuver-attacker', opponent: 'maneuver-defender' }
const COUNTER_PURPOSES = { actor: 'counter-defender', opponent: 'counter-attacker' }

function own (t: ManeuverTable, p: Participant): Modifier[] {
  return (p.role === 'attacker' ? t.options.attackerModifiers : t.options.defenderModifiers) ?? []
}

function feat (t: ManeuverTable, p: Participant): Modifier[] {
  const name = improvedFeat(t.maneuver)
  return hasFeat(p.combatant, name) ? [fixed(featName(name), t.ruleset.maneuvers.improvedFeatBonus)] : []
}

function stability (t: ManeuverTable): Modifier[] {
  return stable(t) ? [fixed('stable (more than two legs or otherwise)', t.ruleset.maneuvers.stabilityBonus)] : []
}

/** A side of an opposed roll: its modifiers, its own condition penalties on that kind of roll, and the request's typed modifiers. */
function contestant (t: ManeuverTable, p: Participant, roll: OwnRoll, mods: Modifier[]): Contestant {
  return { participant: p, modifier: stack(t.ruleset, [...mods, ...ownConditions(t.ruleset, p, roll), ...own(t, p)]) }
}

/**
 * Trip: a melee touch attack, then Str against the better of Str and Dex;
 * on failure the defender may trip back (SRD 3.5 › Trip; docs/rules.md §P4.2). The
 * touch attack and the counter use the same procedure in the variant.
 */
/**
 * The defender's answer to a failed trip or a blocked overrun: its Strength
 * against the attacker's better of Strength and Dexterity, with size
 * (SRD 3.5 › Trip; SRD 3.5 › Overrun).
 */
function counterTrip (t: ManeuverTable, what: (won: boolean) => string): Step {
  const counter = opposedCheck(t.ruleset, t.dice,
    contestant(t, t.defender, 'checks', [abilityEntry(t.ruleset, t.defender, 'str'), ...sizeAdjustment(t.ruleset, t.defender)]),
    contestant(t, t.attacker, 'checks', [betterOfStrengthAndDexterity(t.ruleset, t.attacker), ...sizeAdjustment(t.ruleset, t.attacker)]),
    COUNTER_PURPOSES, what)
  counter.step = 'counter-attempt'
  return counter
}

const trip: ManeuverProcedure = (t) => {
  requireAtMostOneSizeLarger(t)
  const steps: Step[] = []
  const tripWeapon = t.options.attackerWeapon?.tripWeapon === true
  steps.push(attackOfOpportunity(t, !hasFeat(t.attacker.combatant, 'improved-trip') && !tripWeapon, tripWeapon ? 'a trip weapon' : 'improved-trip', false))
  const touch = touchAttack(t.ruleset, t.dice, t.attacker, t.defender, (hit) => hit ? 'the melee touch attack connects' : 'the melee touch attack misses: no trip')
  steps.push(touch)
  if (!touch.success) return outcome(t, false, steps)
  const a = contestant(t, t.attacker, 'checks', [abilityEntry(t.ruleset, t.attacker, 'str'), ...sizeAdjustment(t.ruleset, t.attacker), ...feat(t, t.attacker)])
  const d = contestant(t, t.defender, 'checks', [betterOfStrengthAndDexterity(t.ruleset, t.defender), ...sizeAdjustment(t.ruleset, t.defender), ...stability(t)])
  const check = opposedCheck(t.ruleset, t.dice, a, d, PURPOSES, (won) => won ? 'the Strength check wins: the defender is knocked prone' : 'the defender resists the trip')
  steps.push(check)
  const state = conditionState(t)
  if (check.success) {
    state.defender = withConditions(state.defender, [t.ruleset.maneuvers.knockedDownCondition])
    const notes = hasFeat(t.attacker.combatant, 'improved-trip') ? ['Improved Trip: the attacker may make a melee attack against the prone defender at once (SRD35 › Feats).'] : []
    return outcome(t, true, steps, { state, effect: notes.length ? { notes } : {} })
  }
  if (t.options.counterAttempt === false) return outcome(t, false, steps)
  const counter = counterTrip(t, (won) => won ? 'the defender trips the attacker back' : 'the counter-trip fails')
  steps.push(counter)
  if (counter.success) state.attacker = withConditions(state.attacker, [t.ruleset.maneuvers.knockedDownCondition])
  return outcome(t, false, steps, { state })
}

/** The opposed attack roll of disarm and sunder: weapon bonus, two-handed +4, light or unarmed −4, +4 per size larger (SRD 3.5 › Disarm). */
function weaponAttack (t: ManeuverTable, p: Participant, weapon: ManeuverWeaponInput, opponent: Participant): Modifier[] {
  const mods: Modifier[] = weapon.attackBonus !== undefined ? [fixed('weapon attack bonus', weapon.attackBonus)] : meleeTouchAttackBonus(t.ruleset, p).breakdown.map((b) => ({ source: b.source, type: b.type, value: b.value }))
  const category = weapon.category ?? 'one-handed'
  if (category === 'two-handed') mods.push(fixed('two-handed weapon', 4))
  if (category === 'light' || category === 'unarmed') mods.push(fixed(category === 'light' ? 'light weapon' : 'unarmed (light)', -4))
  const larger = sizeSteps(opponent.combatant.size, p.combatant.size)
  if (larger > 0) mods.push(fixed(`larger by ${larger} size categor${larger > 1 ? 'ies' : 'y'}`, t.ruleset.maneuvers.sizeStepBonus * larger))
  return mods
}

export const disarm: ManeuverProcedure = (t) => {
  const defenderWeapon = t.options.defenderWeapon ?? {}
  if (defenderWeapon.spikedGauntlet) throw notPossible('/options/defenderWeapon/spikedGauntlet', 'a spiked gauntlet cannot be disarmed (SRD 3.5 › Disarm)')
  const attackerWeapon = t.options.attackerWeapon ?? {}
  const steps: Step[] = [provokesUnlessFeat(t, true)]
  if (!steps[0]!.success) return outcome(t, false, steps)
  // docs/rules.md §64: Improved Disarm also gives +4 when resisting a disarm (SRD 3.5 › Feats).
  const defenderMods = [...weaponAttack(t, t.defender, defenderWeapon, t.attacker), ...feat(t, t.defender)]
  if (defenderWeapon.meleeWeapon === false) defenderMods.push(fixed('item is not a melee weapon', -4))
  if (defenderWeapon.lockedGauntlet) defenderMods.push(fixed('locked gauntlet', 10))
  const check = opposedCheck(t.ruleset, t.dice,
    contestant(t, t.attacker, 'melee', [...weaponAttack(t, t.attacker, attackerWeapon, t.defender), ...feat(t, t.attacker)]),
    contestant(t, t.defender, 'melee', defenderMods), PURPOSES,
    (won) => won ? 'the attacker wins the opposed attack rolls: the defender is disarmed' : 'the defender keeps hold of its weapon')
  steps.push(check)
  const unarmed = (attackerWeapon.category ?? 'one-handed') === 'unarmed'
  if (check.success) {
    return outcome(t, true, steps, { effect: { itemsDropped: 1, attackerHoldsItem: unarmed, notes: [unarmed ? 'The unarmed attacker now holds the item.' : 'The item lies on the ground in the defender\'s square.'] } })
  }
  // The counter-disarm provokes nothing and has no counter of its own; Improved Disarm denies it (SRD 3.5 › Feats);
  // a defender whose item is not a melee weapon cannot disarm in return (SRD 3.5 › Disarm; docs/rules.md §P4.2).
  if (t.options.counterAttempt === false || unarmed || defenderWeapon.meleeWeapon === false || hasFeat(t.attacker.combatant, 'improved-disarm')) return outcome(t, false, steps)
  const counter = opposedCheck(t.ruleset, t.dice,
    contestant(t, t.defender, 'melee', [...weaponAttack(t, t.defender, defenderWeapon, t.attacker), ...feat(t, t.defender)]),
    contestant(t, t.attacker, 'melee', weaponAttack(t, t.attacker, attackerWeapon, t.defender)),
    COUNTER_PURPOSES, (won) => won ? 'the defender disarms the attacker in return' : 'the counter-disarm fails')
  counter.step = 'counter-attempt'
  steps.push(counter)
  return outcome(t, false, steps, { effect: counter.success ? { attackerDropsWeapon: true } : {} })
}

const bullRush: ManeuverProcedure = (t) => {
  requireAtMostOneSizeLarger(t)
  const steps: Step[] = [provokesUnlessFeat(t, false)]
  const charge = t.options.charging ? [fixed('charging', t.ruleset.maneuvers.chargeBonus)] : []
  const check = opposedCheck(t.ruleset, t.dice,
    contestant(t, t.attacker, 'checks', [abilityEntry(t.ruleset, t.attacker, 'str'), ...sizeAdjustment(t.ruleset, t.attacker), ...charge, ...feat(t, t.attacker)]),
    contestant(t, t.defender, 'checks', [abilityEntry(t.ruleset, t.defender, 'str'), ...sizeAdjustment(t.ruleset, t.defender), ...stability(t)]),
    PURPOSES, (won) => won ? 'the attacker wins the opposed Strength check and pushes the defender back' : 'the defender stands its ground')
  steps.push(check)
  if (!check.success) {
    return outcome(t, false, steps, { effect: { notes: ['The attacker moves 5 ft back to where it started, and falls prone there if that square is occupied (SRD 3.5 › Bull Rush).'] } })
  }
  const [a, d] = check.sides!
  const pushFeet = perFiveFeet(a!.total - d!.total)
  return outcome(t, true, steps, { effect: { pushFeet, notes: ['The push goes only as far as the attacker moves along with the defender; the pushed defender provokes attacks of opportunity, but not from the attacker.'] } })
}

const overrun: ManeuverProcedure = (t) => {
  if (t.options.charging) throw notPossible('/options/charging', 'dnd35 forbids an overrun during a charge (SRD 3.5 › Overrun)')
  requireAtMostOneSizeLarger(t)
  const steps: Step[] = [attackOfOpportunity(t, true, '', false)]
  if (t.options.defenderAvoids && !hasFeat(t.attacker.combatant, 'improved-overrun')) {
    steps.push({ step: 'defender-choice', actor: 'defender', success: true, summary: 'the defender steps aside: the attacker moves through, and the attempt costs no action' })
    return outcome(t, true, steps)
  }
  const check = opposedCheck(t.ruleset, t.dice,
    contestant(t, t.attacker, 'checks', [abilityEntry(t.ruleset, t.attacker, 'str'), ...sizeAdjustment(t.ruleset, t.attacker), ...feat(t, t.attacker)]),
    contestant(t, t.defender, 'checks', [betterOfStrengthAndDexterity(t.ruleset, t.defender), ...sizeAdjustment(t.ruleset, t.defender), ...stability(t)]),
    PURPOSES, (won) => won ? 'the defender is knocked prone and the attacker keeps moving' : 'the defender blocks the overrun')
  steps.push(check)
  const state = conditionState(t)
  if (check.success) {
    state.defender = withConditions(state.defender, [t.ruleset.maneuvers.knockedDownCondition])
    return outcome(t, true, steps, { state })
  }
  if (t.options.counterAttempt === false) return outcome(t, false, steps, { effect: { notes: ['The attacker moves 5 ft back the way it came, prone if that square is occupied.'] } })
  const counter = counterTrip(t, (won) => won ? 'the defender knocks the attacker prone' : 'the counter fails')
  steps.push(counter)
  if (counter.success) state.attacker = withConditions(state.attacker, [t.ruleset.maneuvers.knockedDownCondition])
  const note = counter.success ? 'The attacker moves 5 ft back the way it came and falls prone there.' : 'The attacker moves 5 ft back the way it came, prone if that square is occupied.'
  return outcome(t, false, steps, { state, effect: { notes: [note] } })
}

export const sunder: ManeuverProcedure = (t) => {
  const inputs = sunderInputs(t)
  const steps: Step[] = [provokesUnlessFeat(t, false)]
  const check = opposedCheck(t.ruleset, t.dice,
    contestant(t, t.attacker, 'melee', [...weaponAttack(t, t.attacker, t.options.attackerWeapon ?? {}, t.defender), ...feat(t, t.attacker)]),
    contestant(t, t.defender, 'melee', weaponAttack(t, t.defender, t.options.defenderWeapon ?? {}, t.attacker)),
    PURPOSES, (won) => won ? 'the attacker wins the opposed attack rolls and strikes the item' : 'the item is not struck')
  steps.push(check)
  if (!check.success) return outcome(t, false, steps)
  const hit = damageItem(t, inputs)
  steps.push(hit.step)
  return outcome(t, true, steps, { damage: hit.damage, effect: hit.effect })
}

/** Feint: Bluff against Sense Motive + BAB; only a Bluff that exceeds succeeds (SRD 3.5 › Feint; docs/rules.md §33). */
export const feint: ManeuverProcedure = (t) => {
  const bluff = required(t.options.bluff, '/options/bluff', 'feint needs the attacker\'s Bluff bonus')
  const senseMotive = required(t.options.senseMotive, '/options/senseMotive', 'feint needs the defender\'s Sense Motive bonus')
  const kind = t.options.defenderKind ?? 'humanoid'
  if (kind === 'mindless' || t.defender.combatant.abilities?.int === null) throw notPossible('/options/defenderKind', 'a mindless creature cannot be feinted')
  const penalty = feintPenalty(kind)
  const attackerMods = [fixed('Bluff', bluff), ...(penalty ? [fixed(`target is ${kind === 'animal' ? 'an animal' : 'nonhumanoid'}`, penalty)] : [])]
  const check = opposedCheck(t.ruleset, t.dice,
    contestant(t, t.attacker, 'checks', attackerMods),
    contestant(t, t.defender, 'checks', [fixed('Sense Motive', senseMotive), fixed('base attack bonus', baseAttackBonus(t.defender))]),
    { actor: 'bluff', opponent: 'sense-motive' },
    (won) => won ? 'the Bluff exceeds the Sense Motive check: the next melee attack ignores the defender\'s Dex bonus' : 'the defender is not fooled (a tie fails)',
    'actor-loses')
  return outcome(t, check.success, [attackOfOpportunity(t, false, 'a feint provokes nothing', false), check], {
    effect: check.success ? { deniesDexToNextMeleeAttack: true, notes: ['Valid for the attacker\'s next melee attack against this target, on or before its next turn.'] } : {}
  })
}

export const OPPOSED_MANEUVERS: Record<string, ManeuverProcedure> = {
  trip, disarm, 'bull-rush': bullRush, overrun, sunder, feint
}
