import type { Capabilities, RulesetDefinition } from './types.js'

/** The grapple actions each grapple procedure resolves (SRD 3.5 › Grapple; PRD › Grapple). */
const GRAPPLE_ACTIONS_BY_KIND = {
  'opposed-checks': ['start', 'damage', 'pin', 'escape', 'move', 'break-pin', 'use-opponent-weapon', 'release'],
  'combat-maneuver': ['start', 'maintain', 'damage', 'pin', 'move', 'tie-up', 'escape', 'release']
} as const

/** The maneuvers each maneuver system resolves, in the order GET /v1/rulesets lists them (docs/rules.md §P4.2, §P4.3, §P4.5). */
const MANEUVERS_BY_SYSTEM = {
  'opposed-checks': ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint'],
  'combat-maneuver': ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint', 'drag', 'reposition', 'steal', 'dirty-trick'],
  'strength-check': ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint', 'drive-back']
} as const

/** Healing kinds by hit-point model; the accumulated model has no natural healing, nonlethal recovery or temporary hit points (docs/rules.md §54). */
const HEALING_KINDS_BY_MODEL = {
  countdown: ['magical', 'natural', 'nonlethal-recovery', 'temporary', 'stabilize', 'heal-check', 'recover', 'strenuous-action'],
  accumulated: ['magical', 'stabilize', 'heal-check', 'recover', 'strenuous-action']
} as const

/**
 * What a ruleset defines, worked out from the policies the mechanics read,
 * so that the published capabilities cannot disagree with what the service
 * does (OpenAPI › GET /v1/rulesets).
 */
export function capabilitiesOf (r: RulesetDefinition): Capabilities {
  const { turnUndead, channelEnergy } = r.turning
  return {
    attacks: {
      modes: ['single', ...(r.attacks.fullAttack ? ['full'] : []), 'coup-de-grace'],
      twoWeaponFighting: r.attacks.twoWeaponFighting,
      criticalConfirmation: r.attacks.critical.confirmation
    },
    saves: r.saves.length > 0,
    grappleActions: r.maneuvers.grapple === null ? [] : [...GRAPPLE_ACTIONS_BY_KIND[r.maneuvers.grapple.kind]],
    maneuvers: [...MANEUVERS_BY_SYSTEM[r.maneuvers.maneuvers]],
    turningActions: [
      ...(turnUndead !== null ? ['turn', 'rebuke', 'command', 'bolster', 'dispel'] : []),
      ...(channelEnergy !== null ? ['channel-positive', 'channel-negative', 'turn-undead'] : [])
    ],
    damage: true,
    healingKinds: [...HEALING_KINDS_BY_MODEL[r.hitPoints.model]],
    initiative: { rerolledEachRound: r.initiative.rerolledEachRound, ties: r.initiative.ties }
  }
}
