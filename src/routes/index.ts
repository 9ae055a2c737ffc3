import type { FastifyInstance } from 'fastify'
import operations from './operations.js'
import attacks from './v1/attacks.js'
import dice from './v1/dice.js'
import rulesets from './v1/rulesets.js'

/** One route module per resource; each declares its full path. */
export default async function routes (fastify: FastifyInstance): Promise<void> {
  await fastify.register(operations)
  await fastify.register(dice)
  await fastify.register(attacks)
  await fastify.register(rulesets)
}
