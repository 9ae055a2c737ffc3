// How scripts/run-tests.mjs starts node's test runner, shared with the test
// that holds the runner to reporting every test (test/architecture/test-runner.test.ts).
import { fileURLToPath } from 'node:url'

/**
 * Node flags before the test files. A test that hangs fails after its
 * timeout, and a file whose tests are done exits even if something left a
 * handle open, so a stuck test can never hold CI until its own time limit;
 * every file's process writes its reports blocking (blocking-test-output.mjs),
 * or that early exit could lose the last of them.
 */
export const TEST_RUNNER_ARGS = [
  '--import', 'tsx',
  '--import', fileURLToPath(new URL('./blocking-test-output.mjs', import.meta.url)),
  '--test', '--test-reporter=spec', '--test-timeout=240000', '--test-force-exit'
]
