/** Every maneuver any ruleset defines (one outside this list is a 400); each ruleset's own list is in its capabilities. */
export const MANEUVERS = ['trip', 'disarm', 'bull-rush', 'overrun', 'sunder', 'feint', 'drag', 'reposition', 'steal', 'dirty-trick', 'drive-back'] as const
export type ManeuverName = typeof MANEUVERS[number]
