import { hasCondition } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { fixed, type Modifier } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { grapplesWithoutProvoking, notPossible, ownConditions, type Participant, stack, statsOf, withConditions } from './checks.js'
import { againstTarget, combatManeuverBonus, combatManeuverCheck, combatManeuverDefense } from './combat-maneuver.js'
import { lethalUnarmedPenalty, unarmedDice, unarmedStrikeDamage } from './damage.js'
import type { CombatManeuverGrapplePolicy } from './policy.js'
import type { ConditionState, DamageResult, ManeuverEffect, ManeuverOptions, ManeuverResult, Step } from './types.js'

export const CMB_GRAPPLE_ACTIONS = ['start', 'maintain', 'damage', 'pin', 'move', 'tie-up', 'escape', 'release'] as const

interface Table {
  ruleset: Ruleset
  policy: CombatManeuverGrapplePolicy
  dice: Dice
  attacker: Participant
  defender: Participant
  options: ManeuverOptions
}

const inGrapple = (t: Table, p: Participant): boolean => hasCondition(p.combatant, t.policy.conditions.grappled) || hasCondition(p.combatant, t.policy.conditions.pinned)

function state (t: Table): ConditionState {
  return { attacker: [...(t.attacker.combatant.conditions ?? [])], defender: [...(t.defender.combatant.conditions ?? [])], others: [] }
}

function requireGrappling (t: Table, p: Participant, action: string): void {
  const { grappled, pinned } = t.policy.conditions
  if (!hasCondition(p.combatant, grappled)) {
    throw notPossible(`${p.path}/conditions`, `${action}: the ${p.role} is not grappling (its conditions lack "${grappled}"), so it cannot ${action}; start a grapple first (PRD › Grapple)`)
  }
  if (hasCondition(p.combatant, pinned)) throw notPossible(`${p.path}/conditions`, `${action}: the ${p.role} is pinned; a pinned creature can only try to escape (PRD › Conditions › Pinned)`)
}

/** Aid another from creatures helping the grappler: +2 each (PRD › Grapple › Multiple Creatures; docs/rules.md §38). */
function aid (t: Table): Modifier[] {
  const n = t.options.aidingCreatures ?? 0
  return n > 0 ? [fixed(`aid another (${n} creature${n > 1 ? 's' : ''})`, 2 * n)] : []
}

function check (t: Table, extra: Modifier[], what: string): Step {
  const cmb = combatManeuverBonus(t.ruleset, t.attacker, { maneuverFeat: 'improved-grapple', grappleOrEscape: true }, [...extra, ...aid(t), ...againstTarget(t.ruleset, t.defender), ...(t.options.attackerModifiers ?? [])])
  const cmd = combatManeuverDefense(t.ruleset, t.defender, { maneuverFeat: 'improved-grapple' }, t.options.defenderModifiers ?? [])
  return combatManeuverCheck(t.ruleset, t.dice, t.attacker, t.defender, cmb, cmd, {
    summary: (ok) => ok ? what : 'the attempt fails'
  })
}

function result (t: Table, success: boolean, steps: Step[], s = state(t), damage: DamageResult | null = null, effect: ManeuverEffect = {}): ManeuverResult {
  return { success, steps, state: s, damage, effect }
}

function start (t: Table): ManeuverResult {
  const steps: Step[] = []
  const extra: Modifier[] = []
  if (hasCondition(t.attacker.combatant, t.policy.conditions.pinned)) throw notPossible('/attacker/conditions', 'start: the attacker is pinned; a pinned creature can only try to escape (PRD › Conditions › Pinned)')
  const noProvocation = grapplesWithoutProvoking(t.attacker)
  if (noProvocation !== null) {
    steps.push({ step: 'attack-of-opportunity', actor: 'defender', provoked: false, success: true, summary: `no attack of opportunity: ${noProvocation}` })
  } else {
    const damage = t.options.attackOfOpportunityDamage ?? 0
    steps.push({
      step: 'attack-of-opportunity', actor: 'defender', provoked: true, attackOfOpportunityDamage: damage, success: true,
      summary: damage > 0 ? `the attack of opportunity dealt ${damage} damage: −${damage} on the combat maneuver check` : 'the attack of opportunity dealt no damage'
    })
    if (damage > 0) extra.push(fixed('damage from the attack of opportunity', -damage))
  }
  if (t.options.humanoidWithoutTwoFreeHands) extra.push(fixed('humanoid without two free hands', -t.policy.withoutTwoHandsPenalty))
  const cm = check(t, extra, 'both creatures are grappled')
  steps.push(cm)
  const s = state(t)
  if (cm.success) {
    s.attacker = withConditions(s.attacker, [t.policy.conditions.grappled])
    s.defender = withConditions(s.defender, [t.policy.conditions.grappled])
  }
  return result(t, cm.success, steps, s)
}

