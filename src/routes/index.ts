import type { FastifyInstance } from 'fastify'
import operations from './operations.js'
import dice from './v1/dice.js'
import rulesets from './v1/rulesets.js'
import turning from './v1/turning.js'
import grapples from './v1/grapples.js'
import maneuvers from './v1/maneuvers.js'

/** One route module per resource; each declares its full path. */
export default async function routes (fastify: FastifyInstance): Promise<void> {
  await fastify.register(operations)
  await fastify.register(dice)
  await fastify.register(rulesets)
  await fastify.register(turning)
  await fastify.register(grapples)
  await fastify.register(maneuvers)
}
