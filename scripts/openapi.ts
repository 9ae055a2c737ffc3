// `npm run openapi` writes openapi/openapi.json from the app's own schemas;
// `npm run openapi:check` fails with a diff when the committed file differs.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'

const FILE = 'openapi/openapi.json'

async function currentDocument (): Promise<string> {
  // No database is needed to describe the API: every route is registered either way.
  const app = await buildApp({ config: loadConfig({ ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0' }), logger: false })
  await app.ready()
  const text = JSON.stringify(app.swagger(), null, 2) + '\n'
  await app.close()
  return text
}

const mode = process.argv[2]
const text = await currentDocument()
if (mode === 'write') {
  mkdirSync('openapi', { recursive: true })
  writeFileSync(FILE, text)
  console.log(`wrote ${FILE}`)
} else if (mode === 'check') {
  const committed = existsSync(FILE) ? readFileSync(FILE, 'utf8') : ''
  if (committed === text) {
    console.log(`${FILE} matches the code`)
  } else {
    const fresh = join(tmpdir(), 'openapi.generated.json')
    writeFileSync(fresh, text)
    spawnSync('diff', ['-u', FILE, fresh], { stdio: 'inherit' })
    console.error(`${FILE} is out of date: run \`npm run openapi\` and commit it`)
    process.exit(1)
  }
} else {
  console.error('usage: openapi.ts write|check')
  process.exit(2)
}
