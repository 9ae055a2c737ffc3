import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import type { CombatantState } from '../model.js'
import { actionBody, type EncounterAction } from './types.js'

/** Ready (SRD 3.5 › Ready): an action held for a trigger; a later action with `readied: true` fires it. */
export const ready: EncounterAction = {
  type: 'ready',
  body: actionBody('ready', { actor: F.actor, trigger: F.trigger }, { actionType: F.actionType, seed: F.seed, dice: F.dice }),
  result: BOOKKEEPING_RESULT,
  cost: 'primary',
  description: '`ready` (standard; variant major): `actor`, `trigger`, optional `actionType`; a later action with `readied: true` by that combatant fires it.',
  handle: ({ draft, body, actor }) => {
    (actor as CombatantState).readied = { trigger: body.trigger as string, actionType: (body.actionType as string | undefined) ?? draft.ruleset.turnFlow.slots.primary }
    return null
  }
}
