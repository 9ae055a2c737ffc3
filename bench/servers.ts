// The two servers of `npm run bench`, in their own process: the service
// (stateless, no rate limit, warn-level logs) and a bare Fastify route that
// validates an attack body with the same validator and echoes it.
// Prints one JSON line with both URLs, then serves until SIGTERM.
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { AttackRequestSchema } from '../src/schemas/attacks.js'
import { validatorCompiler } from '../src/http/validation.js'

async function bareApp (): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: 'warn' }, bodyLimit: 256 * 1024 })
  app.setValidatorCompiler(validatorCompiler)
  app.post('/echo', { schema: { body: AttackRequestSchema } }, async (request) => request.body)
  return app
}

const config = loadConfig({ ...process.env, ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' })
const service = await buildApp({ config, logger: { level: 'warn' } })
const bare = await bareApp()
const serviceUrl = await service.listen({ host: '127.0.0.1', port: 0 })
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })
console.log(JSON.stringify({ serviceUrl, bareUrl }))

process.once('SIGTERM', () => {
  void Promise.all([service.close(), bare.close()]).then(() => process.exit(0))
})