/** Every round the grappler keeps the hold with a check, +5 against the same target (docs/rules.md §P4.4, §38); success allows one of the options. */
function maintainCheck (t: Table, action: string, extra: Modifier[], what: string): Step {
  requireGrappling(t, t.attacker, action)
  if (!inGrapple(t, t.defender)) throw notPossible('/defender/conditions', `${action}: the defender is not grappled`)
  const bonus = t.options.maintainedLastRound ? [fixed('maintaining against the same target', t.policy.maintainBonus, 'circumstance')] : []
  return check(t, [...bonus, ...extra], what)
}

function maintain (t: Table): ManeuverResult {
  const cm = maintainCheck(t, 'maintain', [], 'the grapple is maintained')
  return maintained(t, cm)
}

function maintained (t: Table, cm: Step): ManeuverResult {
  const s = state(t)
  if (cm.success) return result(t, true, [cm], s)
  // A hold that is not maintained ends: neither creature is grappled any more.
  s.attacker = withConditions(s.attacker, [], [t.policy.conditions.grappled])
  s.defender = withConditions(s.defender, [], [t.policy.conditions.grappled, t.policy.conditions.pinned])
  return result(t, false, [cm], s, null, { notes: ['The hold was not maintained, so the grapple ends (PRD › Grapple).'] })
}

function damage (t: Table): ManeuverResult {
  const unarmed = unarmedDice(t.ruleset, t.attacker, t.options)
  const lethal = t.options.lethal === true
  const cm = maintainCheck(t, 'damage', lethalUnarmedPenalty(t.attacker, lethal, t.policy.lethalPenalty), 'the grappler deals damage')
  if (!cm.success) return maintained(t, cm)
  const dealt = unarmedStrikeDamage(t.ruleset, t.dice, t.attacker, unarmed, lethal)
  const dmgStep: Step = { step: 'damage', actor: 'attacker', success: true, damage: dealt, summary: `the grappler deals ${dealt.total} ${dealt.lethal > 0 ? 'lethal' : 'nonlethal'} damage` }
  return result(t, true, [cm, dmgStep], state(t), dealt)
}

function pin (t: Table): ManeuverResult {
  if (hasCondition(t.defender.combatant, t.policy.conditions.pinned)) throw notPossible('/defender/conditions', 'pin: the defender is already pinned')
  const cm = maintainCheck(t, 'pin', [], 'the defender is pinned')
  if (!cm.success) return maintained(t, cm)
  const s = state(t)
  // Pinned replaces grappled (PRD › Conditions; Pathfinder FAQ); the pinner stays grappled and loses its Dex bonus to AC.
  s.defender = withConditions(s.defender, [t.policy.conditions.pinned], [t.policy.conditions.grappled])
  return result(t, true, [cm], s, null, { notes: ['The pinner remains grappled and loses its Dexterity bonus to AC while pinning (PRD › Grapple).'] })
}

function move (t: Table): ManeuverResult {
  const cm = maintainCheck(t, 'move', [], 'the grappler moves both creatures')
  if (!cm.success) return maintained(t, cm)
  const speed = t.options.speedFeet
  return result(t, true, [cm], state(t), null, { moveFeet: speed === undefined ? null : Math.floor(speed / 2), notes: ['The target ends in any square adjacent to the grappler; a hazardous square gives it a free attempt to break free at +4 (PRD › Grapple).'] })
}

