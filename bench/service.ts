// The service as `npm start` runs it: the compiled build in dist/ (built here
// when stale, as `npm start` does). Through tsx, every closure the rules
// create per call would also pay tsx's naming helper, a cost production does
// not have (about 3% of the busy CPU under the attack benchmark).
import { spawnSync } from 'node:child_process'
import type * as App from '../src/app.js'
import type * as Config from '../src/config.js'
import type * as Validation from '../src/http/validation.js'
import type * as AttackSchemas from '../src/schemas/attacks.js'
import type * as Resolution from '../src/application/resolution.js'
import type * as Attacks from '../src/application/attacks.js'

export function buildService (): void {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed')
}

// Specifiers in variables: the type checker must not look for dist/ (it may not exist yet).
const APP = '../dist/src/app.js'
const CONFIG = '../dist/src/config.js'

export async function loadService (): Promise<{ buildApp: typeof App.buildApp, loadConfig: typeof Config.loadConfig }> {
  const app = await import(APP) as typeof App
  const config = await import(CONFIG) as typeof Config
  return { buildApp: app.buildApp, loadConfig: config.loadConfig }
}

/**
 * What the same-work floor calls (bench/servers.ts): the route's validator
 * compiler, its body and response schemas, and the application functions the
 * route calls, all from the same compiled build.
 */
export async function loadAttackWork () {
  const validation = await import('../dist/src/http/validation.js' as string) as typeof Validation
  const schemas = await import('../dist/src/schemas/attacks.js' as string) as typeof AttackSchemas
  const resolution = await import('../dist/src/application/resolution.js' as string) as typeof Resolution
  const attacks = await import('../dist/src/application/attacks.js' as string) as typeof Attacks
  return {
    validatorCompiler: validation.validatorCompiler,
    body: schemas.AttackRequestSchema,
    response: schemas.AttackResponseSchema,
    startResolution: resolution.startResolution,
    resolveAttack: attacks.resolveAttack,
    attackReport: attacks.attackReport
  }
}
