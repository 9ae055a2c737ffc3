// The one test command (`npm test`): every test/**/*.test.ts through node's
// test runner with tsx. Node 20's runner does not glob .ts files itself.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'

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

const args = ['--import', 'tsx', '--test', '--test-reporter=spec', ...files]
const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env })
process.exit(result.status ?? 1)
