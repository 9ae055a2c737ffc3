/**
 * Behaviour rolls (docs/rules.md §117): a condition whose creature does not
 * choose what it does, but rolls it at the start of each of its turns (the
 * confused creature's d%). Each ruleset gives its tables as data
 * (`Ruleset.behaviourRolls`, by condition name); the encounter rolls them and
 * refuses what the rolled behaviour forbids.
 */
import type { AbilityName } from './abilities.js'
import type { Dice } from './dice/roller.js'

export type Behaviour = 'attack-confuser' | 'act-normally' | 'babble' | 'flee' | 'harm-self' | 'attack-nearest' | 'attack-attackers'

/**
 * What the behaviour leaves the creature free to do this turn: `any` action;
 * `none` (it babbles, or has spent its turn hurting itself); `attack` (attack
 * the creature the behaviour names, or move to reach it); `move` (flee).
 */
export type BehaviourAllows = 'any' | 'none' | 'attack' | 'move'

export interface BehaviourBand {
  /** The band covers the rolls above the previous band's `upTo`, up to this one. */
  upTo: number
  behaviour: Behaviour
  allows: BehaviourAllows
  /** It deals itself this much damage with the item in hand: dice + the ability's modifier (PRD › Conditions › Confused). */
  selfDamage?: { faces: number, ability: AbilityName }
}

export interface BehaviourTable {
  /** The die rolled: 100 for d%. */
  die: number
  bands: readonly BehaviourBand[]
  /**
   * What a creature attacked since its last turn does instead of rolling
   * (docs/rules.md §147): it attacks those attackers, as long as it still has
   * the condition when its turn comes (SRD 3.5 and PRD › Conditions › Confused).
   */
  whenAttacked?: { behaviour: Behaviour, allows: BehaviourAllows }
}

export interface BehaviourRoll {
  condition: string
  roll: number
  behaviour: Behaviour
  allows: BehaviourAllows
}

/** The band a roll falls in (the tables cover 1…die). */
export function bandFor (table: BehaviourTable, roll: number): BehaviourBand {
  const band = table.bands.find((b) => roll <= b.upTo)
  if (band === undefined) throw new Error(`behaviour table ends at ${table.bands[table.bands.length - 1]?.upTo ?? 0}, below ${roll}`)
  return band
}

/** Roll the behaviour of a creature under `condition` (dice order: the one d%, purpose `behaviour`). */
export function rollBehaviour (table: BehaviourTable, condition: string, dice: Dice): { roll: BehaviourRoll, band: BehaviourBand } {
  const roll = dice.roll(table.die, 'behaviour')
  const band = bandFor(table, roll)
  return { roll: { condition, roll, behaviour: band.behaviour, allows: band.allows }, band }
}

/** SRD 3.5 › Conditions › Confused: 01–10 attack the caster, 11–20 act normally, 21–50 babble, 51–70 flee, 71–100 attack the nearest creature. */
export const DND35_CONFUSION: BehaviourTable = {
  die: 100,
  bands: [
    { upTo: 10, behaviour: 'attack-confuser', allows: 'attack' },
    { upTo: 20, behaviour: 'act-normally', allows: 'any' },
    { upTo: 50, behaviour: 'babble', allows: 'none' },
    { upTo: 70, behaviour: 'flee', allows: 'move' },
    { upTo: 100, behaviour: 'attack-nearest', allows: 'attack' }
  ],
  // "Any confused character who is attacked automatically attacks its attackers on its next turn."
  whenAttacked: { behaviour: 'attack-attackers', allows: 'attack' }
}

/** PRD › Conditions › Confused: 01–25 act normally, 26–50 babble, 51–75 1d8 + Str modifier damage to itself, 76–100 attack the nearest creature. */
export const PF1E_CONFUSION: BehaviourTable = {
  die: 100,
  bands: [
    { upTo: 25, behaviour: 'act-normally', allows: 'any' },
    { upTo: 50, behaviour: 'babble', allows: 'none' },
    { upTo: 75, behaviour: 'harm-self', allows: 'none', selfDamage: { faces: 8, ability: 'str' } },
    { upTo: 100, behaviour: 'attack-nearest', allows: 'attack' }
  ],
  // PRD › Conditions › Confused: "A confused character who is attacked automatically attacks its attackers on its next turn."
  whenAttacked: { behaviour: 'attack-attackers', allows: 'attack' }
}
