// The most expensive bodies each stateless endpoint accepts, found by pushing
// each of its limits (and, for the odds, by a search over rulesets, modes and
// dice against the counted work). test/http/worst-case.test.ts checks the work
// each one counts; `npm run bench` (bench/worst-case.ts) reports its CPU time.
import { ODDS_LIMITS } from '../../src/rules/attacks/odds.js'
import { MAX_DICE_PER_ROLL } from '../../src/rules/dice/notation.js'
import { MAX_SEQUENCE_LENGTH } from '../../src/rules/dice/roller.js'

const TWO_WEAPON = ['two-weapon-fighting', 'improved-two-weapon-fighting', 'greater-two-weapon-fighting']
const LIST = 100
const CONDITIONS = ['shaken', 'sickened', 'fatigued', 'entangled', 'dazzled', 'prone', 'flat-footed', 'grappled', 'blinded', 'frightened']

/** 50 modifiers (the most a list takes) whose sources fill the body towards its 256 KiB. */
const modifiers = (sourceLength: number) => Array.from({ length: 50 }, (_, i) => ({ value: -100, source: `m${i}`.padEnd(sourceLength, '-') }))

export interface WorstBody { name: string, url: string, body: Record<string, unknown> }

/** 1,000 dice of 1,000 faces, the first 1,000 of them fixed: the most dice /v1/dice rolls, and the longest sequence. */
export const worstDice: WorstBody = {
  name: 'dice: 1000d1000 with a 1,000-value sequence',
  url: '/v1/dice',
  body: { notation: `${MAX_DICE_PER_ROLL}d1000`, dice: { sequence: Array.from({ length: MAX_SEQUENCE_LENGTH }, (_, i) => 1 + (i % 1000)) } }
}

/** 100 targets with 50 modifiers and 10 conditions each (every one in its breakdown), improved cover and evasion, an effect of 1,000 dice. */
export const worstSaves: WorstBody = {
  name: 'saves: 100 targets × 50 modifiers, 1000d1000 effect',
  url: '/v1/saves',
  body: {
    ruleset: 'dnd35',
    save: 'reflex',
    dc: 200,
    effect: { damage: `${MAX_DICE_PER_ROLL}d1000`, onSuccess: 'half' },
    targets: Array.from({ length: LIST }, (_, i) => ({ id: `target-${i}`, abilities: { dex: 30 }, baseSaves: { reflex: 100 }, feats: ['evasion', 'improved-evasion'], cover: 'improved', conditions: CONDITIONS, modifiers: modifiers(20) })),
    seed: 'worst'
  }
}

/**
 * Seven attacks (BAB 20, three two-weapon feats) that threaten on 2–20, every
 * one a critical with this seed: 9,998 damage dice of the 10,000 an action may
 * roll, every one in `rolls`.
 */
export const worstAttack: WorstBody = {
  name: 'attacks: 7 critical hits, 9,998 damage dice',
  url: '/v1/attacks',
  body: {
    ruleset: 'dnd35',
    mode: 'full',
    seed: 'worst-2',
    attacker: { baseAttackBonus: 20, feats: TWO_WEAPON },
    target: { armorClass: { total: -50 } },
    weapon: { name: 'w', damage: '700d6', critRange: 2, critMultiplier: 2 },
    offHand: { name: 'o', damage: '733d6', category: 'light', critRange: 2, critMultiplier: 2 }
  }
}

/** The variant's drop/kill table: every cell weighs a Death save over 20 faces (the dearest cell there is). */
export const worstOddsDeathSaves: WorstBody = {
  name: 'odds: variant Death-save table',
  url: '/v1/attacks/odds',
  body: { ruleset: 'variant', mode: 'single', attacker: { baseAttackBonus: 20 }, target: { armorClass: { total: 1 }, hitPoints: { max: 1 } }, weapon: { name: 'w', damage: '3d697', critMultiplier: 5, critRange: 15, nonlethal: true } }
}

