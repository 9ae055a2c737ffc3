import { hasCondition, hasFeat } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { fixed, type Modifier, type Stacked } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { sizeRow, sizeSteps } from '../size.js'
import {
  abilityEntry, baseAttackBonus, type Contestant, grapplesWithoutProvoking, notPossible, opposedStep, type Participant,
  ownConditions, rollSide, settleOpposed, stack, touchAttack, withConditions
} from './checks.js'
import { lethalUnarmedPenalty, unarmedDice, unarmedStrikeDamage } from './damage.js'
import type { OpposedGrapplePolicy } from './policy.js'
import type { ConditionState, DamageResult, ManeuverEffect, ManeuverOptions, ManeuverResult, Step } from './types.js'

export const OPPOSED_GRAPPLE_ACTIONS = ['start', 'damage', 'pin', 'escape', 'move', 'break-pin', 'use-opponent-weapon', 'release'] as const

interface Table {
  ruleset: Ruleset
  policy: OpposedGrapplePolicy
  dice: Dice
  attacker: Participant
  defender: Participant
  others: Participant[]
  options: ManeuverOptions
}

/**
 * The grapple modifier: BAB + Str + the special size modifier (SRD 3.5 › Grapple
 * Checks), Improved Grapple's +4 (SRD 3.5 › Feats), the grappler's own
 * condition penalties on melee attack rolls, as a grapple check is "like a
 * melee attack roll", and typed modifiers.
 */
export function grappleModifier (ruleset: Ruleset, p: Participant, extra: readonly Modifier[] = []): Stacked {
  const mods: Modifier[] = [fixed('base attack bonus', baseAttackBonus(p)), abilityEntry(ruleset, p, 'str')]
  const size = sizeRow(p.combatant.size).grapple
  if (size !== 0) mods.push(fixed(`special size modifier (${p.combatant.size ?? 'medium'})`, size, 'size'))
  if (hasFeat(p.combatant, 'improved-grapple')) mods.push(fixed('Improved Grapple', ruleset.maneuvers.improvedFeatBonus))
  return stack(ruleset, [...mods, ...ownConditions(ruleset, p, 'melee', { toGrapple: true }), ...extra])
}

const isGrappling = (t: Table, p: Participant): boolean => hasCondition(p.combatant, t.policy.conditions.grappling) || isPinned(t, p)
const isPinned = (t: Table, p: Participant): boolean => hasCondition(p.combatant, t.policy.conditions.pinned)

function requireGrappling (t: Table, p: Participant, action: string): void {
  if (!isGrappling(t, p)) {
    throw notPossible(`${p.path}/conditions`, `${action}: the ${p.role} is not grappling (its conditions lack "${t.policy.conditions.grappling}"), so it cannot ${action} (SRD 3.5 › If You're Grappling); start a grapple first`)
  }
}

function requireNotPinned (t: Table, p: Participant, action: string): void {
  if (isPinned(t, p)) {
    throw notPossible(`${p.path}/conditions`, `${action}: the ${p.role} is pinned; a pinned creature can only try to escape the pin (SRD 3.5 › If You're Pinned by an Opponent)`)
  }
}

function state (t: Table): ConditionState {
  return {
    attacker: [...(t.attacker.combatant.conditions ?? [])],
    defender: [...(t.defender.combatant.conditions ?? [])],
    others: t.others.map((o) => [...(o.combatant.conditions ?? [])])
  }
}

function result (t: Table, success: boolean, steps: Step[], s: ConditionState = state(t), damage: DamageResult | null = null, effect: ManeuverEffect = {}): ManeuverResult {
  return { success, steps, state: s, damage, effect }
}

function contestant (t: Table, p: Participant, extra: readonly Modifier[] = []): Contestant {
  const own = p.role === 'attacker' ? t.options.attackerModifiers ?? [] : p.role === 'defender' ? t.options.defenderModifiers ?? [] : []
  return { participant: p, modifier: grappleModifier(t.ruleset, p, [...extra, ...own]) }
}

