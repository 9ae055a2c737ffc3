import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

export type ReadinessCheck = () => Promise<{ name: string, ok: boolean, detail?: string }>

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks `/readyz` runs; the database plugin adds its own. */
    readinessChecks: ReadinessCheck[]
  }
}

async function readiness (fastify: FastifyInstance): Promise<void> {
  fastify.decorate('readinessChecks', [] as ReadinessCheck[])
}

export default fp(readiness, { name: 'readiness' })
