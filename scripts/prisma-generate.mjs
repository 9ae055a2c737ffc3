// Runs `prisma generate` offline. Prisma 7's client needs no engine binary
// with a driver adapter, but the CLI refuses to generate until it finds a
// schema-engine binary; it never executes it for `generate`, so a stub that
// fails loudly if ever run is enough. This is the only place the workaround lives.
// Skips quietly where the CLI is absent (the production image installs with --omit=dev).
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'

const cli = resolve('node_modules/prisma/build/index.js')
if (!existsSync('prisma/schema.prisma')) process.exit(0)
// `--if-stale` (the build): regenerate only when the schema is newer than the client.
const generated = 'src/generated/prisma/client.ts'
if (process.argv.includes('--if-stale') && existsSync(generated) && statSync(generated).mtimeMs >= statSync('prisma/schema.prisma').mtimeMs) process.exit(0)
if (!existsSync(cli)) {
  console.log('prisma CLI not installed: skipping prisma generate')
  process.exit(0)
}

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' }
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const dir = resolve('node_modules/.cache/prisma-offline')
  const stub = join(dir, 'schema-engine')
  mkdirSync(dir, { recursive: true })
  writeFileSync(stub, '#!/bin/sh\necho "schema-engine stub: prisma migrate needs the real engine; this project applies migrations itself (npm run db:migrate)" >&2\nexit 1\n')
  chmodSync(stub, 0o755)
  env.PRISMA_SCHEMA_ENGINE_BINARY = stub
}

const result = spawnSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env })
process.exit(result.status ?? 1)
