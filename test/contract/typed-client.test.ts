// Contract: a typed consumer. Types generated with openapi-typescript from the
// committed openapi/openapi.json, and a client (openapi-fetch) that calls
// every operation with its documented example, must type-check; the named
// components exist, and a 400 and a 422 have different types.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'

interface Operation { operationId: string, requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> }, parameters?: Parameter[] }
interface Parameter { $ref?: string, in: string, name: string, required?: boolean }
interface Doc { paths: Record<string, Record<string, Operation>>, components: { parameters?: Record<string, Parameter> } }

const DOCUMENT = resolve('openapi/openapi.json')

// Bodies for the operations whose schema has no example.
const BODIES: Record<string, unknown> = {
  addCombatant: { id: 'orc', hitPoints: { max: 12 } },
  updateCombatant: { conditions: ['prone'] },
  startEncounter: { seed: 'contract' }
}

function call (doc: Doc, path: string, method: string, op: Operation): string {
  const params: Record<string, Record<string, string>> = {}
  for (const given of op.parameters ?? []) {
    const p = given.$ref ? (doc.components.parameters?.[given.$ref.replace('#/components/parameters/', '')] ?? assert.fail(given.$ref)) : given
    if (p.in === 'path') (params.path ??= {})[p.name] = 'x'
  }
  const examples = op.requestBody?.content['application/json']?.examples
  const body = examples ? Object.values(examples)[0]?.value : BODIES[op.operationId]
  const init = [
    Object.keys(params).length > 0 ? `params: ${JSON.stringify(params)}` : '',
    body !== undefined ? `body: ${JSON.stringify(body)}` : ''
  ].filter(Boolean).join(', ')
  return `  results.${op.operationId} = await client.${method.toUpperCase()}(${JSON.stringify(path)}${init ? `, { ${init} }` : ''})`
}

function client (doc: Doc): string {
  const calls = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => call(doc, path, method, op)))
  return `import createClient from 'openapi-fetch'
import type { components, paths } from './schema.js'

const client = createClient<paths>({ baseUrl: 'http://localhost:3000' })
const results: Record<string, unknown> = {}

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
type Problem400 = paths['/v1/attacks']['post']['responses'][400]['content']['application/problem+json']
type Problem422 = paths['/v1/attacks']['post']['responses'][422]['content']['application/problem+json']
export const differ: Same<Problem400, Problem422> = false
export const dieValue: Problem422['type'] = '/problems/invalid-die-value'
// @ts-expect-error a 422 is never validation-failed
export const notA422: Problem422['type'] = '/problems/validation-failed'
export const badJson: Problem400['type'] = '/problems/invalid-json'

export async function callEverything (): Promise<void> {
${calls.join('\n')}
  const attack = await client.POST('/v1/attacks', { body: { attacker: {}, target: {}, weapon: { damage: '1d8' } } })
  if (attack.data) {
    const result: components['schemas']['AttackResult'] = attack.data
    const first: components['schemas']['AttackOutcome'] | undefined = result.attacks[0]
    const entry: components['schemas']['BreakdownEntry'] | undefined = first?.attackBreakdown[0]
    const roll: components['schemas']['Roll'] | undefined = result.rolls[0]
    results.attack = [first?.hit, entry?.applied, roll?.die]
  } else if (attack.error) {
    // The error is a union of problem kinds, told apart by their constant type.
    if (attack.error.type === '/problems/invalid-die-value') results.status = attack.error.status
  }
  const named: Array<components['schemas'][${['Combatant', 'Weapon', 'Modifier', 'BreakdownEntry', 'Roll', 'Dice', 'HitPoints', 'AttackResult', 'SaveResult', 'DiceResult', 'Problem', 'InvalidDieValueProblem', 'ValidationFailedProblem'].map((n) => `'${n}'`).join(' | ')}]> = []
  results.named = named
}
`
}

test('a typed client generated from the committed document calls every operation and type-checks', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'd20-typed-client-'))
  t.after(() => { if (!process.env.KEEP_TYPED_CLIENT) rmSync(dir, { recursive: true, force: true }) })
  const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Doc

  const types = astToString(await openapiTS(pathToFileURL(DOCUMENT)))
  writeFileSync(join(dir, 'schema.d.ts'), types)
  for (const name of ['AttackResult', 'SaveResult', 'Combatant', 'Weapon', 'InvalidDieValueProblem', 'ValidationFailedProblem']) {
    assert.match(types, new RegExp(`\\n\\s+${name}: `), `components["schemas"]["${name}"] is generated`)
  }
  writeFileSync(join(dir, 'client.ts'), client(doc))
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['ES2022', 'DOM'] },
    files: ['client.ts']
  }))

  const started = performance.now()
  const tsc = spawnSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json'), '--extendedDiagnostics'], { encoding: 'utf8' })
  const seconds = (performance.now() - started) / 1000
  const lines = types.split('\n').length
  const calls = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)
  t.diagnostic(`openapi-typescript: ${lines} lines; tsc of the client calling ${calls} operations: ${seconds.toFixed(1)} s`)
  assert.equal(tsc.status, 0, `${tsc.stdout}\n${tsc.stderr}`.split('\n').filter((l) => l.includes('error')).join('\n'))
})
