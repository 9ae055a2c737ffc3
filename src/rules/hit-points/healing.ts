import type { CombatantInput } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { boundedNotation } from '../dice/notation.js'
import { DomainError, atPath, missingField, ruleNotDefined } from '../errors.js'
import type { Ruleset } from '../rulesets/types.js'
import { saveBonus } from '../saves/save-bonus.js'
import { type SaveRoll, rollSave } from '../saves/saving-throw.js'
import { accumulatedMagicalHealing, deathSaveAfterStrenuousAction, deathSaveDc, endOfRoundDeathSave, hourlyDeathSave } from './accumulated.js'
import { type CheckReport, healCheck, recoveryCheck } from './checks.js'
import { countdownMagicalHealing, countdownNaturalHealing, gainTemporary, loseOneHitPoint, nonlethalRecovery, strenuousActionWhileDisabled } from './countdown.js'
import type { AccumulatedPolicy, CountdownPolicy } from './policy.js'
import { withRecorded } from './copy.js'
import { hitPointsOf } from './state.js'
import { deathPath, status } from './status.js'
import type { HitPoints, HitPointStatus } from './types.js'

export type Healing =
  | { kind: 'magical', amount?: number, dice?: string }
  | { kind: 'natural', period: 'night' | 'bed-rest-day', count?: number }
  | { kind: 'nonlethal-recovery', hours: number }
  | { kind: 'temporary', amount: number, sameSource?: boolean }
  | { kind: 'stabilize', continuousDamage?: boolean }
  | { kind: 'heal-check', checkBonus: number }
  | { kind: 'recover', period: 'hour' | 'day', tended?: boolean }
  | { kind: 'strenuous-action' }

export interface HealingOutcome {
  /** The healing given (rolled or per level), before the cap at max HP; null for the kinds that only roll. */
  amount: number | null
  before: HitPoints
  after: HitPoints
  check: CheckReport | null
}

function notPossible (message: string, path = '/creature/hitPoints'): DomainError {
  return new DomainError('not-possible', message, [{ path, message }])
}

function requireStatus (current: HitPointStatus, allowed: readonly HitPointStatus[], what: string): void {
  if (!allowed.includes(current)) throw notPossible(`${what} needs a ${allowed.join(' or ')} creature; this one is ${current}`, '/creature/hitPoints/status')
}

/** Character level for natural healing and nonlethal recovery; Hit Dice for a monster without one. */
function levelOf (creature: CombatantInput): number {
  const level = creature.level ?? creature.hitDice
  if (level === undefined || level < 1) throw missingField('/creature/level', 'the character level (or hitDice) is needed: healing is per level')
  return level
}

/**
 * Apply one healing step to a creature (OpenAPI › POST /v1/healing). Dice
 * order: the healing dice for `magical`; otherwise the one check the kind
 * makes (`stabilize`, `heal-check`, `recover`).
 */
export function receiveHealing (ruleset: Ruleset, creature: CombatantInput, healing: Healing, dice: Dice): HealingOutcome {
  const before = atPath('/creature', () => hitPointsOf(creature, ruleset))
  const current = status(before, ruleset)
  if (current === 'dead') throw notPossible('the creature is dead; healing does not raise the dead', `/creature${deathPath(before)}`)
  const policy = ruleset.hitPoints
  return policy.model === 'countdown'
    ? countdownHealing(ruleset, policy, creature, healing, dice, before, current)
    : accumulatedHealing(ruleset, policy, creature, healing, dice, before, current)
}

function magicalAmount (healing: { amount?: number, dice?: string }, dice: Dice): number {
  return healing.dice !== undefined ? Math.max(0, dice.rollNotation(boundedNotation(healing.dice, '/healing/dice'), 'healing').total) : (healing.amount ?? 0)
}

function countdownHealing (
  ruleset: Ruleset, policy: CountdownPolicy, creature: CombatantInput, healing: Healing, dice: Dice, before: HitPoints, current: HitPointStatus
): HealingOutcome {
  const done = (after: HitPoints, amount: number | null = null, check: CheckReport | null = null): HealingOutcome => ({ amount, before, after, check })
  switch (healing.kind) {
    case 'magical': {
      const amount = magicalAmount(healing, dice)
      return done(countdownMagicalHealing(before, amount), amount)
    }
    case 'natural': {
      // SRD 3.5 › Healing: level per night of rest, twice that for a full day of bed rest.
      if (current === 'dying') throw notPossible('a dying creature does not heal naturally; stabilize it first')
      const amount = levelOf(creature) * (healing.period === 'bed-rest-day' ? 2 : 1) * (healing.count ?? 1)
      return done(countdownNaturalHealing(before, amount), amount)
    }
    case 'nonlethal-recovery': {
      const amount = levelOf(creature) * healing.hours
      return done(nonlethalRecovery(before, amount), amount)
    }
    case 'temporary':
      return done(gainTemporary(before, healing.amount, healing.sameSource ?? false), healing.amount)
    case 'stabilize': {
      // SRD 3.5 › Dying; PRD › Dying: the creature's own roll each turn; failure costs 1 HP.
      requireStatus(current, ['dying'], 'a roll to stabilize')
      if (healing.continuousDamage) {
        if (!policy.continuousDamageFailsStabilization) throw ruleNotDefined(ruleset.name, 'continuous damage during stabilization', '/healing/continuousDamage')
        // PRD › Dying: the check fails automatically, and costs 1 HP on top of the continuous damage.
        return done(loseOneHitPoint(before))
      }
      const check = recoveryCheck(dice, before, policy.recoveryCheck, 'stabilize')
      return done(check.success ? withRecorded(before, 'stable') : loseOneHitPoint(before), null, check)
    }
    case 'heal-check': {
      requireStatus(current, ['dying'], 'a Heal check to stabilize')
      const check = healCheck(dice, healing.checkBonus, policy.healCheckDc)
      return done(check.success ? withRecorded(before, 'stable') : before, null, check)
    }
    case 'recover':
      return done(...recover(policy, healing, dice, before, current))
    case 'strenuous-action':
      requireStatus(current, ['disabled'], 'the cost of a strenuous action')
      return done(strenuousActionWhileDisabled(before))
  }
}