/** The actor's d20, then each opponent's in order, then any tie-breaks in that order (OpenAPI › Dice order). */
function opposeAll (t: Table, actor: Contestant, opponents: Contestant[], actorPurpose: string, what: string): Step[] {
  const a = rollSide(t.dice, actor, actorPurpose)
  const sides = opponents.map((o) => rollSide(t.dice, o, 'grapple-defender'))
  return sides.map((o) => {
    const settled = settleOpposed(t.ruleset, t.dice, a, o)
    const won = settled.winner === a.role
    return opposedStep(a, o, settled, won ? `${a.role} beats ${o.role}'s grapple check: ${what}` : `${o.role} wins the opposed grapple check: ${what} fails`)
  })
}

function damageStep (t: Table, damage: DamageResult): Step {
  return { step: 'damage', actor: 'attacker', summary: `unarmed strike deals ${damage.total} ${damage.lethal > 0 ? 'lethal' : 'nonlethal'} damage`, success: true, damage }
}

/** Up to four grapplers per target, smaller counting ½, one size larger 2, two or more larger 4 (SRD 3.5 › Multiple Grapplers). */
function grapplerWeight (target: Participant, grappler: Participant): number {
  const steps = sizeSteps(target.combatant.size, grappler.combatant.size)
  return steps <= -1 ? 0.5 : steps === 0 ? 1 : steps === 1 ? 2 : 4
}

function start (t: Table): ManeuverResult {
  const unarmed = unarmedDice(t.ruleset, t.attacker, t.options)
  const { attacker, defender } = t
  requireNotPinned(t, attacker, 'start')
  const steps: Step[] = []
  const joining = isGrappling(t, defender)
  if (joining) {
    const weight = [...t.others, attacker].reduce((n, g) => n + grapplerWeight(defender, g), 0)
    const ok = weight <= t.policy.grapplerLimit
    const summary = `grapplers on the defender count ${weight} of at most ${t.policy.grapplerLimit} (others already grappling it plus the attacker)`
    if (!ok) throw notPossible('/others', `${summary}: no room to join (SRD 3.5 › Multiple Grapplers)`)
    steps.push({ step: 'grapple-limit', actor: 'attacker', summary, success: true })
  }
  // Step 1: the attack of opportunity, resolved by the caller.
  const noProvocation = grapplesWithoutProvoking(attacker)
  if (joining || noProvocation !== null) {
    steps.push({
      step: 'attack-of-opportunity', actor: 'defender', provoked: false, success: true,
      summary: joining ? 'no attack of opportunity: the target is already grappling (SRD 3.5 › Joining a Grapple)' : `no attack of opportunity: ${noProvocation}`
    })
  } else {
    const damage = t.options.attackOfOpportunityDamage ?? 0
    const ok = damage <= 0
    steps.push({
      step: 'attack-of-opportunity', actor: 'defender', provoked: true, attackOfOpportunityDamage: damage, success: ok,
      summary: ok ? 'the attack of opportunity dealt no damage' : `the attack of opportunity dealt ${damage} damage: the grapple attempt fails`
    })
    if (!ok) return result(t, false, steps)
  }
  // Step 2: grab.
  if (joining) {
    steps.push({ step: 'touch-attack', actor: 'attacker', automatic: 'joining-a-grapple', success: true, summary: 'the grab succeeds automatically against a creature already grappling' })
  } else {
    const grab = touchAttack(t.ruleset, t.dice, attacker, defender, (hit) => hit ? 'the melee touch attack grabs the target' : 'the melee touch attack misses: the grapple attempt fails')
    steps.push(grab)
    if (!grab.success) return result(t, false, steps)
  }
  // Step 3: hold.
  if (sizeSteps(attacker.combatant.size, defender.combatant.size) >= 2) {
    steps.push({
      step: 'size-check', actor: 'attacker', automatic: 'target-two-or-more-sizes-larger', success: false,
      summary: 'the target is two or more size categories larger: the attacker automatically loses the hold, no check is rolled'
    })
    return result(t, false, steps)
  }
  const lethal = t.options.lethal === true
  const a = contestant(t, attacker, lethalUnarmedPenalty(attacker, lethal, t.policy.lethalPenalty))
  const d = contestant(t, defender)
  const aSide = rollSide(t.dice, a, 'grapple-attacker')
  const dSide = rollSide(t.dice, d, 'grapple-defender')
  const settled = settleOpposed(t.ruleset, t.dice, aSide, dSide)
  const won = settled.winner === 'attacker'
  steps.push(opposedStep(aSide, dSide, settled, won ? 'the attacker wins the hold: both are now grappling' : 'the defender wins the opposed grapple check: the grapple does not start'))
  if (!won) return result(t, false, steps)
  const damage = unarmedStrikeDamage(t.ruleset, t.dice, attacker, unarmed, lethal)
  steps.push(damageStep(t, damage))
  const s = state(t)
  s.attacker = withConditions(s.attacker, [t.policy.conditions.grappling])
  s.defender = withConditions(s.defender, [t.policy.conditions.grappling])
  return result(t, true, steps, s, damage, { notes: ['Step 4: the attacker moves into the target\'s space to maintain the grapple; if it cannot, it lets go at once (SRD 3.5 › Starting a Grapple).'] })
}

