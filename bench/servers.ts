// The servers of `npm run bench`, in one child process so that they share
// its event loop's conditions: the service twice, with its real default
// configuration (logs at info, helmet, rate limiting with its limit raised
// above the benchmark's rate so its bookkeeping is paid but nothing is
// refused) and the same with logs at warn, and a bare Fastify route that
// parses the same body and answers the same bytes: a response the service
// gave at start-up. The service is the compiled build, as `npm start` runs
// it. Logs go to this process's stdout (/dev/null in the
// benchmark); the URLs go to the parent over IPC. Serves until SIGTERM.
import Fastify, { type FastifyInstance } from 'fastify'
import { ATTACK_PAYLOAD } from './attack-body.js'
import { loadService } from './service.js'

// The compiled build (bench/service.ts), which the parent has brought up to date.
const { buildApp, loadConfig } = await loadService()

/** Above any rate 50 connections reach on this machine (a few thousand a second). */
const RATE_LIMIT_PER_MINUTE = '10000000'

async function service (logLevel: 'info' | 'warn'): Promise<FastifyInstance> {
  const env = { ...process.env, ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE, LOG_LEVEL: logLevel, NODE_ENV: 'production' }
  return buildApp({ config: loadConfig(env) })
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
const canned = await capture(atWarn)
const bare = bareApp(canned)
const urls = {
  info: await atInfo.listen({ host: '127.0.0.1', port: 0 }),
  warn: await atWarn.listen({ host: '127.0.0.1', port: 0 }),
  bare: await bare.listen({ host: '127.0.0.1', port: 0 }),
  responseBytes: Buffer.byteLength(canned)
}
process.send?.(urls)

process.once('SIGTERM', () => {
  void Promise.all([atInfo.close(), atWarn.close(), bare.close()]).then(() => process.exit(0))
})
