import { operationDetails } from '../../openapi/readme.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorResponses, problemResponse } from '../../schemas/common.js'
import {
  EncounterSimulationRequestSchema, SimulationRequestSchema, SimulationResponseSchema
} from '../../schemas/simulations.js'
import { EncounterIdParams } from '../../schemas/encounters.js'
import { newSeed } from '../../application/resolution.js'
import { assertValidHitPoints } from '../../application/consistency.js'
import { getRuleset } from '../../rules/rulesets/index.js'
import type { HitPointsInput } from '../../rules/combatant.js'
import { DomainError, type DomainErrorField } from '../../rules/errors.js'
import type { CombatantEntry } from '../../encounters/combatants.js'
import { EncounterService } from '../../encounters/service.js'
import { EncounterNotFoundError } from '../../encounters/errors.js'
import { SIMULATION_WORK_LIMIT, simulationWork, type SimulationInput } from '../../encounters/simulation/simulate.js'
import { DEFAULT_TACTIC, type Tactic } from '../../encounters/simulation/tactic.js'
import { ROUND_CAP } from '../../encounters/simulation/fight.js'
import { HttpProblem } from '../../http/problem.js'
import { ownerOf } from './encounters.js'

const MAX_COMBATANTS = 100

function tacticOf (tactic: Partial<Tactic> | undefined): Tactic {
  return { target: tactic?.target ?? DEFAULT_TACTIC.target, fullAttack: tactic?.fullAttack ?? DEFAULT_TACTIC.fullAttack }
}

function refuse (kind: 'missing-field' | 'out-of-range' | 'inconsistent-fields', errors: DomainErrorField[]): never {
  throw new DomainError(kind, errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors)
}

/** The work bound (docs/rules.md §134): counted before anything runs. */
function checkWork (combatants: number, runs: number): void {
  const work = simulationWork(combatants, runs)
  if (work > SIMULATION_WORK_LIMIT) {
    const most = Math.max(1, Math.floor(SIMULATION_WORK_LIMIT / (combatants * ROUND_CAP)))
    refuse('out-of-range', [{ path: '/runs', message: `${combatants} combatants × ${runs} runs × ${ROUND_CAP} rounds is ${work.toLocaleString('en-US')} units of work, over the limit of ${SIMULATION_WORK_LIMIT.toLocaleString('en-US')}: at most ${most} runs with ${combatants} combatants` }])
  }
}

/** The roster of POST /v1/simulations, each combatant with its side and an id, and where each sits in the body. */
function rosterOf (sides: Record<string, Array<Record<string, unknown>>>, ruleset: ReturnType<typeof getRuleset>): { combatants: CombatantEntry[], paths: Map<string, string> } {
  const combatants: CombatantEntry[] = []
  const paths = new Map<string, string>()
  const problems: DomainErrorField[] = []
  for (const [side, list] of Object.entries(sides)) {
    list.forEach((c, i) => {
      const path = `/sides/${side}/${i}`
      const id = typeof c.id === 'string' ? c.id : `${side}-${i + 1}`
      if (paths.has(id)) problems.push({ path: `${path}/id`, message: `duplicates the id "${id}"` })
      paths.set(id, path)
      if (!Array.isArray(c.weapons) || c.weapons.length === 0) problems.push({ path: `${path}/weapons`, message: 'is required: a simulated creature fights with its first weapon' })
      if (c.hitPoints === undefined) problems.push({ path: `${path}/hitPoints`, message: 'is required: a simulated creature needs hit points' })
      else assertValidHitPoints(c.hitPoints as HitPointsInput, ruleset, `${path}/hitPoints`)
      combatants.push({ ...c, id, side })
    })
  }
  if (combatants.length > MAX_COMBATANTS) refuse('out-of-range', [{ path: '/sides', message: `${combatants.length} combatants; at most ${MAX_COMBATANTS} in all` }])
  if (problems.length > 0) refuse(problems.some((p) => p.message.startsWith('duplicates')) ? 'inconsistent-fields' : 'missing-field', problems)
  return { combatants, paths }
}

/** `@<id>/…` paths of an error in a run onto the request (or the encounter's combatant). */
function rebased (error: unknown, pathOf: (id: string) => string): unknown {
  if (!(error instanceof DomainError)) return error
  for (const field of error.errors) {
    const match = /^@([^/]*)(.*)$/.exec(field.path)
    if (match) field.path = `${pathOf(match[1] as string)}${match[2] as string}`
  }
  return error
}

/**
 * Run on the pool; a client that disconnects aborts the task (its worker
 * stops at once), and no answer is sent to it.
 */