function versusDefender (t: Table, action: string, extra: readonly Modifier[], what: string): { won: boolean, steps: Step[] } {
  requireGrappling(t, t.attacker, action)
  requireNotPinned(t, t.attacker, action)
  const steps = opposeAll(t, contestant(t, t.attacker, extra), [contestant(t, t.defender)], 'grapple-attacker', what)
  return { won: steps.every((s) => s.success), steps }
}

function damage (t: Table): ManeuverResult {
  const unarmed = unarmedDice(t.ruleset, t.attacker, t.options)
  const lethal = t.options.lethal === true
  const { won, steps } = versusDefender(t, 'damage', lethalUnarmedPenalty(t.attacker, lethal, t.policy.lethalPenalty), 'damage the opponent')
  if (!won) return result(t, false, steps)
  const dealt = unarmedStrikeDamage(t.ruleset, t.dice, t.attacker, unarmed, lethal)
  steps.push(damageStep(t, dealt))
  return result(t, true, steps, state(t), dealt)
}

function pin (t: Table): ManeuverResult {
  if (isPinned(t, t.defender)) throw notPossible('/defender/conditions', 'pin: the defender is already pinned')
  const { won, steps } = versusDefender(t, 'pin', [], 'pin the opponent for 1 round')
  const s = state(t)
  if (won) s.defender = withConditions(s.defender, [t.policy.conditions.pinned])
  return result(t, won, steps, s)
}

function escape (t: Table): ManeuverResult {
  requireGrappling(t, t.attacker, 'escape')
  const pinned = isPinned(t, t.attacker)
  // A pinned creature escapes the pin from its pinner; otherwise it must beat every grappler (SRD 3.5 › Escape from Grapple).
  const opponents = pinned ? [t.defender] : [t.defender, ...t.others]
  const escapeArtist = t.options.useEscapeArtist
  const actor: Contestant = escapeArtist === undefined
    ? contestant(t, t.attacker)
    : { participant: t.attacker, modifier: stack(t.ruleset, [fixed('Escape Artist (a standard action)', escapeArtist), ...ownConditions(t.ruleset, t.attacker, 'checks'), ...(t.options.attackerModifiers ?? [])]) }
  const steps = opposeAll(t, actor, opponents.map((o) => contestant(t, o)), escapeArtist === undefined ? 'grapple-attacker' : 'escape-artist', pinned ? 'escape the pin' : 'escape the grapple')
  const won = steps.every((s) => s.success)
  const s = state(t)
  if (won && pinned) {
    s.attacker = withConditions(s.attacker, [], [t.policy.conditions.pinned])
  } else if (won) {
    s.attacker = withConditions(s.attacker, [], [t.policy.conditions.grappling, t.policy.conditions.pinned])
    s.defender = withConditions(s.defender, [], [t.policy.conditions.grappling])
    s.others = s.others.map((c) => withConditions(c, [], [t.policy.conditions.grappling]))
  }
  const notes = won && !pinned ? ['The escaper moves into a space adjacent to its former opponents; the opponents are reported free of this grapple (list only the creatures grappling the escaper).'] : []
  return result(t, won, steps, s, null, notes.length ? { notes } : {})
}

