// A simulation worker thread (piscina): runs one simulation off the event
// loop and hands back its result, or the rules' refusal as plain data (a
// DomainError does not survive the thread boundary as itself).
import Piscina from 'piscina'
import { DomainError, type DomainErrorField, type DomainErrorKind } from '../../rules/errors.js'
import { simulate, type SimulationInput, type SimulationResult } from './simulate.js'

export type WorkerAnswer =
  | { ok: true, result: SimulationResult }
  | { ok: false, error: { kind: DomainErrorKind, detail: string, errors: DomainErrorField[] } }

/** Shared with the main thread: runs finished by every worker (Int32Array slot 0), so progress and cancellation can be seen. */
const counter = (Piscina.workerData as { counter?: Int32Array } | undefined)?.counter

export default function runSimulation (input: SimulationInput): WorkerAnswer {
  try {
    const onRun = counter ? () => { Atomics.add(counter, 0, 1) } : undefined
    return { ok: true, result: simulate(input, onRun ? { onRun } : {}) }
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: { kind: error.kind, detail: error.message, errors: error.errors } }
    throw error
  }
}