/** Convolution: 58d20 ×6 on a critical, 348 dice over a span of 6,613. */
export const worstOddsConvolution: WorstBody = {
  name: 'odds: pf1e 58d20 ×6 convolution',
  url: '/v1/attacks/odds',
  body: { ruleset: 'pf1e', mode: 'single', attacker: { baseAttackBonus: 20 }, target: { armorClass: { total: 10 } }, weapon: { name: 'w', damage: '58d20', critMultiplier: 6, critRange: 10 } }
}

/** A full attack of seven, lethal main hand and nonlethal off hand: the joint lethal × nonlethal table and its drop/kill cells. */
export const worstOddsTable: WorstBody = {
  name: 'odds: dnd35 7 attacks, lethal × nonlethal table',
  url: '/v1/attacks/odds',
  body: {
    ruleset: 'dnd35', mode: 'full', attacker: { baseAttackBonus: 20, feats: TWO_WEAPON },
    target: { armorClass: { total: 10 }, hitPoints: { max: 1 }, baseSaves: { fortitude: 3 } },
    weapon: { name: 'w', damage: '6d6', critMultiplier: 2, extraDamage: [{ dice: '1d6' }] },
    offHand: { name: 'o', damage: '10d20', category: 'light' }
  }
}

export const worstDamage: WorstBody = {
  name: 'damage: 1000d1000',
  url: '/v1/damage',
  body: { ruleset: 'dnd35', creature: { hitPoints: { max: 100000 }, baseSaves: { fortitude: 3 } }, damage: { dice: `${MAX_DICE_PER_ROLL}d1000` } }
}

export const worstHealing: WorstBody = {
  name: 'healing: 1000d1000',
  url: '/v1/healing',
  body: { ruleset: 'dnd35', creature: { hitPoints: { max: 100000, current: -5 } }, healing: { kind: 'magical', dice: `${MAX_DICE_PER_ROLL}d1000` } }
}

/** 100 combatants with the same modifier: every one ties, so the roll-offs run. */
export const worstInitiative: WorstBody = {
  name: 'initiative: 100 tied combatants',
  url: '/v1/initiative',
  body: { ruleset: 'dnd35', combatants: Array.from({ length: LIST }, (_, i) => ({ id: `c${i}`, abilities: { dex: 10 }, conditions: CONDITIONS })), dice: { sequence: Array(LIST).fill(10) }, seed: 'worst' }
}

/** 100 undead in range, all tied on Hit Dice (a tie-break each). */
export const worstTurning: WorstBody = {
  name: 'turning: 100 undead',
  url: '/v1/turning',
  body: { ruleset: 'dnd35', action: 'turn', turner: { id: 'cleric', level: 20, class: 'cleric', energy: 'positive', abilities: { cha: 30 } }, undead: Array.from({ length: LIST }, (_, i) => ({ id: `z${i}`, hitDice: 1, distanceFeet: 5 })), dice: { sequence: [20, 6, 6] }, seed: 'worst' }
}

/** The ruleset's limit on tied re-rolls of one opposed check (20 in every ruleset); the 20th pair must differ. */
export const TIE_REROLLS = 20
/** An opposed check tied on the first d20s and on 19 re-rolls, settled by the 20th pair: the most d20s one check rolls. */
const tiedCheck = (actorWins: boolean) => [...Array(2 * TIE_REROLLS).fill(10), ...(actorWins ? [20, 1] : [1, 20])]
/** Each a line on a dnd35 side's opposed attack roll (prone, dazzled, entangled, grappled, squeezing, shaken, sickened). */
const MANEUVER_CONDITIONS = ['prone', 'dazzled', 'entangled', 'grappled', 'squeezing', 'shaken', 'sickened']
/** 100 feats of 60 characters: the most a combatant lists. */
const FEATS = Array.from({ length: 100 }, (_, i) => `f${i}-`.padEnd(60, 'x'))
/** A maneuver side: 200-character id and name (the id is echoed in every side of a check), the most feats, the conditions that each add a line. */
const maneuverSide = (id: string) => ({
  id: id.padEnd(200, '-'), name: id.padEnd(200, '-'), baseAttackBonus: 100, abilities: { str: 100, dex: 100 },
  conditions: MANEUVER_CONDITIONS, feats: FEATS
})
/** 50 equal modifiers a side (each a breakdown line with a 200-character source), so the two sides tie on modifier and the ties go to re-rolls. */
const maneuverModifiers = { attackerModifiers: modifiers(200), defenderModifiers: modifiers(200) }

