import { DomainError } from '../../rules/errors.js'
import type { StatBlockEffect } from '../../rules/combatant.js'
import { statBlockChanges } from '../../rules/stat-block-effects.js'
import { EffectSourceSchema, LIMITS, StatBlockEffectSchema } from '../../schemas/common.js'
import { ACTION_FIELDS as F, BOOKKEEPING_RESULT } from '../../schemas/encounters.js'
import { endsAt } from '../flow.js'
import { missing, notPossible } from '../problems.js'
import { addEffect, removeEffects, storedEffects } from '../stored-effects.js'
import { actionBody, combatant, type EncounterAction } from './types.js'

/**
 * A lasting effect (bless, haste, rage) put on a combatant or taken off it
 * (docs/rules.md §96): the caller has resolved the spell or ability; the
 * encounter keeps its numbers on the target's stat block, where every
 * action reads them, until its duration ends (docs/rules.md §69) or it is removed.
 */
export const effect: EncounterAction = {
  type: 'effect',
  body: actionBody('effect', { actor: F.actor, target: F.target }, { add: StatBlockEffectSchema, remove: EffectSourceSchema, durationRounds: F.durationRounds, seed: F.seed, dice: F.dice }),
  result: BOOKKEEPING_RESULT,
  oneOf: ['add', 'remove'],
  cost: null,
  gm: true,
  description: '`effect` (any time): `actor`, `target`, `add` (with `durationRounds`) or `remove` (a source).',
  handle: ({ draft, body }) => {
    const target = combatant(draft, body.target, '/target')
    if ((body.add === undefined) === (body.remove === undefined)) throw missing(body.add === undefined ? '/add' : '/remove', 'exactly one of add and remove is required')
    if (body.remove !== undefined) {
      if (body.durationRounds !== undefined) throw notPossible('durationRounds goes with add', '/durationRounds')
      const source = body.remove as string
      if (removeEffects(draft, target, source, 'effect action') === 0) throw notPossible(`${target.id} has no effect from "${source}"`, '/remove')
      return null
    }
    if (typeof body.add !== 'object' || body.add === null) throw notPossible('`add` of an effect action is an Effect object ({ target, value, type, source })', '/add')
    const add = body.add as StatBlockEffect
    // The target names a number this ruleset has (no cmb in dnd35, no will save in the variant): refused here, not when an attack reads it.
    try {
      statBlockChanges(draft.ruleset, [add])
    } catch (error) {
      if (error instanceof DomainError) for (const e of error.errors) e.path = '/add/target'
      throw error
    }
    const kept = storedEffects(target).filter((e) => !(e.source === add.source && e.target === add.target))
    if (kept.length >= LIMITS.effects) throw notPossible(`${target.id} already has ${LIMITS.effects} effects, the most a stat block holds`, '/add')
    const rounds = body.durationRounds as number | undefined
    addEffect(draft, target, { ...add, endsAt: rounds === undefined ? null : endsAt(draft, rounds) }, 'effect action')
    return null
  }
}
