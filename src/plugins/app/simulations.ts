// The simulation worker pool (piscina): simulations run on worker threads so
// the event loop keeps answering every other request (README › Operations,
// SIMULATION_THREADS). The pool starts with the first simulation; a client
// that disconnects aborts its task, which ends the thread running it.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { Piscina } from 'piscina'
import { DomainError } from '../../rules/errors.js'
import type { SimulationInput, SimulationResult } from '../../encounters/simulation/simulate.js'
import type { WorkerAnswer } from '../../encounters/simulation/worker.js'

export interface SimulationPool {
  /** Run one simulation on a worker; rejects with the rules' DomainError, or an AbortError when `signal` aborts. */
  run: (input: SimulationInput, signal: AbortSignal) => Promise<SimulationResult>
  /** Runs finished by all workers since start (a cancelled simulation stops adding to it). */
  runsCompleted: () => number
  /** Simulations cancelled since start (their clients disconnected). */
  cancelled: () => number
}

declare module 'fastify' {
  interface FastifyInstance {
    simulations: SimulationPool
  }
}

// Under tsx (development, tests) the worker is the TypeScript source; built, the JavaScript beside this file's.
const WORKER = new URL(`../../encounters/simulation/worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url).href

async function simulations (fastify: FastifyInstance): Promise<void> {
  const counter = new Int32Array(new SharedArrayBuffer(4))
  let pool: Piscina | null = null
  let cancelled = 0
  const poolOf = (): Piscina => {
    pool ??= new Piscina({ filename: WORKER, maxThreads: fastify.config.simulationThreads, minThreads: 0, idleTimeout: 30_000, workerData: { counter } })
    return pool
  }
  fastify.decorate('simulations', {
    async run (input: SimulationInput, signal: AbortSignal): Promise<SimulationResult> {
      let answer: WorkerAnswer
      try {
        answer = await poolOf().run(input, { signal }) as WorkerAnswer
      } catch (error) {
        if (signal.aborted) cancelled++
        throw error
      }
      if (!answer.ok) throw new DomainError(answer.error.kind, answer.error.detail, answer.error.errors)
      return answer.result
    },
    runsCompleted: () => Atomics.load(counter, 0),
    cancelled: () => cancelled
  })
  fastify.addHook('onClose', async () => {
    if (pool) await pool.destroy()
  })
}

export default fp(simulations, { name: 'simulations' })
