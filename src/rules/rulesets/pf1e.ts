import type { Ruleset } from './types.js'

/** Pathfinder RPG 1st edition (seed 002, numbers from the PRD where stripped). */
export const pf1e: Ruleset = {
  id: 'pf1e',
  name: 'Pathfinder 1st Edition',
  description: 'Pathfinder Roleplaying Game (1st edition) combat rules, with CMB/CMD combat maneuvers and channel energy.',
  saves: ['fortitude', 'reflex', 'will'],
  actionTypes: ['standard', 'move', 'full-round', 'swift', 'immediate', 'free'],
  // RULES.md §1.2: pf1e untyped bonuses stack "unless from the same source"; trait does not stack.
  stacking: {
    stackingTypes: new Set(['dodge', 'racial']),
    stackUnlessSameSource: new Set(['circumstance', 'untyped'])
  },
  sizeModifiesAttackAndAc: true,
  capabilities: {
    attacks: { modes: ['single', 'full', 'coup-de-grace'], twoWeaponFighting: true, criticalConfirmation: true },
    saves: true,
    grappleActions: ['start', 'maintain', 'damage', 'pin', 'move', 'tie-up', 'escape', 'release'],
    maneuvers: ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint', 'drag', 'reposition', 'steal', 'dirty-trick'],
    turningActions: ['channel-positive', 'channel-negative', 'turn-undead'],
    damage: true,
    healingKinds: ['magical', 'natural', 'nonlethal-recovery', 'temporary', 'stabilize', 'heal-check', 'recover'],
    initiative: { rerolledEachRound: false, ties: 'higher-modifier-then-roll-off' }
  }
}
