// The encounter service: each write builds its event (service-chosen ids and
// a seed filled in, so the event replays on its own), runs the one state
// transition against the locked current state, and hands the repository the
// new state, the event and the response, all written in one transaction.
import { randomUUID } from 'node:crypto'
import { newSeed } from '../application/resolution.js'
import { assertValidHitPoints } from '../application/consistency.js'
import type { HitPointsInput } from '../rules/combatant.js'
import { getRuleset, type RulesetId } from '../rules/rulesets/index.js'
import { reportedHitPoints, type CombatantEntry } from './combatants.js'
import { EncounterNotFoundError, type VersionPrecondition } from './errors.js'
import type { CombatantState, EncounterEvent, EncounterState } from './model.js'
import type { EncounterRepository, Page, EncounterSummary, WriteOptions, Written } from './repository.js'

export type { WriteOptions } from './repository.js'
import { applyEvent } from './transition.js'

export interface EncounterView extends Omit<EncounterState, 'turn' | 'combatants' | 'downAtCount'> {
  turn: { combatantId: string, initiativeCount: number, spent: string[] } | null
  combatants: Array<Record<string, unknown>>
}

function combatantView (c: CombatantState, state: EncounterState): Record<string, unknown> {
  const ruleset = getRuleset(state.ruleset)
  return {
    ...c.statBlock,
    id: c.id,
    name: c.name,
    side: c.side,
    aware: c.aware,
    initiative: c.initiative,
    hitPoints: reportedHitPoints(c, ruleset),
    conditions: c.conditions,
    reactionsUsed: c.reactionsUsed,
    readied: c.readied,
    pending: c.pending
  }
}

/** The Encounter resource (OpenAPI › Encounters). */
export function encounterView (state: EncounterState): EncounterView {
  const slots = getRuleset(state.ruleset).turnFlow.slots
  const label = { primary: slots.primary, secondary: slots.secondary, fullRound: slots.fullRound, swift: slots.swift ?? 'swift', free: slots.free }
  const { downAtCount: _downAtCount, ...rest } = state
  return {
    ...rest,
    turn: state.turn ? { combatantId: state.turn.combatantId, initiativeCount: state.turn.initiativeCount, spent: state.turn.spent.map((s) => label[s]) } : null,
    combatants: state.combatants.map((c) => combatantView(c, state))
  }
}

export interface ActionResponse { type: string, event: Omit<EncounterEvent, 'request' | 'rolls' | 'result' | 'applied'>, result: unknown, applied: unknown[], encounter: EncounterView }

/**
 * Hit points that fit the schema field by field but not together (`current`
 * above `max`…) are a 422 naming the field, as on POST /v1/damage. Checked
 * on new writes only: a replay of the log never re-judges an accepted event.
 */
function checkHitPoints (hitPoints: unknown, ruleset: RulesetId, path: string): void {
  if (hitPoints !== null && typeof hitPoints === 'object') assertValidHitPoints(hitPoints as HitPointsInput, getRuleset(ruleset), path)
}

export class EncounterService {
  constructor (private readonly repository: () => EncounterRepository, private readonly clock: () => Date = () => new Date()) {}

  private async write<T> (ownerId: string, id: string | null, type: string, request: Record<string, unknown>, options: WriteOptions, respond: (state: EncounterState, event: EncounterEvent) => { status: number, body: T }, check?: (current: EncounterState) => void): Promise<Written<T>> {
    const createdAt = this.clock().toISOString()
    return this.repository().write(ownerId, id, options, (current) => {
      if (check && current) check(current)
      const t = applyEvent(current, { type, request, createdAt })
      const event: EncounterEvent = {
        seq: t.state.version, type, actor: t.actor, round: t.round, initiativeCount: t.initiativeCount, createdAt, request, rolls: t.rolls, result: t.result, applied: t.applied
      }
      return { state: t.state, event, ...respond(t.state, event) }
    })
  }

  async create (ownerId: string, body: { name: string, ruleset: string, combatants?: Array<Record<string, unknown>> }, options: WriteOptions): Promise<Written<EncounterView>> {
    body.combatants?.forEach((c, i) => checkHitPoints(c.hitPoints, body.ruleset as RulesetId, `/combatants/${i}/hitPoints`))
    const request = { ...body, id: randomUUID(), combatants: (body.combatants ?? []).map((c) => ({ ...c, id: c.id ?? randomUUID() })) }
    return this.write(ownerId, null, 'created', request, options, (state) => ({ status: 201, body: encounterView(state) }))
  }

  async get (ownerId: string, id: string): Promise<EncounterView> {
    const state = await this.repository().get(ownerId, id)
    if (!state) throw new EncounterNotFoundError('encounter')
    return encounterView(state)
  }

  /** The stored state itself, for replay checks. */
  async state (ownerId: string, id: string): Promise<EncounterState | null> {
    return this.repository().get(ownerId, id)
  }

  async list (ownerId: string, options: { limit: number, cursor?: string }): Promise<Page<EncounterSummary>> {
    return this.repository().list(ownerId, options)
  }

  async delete (ownerId: string, id: string, precondition?: VersionPrecondition): Promise<void> {
    await this.repository().delete(ownerId, id, precondition)
  }

  async events (ownerId: string, id: string, options: { after?: number, limit?: number }): Promise<EncounterEvent[]> {
    return this.repository().events(ownerId, id, options)
  }

  async addCombatant (ownerId: string, id: string, combatant: Record<string, unknown>, roll: { seed?: string | number | undefined, dice?: unknown }, options: WriteOptions): Promise<Written<EncounterView>> {
    const request = { combatant: { ...combatant, id: combatant.id ?? randomUUID() } as CombatantEntry, seed: roll.seed ?? newSeed(), ...(roll.dice !== undefined ? { dice: roll.dice } : {}) }
    return this.write(ownerId, id, 'combatant-added', request, options, (state) => ({ status: 201, body: encounterView(state) }),
      (current) => checkHitPoints(combatant.hitPoints, current.ruleset, '/hitPoints'))
  }

  async updateCombatant (ownerId: string, id: string, combatantId: string, patch: Record<string, unknown>, options: WriteOptions): Promise<Written<EncounterView>> {
    return this.write(ownerId, id, 'combatant-updated', { combatantId, patch }, options, (state) => ({ status: 200, body: encounterView(state) }),
      (current) => checkHitPoints(patch.hitPoints, current.ruleset, '/hitPoints'))
  }

  async removeCombatant (ownerId: string, id: string, combatantId: string, options: WriteOptions): Promise<Written<EncounterView>> {
    return this.write(ownerId, id, 'combatant-removed', { combatantId, seed: newSeed() }, options, (state) => ({ status: 200, body: encounterView(state) }))
  }

  async start (ownerId: string, id: string, body: Record<string, unknown>, options: WriteOptions): Promise<Written<EncounterView & { initiative: unknown }>> {
    const request = { ...body, seed: body.seed ?? newSeed() }
    return this.write(ownerId, id, 'started', request, options, (state, event) => ({ status: 200, body: { ...encounterView(state), initiative: event.result } }))
  }

  async act (ownerId: string, id: string, body: Record<string, unknown> & { type: string }, options: WriteOptions): Promise<Written<ActionResponse>> {
    const { type, ...rest } = body
    const request = { ...rest, seed: rest.seed ?? newSeed() }
    return this.write(ownerId, id, type, request, options, (state, event) => {
      const { request: _request, rolls: _rolls, result, applied, ...summary } = event
      return { status: 200, body: { type, event: summary, result, applied, encounter: encounterView(state) } }
    })
  }
}
