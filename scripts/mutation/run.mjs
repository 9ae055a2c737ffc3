// `npm run test:mutation -- [options] <src file>...`: StrykerJS on each named
// source file in turn (docs/mutation-testing.md). Per file:
// - the tests: the test files under test/rules that import it or a module
//   beside it (a static walk of the import statements, see testsFor), plus
//   any file under test/ whose path contains a `--tests` substring;
// - one Stryker run (stryker.config.mjs) with those tests imported into one
//   node:test process per mutant, string-literal mutations excluded;
// - incremental: reports/mutation/<file>/incremental.json (git-ignored) keeps
//   the previous result, so unchanged mutants are not re-tested. Stryker's
//   command runner cannot tell which tests changed, so when the selected tests
//   (or the helpers they import) changed since that result, the mutants that
//   were not killed are dropped from it and tested again; `--force` re-tests all.
// Then a table of scores, also written to reports/mutation/summary.md.
// Options: --tests <substr>[,<substr>...], --force, --concurrency <n> (default 1);
// --table prints the table of the last results without running anything.
// StrykerJS 10 needs Node 22 or later: under Node 20 it runs under Node 24
// fetched by `npx --package node@24` (as .ci/run does for its second pass).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { execFileSync, spawn } from 'node:child_process'

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..')
process.chdir(root)

const args = process.argv.slice(2)
const files = []
const extraTests = []
let force = false
let concurrency = 1
let tableOnly = false
for (let i = 0; i < args.length; i++) {
  const arg = args[i]
  if (arg === '--force') force = true
  else if (arg === '--tests') extraTests.push(...(args[++i] ?? '').split(',').filter(Boolean))
  else if (arg === '--concurrency') concurrency = Number(args[++i])
  else if (arg === '--table') tableOnly = true
  else if (arg.startsWith('-')) fail(`unknown option ${arg}`)
  else files.push(relative(root, resolve(arg)))
}
if (tableOnly) {
  // The table of the last result of every file measured so far (or of the named ones), without a run.
  const measured = existsSync('reports/mutation') ? readdirSync('reports/mutation').filter((d) => existsSync(join('reports/mutation', d, 'report.json'))) : []
  const named = [...files]
  files.length = 0
  for (const d of measured.sort()) {
    const file = d.replace(/_/g, '/')
    if (named.length === 0 || named.includes(file)) files.push(file)
  }
}
if (files.length === 0) fail('usage: npm run test:mutation -- [--force] [--tests a,b] [--concurrency n] src/rules/x.ts ...')
if (!Number.isInteger(concurrency) || concurrency < 1) fail('--concurrency must be a positive integer')
for (const file of files) if (!file.startsWith('src/') || !file.endsWith('.ts') || !existsSync(file)) fail(`${file}: not a source file under src/`)

function fail (message) {
  console.error(message)
  process.exit(2)
}

