// `npm run openapi` writes openapi/openapi.json from the app's own schemas,
// after capturing the service's answers to the request examples into
// openapi/response-examples.json (the document shows them as response
// examples); `npm run openapi:check` fails with a diff when either differs.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'

const FILE = 'openapi/openapi.json'
const EXAMPLES_FILE = 'openapi/response-examples.json'

interface Operation { operationId: string, requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> } }

async function describedApp (): Promise<FastifyInstance> {
  // No database is needed to describe the API: every route is registered either way.
  const app = await buildApp({ config: loadConfig({ ENCOUNTERS: 'off', RATE_LIMIT_PER_MINUTE: '0' }), logger: false })
  await app.ready()
  return app
}

/** The answers to the request examples of the stateless operations (the encounters' hold ids and times that change). */
async function capturedExamples (app: FastifyInstance): Promise<string> {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }
  const captured: Record<string, Record<string, { status: number, value: unknown }>> = {}
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.startsWith('/v1/encounters')) continue
    for (const [method, op] of Object.entries(item)) {
      for (const [name, example] of Object.entries(op.requestBody?.content['application/json']?.examples ?? {})) {
        const res = await app.inject({ method: method.toUpperCase() as 'POST', url: path, payload: example.value as object })
        ;(captured[op.operationId] ??= {})[name] = { status: res.statusCode, value: res.json() }
      }
    }
  }
  return JSON.stringify(captured, null, 2) + '\n'
}

function differs (file: string, text: string): boolean {
  const committed = existsSync(file) ? readFileSync(file, 'utf8') : ''
  if (committed === text) return false
  const fresh = join(tmpdir(), `generated.${file.replace(/\W/g, '_')}`)
  writeFileSync(fresh, text)
  spawnSync('diff', ['-u', file, fresh], { stdio: 'inherit' })
  return true
}

const mode = process.argv[2]
const app = await describedApp()
const documentText = JSON.stringify(app.swagger(), null, 2) + '\n'
const examplesText = await capturedExamples(app)
await app.close()
if (mode === 'write') {
  if (existsSync(EXAMPLES_FILE) && readFileSync(EXAMPLES_FILE, 'utf8') !== examplesText) {
    writeFileSync(EXAMPLES_FILE, examplesText)
    // The document imports the examples: describe it again in a fresh process.
    const again = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/openapi.ts', 'write'], { stdio: 'inherit' })
    process.exit(again.status ?? 1)
  }
  mkdirSync('openapi', { recursive: true })
  writeFileSync(FILE, documentText)
  console.log(`wrote ${FILE}`)
} else if (mode === 'check') {
  const stale = [differs(EXAMPLES_FILE, examplesText), differs(FILE, documentText)]
  if (stale.some(Boolean)) {
    console.error(`${FILE} or ${EXAMPLES_FILE} is out of date: run \`npm run openapi\` and commit them`)
    process.exit(1)
  }
  console.log(`${FILE} and ${EXAMPLES_FILE} match the code`)
} else {
  console.error('usage: openapi.ts write|check')
  process.exit(2)
}
