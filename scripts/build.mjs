// `npm start`'s build: nothing at all when dist/ is newer than every input
// (a second start pays no compiler), else the Prisma client when its schema
// changed and an incremental tsc, which recompiles only what changed since the
// last build (its state is dist/.tsbuildinfo, so deleting dist/ rebuilds all).
// `--force` (`npm run build`) always runs tsc.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const STAMP = 'dist/.build-stamp'
const INPUTS = ['src', 'openapi/response-examples.json', 'prisma/schema.prisma', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json']

function newestMtime (path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs // a deleted file changes its directory's mtime
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function run (args) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const force = process.argv.includes('--force')
const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0
if (!force && built > 0 && INPUTS.every((input) => newestMtime(input) < built)) process.exit(0)

const started = new Date()
run(['scripts/prisma-generate.mjs', '--if-stale'])
run(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'])
// The stamp carries the time the build began: a file saved during it is newer.
writeFileSync(STAMP, '')
utimesSync(STAMP, started, started)
