// The test command reports every test that ran. Its runner exits each test
// file's process as soon as the file's tests are done (--test-force-exit), and
// on Linux Node could then drop the last reports still queued in the pipe to
// the runner: the run counted fewer tests than ran and exited 0 (seen in CI:
// 1,278 of 1,299 under Node 24, the rest of one file missing). Here a file of
// many long-named tests, the case that lost reports most often, goes through
// the runner's own flags (scripts/test-runner-args.mjs) several times, and
// every run must report each of its tests.
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEST_RUNNER_ARGS } from '../../scripts/test-runner-args.mjs'

const TESTS = 40
const RUNS = 4
const dir = mkdtempSync(join(tmpdir(), 'd20-runner-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test(`the runner's flags report all ${TESTS} tests of a file in each of ${RUNS} runs, with the one failure named`, () => {
  const file = join(dir, 'many.test.mjs')
  const lines = ["import { test } from 'node:test'"]
  // Long names make long reports: what was lost was the tail of a file's report.
  for (let i = 1; i <= TESTS; i++) lines.push(`test('t${i} ${'x'.repeat(2000)}', () => { if (${i} === ${TESTS}) throw new Error('the last test fails') })`)
  writeFileSync(file, lines.join('\n') + '\n')
  // A runner of its own, as `npm test` starts one: not a child reporting to this test's runner.
  const { NODE_TEST_CONTEXT: _inner, ...env } = process.env
  for (let run = 1; run <= RUNS; run++) {
    const out = spawnSync(process.execPath, [...TEST_RUNNER_ARGS, file], { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 })
    assert.equal(out.status, 1, `run ${run}: the failing test fails the run`)
    assert.match(out.stdout, new RegExp(`^ℹ tests ${TESTS}$`, 'm'), `run ${run}: every test reported`)
    assert.match(out.stdout, new RegExp(`^ℹ pass ${TESTS - 1}$`, 'm'), `run ${run}`)
    assert.match(out.stdout, /^ℹ fail 1$/m, `run ${run}`)
    assert.match(out.stdout, /the last test fails/, `run ${run}: the failure's error is in the report`)
  }
})