/**
 * SRD 3.5 › Stable Characters and Recovery; PRD › Stable Characters and Recovery.
 * Hourly (stable, unconscious): success wakes it, disabled; untended, each
 * failure costs 1 HP. Daily (conscious at negative HP, untended): success
 * starts natural healing, failure costs 1 HP but does not knock it out.
 */
function recover (
  policy: CountdownPolicy, healing: Extract<Healing, { kind: 'recover' }>, dice: Dice, before: HitPoints, current: HitPointStatus
): [HitPoints, null, CheckReport] {
  const tended = healing.tended ?? false
  if (healing.period === 'hour') {
    requireStatus(current, ['stable'], 'an hourly recovery roll')
    const check = recoveryCheck(dice, before, policy.recoveryCheck, 'recover')
    if (check.success) return [withRecorded(before, 'disabled'), null, check]
    return [tended ? before : loseOneHitPoint(before), null, check]
  }
  requireStatus(current, ['disabled'], 'a daily recovery roll')
  if (before.current >= 0) throw notPossible('a disabled creature at 0 or more hit points heals naturally; only one at negative hit points makes the daily roll', '/creature/hitPoints/current')
  if (tended) throw notPossible('a tended creature heals naturally; only an untended one makes the daily roll', '/healing/tended')
  const check = recoveryCheck(dice, before, policy.recoveryCheck, 'recover')
  return [check.success ? before : withRecorded(loseOneHitPoint(before), 'disabled'), null, check]
}

function accumulatedHealing (
  ruleset: Ruleset, policy: AccumulatedPolicy, creature: CombatantInput, healing: Healing, dice: Dice, before: HitPoints, current: HitPointStatus
): HealingOutcome {
  const done = (after: HitPoints, amount: number | null = null, check: CheckReport | null = null): HealingOutcome => ({ amount, before, after, check })
  const deathSave = (): { save: SaveRoll, check: CheckReport } => {
    const bonus = atPath('/creature', () => saveBonus(ruleset, creature, policy.deathSave))
    const save = rollSave(dice, bonus.value, deathSaveDc(before, policy), 'death-save')
    return { save, check: { die: 20, roll: save.roll, total: save.total, dc: save.dc, success: save.success, breakdown: bonus.breakdown } }
  }
  switch (healing.kind) {
    case 'magical': {
      const amount = magicalAmount(healing, dice)
      return done(accumulatedMagicalHealing(before, current, amount), amount)
    }
    case 'natural':
    case 'nonlethal-recovery':
    case 'temporary':
      // docs/rules.md §54: recovery dice, natural healing and temporary hit points are not defined by the variant.
      throw ruleNotDefined(ruleset.name, `${healing.kind} healing`, '/healing/kind')
    case 'stabilize': {
      if (healing.continuousDamage) throw ruleNotDefined(ruleset.name, 'continuous damage during stabilization', '/healing/continuousDamage')
      requireStatus(current, ['dying'], 'an end-of-round Death save')
      const { save, check } = deathSave()
      return done(endOfRoundDeathSave(before, policy, save), null, check)
    }
    case 'heal-check': {
      // docs/rules.md §52: DC 15; a dying creature becomes stable, a stable one wakes staggered.
      requireStatus(current, ['dying', 'stable'], 'a Heal check')
      const check = healCheck(dice, healing.checkBonus, policy.healCheckDc)
      if (!check.success) return done(before, null, check)
      return done(withRecorded(before, current === 'dying' ? 'stable' : 'staggered'), null, check)
    }
    case 'recover': {
      if (healing.period === 'day') throw ruleNotDefined(ruleset.name, 'a daily recovery roll', '/healing/period')
      requireStatus(current, ['stable'], 'an hourly Death save')
      const { save, check } = deathSave()
      return done(hourlyDeathSave(before, policy, save), null, check)
    }
    case 'strenuous-action': {
      requireStatus(current, ['staggered'], 'a Death save after a major action')
      const { save, check } = deathSave()
      return done(deathSaveAfterStrenuousAction(before, save), null, check)
    }
  }
}

