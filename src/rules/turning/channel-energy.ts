import { hasFeat } from '../combatant.js'
import type { Dice } from '../dice/roller.js'
import { appliedConditions } from '../effects.js'
import { atPath, missingField } from '../errors.js'
import { fixed, stackModifiers } from '../modifiers.js'
import { saveBonus } from '../saves/save-bonus.js'
import { rollSave } from '../saves/saving-throw.js'
import type { Ruleset } from '../rulesets/types.js'
import type { ChannelEnergyPolicy } from './policy.js'
import { channelledEnergy, charismaModifier, notPossible, requirePaladinLevel, turnerClass, turnerConditions, turnerLevel, usesPerDay } from './turner.js'
import type { ChannelEnergyResult, ChannelSave, ChannelTargetInput, ChannelTargetResult, Energy, Total, TurningRequest } from './types.js'

/** DC 10 + ½ level + Cha modifier (PRD › Cleric › Channel Energy; Feats › Turn Undead). */
export function channelSaveDc (policy: ChannelEnergyPolicy, level: number, chaMod: number, ruleset: Ruleset): Total {
  const stacked = stackModifiers([fixed('base', policy.saveDcBase), fixed('½ level', Math.floor(level / 2)), fixed('Charisma', chaMod)], ruleset.stacking)
  return { total: stacked.total, breakdown: stacked.breakdown }
}

/** ceil(level / 2) d6 (PRD › Cleric › Channel Energy). */
export function channelDiceCount (policy: ChannelEnergyPolicy, level: number): number {
  return Math.ceil(level / policy.dice.levelsPerDie)
}

/**
 * The target's save, through the one save path every save takes (docs/rules.md §P3):
 * base + Wis + the target's conditions (shaken −2…) + its modifiers.
 */
function channelSave (ruleset: Ruleset, policy: ChannelEnergyPolicy, target: ChannelTargetInput, index: number, dc: number, dice: Dice): ChannelSave {
  const bonus = atPath(`/targets/${index}`, () => saveBonus(ruleset, target, policy.save, { modifiers: target.modifiers }))
  const save = rollSave(dice, bonus.value, dc, 'save')
  return { dc, bonus: bonus.value, breakdown: bonus.breakdown, roll: save.roll, total: save.total, success: save.success, automatic: save.automatic }
}

/** Healing stops at maximum hit points when the caller gives them (PRD › Cleric › Channel Energy). */
function healingReceived (target: ChannelTargetInput, amount: number): number {
  const hp = target.hitPoints
  if (hp === undefined) return amount
  return Math.max(0, Math.min(amount, hp.max - (hp.current ?? hp.max)))
}

const ENERGY_OF: Record<string, Energy> = { 'channel-positive': 'positive', 'channel-negative': 'negative', 'turn-undead': 'positive' }

/**
 * PF1 channel energy and the Turn Undead feat (docs/rules.md §P5.3, §45). Dice: the
 * channel dice (channel-positive/-negative only), then one Will save d20 per
 * target that must save, in request order.
 */
export function resolveChannelEnergy (ruleset: Ruleset, policy: ChannelEnergyPolicy, request: TurningRequest, dice: Dice): ChannelEnergyResult {
  const { turner, action } = request
  if (request.targets === undefined) throw missingField('/targets', `${action} needs the targets in the burst: [{ id, kind }]`)
  const energy = channelledEnergy(turner, ENERGY_OF[action] as Energy, action)
  const level = turnerLevel(turner)
  const cls = turnerClass(turner)
  requirePaladinLevel(cls, level, policy.paladin.minimumLevel)
  const chaMod = charismaModifier(ruleset, turner)
  const feat = policy.turnUndeadFeat
  if (action === 'turn-undead' && !hasFeat(turner, feat.feat)) {
    throw notPossible('/turner/feats', `turn-undead needs the ${feat.feat} feat`)
  }
  const saveDc = channelSaveDc(policy, level, chaMod, ruleset)
  let channel: ChannelEnergyResult['channel'] = null
  if (action !== 'turn-undead') {
    const count = channelDiceCount(policy, level)
    const rolled = dice.rollNotation(`${count}d${policy.dice.faces}`, 'channel')
    channel = { dice: rolled.notation, roll: rolled.terms[0]?.dice ?? [], total: rolled.total }
  }
  const saveName = policy.save.charAt(0).toUpperCase() + policy.save.slice(1)
  const results = request.targets.map((target, index): ChannelTargetResult => {
    const conditions = atPath(`/targets/${index}`, () => appliedConditions(ruleset, target))
    const base = { id: target.id, kind: target.kind, save: null, healed: null, damage: null, durationRounds: null, conditions }
    const distance = target.distanceFeet ?? 0
    if (distance > policy.burstFeet) return { ...base, outcome: 'out-of-range', reason: `${distance} ft away: outside the ${policy.burstFeet}-ft burst` }
    if (channel === null) {
      // The Turn Undead feat: undead flee as if panicked for 1 minute unless they save; the living are untouched.
      if (target.kind !== 'undead') return { ...base, outcome: 'unaffected', reason: 'Turn Undead affects undead only' }
      const save = channelSave(ruleset, policy, target, index, saveDc.total, dice)
      return save.success
        ? { ...base, save, outcome: 'unaffected', reason: `${saveName} save ${save.total} negates` }
        : { ...base, save, outcome: 'turned', reason: `flees as if panicked for ${feat.durationRounds} rounds`, durationRounds: feat.durationRounds }
    }
    // Positive energy heals the living and harms undead; negative energy the reverse.
    const heals = (energy === 'positive') === (target.kind === 'living')
    if (heals) {
      const healed = healingReceived(target, channel.total)
      return { ...base, outcome: 'healed', reason: healed < channel.total ? `${channel.total} rolled, capped at maximum hit points` : `${channel.total} hit points`, healed }
    }
    const save = channelSave(ruleset, policy, target, index, saveDc.total, dice)
    const damage = save.success ? Math.floor(channel.total / 2) : channel.total
    return { ...base, save, outcome: 'harmed', reason: save.success ? `${saveName} save ${save.total} halves the damage` : `${saveName} save ${save.total} failed: full damage`, damage }
  })
  return {
    procedure: 'channel-energy',
    action,
    effectiveLevel: level,
    // A paladin pays for a channel with two uses of lay on hands, not from a pool of channels.
    usesPerDay: cls === 'cleric' ? usesPerDay(turner, chaMod, policy.usesPerDay, ruleset.stacking) : null,
    channel,
    saveDc,
    results,
    conditions: turnerConditions(ruleset, turner)
  }
}
