import { aidAnother, aidAnotherReport } from '../../application/aid-another.js'
import type { WeaponInput } from '../../rules/attacks/weapon.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import type { CombatantState } from '../model.js'
import { missing, notPossible } from '../problems.js'
import { pendingLabel } from '../stances.js'
import { OPTION_FIELDS, meleeOnly } from './fields.js'
import { actionBody, combatant, inBody, type EncounterAction } from './types.js'
import { AidAnotherResponseSchema } from '../../schemas/encounter-option-results.js'

/** The weapon the aid roll is made with: the body's, else the first the stat block carries. */
function aidWeapon (helper: CombatantState, given: unknown): WeaponInput {
  if (given !== undefined) return given as WeaponInput
  const carried = helper.statBlock.weapons
  if (Array.isArray(carried) && carried.length > 0) return carried[0] as WeaponInput
  throw missing('/weapon', `aid another is an attack roll: give the weapon it is made with (${helper.id} carries no \`weapons\`)`)
}

/**
 * Aid another in melee (SRD 3.5 › Aid Another; PRD; variant › Aid Another;
 * docs/rules.md §105): a standard (variant: major) action; an attack roll
 * against AC 10; on success `ally` gains +2 on its next attack against
 * `target`, or +2 AC against `target`'s next attack, until the start of the
 * helper's next turn. Several helpers stack; the attack that uses the bonus
 * shows it as a breakdown line `aid another by <helper>` and uses it up.
 */
export const aid: EncounterAction = {
  type: 'aid',
  body: actionBody('aid', { actor: F.actor, target: F.target, ally: OPTION_FIELDS.ally, choice: OPTION_FIELDS.choice }, { weapon: F.weapon, readied: F.readied, seed: F.seed, dice: F.dice }),
  result: AidAnotherResponseSchema,
  attack: true,
  cost: 'primary',
  description: '`aid` (standard; variant major): `actor`, `target`, `ally`, `choice`, optional `weapon`; against AC 10, +2 to the ally\'s next attack or AC.',
  handle: ({ draft, body, actor }) => {
    const helper = actor as CombatantState
    const opponent = combatant(draft, body.target, '/target')
    const ally = combatant(draft, body.ally, '/ally')
    if (ally.id === helper.id) throw notPossible('a combatant aids another, not itself', '/ally')
    if (opponent.id === helper.id || opponent.id === ally.id) throw notPossible('the target is the opponent the ally fights, neither the helper nor the ally', '/target')
    const weapon = aidWeapon(helper, body.weapon)
    meleeOnly(weapon, 'aid another')
    const choice = body.choice as 'attack' | 'ac'
    const result = inBody([{ from: '/helper', to: '/actor', id: helper.id }], () => aidAnother(draft, { helper: creatureOf(helper, draft.ruleset), weapon, choice }))
    if (result.success) {
      // Keys in jsonb's order (shorter first), so the stored record reads back identical to the folded one.
      const given = { ally: ally.id, kind: 'aid' as const, value: result.bonus, choice, opponent: opponent.id }
      helper.pending = [...helper.pending, given]
      draft.applied.push({ kind: 'pending', combatantId: helper.id, added: [pendingLabel(given)], removed: [], cause: 'aid another' })
    }
    return aidAnotherReport(draft, result)
  }
}