async function runCancellable (fastify: Parameters<FastifyPluginAsyncTypebox>[0], request: FastifyRequest, reply: FastifyReply, input: SimulationInput) {
  const controller = new AbortController()
  const onClose = (): void => { if (!reply.raw.writableFinished) controller.abort() }
  reply.raw.on('close', onClose)
  try {
    return await fastify.simulations.run(input, controller.signal)
  } catch (error) {
    if (controller.signal.aborted) {
      // Nobody is left to answer: the reply is taken over and never sent.
      request.log.info('simulation cancelled: the client disconnected')
      reply.hijack()
      return null
    }
    throw error
  } finally {
    reply.raw.off('close', onClose)
  }
}

const simulations: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = new EncounterService(() => {
    if (!fastify.db) throw new HttpProblem('not-found', 'encounters are turned off on this server (ENCOUNTERS=off)')
    return fastify.db.encounters
  })
  fastify.post('/v1/simulations', {
    schema: {
      tags: ['simulations'],
      operationId: 'simulateFight',
      summary: 'Simulate a fight many times: each side\'s chance to win',
      description: `The fight, fought \`runs\` times through the encounter rules (the tactic in \`tactic\`; a draw after ${ROUND_CAP} rounds): each side's win probability and the draw with 95% Wilson intervals, the rounds, each combatant's survival and damage, and a \`sampleSeeds\` run per side that replays as a real encounter. Work bounded (combatants × runs × ${ROUND_CAP}); runs on a worker thread; a client that disconnects cancels it.\n\n${operationDetails('simulateFight', 'How a run fights, the bound, how to replay a sample')}`,
      body: SimulationRequestSchema,
      response: { 200: SimulationResponseSchema, ...errorResponses({ resolution: true }) }
    }
  }, async (request, reply) => {
    const body = request.body
    const ruleset = getRuleset(body.ruleset ?? fastify.config.defaultRuleset)
    const { combatants, paths } = rosterOf(body.sides as Record<string, Array<Record<string, unknown>>>, ruleset)
    checkWork(combatants.length, body.runs)
    const seed = body.seed ?? newSeed()
    const input: SimulationInput = { start: { kind: 'roster', ruleset: ruleset.id, combatants }, runs: body.runs, seed, tactic: tacticOf(body.tactic), sides: Object.keys(body.sides) }
    try {
      const result = await runCancellable(fastify, request, reply, input)
      if (result === null) return reply
      return { ruleset: ruleset.id, seed, ...result }
    } catch (error) {
      throw rebased(error, (id) => paths.get(id) ?? '/sides')
    }
  })

  fastify.post('/v1/encounters/:id/simulations', {
    schema: {
      tags: ['simulations'],
      operationId: 'simulateEncounter',
      summary: 'Simulate the rest of an encounter from its current state, writing nothing',
      description: `The fight of POST /v1/simulations from the encounter's current state (turn, round, hit points, conditions, durations), writing nothing; a \`finished\` encounter is a 409, another key's a 404. Sides are the combatants' \`side\`.\n\n${operationDetails('simulateEncounter', 'The state it starts from, the bound, replaying a sample on the encounter')}`,
      params: EncounterIdParams,
      body: EncounterSimulationRequestSchema,
      response: { 200: SimulationResponseSchema, 409: problemResponse('The encounter is finished: there is no fight left to simulate.'), ...errorResponses({ resolution: true, notFound: true, database: true }) }
    }
  }, async (request, reply) => {
    const state = await service.state(ownerOf(request), request.params.id)
    if (!state) throw new EncounterNotFoundError('encounter')
    if (state.status === 'finished') throw new DomainError('conflict', 'the encounter is finished: there is no fight left to simulate')
    const sides = [...new Set(state.combatants.map((c) => c.side).filter((s): s is string => s !== null))]
    if (sides.length < 2) throw new DomainError('conflict', `a simulation needs combatants on at least two sides; this encounter has ${sides.length === 0 ? 'none with a side' : `only "${sides[0] ?? ''}"`}`)
    const body = request.body
    checkWork(state.combatants.length, body.runs)
    const seed = body.seed ?? newSeed()
    const input: SimulationInput = { start: { kind: 'encounter', state }, runs: body.runs, seed, tactic: tacticOf(body.tactic), sides }
    try {
      const result = await runCancellable(fastify, request, reply, input)
      if (result === null) return reply
      return { ruleset: state.ruleset, seed, ...result }
    } catch (error) {
      throw rebased(error, () => 'path:/id')
    }
  })
}

export default simulations