/** A dnd35 maneuver between two full sides holding two-handed weapons, each with 50 modifiers; `options` adds to or replaces those weapons. */
const dnd35Maneuver = (name: string, maneuver: string, options: Record<string, unknown>, sequence: number[]): WorstBody => ({
  name,
  url: '/v1/maneuvers',
  body: {
    ruleset: 'dnd35', maneuver, seed: 'worst',
    attacker: maneuverSide('attacker'), defender: maneuverSide('defender'),
    options: { ...maneuverModifiers, attackerWeapon: { category: 'two-handed' }, defenderWeapon: { category: 'two-handed' }, ...options },
    dice: { sequence }
  }
})

/**
 * The dearest maneuver: a dnd35 sunder, the one maneuver that rolls damage
 * dice (1,000, the most one notation may roll) after an opposed attack roll
 * tied 20 times (the re-roll limit), with the longest sequence fixing the
 * 42 d20s and 958 of the damage dice: 1,042 dice in `rolls`, the most any
 * maneuver rolls (a trip with its counter-trip rolls at most 85 d20s), the
 * largest answer (each damage die listed in `rolls` and twice in
 * `damage.rolls`) and the most CPU of the candidates tried. Both sides hold
 * two-handed weapons and carry 50 modifiers with 200-character sources. The
 * variant's sunder is this one (the same dice); pf1e's rolls one d20 against
 * CMD, so 1,001 dice.
 */
export const worstManeuverSunder = dnd35Maneuver('maneuvers: sunder, 20 tied re-rolls, 1000d1000', 'sunder',
  { attackerWeapon: { damage: `${MAX_DICE_PER_ROLL}d1000`, category: 'two-handed' }, item: { hardness: 0, hitPoints: 100000 } },
  [...tiedCheck(true), ...Array(MAX_SEQUENCE_LENGTH - 2 * (TIE_REROLLS + 1)).fill(1000)])

/**
 * The most breakdown lines: a dnd35 disarm that fails and the counter-disarm
 * that follows, each opposed check tied 20 times: 84 d20s and four sides of
 * 60 lines (BAB, Str, two-handed, seven conditions, 50 modifiers). A trip
 * rolls one d20 more (its touch attack) but lists fewer lines, its touch
 * attack taking no request modifiers; an overrun lists fewer too.
 */
export const worstManeuverCounter = dnd35Maneuver('maneuvers: disarm and counter, 2 × 20 re-rolls', 'disarm', {}, [...tiedCheck(false), ...tiedCheck(true)])

/** Each a line on a dnd35 grapple check (prone, dazzled, entangled, squeezing, shaken, sickened), with `grappling`, which an escape needs. */
const GRAPPLE_CONDITIONS = ['grappling', 'prone', 'dazzled', 'entangled', 'squeezing', 'shaken', 'sickened']
/**
 * An escape side: the maneuver side (200-character id, the most feats) grappling, with the conditions that each add a
 * line, and Colossal with Improved Grapple, a line each (every side has them, so the sides stay equal).
 */
const escapeSide = (id: string) => ({ ...maneuverSide(id), size: 'colossal', conditions: GRAPPLE_CONDITIONS, feats: ['improved-grapple', ...FEATS.slice(1)] })
/** 100 further grapplers with 200-character ids (each echoed in its side of a check), equal to the escaper before modifiers. */
const grapplers = Array.from({ length: LIST }, (_, i) => ({
  id: `other-${i}`.padEnd(200, '-'), size: 'colossal', baseAttackBonus: 100, abilities: { str: 100, dex: 100 }, conditions: GRAPPLE_CONDITIONS, feats: ['improved-grapple']
}))
/** 50 modifiers a side with 200-character sources that cancel out (+100, −100, …), so a side equals a grappler without modifiers and the ties go to re-rolls. */
const cancellingModifiers = () => Array.from({ length: 50 }, (_, i) => ({ value: i % 2 === 0 ? 100 : -100, source: `m${i}`.padEnd(200, '-') }))
/** The re-rolls of a check whose first d20s tied: 19 tied pairs, then the actor wins the 20th. */
const tiedRerolls = [...Array(2 * (TIE_REROLLS - 1)).fill(10), 20, 1]
/** Opponents of a dnd35 escape: the defender and the 100 further grapplers. */
const ESCAPE_OPPONENTS = 1 + LIST
/** Opposed checks the escape's 1,000 fixed dice tie 20 times: after the 102 first d20s, 40 dice each. */
export const ESCAPE_FULLY_TIED = Math.floor((MAX_SEQUENCE_LENGTH - (1 + ESCAPE_OPPONENTS)) / (2 * TIE_REROLLS))

