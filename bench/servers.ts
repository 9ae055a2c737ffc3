// The servers of `npm run bench`, in one child process so that they share
// its event loop's conditions: the service twice, with its real default
// configuration (logs at info, helmet, rate limiting with its limit raised
// above the benchmark's rate so its bookkeeping is paid but nothing is
// refused) and the same with logs at warn, and a bare Fastify route that
// parses the same body and answers the same bytes: a response the service
// gave at start-up. Each service also answers those canned bytes on a route
// of its own (STACK_ROUTE, driven on the one at warn) with every hook and
// plugin of a /v1 route but no schema, rules or serializer: the cost of the
// stack alone. Beside them, the same-work floor: a bare Fastify app (no
// hooks, no plugins, no logger) whose /v1/attacks validates the body with the
// service's validator compiler and schema, calls the same application
// functions and serializes with the same response schema: what the service
// would cost with nothing of its stack. The service is the compiled build, as
// `npm start` runs it.
// Logs go to this process's stdout (/dev/null in the benchmark); the URLs go
// to the parent over IPC, and so does this process's CPU time when the
// parent asks for it. Serves until SIGTERM.
import Fastify, { type FastifyInstance } from 'fastify'
import { ATTACK_PAYLOAD, STACK_ROUTE } from './attack-body.js'
import { loadAttackWork, loadService } from './service.js'

// The compiled build (bench/service.ts), which the parent has brought up to date.
const { buildApp, loadConfig } = await loadService()
const work = await loadAttackWork()

/** Above any rate 50 connections reach on this machine (a few thousand a second). */
const RATE_LIMIT_PER_MINUTE = '10000000'

let canned = ''

async function service (logLevel: 'info' | 'warn'): Promise<FastifyInstance> {
  const env = { ...process.env, ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE, LOG_LEVEL: logLevel, NODE_ENV: 'production' }
  return buildApp({
    config: loadConfig(env),
    beforeRoutes: async (app) => {
      app.post(STACK_ROUTE, (_request, reply) => { reply.type('application/json; charset=utf-8').send(canned) })
    }
  })
}

/** A response of median size among a few, so the bare route answers a typical body. */
async function capture (app: FastifyInstance): Promise<string> {
  const bodies: string[] = []
  for (let i = 0; i < 101; i++) {
    const res = await app.inject({ method: 'POST', url: '/v1/attacks', headers: { 'content-type': 'application/json' }, payload: ATTACK_PAYLOAD })
    if (res.statusCode !== 200) throw new Error(`capture: ${res.statusCode} ${res.payload}`)
    bodies.push(res.payload)
  }
  bodies.sort((a, b) => a.length - b.length)
  return bodies[50]!
}

function bareApp (canned: string): FastifyInstance {
  const app = Fastify()
  app.post('/v1/attacks', (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(canned)
  })
  return app
}

/** The same work as the service's POST /v1/attacks, with none of its hooks, plugins or log lines. */
function floorApp (defaultRuleset: 'dnd35'): FastifyInstance {
  const app = Fastify()
  app.setValidatorCompiler(work.validatorCompiler)
  app.post('/v1/attacks', { schema: { body: work.body, response: { 200: work.response } } }, async (request) => {
    const resolution = work.startResolution(request.body as Parameters<typeof work.startResolution>[0], defaultRuleset)
    return work.attackReport(resolution, work.resolveAttack(resolution, request.body as Parameters<typeof work.resolveAttack>[1]))
  })
  return app
}

const atInfo = await service('info')
const atWarn = await service('warn')
canned = await capture(atWarn)
const bare = bareApp(canned)
const floor = floorApp('dnd35')
const urls = {
  floor: await floor.listen({ host: '127.0.0.1', port: 0 }),
  info: await atInfo.listen({ host: '127.0.0.1', port: 0 }),
  warn: await atWarn.listen({ host: '127.0.0.1', port: 0 }),
  bare: await bare.listen({ host: '127.0.0.1', port: 0 }),
  responseBytes: Buffer.byteLength(canned)
}
process.send?.(urls)
// The parent reads this process's CPU time around each slice: the servers' cost per request, apart from autocannon's.
process.on('message', (message) => { if (message === 'cpu') process.send?.(process.cpuUsage()) })

process.once('SIGTERM', () => {
  void Promise.all([atInfo.close(), atWarn.close(), bare.close(), floor.close()]).then(() => process.exit(0))
})
