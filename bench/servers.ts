// The servers of `npm run bench`, in one child process so that they share
// its event loop's conditions: the service twice, with its real default
// configuration (logs at info, helmet, rate limiting with its limit raised
// above the benchmark's rate so its bookkeeping is paid but nothing is
// refused) and the same with logs at warn, and a bare Fastify route that
// parses the same body and answers the same bytes: a response the service
// gave at start-up. Each service also answers those canned bytes on a route
// of its own (STACK_ROUTE, driven on the one at warn) with every hook and
// plugin of a /v1 route but no schema, rules or serializer: the cost of the
// stack alone. The service is the compiled build, as `npm start` runs it.
// Logs go to this process's stdout (/dev/null in the benchmark); the URLs go
// to the parent over IPC, and so does this process's CPU time when the
// parent asks for it. Serves until SIGTERM.
import Fastify, { type FastifyInstance } from 'fastify'
import { ATTACK_PAYLOAD, STACK_ROUTE } from './attack-body.js'
import { loadService } from './service.js'

// The compiled build (bench/service.ts), which the parent has brought up to date.
const { buildApp, loadConfig } = await loadService()

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

const atInfo = await service('info')
const atWarn = await service('warn')
canned = await capture(atWarn)
const bare = bareApp(canned)
const urls = {
  info: await atInfo.listen({ host: '127.0.0.1', port: 0 }),
  warn: await atWarn.listen({ host: '127.0.0.1', port: 0 }),
  bare: await bare.listen({ host: '127.0.0.1', port: 0 }),
  responseBytes: Buffer.byteLength(canned)
}
process.send?.(urls)
// The parent reads this process's CPU time around each slice: the servers' cost per request, apart from autocannon's.
process.on('message', (message) => { if (message === 'cpu') process.send?.(process.cpuUsage()) })

process.once('SIGTERM', () => {
  void Promise.all([atInfo.close(), atWarn.close(), bare.close()]).then(() => process.exit(0))
})
