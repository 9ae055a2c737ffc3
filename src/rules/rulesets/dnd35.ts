import type { RulesetDefinition } from './types.js'
import { SRD_ATTACKS } from './srd-attacks.js'
import { SRD_EFFECTS } from './srd-effects.js'
import { SRD_UNARMED_DAMAGE } from '../maneuvers/policy.js'
import { SRD_SAVING_THROWS } from '../saves/policy.js'
import { SRD_TURN_FLOW } from '../turn-flow.js'
import { DND35_CONCENTRATION } from '../concentration/policy.js'
import { DND35_CONFUSION } from '../behaviour.js'

/** D&D 3.5 (the SRD 3.5 combat chapter). */
export const dnd35: RulesetDefinition = {
  id: 'dnd35',
  name: 'D&D 3.5 (SRD)',
  description: 'Dungeons & Dragons 3.5 System Reference Document combat rules.',
  saves: ['fortitude', 'reflex', 'will'],
  // SRD 3.5 › Action Types: six types (docs/rules.md §57).
  actionTypes: ['standard', 'move', 'full-round', 'swift', 'immediate', 'free'],
  // docs/rules.md §P1.2: dodge, racial and untyped stack; circumstance unless from the same source.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial', 'untyped']),
    stackUnlessSameSource: new Set(['circumstance'])
  },
  sizeModifiesAttackAndAc: true,
  effects: SRD_EFFECTS,
  armorClass: {
    deniedDexPenalty: 0,
    invisibleAttackerDeniesDex: true,
    cover: { none: 0, cover: 4, improved: 8 }
  },
  // docs/rules.md §P4.1, §P4.2: opposed checks; SRD 3.5 › Feats for the Improved feats' +4.
  maneuvers: {
    grapple: { kind: 'opposed-checks', lethalPenalty: 4, movePinnedAloneBonus: 4, opponentWeaponPenalty: 4, grapplerLimit: 4, conditions: { grappling: 'grappling', pinned: 'pinned' } },
    maneuvers: 'opposed-checks',
    unarmedDamage: SRD_UNARMED_DAMAGE,
    improvedFeatBonus: 4,
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
  savingThrows: SRD_SAVING_THROWS,
  minimumDamage: { amount: 1, nonlethal: false },
  // SRD 3.5 › Injury and Death: −10 dead; massive damage 50, DC 15; d% 10% to stabilize; Heal DC 15.
  hitPoints: {
    model: 'countdown',
    deathThreshold: { kind: 'fixed', value: -10 },
    massiveDamage: { minimum: 50, fractionOfMaxHitPoints: 0, dc: 15, save: 'fortitude', optional: false },
    recoveryCheck: { kind: 'percentile', chance: 10 },
    healCheckDc: 15,
    continuousDamageFailsStabilization: false,
    nonlethalCappedAtMaximum: false
  },
  turnFlow: SRD_TURN_FLOW,
  initiative: { addsBaseAttackBonus: false, improvedInitiativeBonus: 4, rerolledEachRound: false, ties: 'higher-modifier-then-roll-off' },
  // docs/rules.md §P2; SRD 3.5 › Attack Bonus, Critical Hits, Damage.
  attacks: SRD_ATTACKS,
  // docs/rules.md §42: Table: Turning Undead, the SRD 3.5 values (Combat II).
  turningTable: [
    { checkMin: null, checkMax: 0, maxHitDiceRelativeToLevel: -4 },
    { checkMin: 1, checkMax: 3, maxHitDiceRelativeToLevel: -3 },
    { checkMin: 4, checkMax: 6, maxHitDiceRelativeToLevel: -2 },
    { checkMin: 7, checkMax: 9, maxHitDiceRelativeToLevel: -1 },
    { checkMin: 10, checkMax: 12, maxHitDiceRelativeToLevel: 0 },
    { checkMin: 13, checkMax: 15, maxHitDiceRelativeToLevel: 1 },
    { checkMin: 16, checkMax: 18, maxHitDiceRelativeToLevel: 2 },
    { checkMin: 19, checkMax: 21, maxHitDiceRelativeToLevel: 3 },
    { checkMin: 22, checkMax: null, maxHitDiceRelativeToLevel: 4 }
  ],
  // docs/rules.md §P5.1 (SRD 3.5 › Turn or Rebuke Undead; SRD 3.5 › Cleric, Feats).
  turning: {
    turnUndead: {
      rangeFeet: 60,
      damageDice: { count: 2, faces: 6 },
      destroyAtHitDiceMultiple: 2,
      durationRounds: 10,
      knowledgeReligionSynergy: { minimumRanks: 5, bonus: 2 },
      paladin: { minimumLevel: 4, levelOffset: 3 },
      usesPerDay: { base: 3, extraUsesFeat: { feat: 'extra-turning', uses: 4 } }
    },
    channelEnergy: null
  },
  // docs/rules.md §115: concentration checks; §117: a confused creature's behaviour roll.
  concentration: DND35_CONCENTRATION,
  behaviourRolls: { confused: DND35_CONFUSION }
}
