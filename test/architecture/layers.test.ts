// The layer rules of docs/architecture.md, as `npm run lint` checks them: the
// project's .dependency-cruiser.cjs run (through scripts/check-layers.ts) on a
// small tree written into a temporary directory that mirrors src/. Each
// forbidden import must be reported under its rule; the allowed ones must not.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { IViolation } from 'dependency-cruiser'
import { checkLayers } from '../../scripts/check-layers.js'

const TREE: Record<string, string> = {
  'src/rules/dice.ts': 'export const d20 = 20\n',
  'src/rules/good.ts': "import { d20 } from './dice.js'\nexport const top = d20\n",
  'src/rules/bad.ts': "import { problem } from '../http/problem.js'\nexport const bad = problem\n",
  'src/rules/framework.ts': "import Fastify from 'fastify'\nexport const app = Fastify\n",
  'src/http/problem.ts': 'export const problem = 400\n',
  'src/db/connection.ts': "import { PrismaClient } from '../generated/prisma/client.js'\nexport const client = PrismaClient\n",
  'src/generated/prisma/client.ts': 'export class PrismaClient {}\n',
  'src/application/attacks.ts': "import { top } from '../rules/good.js'\nexport const attack = top\n",
  'src/application/saves.ts': "import type { problem } from '../http/problem.js'\nexport type Saves = typeof problem\n",
  'src/application/damage.ts': "import { client } from '../db/connection.js'\nexport const damage = client\n",
  'src/application/turning.ts': "import { route } from '../routes/v1/attacks.js'\nexport const turning = route\n",
  'src/encounters/service.ts': "import { FastifyReply } from 'fastify'\nimport { store } from './repository.js'\nexport const service = [FastifyReply, store]\n",
  'src/encounters/repository.ts': "import { PrismaClient } from '../generated/prisma/client.js'\nimport { client } from '../db/connection.js'\nexport const store = [PrismaClient, client]\n",
  'src/encounters/transition.ts': "import { Prisma } from '@prisma/client'\nexport const transition = Prisma\n",
  'src/routes/v1/attacks.ts': "import { attack } from '../../application/attacks.js'\nimport { service } from '../../encounters/service.js'\nexport const route = [attack, service]\n",
  'src/routes/v1/encounters.ts': "import { store } from '../../encounters/repository.js'\nexport const route = store\n",
  'src/plugins/app/cycle-a.ts': "import { b } from './cycle-b.js'\nexport const a = () => b\n",
  'src/plugins/app/cycle-b.ts': "import { a } from './cycle-a.js'\nexport const b = () => a\n",
  'src/plugins/app/types-a.ts': "import type { B } from './types-b.js'\nexport interface A { b?: B }\n",
  'src/plugins/app/types-b.ts': "import type { A } from './types-a.js'\nexport interface B { a?: A }\n"
}

let dir = ''
let violations: IViolation[] = []
let exitCode = 0

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'd20-layers-'))
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  ;({ violations, exitCode } = await checkLayers({ baseDir: dir }))
})

after(() => { if (dir) rmSync(dir, { recursive: true, force: true }) })

function reported (rule: string, from: string, to: string): boolean {
  return violations.some((v) => v.rule.name === rule && v.from === from && v.to === to)
}

function edges (from: string): string[] {
  return violations.filter((v) => v.from === from).map((v) => `${v.rule.name}: ${v.to}`)
}

test('a forbidden import fails the layering check', () => {
  assert.notEqual(exitCode, 0)
})

test('src/rules imports nothing outside itself: src/http and fastify are reported, a sibling module is not', () => {
  assert.ok(reported('rules-are-self-contained', 'src/rules/bad.ts', 'src/http/problem.ts'), edges('src/rules/bad.ts').join('; '))
  assert.ok(reported('rules-no-framework', 'src/rules/framework.ts', 'fastify'), edges('src/rules/framework.ts').join('; '))
  assert.deepEqual(edges('src/rules/good.ts'), [])
  assert.deepEqual(edges('src/rules/dice.ts'), [])
})

test('the application layer imports no src/http (type-only imports included), no src/routes, no database', () => {
  assert.ok(reported('core-no-http', 'src/application/saves.ts', 'src/http/problem.ts'))
  assert.ok(reported('core-no-database', 'src/application/damage.ts', 'src/db/connection.ts'))
  assert.ok(reported('core-no-http', 'src/application/turning.ts', 'src/routes/v1/attacks.ts'))
  assert.deepEqual(edges('src/application/attacks.ts'), [])
})

test('src/encounters: no fastify and no Prisma, except its repository, which may use the Prisma client and src/db', () => {
  assert.ok(reported('core-no-http', 'src/encounters/service.ts', 'fastify'))
  assert.ok(reported('core-no-database', 'src/encounters/transition.ts', '@prisma/client'))
  assert.ok(reported('prisma-only-in-repository', 'src/encounters/transition.ts', '@prisma/client'))
  assert.deepEqual(edges('src/encounters/repository.ts'), [])
  assert.deepEqual(edges('src/db/connection.ts'), [])
})

test('routes call the encounter service, never its repository', () => {
  assert.ok(reported('routes-not-repository', 'src/routes/v1/encounters.ts', 'src/encounters/repository.ts'))
  assert.deepEqual(edges('src/routes/v1/attacks.ts'), [])
})

test('a cycle of runtime imports is reported; one made only of type imports is not', () => {
  assert.ok(violations.some((v) => v.rule.name === 'no-circular' && v.from.startsWith('src/plugins/app/cycle-')))
  assert.deepEqual(violations.filter((v) => v.from.startsWith('src/plugins/app/types-')), [])
})

test('no rule fires on an import it does not name', () => {
  const expected = new Set([
    'src/rules/bad.ts', 'src/rules/framework.ts', 'src/application/saves.ts', 'src/application/damage.ts',
    'src/application/turning.ts', 'src/encounters/service.ts', 'src/encounters/transition.ts',
    'src/routes/v1/encounters.ts', 'src/plugins/app/cycle-a.ts', 'src/plugins/app/cycle-b.ts'
  ])
  assert.deepEqual(violations.filter((v) => !expected.has(v.from)).map((v) => `${v.from} → ${v.to} (${v.rule.name})`), [])
})
