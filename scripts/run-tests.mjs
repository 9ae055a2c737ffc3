// The one test command (`npm test`): every test/**/*.test.ts through node's
// test runner with tsx. Node 20's runner does not glob .ts files itself.
// Database tests (test/db/) run against DATABASE_URL when it is set; when it
// is not, ONE embedded PostgreSQL is started here, in a temporary directory,
// for all test files (each file then works in its own schema), and stopped after.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { tsImport } from 'tsx/esm/api'
import { TEST_RUNNER_ARGS } from './test-runner-args.mjs'

function findTests (dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return findTests(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const filter = process.argv.slice(2)
const files = findTests('test').filter((f) => filter.length === 0 || filter.some((x) => f.includes(x))).sort()
if (files.length === 0) {
  console.error('no test files found')
  process.exit(1)
}

const env = { ...process.env }
let embedded
let dataDir
if (!env.DATABASE_URL && files.some((f) => f.startsWith(join('test', 'db')))) {
  const { startEmbeddedPostgres } = await tsImport('../src/db/embedded-postgres.ts', import.meta.url)
  dataDir = mkdtempSync(join(tmpdir(), 'd20-test-pg-'))
  chmodSync(dataDir, 0o755) // as root, the server's own user must reach its data directory inside
  embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'data') })
  env.TEST_EMBEDDED_DATABASE_URL = embedded.url
  console.log(`database tests: embedded PostgreSQL on 127.0.0.1:${embedded.port} (DATABASE_URL is unset)`)
} else if (env.DATABASE_URL) {
  console.log(`database tests: DATABASE_URL (${new URL(env.DATABASE_URL).host})`)
}

// Browser tests (test/browser/) use the Chromium inside @sparticuz/chromium on
// Linux x64/arm64. It is unpacked here, once, before the test files start in
// parallel, and handed to them as CHROME_PATH (test/helpers/browser.ts).
if (!env.CHROME_PATH && files.some((f) => f.startsWith(join('test', 'browser'))) && process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch)) {
  const { bundledChromium } = await tsImport('../test/helpers/bundled-chromium.ts', import.meta.url)
  env.CHROME_PATH = await bundledChromium()
  console.log(`browser tests: Chromium from @sparticuz/chromium (${env.CHROME_PATH})`)
}

// Ctrl-C reaches the runner's process group; wait for it, then clean up.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => undefined)
// A stuck test fails after its timeout, and every file's reports reach the runner (test-runner-args.mjs).
const args = [...TEST_RUNNER_ARGS, ...files]
const child = spawn(process.execPath, args, { stdio: 'inherit', env })
const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))
if (embedded) {
  await embedded.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(status)
