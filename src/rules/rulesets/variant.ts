import type { RulesetDefinition } from './types.js'
import { type EffectsTable, on } from '../effects.js'
import { HELPLESS_EFFECTS } from './srd-effects.js'
import { SRD_UNARMED_DAMAGE } from '../maneuvers/policy.js'
import { VARIANT_SAVING_THROWS } from '../saves/policy.js'
import { VARIANT_TURN_FLOW } from '../turn-flow.js'

/**
 * The variant's conditions and hit-point states (variant › Conditions; Hit Points;
 * Initiative; docs/rules.md §P1.4, §P3, §P6.3, §P7). Off-guard: no Dex to AC or Reflex
 * saves and −2 (armorClass.deniedDexPenalty); stunned, blinded and cowering
 * make the creature off-guard; helpless as in variant › Helpless Defenders, where
 * the off-guard −2 is not added.
 */
export const VARIANT_EFFECTS: EffectsTable = {
  ...HELPLESS_EFFECTS,
  'off-guard': { deniesDex: true, uncannyDodgeKeepsDex: true, deniesDexToReflex: true },
  'flat-footed': { implies: ['off-guard'] },
  // variant › Conditions: stunned and cowering are off-guard and take no actions.
  stunned: { deniesDex: true, deniesDexToReflex: true, forbids: ['all'] },
  blinded: { deniesDex: true, deniesDexToReflex: true, tags: ['blind'] },
  cowering: { deniesDex: true, deniesDexToReflex: true, forbids: ['all'] },
  // variant › Conditions › Dazed: no actions but reactions (an encounter lets its reactions through), no AC penalty.
  dazed: { forbids: ['turn'] },
  // variant › Conditions › Debilitated: a single minor action each turn.
  debilitated: { forbids: ['primary', 'fullRound'], changes: on(-1, 'actions') },
  // variant › Conditions › Fatigued: −2 to every ability score, −5 ft speed; Exhausted: a further −2, no run or charge.
  fatigued: { changes: [...on(-2, 'ability.str', 'ability.dex', 'ability.con', 'ability.int', 'ability.wis', 'ability.cha'), ...on(-5, 'speed')] },
  exhausted: { implies: ['fatigued'], forbids: ['charge'], changes: on(-2, 'ability.str', 'ability.dex', 'ability.con', 'ability.int', 'ability.wis', 'ability.cha') },
  // variant › Conditions › Held: not defined by the variant; accepted, no numeric effect.
  held: {},
  // docs/rules.md §9: prone is −4 on melee attacks; −4 AC against melee, +4 against ranged.
  prone: { tags: ['ranged-weapons-limited'], changes: [...on(-4, 'ac.melee', 'attack.melee'), ...on(4, 'ac.ranged')] },
  squeezing: { changes: on(-4, 'ac.melee', 'ac.ranged', 'attack.melee', 'attack.ranged') },
  disoriented: { changes: on(-2, 'ac.melee', 'ac.ranged', 'attack.melee', 'attack.ranged') },
  charging: { changes: on(-2, 'ac.melee', 'ac.ranged') },
  // variant › Desperate Attack: −2 AC until the start of the attacker's next turn (docs/rules.md §109).
  'desperate-attack': { changes: on(-2, 'ac.melee', 'ac.ranged') },
  // Variant › Total Defense: +4 dodge to AC, and the shield bonus on Reflex saves.
  'total-defense': { tags: ['shield-to-reflex'], changes: [{ target: 'ac.dodge', value: 4, type: 'dodge' }] },
  // Shaken: −2 on attacks, checks, saves and initiative; frightened and panicked include it.
  shaken: { changes: on(-2, 'attack.melee', 'attack.ranged', 'check', 'save', 'initiative') },
  frightened: { implies: ['shaken'] },
  panicked: { implies: ['shaken'] },
  // docs/rules.md §P6.3: bloodied −1 on attacks and checks, initiative included; wounded a further −1 (it is also bloodied).
  bloodied: { changes: on(-1, 'attack.melee', 'attack.ranged', 'check', 'initiative') },
  wounded: { implies: ['bloodied'], changes: on(-1, 'attack.melee', 'attack.ranged', 'check', 'initiative') },
  // docs/rules.md §63: sickened counts as bloodied, once; −2 on saves except Death saves.
  sickened: { implies: ['bloodied'], savesExcept: ['death'], changes: on(-2, 'save') },
  deafened: { changes: on(-4, 'initiative') },
  // variant › Fight Back-to-Back: −2 on attacks.
  'back-to-back': { tags: ['unflankable'], changes: on(-2, 'attack.melee', 'attack.ranged') },
  // docs/rules.md §P6.3: staggered, one minor or major action per turn (no full-round action), half speed.
  staggered: { forbids: ['fullRound'], changes: on(-1, 'actions') }
}

