import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { resolutionEcho } from '../../application/resolution.js'
import { addCondition } from '../flow.js'
import type { CombatantState } from '../model.js'
import { untilNextTurn } from '../stances.js'
import { actionBody, type EncounterAction } from './types.js'
import { StanceResponseSchema } from '../../schemas/encounter-option-results.js'

/**
 * Total defense (SRD 3.5 › Total Defense; PRD; variant › Total Defense;
 * docs/rules.md §108): a standard (variant: major) action; the
 * `total-defense` condition's +4 dodge to AC (variant: also the shield bonus
 * on Reflex saves) from now until the start of the actor's next turn, and no
 * attacks of opportunity (variant: reaction attacks) meanwhile.
 */
export const totalDefense: EncounterAction = {
  type: 'total-defense',
  body: actionBody('total-defense', { actor: F.actor }, { readied: F.readied, seed: F.seed, dice: F.dice }),
  result: StanceResponseSchema,
  cost: 'primary',
  description: '`total-defense` (standard; variant major): `actor`; +4 dodge AC and no reactions until its next turn.',
  handle: ({ draft, actor }) => {
    const defender = actor as CombatantState
    const endsAt = untilNextTurn(draft, defender)
    addCondition(draft, defender, 'total-defense', endsAt, 'total defense')
    const echo = resolutionEcho(draft)
    return { ruleset: echo.ruleset, seed: echo.seed, condition: { name: 'total-defense', endsAt }, rolls: echo.rolls }
  }
}
