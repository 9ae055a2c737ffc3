import { TurningResponseSchema } from '../../schemas/turning.js'
import { applyHealing } from '../../application/hit-points.js'
import { turning, turningReport } from '../../application/turning.js'
import type { Healing } from '../../rules/hit-points/index.js'
import type { TurningRequestBody } from '../../schemas/turning.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { creatureOf } from '../combatants.js'
import { addCondition, endsAt, removeCondition } from '../flow.js'
import { applyBlow, applyHitPoints } from '../harm.js'
import type { CombatantState } from '../model.js'
import { missing } from '../problems.js'
import { turningEffectRounds } from '../../rules/turning/policy.js'
import { actionBody, combatant, inBody, type ActionBody, type EncounterAction, type Reference } from './types.js'

/** Turning (dnd35) and channel energy (pf1e); outcomes land on the undead and targets of the roster. */
export const turn: EncounterAction = {
  type: 'turn',
  body: actionBody('turn', { actor: F.actor, action: F.action }, {
    undead: F.undead, targets: F.targets, previousTurningCheck: F.previousTurningCheck, commandedHitDice: F.commandedHitDice, checkModifiers: F.checkModifiers, readied: F.readied, seed: F.seed, dice: F.dice
  }),
  result: TurningResponseSchema,
  cost: 'primary',
  description: '`turn` (standard): `actor`, `action`, `undead` (dnd35) or `targets` (pf1e), optional `previousTurningCheck`, `commandedHitDice`, `checkModifiers`.',
  handle: ({ draft, body, actor }) => {
    const turner = actor as CombatantState
    const undead = ((body.undead as ActionBody[] | undefined) ?? []).map((u, i) => {
      const c = combatant(draft, u.id, `/undead/${i}/id`)
      const hitDice = c.statBlock.hitDice
      if (typeof hitDice !== 'number') throw missing(`/undead/${i}/id`, `combatant ${c.id} needs hitDice in its stat block to be turned`)
      return { c, sent: Object.keys(u), input: { ...u, id: c.id, hitDice } }
    })
    const targets = ((body.targets as ActionBody[] | undefined) ?? []).map((t, i) => {
      const c = combatant(draft, t.id, `/targets/${i}/id`)
      return { c, sent: Object.keys(t), input: { ...creatureOf(c, draft.ruleset), ...t, id: c.id } }
    })
    const request = {
      action: body.action,
      turner: creatureOf(turner, draft.ruleset),
      ...(body.undead !== undefined ? { undead: undead.map((u) => u.input) } : {}),
      ...(body.targets !== undefined ? { targets: targets.map((t) => t.input) } : {}),
      ...(body.previousTurningCheck !== undefined ? { previousTurningCheck: body.previousTurningCheck } : {}),
      ...(body.commandedHitDice !== undefined ? { commandedHitDice: body.commandedHitDice } : {}),
      ...(body.checkModifiers !== undefined ? { checkModifiers: body.checkModifiers } : {}),
      // Who may act was decided by the encounter (src/encounters/dispatch.ts), a 409 there.
      actorMayAct: true
    } as TurningRequestBody
    const references: Reference[] = [
      { from: '/turner', to: '/actor', id: turner.id },
      ...undead.map((u, i) => ({ from: `/undead/${i}`, to: `/undead/${i}/id`, id: u.c.id, sent: u.sent })),
      ...targets.map((t, i) => ({ from: `/targets/${i}`, to: `/targets/${i}/id`, id: t.c.id, sent: t.sent }))
    ]
    const result = inBody(references, () => turning(draft, request))
    const report = turningReport(draft, result)
    const byId = new Map([...undead, ...targets].map((x) => [x.c.id, x.c]))
    for (const r of (result.results as Array<{ id: string, outcome: string, healed?: number | null, damage?: number | null }>)) {
      const c = byId.get(r.id)
      if (!c) continue
      const cause = `${String(body.action)}: ${r.outcome}`
      if (r.outcome === 'destroyed') {
        if (c.hitPoints) applyHitPoints(draft, c, { ...c.hitPoints, status: 'dead' }, cause)
        else addCondition(draft, c, 'dead', null, cause)
      } else if (r.outcome === 'turned' || r.outcome === 'rebuked' || r.outcome === 'bolstered') {
        addCondition(draft, c, r.outcome === 'bolstered' ? 'bolstered' : r.outcome, endsAt(draft, turningEffectRounds(draft.ruleset.turning)), cause)
      } else if (r.outcome === 'commanded') {
        addCondition(draft, c, 'commanded', null, cause)
      } else if (r.outcome === 'freed') {
        for (const name of ['turned', 'rebuked', 'commanded']) removeCondition(draft, c, name, cause)
      }
      if (r.damage !== undefined && r.damage !== null && r.damage > 0) applyBlow(draft, c, { amount: r.damage, singleAttack: true }, cause)
      if (r.healed !== undefined && r.healed !== null && r.healed > 0 && c.hitPoints) {
        const healed = applyHealing(draft, { creature: creatureOf(c, draft.ruleset) as never, healing: { kind: 'magical', amount: r.healed } as Healing & ActionBody })
        applyHitPoints(draft, c, healed.after, cause, { before: healed.before })
      }
    }
    return report
  }
}
