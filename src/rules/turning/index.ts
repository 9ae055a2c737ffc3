import type { Dice } from '../dice/roller.js'
import { ruleNotDefined } from '../errors.js'
import { assertCanAct } from '../can-act.js'
import type { Ruleset } from '../rulesets/types.js'
import { resolveChannelEnergy } from './channel-energy.js'
import { resolveTurnUndead } from './turn-undead.js'
import { CHANNEL_ACTIONS, type TurningRequest, type TurningResult } from './types.js'

export type { TurningPolicy } from './policy.js'
export * from './types.js'

/**
 * Resolve a turning or channelling request under the ruleset's policy: the 3.5
 * turning procedure, PF1 channel energy, or a 422 where the ruleset defines
 * neither the procedure nor the action (docs/rules.md §P5).
 */
export function resolveTurning (ruleset: Ruleset, request: TurningRequest, dice: Dice): TurningResult {
  if (!ruleset.capabilities.turningActions.includes(request.action)) {
    throw ruleNotDefined(ruleset.name, `the turning action "${request.action}"`, '/action')
  }
  // docs/rules.md §73: turning or channelling is a standard action its turner's conditions may forbid.
  if (request.actorMayAct !== true) assertCanAct(ruleset, request.turner, { attack: false, slot: 'primary' }, '/turner')
  const { turnUndead, channelEnergy } = ruleset.turning
  if (CHANNEL_ACTIONS.has(request.action)) {
    if (channelEnergy === null) throw ruleNotDefined(ruleset.name, 'channel energy', '/action')
    return resolveChannelEnergy(ruleset, channelEnergy, request, dice)
  }
  if (turnUndead === null) throw ruleNotDefined(ruleset.name, 'turn or rebuke undead', '/action')
  return resolveTurnUndead(ruleset, turnUndead, request, dice)
}