/** The d20 variant: base combat bonus, five saves, accumulated damage, no grapple or turning rules. */
export const variant: RulesetDefinition = {
  id: 'variant',
  name: 'd20 variant',
  description: 'A d20 variant with base combat bonus, major/minor actions and reactions, bloodied/wounded thresholds, wound points and Death saves.',
  // variant › Saving Throws; docs/rules.md §P10.
  saves: ['charm', 'reflex', 'death', 'fear', 'spell'],
  actionTypes: ['major', 'minor', 'full-round', 'free', 'reaction'],
  // docs/rules.md §6: the variant has no stacking rule of its own; use the dnd35 table.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial', 'untyped']),
    stackUnlessSameSource: new Set(['circumstance'])
  },
  sizeModifiesAttackAndAc: false,
  effects: VARIANT_EFFECTS,
  armorClass: {
    deniedDexPenalty: 2,
    invisibleAttackerDeniesDex: true,
    cover: { none: 0, cover: 4, improved: 8 }
  },
  // variant › Combat Maneuvers: Str checks against DC 10 + the defender's bonus; grapple is "(WIP) TBD" (docs/rules.md §P4.5).
  maneuvers: {
    grapple: null,
    maneuvers: 'strength-check',
    unarmedDamage: SRD_UNARMED_DAMAGE, // docs/rules.md §23
    improvedFeatBonus: 0,
    improvedFeatDefenseBonus: 0,
    greaterFeatBonus: 0,
    sizeStepBonus: 4,
    stabilityBonus: 4,
    perExtraLegCmd: 0,
    chargeBonus: 2,
    itemDestruction: { destroyedAtOrBelow: 0, brokenAtHalf: false },
    tieRerollLimit: 20,
    knockedDownCondition: 'prone'
  },
  savingThrows: VARIANT_SAVING_THROWS,
  minimumDamage: { amount: 1, nonlethal: false },
  // variant › Hit Points; Death and Dying (docs/rules.md §P6.3, §49–§54).
  hitPoints: {
    model: 'accumulated',
    bloodied: { numerator: 1, denominator: 2 },
    wounded: { numerator: 3, denominator: 4 },
    deathSaveDc: { base: 10, excessPerPoint: 2 },
    deathSave: 'death',
    deadlyFailureMargin: 10,
    failuresToDie: 3,
    successesToStabilize: 4,
    constitutionDamagePerSave: 1,
    wakeMargin: 5,
    healCheckDc: 15
  },
  // variant › Initiative; docs/rules.md §P7: d20 + BCB + Dex, injury penalties, deafened −4, shaken −2; ties simultaneous.
  turnFlow: VARIANT_TURN_FLOW,
  initiative: { addsBaseAttackBonus: true, improvedInitiativeBonus: 4, rerolledEachRound: true, ties: 'simultaneous' },
  // docs/rules.md §P2 for the variant (variant › Attack, Critical Hits, Damage; docs/rules.md §15, §17, §21, §23, §25, §27, §28, §30).
  attacks: {
    fullAttack: false,
    twoWeaponFighting: false,
    iterativeAttacks: null,
    twoWeapon: null,
    swiftAttackPenalty: 4,
    finesse: 'light-or-finesse-weapon',
    baseBonusToDamage: true,
    untrainedUnarmedRestricted: true,
    rangeIncrements: 'full',
    critical: { confirmation: false, multiplier: 2 },
    reachWeaponAdjacentPenalty: -4,
    reachWeaponReach: 'plus-five-then-double',
    projectileStrength: false,
    compositeBows: false,
    situational: { flanking: 2, charging: 2, higherGround: { melee: 1, ranged: 1 }, fightingDefensively: null, shootingIntoMelee: -4, invisibleAttacker: 0, nonlethalSwitch: -4 },
    proneRangedWeapons: ['crossbow'],
    concealment: { stacking: 'sum', cap: 50 },
    // The same 20% and 50% as the SRD (docs/rules.md, concealment).
    missChance: { concealment: 20, total: 50 },
    // variant › Sneak Attacks: every attacker, 1d6 against an off-guard target, bloodying it; within 30 ft at range (docs/rules.md §74).
    precision: { dice: { from: 'everyone', notation: '1d6' }, flanking: false, rangedWithinFeet: 30, aimedWithinIncrement: true, immunities: ['immune-to-precision-damage'], bloodies: 'bloodied' },
    coupDeGrace: { attack: { automatic: false, bonus: 4 }, save: { name: 'death', purpose: 'death-save' } }
  },
  // docs/rules.md §P5.4: the variant has no undead, turning or channelling.
  turning: { turnUndead: null, channelEnergy: null }
}
