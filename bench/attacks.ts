// npm run bench: POST /v1/attacks (a realistic full attack) against a bare
// Fastify route that validates and echoes a body of the same size, in one
// process on loopback ports. Targets: attacks ≥ 70% of the bare route's
// requests per second, p99 < 10 ms.
import Fastify, { type FastifyInstance } from 'fastify'
import autocannon from 'autocannon'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { AttackRequestSchema } from '../src/schemas/attacks.js'
import { validatorCompiler } from '../src/http/validation.js'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50

const body = {
  ruleset: 'dnd35',
  mode: 'full',
  attacker: {
    id: 'fighter', name: 'Fighter 12', size: 'medium', baseAttackBonus: 12,
    abilities: { str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8 },
    feats: ['two-weapon-fighting', 'improved-two-weapon-fighting', 'weapon-finesse'],
    conditions: []
  },
  target: {
    id: 'ogre', name: 'Ogre', size: 'large', abilities: { str: 21, dex: 8, con: 15 },
    armorClass: { armor: 3, natural: 5, modifiers: [{ value: 1, type: 'deflection', source: 'ring' }] },
    hitPoints: { max: 29, current: 29 }, conditions: ['prone']
  },
  weapon: { name: 'longsword', type: 'melee', damage: '1d8', critRange: 19, critMultiplier: 2, enhancement: 1, extraDamage: [{ dice: '1d6', type: 'fire' }] },
  offHand: { name: 'short sword', type: 'melee', damage: '1d6', category: 'light', critRange: 19 },
  options: { flanking: true, concealment: 'concealment', attackModifiers: [{ value: 1, type: 'morale', source: 'bless' }], damageModifiers: [{ value: 2, type: 'morale', source: 'rage' }] }
}
const payload = JSON.stringify(body)

async function bareApp (): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: 'warn' }, bodyLimit: 256 * 1024 })
  app.setValidatorCompiler(validatorCompiler)
  app.post('/echo', { schema: { body: AttackRequestSchema } }, async (request) => request.body)
  return app
}

async function run (name: string, url: string) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json' },
    body: payload
  })
  const bad = result.errors + result.non2xx + result.timeouts
  console.log(`${name.padEnd(16)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors/non-2xx ${bad}`)
  if (bad > 0) throw new Error(`${name}: ${bad} failed requests`)
  return result
}

const config = loadConfig({ ...process.env, ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' })
const service = await buildApp({ config, logger: { level: 'warn' } })
const bare = await bareApp()
const serviceUrl = await service.listen({ host: '127.0.0.1', port: 0 })
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })

try {
  // Warm up both (JIT, schema compilation is done at ready()).
  await autocannon({ url: `${serviceUrl}/v1/attacks`, method: 'POST', connections: 10, duration: 2, headers: { 'content-type': 'application/json' }, body: payload })
  await autocannon({ url: `${bareUrl}/echo`, method: 'POST', connections: 10, duration: 2, headers: { 'content-type': 'application/json' }, body: payload })
  console.log(`body ${payload.length} bytes, ${CONNECTIONS} connections, ${DURATION} s each`)
  const attacks = await run('POST /v1/attacks', `${serviceUrl}/v1/attacks`)
  const echo = await run('bare echo route', `${bareUrl}/echo`)
  const ratio = attacks.requests.average / echo.requests.average
  console.log(`ratio ${(100 * ratio).toFixed(1)}% of the bare route (target ≥ 70%); attacks p99 ${attacks.latency.p99} ms (target < 10 ms)`)
} finally {
  await service.close()
  await bare.close()
}
