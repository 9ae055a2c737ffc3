import type { FastifyInstance } from 'fastify'
import operations from './operations.js'
import attacks from './v1/attacks.js'
import dice from './v1/dice.js'
import rulesets from './v1/rulesets.js'
import turning from './v1/turning.js'
import grapples from './v1/grapples.js'
import maneuvers from './v1/maneuvers.js'
import damage from './v1/damage.js'
import healing from './v1/healing.js'
import saves from './v1/saves.js'
import initiative from './v1/initiative.js'
import encounters from './v1/encounters.js'
import encounterStream from './v1/encounter-stream.js'
import streamTokens from './v1/stream-tokens.js'
import savesOdds from './v1/saves-odds.js'
import maneuverOdds from './v1/maneuver-odds.js'
import turningOdds from './v1/turning-odds.js'
import concentration from './v1/concentration.js'
import simulations from './v1/simulations.js'

/** One route module per resource; each declares its full path. */
export default async function routes (fastify: FastifyInstance): Promise<void> {
  await fastify.register(operations)
  await fastify.register(dice)
  await fastify.register(attacks)
  await fastify.register(rulesets)
  await fastify.register(turning)
  await fastify.register(grapples)
  await fastify.register(maneuvers)
  await fastify.register(damage)
  await fastify.register(healing)
  await fastify.register(saves)
  await fastify.register(initiative)
  await fastify.register(encounters)
  await fastify.register(encounterStream)
  await fastify.register(streamTokens)
  await fastify.register(savesOdds)
  await fastify.register(maneuverOdds)
  await fastify.register(turningOdds)
  await fastify.register(concentration)
  await fastify.register(simulations)
}
