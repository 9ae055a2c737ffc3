// A simulation worker thread (piscina): runs one simulation off the event
// loop and hands back its result, or the rules' refusal as plain data (a
// DomainError does not survive the thread boundary as itself).
import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { isMainThread } from 'node:worker_threads'
import Piscina from 'piscina'
import { DomainError, type DomainErrorField, type DomainErrorKind } from '../../rules/errors.js'
import { simulate, type SimulationInput, type SimulationResult } from './simulate.js'

export type WorkerAnswer =
  | { ok: true, result: SimulationResult }
  | { ok: false, error: { kind: DomainErrorKind, detail: string, errors: DomainErrorField[] } }

/** Shared with the main thread: runs finished by every worker (Int32Array slot 0), so progress and cancellation can be seen. */
const counter = (Piscina.workerData as { counter?: Int32Array } | undefined)?.counter

/** How much lower than the service's a simulation thread's scheduling priority is (nice value; README › Operations). */
export const SIMULATION_NICE_INCREMENT = 10

/**
 * Requests come before simulations: on Linux this thread's nice value is
 * raised, so when the CPUs are all busy the kernel runs the event loop
 * first and a cheap request keeps its latency while simulations run.
 * setpriority on a thread id changes that thread only (Linux's threads are
 * tasks of their own); elsewhere the thread keeps the process's priority.
 */
function yieldToRequests (): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + SIMULATION_NICE_INCREMENT))
  } catch {
    // No /proc/thread-self (not Linux), or the priority cannot be changed: run at the process's priority.
  }
}
// Only on a pool's thread: importing this module elsewhere (a test reading the constant) changes nothing.
if (!isMainThread) yieldToRequests()

export default function runSimulation (input: SimulationInput): WorkerAnswer {
  try {
    const onRun = counter ? () => { Atomics.add(counter, 0, 1) } : undefined
    return { ok: true, result: simulate(input, onRun ? { onRun } : {}) }
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: { kind: error.kind, detail: error.message, errors: error.errors } }
    throw error
  }
}
