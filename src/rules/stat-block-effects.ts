import { ABILITY_NAMES, type AbilityName } from './abilities.js'
import type { StatBlockEffect } from './combatant.js'
import type { EffectTarget } from './effects.js'
import { DomainError, ruleNotDefined } from './errors.js'
import type { BonusType } from './modifiers.js'
import type { Ruleset } from './rulesets/types.js'

/**
 * The targets a stat block's `effects` may name (docs/rules.md §96), as the
 * caller writes them; `saves.<name>` takes a save of the ruleset.
 */
export const STAT_BLOCK_EFFECT_TARGETS = [
  'attack', 'attack.melee', 'attack.ranged', 'damage', 'damage.melee', 'damage.ranged',
  'ac', 'ac.touch', 'ac.flatFooted', 'saves', 'initiative', 'cmb', 'cmd', ...ABILITY_NAMES, 'speed'
] as const

/** One stat-block effect on one target of the mechanics, with the effect's own source and bonus type. */
export interface StatBlockChange {
  target: EffectTarget
  value: number
  type: BonusType
  source: string
}

const ON_TARGETS: Readonly<Record<string, readonly EffectTarget[]>> = {
  attack: ['attack.melee', 'attack.ranged'],
  'attack.melee': ['attack.melee'],
  'attack.ranged': ['attack.ranged'],
  damage: ['damage.melee', 'damage.ranged'],
  'damage.melee': ['damage.melee'],
  'damage.ranged': ['damage.ranged'],
  ac: ['ac.melee', 'ac.ranged'],
  'ac.touch': ['ac.touch'],
  'ac.flatFooted': ['ac.flat-footed'],
  saves: ['save'],
  initiative: ['initiative'],
  cmb: ['cmb'],
  cmd: ['cmd'],
  speed: ['speed'],
  ...Object.fromEntries(ABILITY_NAMES.map((a: AbilityName) => [a, [`ability.${a}` as EffectTarget]]))
}

/** Targets only a ruleset with combat maneuver bonus and defense has (PRD › Combat Maneuvers). */
const MANEUVER_TARGETS = new Set(['cmb', 'cmd'])

/**
 * A stat block's effects as changes on the mechanics' targets, each keeping
 * its source and type so that stacking and the breakdowns treat it as any
 * typed modifier. A dodge bonus to AC is a dodge bonus, lost with Dex
 * (`ac.dodge`). Errors name `/effects/<i>/target`, relative to the creature.
 */
export function statBlockChanges (ruleset: Ruleset, effects: readonly StatBlockEffect[]): StatBlockChange[] {
  const out: StatBlockChange[] = []
  effects.forEach((e, i) => {
    const path = `/effects/${i}/target`
    let targets = ON_TARGETS[e.target]
    if (e.target.startsWith('saves.')) {
      const save = e.target.slice('saves.'.length)
      if (!ruleset.saves.includes(save)) {
        const message = `${ruleset.name} has no ${save} save (its saves: ${ruleset.saves.join(', ')})`
        throw new DomainError('rule-not-defined', message, [{ path, message }])
      }
      targets = [`save.${save}`]
    }
    if (targets === undefined) {
      const message = `unknown effect target ${e.target}`
      throw new DomainError('rule-not-defined', message, [{ path, message }])
    }
    if (MANEUVER_TARGETS.has(e.target) && ruleset.maneuvers.maneuvers !== 'combat-maneuver') {
      throw ruleNotDefined(ruleset.name, `a combat maneuver ${e.target === 'cmb' ? 'bonus' : 'defense'} (use \`attack\` or \`ac\`)`, path)
    }
    const type = e.type ?? 'untyped'
    // A dodge bonus to AC is lost with Dex, as the `ac.dodge` of conditions is (SRD 3.5 › Dodge Bonuses).
    if (e.target === 'ac' && type === 'dodge') targets = DODGE
    for (const target of targets) out.push({ target, value: e.value, type, source: e.source })
  })
  return out
}

const DODGE: readonly EffectTarget[] = ['ac.dodge']