// --- the import graph -------------------------------------------------------
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g
const importsCache = new Map()
function importsOf (file) {
  let found = importsCache.get(file)
  if (found) return found
  found = []
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(importPattern)) {
    const spec = match[1] ?? match[2] ?? match[3]
    const target = join(dirname(file), spec).replace(/\.js$/, '.ts')
    if (existsSync(target)) found.push(target)
  }
  importsCache.set(file, found)
  return found
}
function reachable (file) {
  const seen = new Set([file])
  const stack = [file]
  while (stack.length > 0) {
    for (const next of importsOf(stack.pop())) {
      if (!seen.has(next)) { seen.add(next); stack.push(next) }
    }
  }
  return seen
}
function findTests (dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return findTests(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}
const allTests = findTests('test').sort()

/** The src/ modules a test file imports itself or through test helpers (files under test/). */
function srcImportsOf (testFile) {
  const found = new Set()
  const seen = new Set([testFile])
  const stack = [testFile]
  while (stack.length > 0) {
    for (const next of importsOf(stack.pop())) {
      if (next.startsWith('src/')) found.add(next)
      else if (!seen.has(next)) { seen.add(next); stack.push(next) }
    }
  }
  return found
}

/**
 * The test files under test/rules that import the file, or a module beside it
 * (its mechanic's entry point, e.g. hit-points/index.ts), themselves or through
 * a test helper; if none does, every one that reaches it through any import.
 * A mutant runs all of them, so the selection stays that of the mechanic: a
 * survivor another area's tests would kill is named with --tests.
 */
function testsFor (file) {
  const dir = dirname(file)
  const rulesTests = allTests.filter((t) => t.startsWith('test/rules/'))
  let selected = rulesTests.filter((t) => [...srcImportsOf(t)].some((m) => dirname(m) === dir))
  if (selected.length === 0) selected = rulesTests.filter((t) => reachable(t).has(file))
  selected = [...new Set([...selected, ...allTests.filter((t) => extraTests.some((x) => t.includes(x)))])]
  // A killed mutant ends at the first failing test: first the files that import the source file
  // itself, the slower property tests (many generated cases) last.
  const rank = (t) => (srcImportsOf(t).has(file) ? 0 : 2) + (/propert|odds/.test(t) ? 1 : 0)
  return selected.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}

/** The tests and the test helpers they import (not src/: Stryker diffs that itself). */
function testsFingerprint (tests) {
  const hash = createHash('sha256')
  const testFiles = new Set()
  for (const t of tests) for (const f of reachable(t)) if (f.startsWith('test/')) testFiles.add(f)
  for (const f of [...testFiles].sort()) hash.update(f).update('\0').update(readFileSync(f)).update('\0')
  return hash.digest('hex')
}

// --- Node 22+ for Stryker ----------------------------------------------------
function strykerNode () {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath
  console.log('StrykerJS 10 needs Node 22+: using Node 24 through npx --package node@24')
  return execFileSync('npx', ['--yes', '--package', 'node@24', 'node', '-p', 'process.execPath'], { encoding: 'utf8' }).trim()
}
const node = tableOnly ? process.execPath : strykerNode()
const strykerBin = join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js')

// --- one Stryker run per file -----------------------------------------------
const rows = []
for (const file of files) {
  if (tableOnly) {
    rows.push(summarize(file, JSON.parse(readFileSync(join('reports/mutation', file.replace(/\//g, '_'), 'report.json'), 'utf8'))))
    continue
  }
  const tests = testsFor(file)
  if (tests.length === 0) fail(`${file}: no test under test/rules imports it; name some with --tests`)
  const out = join('reports/mutation', file.replace(/\//g, '_'))
  mkdirSync(out, { recursive: true })
  const fingerprintFile = join(out, 'tests.sha256')
  const fingerprint = testsFingerprint(tests)
  const incrementalFile = join(out, 'incremental.json')
  if (!force && existsSync(incrementalFile) && (!existsSync(fingerprintFile) || readFileSync(fingerprintFile, 'utf8') !== fingerprint)) {
    const previous = JSON.parse(readFileSync(incrementalFile, 'utf8'))
    let dropped = 0
    for (const entry of Object.values(previous.files ?? {})) {
      const before = entry.mutants.length
      entry.mutants = entry.mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout' || m.status === 'Ignored')
      dropped += before - entry.mutants.length
    }
    writeFileSync(incrementalFile, JSON.stringify(previous))
    console.log(`${file}: the tests changed since the last run; ${dropped} mutants not killed then are tested again`)
  }
  console.log(`\n=== ${file}: ${tests.length} test files in one process\n${tests.map((t) => `  ${t}`).join('\n')}`)
  const status = await new Promise((resolveStatus) => {
    const child = spawn(node, [strykerBin, 'run', 'stryker.config.mjs'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        MUTATION_FILE: file,
        MUTATION_REPORT_DIR: out,
        MUTATION_TEST_FILES: JSON.stringify(tests),
        MUTATION_CONCURRENCY: String(concurrency),
        MUTATION_FORCE: force ? '1' : '0',
        // The tests' child processes (none in test/rules) and Stryker's own use the same Node.
        PATH: `${dirname(node)}:${process.env.PATH}`,
      },
    })
    child.on('close', (code) => resolveStatus(code ?? 1))
  })
  if (status !== 0) {
    console.error(`${file}: Stryker exited with ${status}`)
    process.exit(status)
  }
  writeFileSync(fingerprintFile, fingerprint)
  rows.push(summarize(file, JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))))
}

function summarize (file, report) {
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, RuntimeError: 0, CompileError: 0 }
  const survivors = []
  for (const entry of Object.values(report.files)) {
    for (const m of entry.mutants) {
      counts[m.status] = (counts[m.status] ?? 0) + 1
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        survivors.push(`${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} → ${m.replacement ?? ''}`)
      }
    }
  }
  const detected = counts.Killed + counts.Timeout
  const valid = detected + counts.Survived + counts.NoCoverage
  const score = valid === 0 ? 100 : (100 * detected) / valid
  return { file, ...counts, score, survivors }
}

const lines = [
  '| file | score | killed | timeout | survived | no coverage | ignored (excluded mutators, equivalent) |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| \`${r.file}\` | ${r.score.toFixed(1)}% | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${r.Ignored} |`),
]
const survivorLines = rows.flatMap((r) => r.survivors)
const summary = `${lines.join('\n')}\n${survivorLines.length > 0 ? `\nSurvivors:\n${survivorLines.map((s) => `- ${s}`).join('\n')}\n` : ''}`
writeFileSync('reports/mutation/summary.md', summary)
console.log(`\n${summary}\n(reports/mutation/summary.md; per file: reports/mutation/<file>/report.html)`)
