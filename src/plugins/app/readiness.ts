import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

/** One dependency's state as `/readyz` reports it. */
export type ReadinessCheck = () => Promise<{ name: string, ok: boolean, detail?: string }>

/**
 * `starting` until the app is ready, `ready`, then `draining` from SIGTERM
 * until the process exits: a load balancer polling `/readyz` takes the
 * instance out before its listener closes.
 */
export type Lifecycle = 'starting' | 'ready' | 'draining'

declare module 'fastify' {
  interface FastifyInstance {
    /** Dependency checks `/readyz` reports; the database plugin adds its own. */
    readinessChecks: ReadinessCheck[]
    readonly lifecycle: Lifecycle
    /** From now on `/readyz` is 503 and every response asks its client to reconnect (elsewhere). */
    drain: () => void
  }
}

async function readiness (fastify: FastifyInstance): Promise<void> {
  let state: Lifecycle = 'starting'
  fastify.decorate('readinessChecks', [] as ReadinessCheck[])
  fastify.decorate('lifecycle', { getter: () => state })
  fastify.decorate('drain', () => { state = 'draining' })
  fastify.addHook('onReady', async () => {
    if (state === 'starting') state = 'ready'
  })
  // At send time, so a request that began before SIGTERM closes its
  // connection too: a kept-alive connection would hold the close for 72 s.
  // A callback hook, not an async one: it runs for every response and
  // matters only while draining, so it should cost no promise.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (state === 'draining') reply.header('connection', 'close')
    done(null, payload)
  })
}

export default fp(readiness, { name: 'readiness' })