/**
 * The dearest grapple: a dnd35 escape from the defender and 100 further
 * grapplers, an opposed check against each, every side equal before the dice
 * so each tie goes to re-rolls; the longest sequence ties the first d20s and
 * 22 checks 20 times (the re-roll limit), the seed the rest: 1,164 dice. Each
 * of the 101 steps lists the escaper's side again (50 modifiers with
 * 200-character sources), so this is the largest answer of the grapples
 * (about 1.6 MB from a 96 KB body) and the most CPU; `move` is the same cost.
 * A damage-dealing action rolls fewer dice and answers far less (below).
 */
export const worstGrapple: WorstBody = {
  name: 'grapples: escape from 101, 50 modifiers, 22 × 20 ties',
  url: '/v1/grapples',
  body: {
    ruleset: 'dnd35', action: 'escape', seed: 'worst',
    attacker: escapeSide('attacker'), defender: escapeSide('defender'), others: grapplers,
    options: { attackerModifiers: cancellingModifiers(), defenderModifiers: cancellingModifiers() },
    dice: {
      sequence: [
        ...Array(1 + ESCAPE_OPPONENTS).fill(10),
        ...Array.from({ length: ESCAPE_FULLY_TIED }, () => tiedRerolls).flat(),
        ...Array(MAX_SEQUENCE_LENGTH - (1 + ESCAPE_OPPONENTS) - ESCAPE_FULLY_TIED * 2 * TIE_REROLLS).fill(10)
      ]
    }
  }
}

/**
 * The dearest grapple that deals damage, the one that rolls the unarmed
 * strike's dice (1,000, the most one notation may roll): a dnd35 `start`
 * (one touch attack d20 more than a `damage` action) whose opposed check ties
 * 20 times, the longest sequence fixing the 43 d20s and 957 damage dice:
 * 1,043 dice, each damage die in `rolls` and twice in `damage.rolls`, about
 * 96 KB. pf1e's `damage` rolls one d20 against CMD, so 1,001 dice; the
 * variant defines no grapple.
 */
export const worstGrappleDamage: WorstBody = {
  name: 'grapples: start, 20 tied re-rolls, 1000d1000',
  url: '/v1/grapples',
  body: {
    ruleset: 'dnd35', action: 'start', seed: 'worst',
    // Neither is grappling yet (else the attacker joins a grapple, rolling no touch attack); both Colossal, a size line on each roll.
    attacker: { ...maneuverSide('attacker'), size: 'colossal' }, defender: { ...maneuverSide('defender'), size: 'colossal' }, others: grapplers,
    options: { attackerModifiers: cancellingModifiers(), defenderModifiers: cancellingModifiers(), attackOfOpportunityDamage: 0, unarmedDamage: `${MAX_DICE_PER_ROLL}d1000` },
    dice: { sequence: [20, ...tiedCheck(true), ...Array(MAX_SEQUENCE_LENGTH - 1 - 2 * (TIE_REROLLS + 1)).fill(1000)] }
  }
}

export const WORST_BODIES: WorstBody[] = [
  worstDice, worstSaves, worstAttack, worstOddsDeathSaves, worstOddsConvolution, worstOddsTable,
  worstDamage, worstHealing, worstInitiative, worstTurning, worstGrapple, worstGrappleDamage, worstManeuverSunder, worstManeuverCounter
]

export { ODDS_LIMITS }