function move (t: Table): ManeuverResult {
  requireGrappling(t, t.attacker, 'move')
  requireNotPinned(t, t.attacker, 'move')
  const alone = t.others.length === 0 && isPinned(t, t.defender)
  const extra = alone ? [fixed('moving a pinned opponent, no one else in the grapple', t.policy.movePinnedAloneBonus)] : []
  const steps = opposeAll(t, contestant(t, t.attacker, extra), [t.defender, ...t.others].map((o) => contestant(t, o)), 'grapple-attacker', 'move the grapple')
  const won = steps.every((s) => s.success)
  const speed = t.options.speedFeet
  return result(t, won, steps, state(t), null, won ? { moveFeet: speed === undefined ? null : Math.floor(speed / 2) } : {})
}

function breakPin (t: Table): ManeuverResult {
  const { won, steps } = versusDefender(t, 'break-pin', [], 'break the defender\'s pin on another')
  const s = state(t)
  if (won) {
    const freed = t.others.findIndex((o) => isPinned(t, o))
    if (freed >= 0) s.others[freed] = withConditions(s.others[freed], [], [t.policy.conditions.pinned])
  }
  return result(t, won, steps, s, null, won ? { pinBroken: true, notes: ['The freed creature is still grappling, no longer pinned (SRD 3.5 › Break Another\'s Pin).'] } : {})
}

function useOpponentWeapon (t: Table): ManeuverResult {
  const { won, steps } = versusDefender(t, 'use-opponent-weapon', [], 'use the opponent\'s light weapon')
  const effect: ManeuverEffect = won
    ? { followUpAttackPenalty: -t.policy.opponentWeaponPenalty, notes: [`Now attack with the opponent's light weapon at ${-t.policy.opponentWeaponPenalty} (POST /v1/attacks with that attack modifier); the weapon stays with its owner (SRD 3.5 › Use Opponent's Weapon).`] }
    : {}
  return result(t, won, steps, state(t), null, effect)
}

function release (t: Table): ManeuverResult {
  requireGrappling(t, t.attacker, 'release')
  const s = state(t)
  s.attacker = withConditions(s.attacker, [], [t.policy.conditions.grappling])
  s.defender = withConditions(s.defender, [], [t.policy.conditions.grappling, t.policy.conditions.pinned])
  return result(t, true, [{ step: 'release', actor: 'attacker', success: true, summary: 'the attacker lets go as a free action; neither is grappling the other any more' }], s)
}

const ACTIONS: Record<typeof OPPOSED_GRAPPLE_ACTIONS[number], (t: Table) => ManeuverResult> = {
  start, damage, pin, escape, move, 'break-pin': breakPin, 'use-opponent-weapon': useOpponentWeapon, release
}

/** dnd35 grapple (docs/rules.md §P4.1). */
export function resolveOpposedGrapple (
  ruleset: Ruleset, policy: OpposedGrapplePolicy, dice: Dice, action: string,
  parts: { attacker: Participant, defender: Participant, others: Participant[] }, options: ManeuverOptions
): ManeuverResult {
  const fn = ACTIONS[action as keyof typeof ACTIONS]
  return fn({ ruleset, policy, dice, ...parts, options })
}