function tieUp (t: Table): ManeuverResult {
  // PRD › Grapple › Tie Up: a pinned, restrained or unconscious target; the helpless family from the effects table.
  const helpless = hasCondition(t.defender.combatant, t.policy.conditions.pinned) || statsOf(t.ruleset, t.defender).helpless
  const extra = helpless ? [] : [fixed('tying up a target that is only grappled', -t.policy.tieUpGrappledPenalty)]
  const cm = maintainCheck(t, 'tie-up', extra, 'the defender is tied up')
  if (!cm.success) return maintained(t, cm)
  const s = state(t)
  s.defender = withConditions(s.defender, [t.policy.conditions.tiedUp])
  const cmb = combatManeuverBonus(t.ruleset, t.attacker, { grappleOrEscape: true }).total
  const dc = t.policy.tieUpDcBase + cmb
  return result(t, true, [cm], s, null, { escapeDc: dc, notes: [`Escape DC ${t.policy.tieUpDcBase} + the tying creature's CMB (${cmb}); impossible, even on a natural 20, when it exceeds ${t.policy.tieUpDcBase} + the target's CMB (PRD › Grapple › Tie Up).`] })
}

function escape (t: Table): ManeuverResult {
  if (!inGrapple(t, t.attacker)) throw notPossible('/attacker/conditions', 'escape: the attacker is neither grappled nor pinned, so there is nothing to escape')
  const escapeArtist = t.options.useEscapeArtist
  const cmd = combatManeuverDefense(t.ruleset, t.defender, { maneuverFeat: 'improved-grapple' }, t.options.defenderModifiers ?? [])
  const bonus = escapeArtist === undefined
    ? combatManeuverBonus(t.ruleset, t.attacker, { grappleOrEscape: true }, [...aid(t), ...(t.options.attackerModifiers ?? [])])
    : stack(t.ruleset, [fixed('Escape Artist', escapeArtist), ...aid(t), ...ownConditions(t.ruleset, t.attacker, 'checks'), ...(t.options.attackerModifiers ?? [])])
  // A skill check has no automatic natural 20 or 1; the combat maneuver check does.
  const cm = combatManeuverCheck(t.ruleset, t.dice, t.attacker, t.defender, bonus, cmd, {
    naturalRule: escapeArtist === undefined,
    purpose: escapeArtist === undefined ? 'combat-maneuver' : 'escape-artist',
    summary: (ok) => ok ? (t.options.reverseGrapple ? 'the grappled creature reverses the grapple and becomes the grappler' : 'the grappled creature breaks free') : 'the escape attempt fails'
  })
  if (escapeArtist !== undefined) { cm.againstLabel = 'CMD (Escape Artist check)' }
  const s = state(t)
  if (cm.success && t.options.reverseGrapple) {
    s.attacker = withConditions(s.attacker, [t.policy.conditions.grappled], [t.policy.conditions.pinned])
  } else if (cm.success) {
    // One success escapes a pin and the grapple together (Pathfinder FAQ).
    s.attacker = withConditions(s.attacker, [], [t.policy.conditions.grappled, t.policy.conditions.pinned])
    s.defender = withConditions(s.defender, [], [t.policy.conditions.grappled])
  }
  return result(t, cm.success, [cm], s)
}

function release (t: Table): ManeuverResult {
  requireGrappling(t, t.attacker, 'release')
  const s = state(t)
  s.attacker = withConditions(s.attacker, [], [t.policy.conditions.grappled])
  s.defender = withConditions(s.defender, [], [t.policy.conditions.grappled, t.policy.conditions.pinned])
  return result(t, true, [{ step: 'release', actor: 'attacker', success: true, summary: 'the grappler releases the hold as a free action' }], s)
}

const ACTIONS: Record<typeof CMB_GRAPPLE_ACTIONS[number], (t: Table) => ManeuverResult> = {
  start, maintain, damage, pin, move, 'tie-up': tieUp, escape, release
}

/** pf1e grapple (docs/rules.md §P4.4). */
export function resolveCombatManeuverGrapple (
  ruleset: Ruleset, policy: CombatManeuverGrapplePolicy, dice: Dice, action: string,
  parts: { attacker: Participant, defender: Participant, others: Participant[] }, options: ManeuverOptions
): ManeuverResult {
  if (parts.others.length > 0) {
    throw notPossible('/others', 'pf1e: only the grapple\'s initiator rolls; count the creatures helping it in options.aidingCreatures (+2 each, PRD › Grapple)')
  }
  const fn = ACTIONS[action as keyof typeof ACTIONS]
  return fn({ ruleset, policy, dice, attacker: parts.attacker, defender: parts.defender, options })
}
