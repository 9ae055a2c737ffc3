import { DomainError } from '../../rules/errors.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { addCondition } from '../flow.js'
import type { CombatantState } from '../model.js'
import { untilNextTurn } from '../stances.js'
import { STRIKE_OPTIONS, STRIKE_REQUIRED, strike } from './strike.js'
import { actionBody, type EncounterAction } from './types.js'
import { AttackResponseSchema } from '../../schemas/attacks.js'

/**
 * A charge (SRD 3.5 › Charge; PRD › Charge; variant › Charge; docs/rules.md
 * §106): a full-round action, a standard (variant: major) one when the
 * charger may take only one (surprise round, staggered); one melee attack at
 * +2; then −2 AC until the start of the charger's next turn, stored as the
 * `charging` condition with its end. Movement is the caller's: the service
 * keeps no positions.
 */
export const charge: EncounterAction = {
  type: 'charge',
  body: actionBody('charge', STRIKE_REQUIRED, { options: STRIKE_OPTIONS, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: AttackResponseSchema,
  attack: true,
  options: STRIKE_OPTIONS,
  cost: (_ruleset, _body, restricted) => restricted ? 'primary' : 'fullRound',
  description: '`charge` (full-round; standard or major when restricted): as `attack`, +2; the actor is `charging` (−2 AC) until its next turn.',
  handle: (context) => {
    const charger = context.actor as CombatantState
    let report: unknown
    try {
      report = strike(context, 'charge', 'single', { options: { charging: true } })
    } catch (error) {
      // The charging option is the action's own, not the client's: name the weapon that made the charge impossible.
      if (error instanceof DomainError) for (const field of error.errors) if (field.path === '/options/charging') field.path = '/weapon/type'
      throw error
    }
    addCondition(context.draft, charger, 'charging', untilNextTurn(context.draft, charger), 'charge')
    return report
  }
}
