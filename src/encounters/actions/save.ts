import { SavesResponseSchema } from '../../schemas/saves.js'
import { savesReport, saves } from '../../application/saves.js'
import type { SaveRequest } from '../../rules/saves/area-effect.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import { applyBlow } from '../harm.js'
import { actionBody, combatant, inBody, type ActionBody, type EncounterAction, type Reference } from './types.js'

/** A saving throw for several combatants, with an optional area effect whose damage lands on each (SRD 3.5 › Saving Throws). */
export const save: EncounterAction = {
  type: 'save',
  body: actionBody('save', { targets: F.targets, save: F.save, dc: F.dc }, { actor: F.actor, effect: F.effect, seed: F.seed, dice: F.dice }),
  result: SavesResponseSchema,
  cost: null,
  gm: true,
  description: '`save` (a GM\'s, at any time): `targets`, `save`, `dc`, optional `effect` (its damage applied per target).',
  handle: ({ draft, body }) => {
    const entries = (body.targets as Array<string | ActionBody>).map((t, i) => {
      const entry = typeof t === 'string' ? { id: t } : t
      return { entry, c: combatant(draft, entry.id, typeof t === 'string' ? `/targets/${i}` : `/targets/${i}/id`), named: typeof t === 'string' }
    })
    const request = {
      save: body.save as string,
      dc: body.dc as number,
      ...(body.effect !== undefined ? { effect: body.effect } : {}),
      targets: entries.map(({ entry, c }) => ({ ...creatureOf(c, draft.ruleset), ...(entry.modifiers !== undefined ? { modifiers: entry.modifiers } : {}), ...(entry.cover !== undefined ? { cover: entry.cover } : {}) }))
    } as unknown as SaveRequest
    const references: Reference[] = entries.map(({ entry, c, named }, i) => named
      ? { from: `/targets/${i}`, to: `/targets/${i}`, id: c.id }
      : { from: `/targets/${i}`, to: `/targets/${i}/id`, id: c.id, sent: Object.keys(entry) })
    const result = inBody(references, () => saves(draft, request))
    const report = savesReport(draft, request, result)
    const effect = body.effect as { nonlethal?: boolean } | undefined
    result.results.forEach((r, i) => {
      const c = entries[i]?.c
      if (c && r.damage !== null && r.damage > 0) applyBlow(draft, c, { amount: r.damage, nonlethal: effect?.nonlethal ?? false }, `${String(body.save)} save`)
    })
    return report
  }
}
