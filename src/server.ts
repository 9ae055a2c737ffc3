import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'

function configOrExit (): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

const config = configOrExit()
let app: Awaited<ReturnType<typeof buildApp>>
try {
  app = await buildApp({ config })
  await app.ready()
} catch (error) {
  // The embedded database could not start, or a migration was refused: one line, exit 1.
  console.error(`could not start: ${(error as Error).message}`)
  process.exit(1)
}

// SIGTERM (an orchestrator): /readyz turns 503 at once, requests are still
// served for SHUTDOWN_DELAY_MS so load balancers notice, then the listener
// closes, in-flight requests finish, the database closes, exit 0.
// SIGINT (Ctrl-C at a terminal) skips the delay.
closeWithGrace({ delay: config.shutdownDelayMs + 10_000, logger: app.log }, async ({ signal, err }) => {
  if (err) {
    app.log.error({ err }, 'shutting down after an error')
  } else {
    app.drain()
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0
    app.log.info({ signal, delayMs }, 'shutting down: /readyz is 503, closing the listener after the delay')
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
  }
  await app.close()
})

try {
  await app.listen({ port: config.port, host: config.host })
} catch (err) {
  app.log.error({ err }, 'could not start')
  await app.close()
  process.exit(1)
}
