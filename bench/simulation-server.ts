// The service for the second part of bench/simulations.ts, in a child
// process of its own: autocannon in the same event loop would add its own
// work to every latency it measures. The compiled build (the parent has
// brought it up to date), logs at warn to /dev/null, no rate limit, no
// encounters; the URL goes to the parent over IPC. Serves until SIGTERM.
import { loadService } from './service.js'

const { buildApp, loadConfig } = await loadService()
const app = await buildApp({ config: loadConfig({ ...process.env, ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production' }) })
await app.listen({ port: 0, host: '127.0.0.1' })
process.send?.(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`)
process.on('SIGTERM', () => { void app.close().then(() => process.exit(0)) })
