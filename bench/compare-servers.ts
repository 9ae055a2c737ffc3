// The servers of `npm run bench:compare` (bench/compare.ts), in one child
// process so that both builds share its event loop's conditions: for each
// build (argv: JSON [{ name, dir, databaseUrl }]), its compiled buildApp and
// loadConfig, the same configuration (encounters on, each build on its own
// database schema, which it migrates itself; logs at warn; rate limiting paid
// but never refusing). The URLs go to the parent over IPC, and so does this
// process's CPU time when the parent asks for it. Serves until SIGTERM.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type * as App from '../src/app.js'
import type * as Config from '../src/config.js'

interface Build { name: string, dir: string, databaseUrl: string }

const builds = JSON.parse(process.argv[2] ?? '[]') as Build[]
const apps: FastifyInstance[] = []
const urls: Record<string, string> = {}
for (const build of builds) {
  const app = await import(pathToFileURL(join(build.dir, 'dist/src/app.js')).href) as typeof App
  const config = await import(pathToFileURL(join(build.dir, 'dist/src/config.js')).href) as typeof Config
  const env = { ...process.env, DATABASE_URL: build.databaseUrl, ENCOUNTERS: 'on', RATE_LIMIT_PER_MINUTE: '10000000', LOG_LEVEL: 'warn', NODE_ENV: 'production' }
  const service = await app.buildApp({ config: config.loadConfig(env), logger: { level: 'warn', stream: process.stderr } })
  apps.push(service)
  urls[build.name] = await service.listen({ host: '127.0.0.1', port: 0 })
}
process.send?.(urls)
process.on('message', (message) => { if (message === 'cpu') process.send?.(process.cpuUsage()) })
process.once('SIGTERM', () => {
  void Promise.all(apps.map((a) => a.close())).then(() => process.exit(0))
})
