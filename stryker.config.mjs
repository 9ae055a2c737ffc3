// StrykerJS configuration for `npm run test:mutation -- <files>` (see
// docs/mutation-testing.md). scripts/mutation/run.mjs starts Stryker once per
// source file and passes the file, its tests and its report paths in the
// environment; running `npx stryker run` by hand is not the intended entry.
//
// Runner: Stryker's built-in command runner on scripts/mutation/in-process.mjs,
// which imports the selected node:test files into one process under tsx. The
// tap runner would start one process per test file per mutant, and there is
// no node:test runner plugin; one process keeps a mutant at a few seconds. The
// command runner cannot collect per-test coverage, so every mutant runs the
// whole selection: the selection is kept to the tests that import the file.
const env = process.env
const mutate = env.MUTATION_FILE
const out = env.MUTATION_REPORT_DIR
if (!mutate || !out) throw new Error('run through `npm run test:mutation -- <files>`')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [mutate],
  testRunner: 'command',
  commandRunner: { command: 'node --import tsx scripts/mutation/in-process.mjs' },
  coverageAnalysis: 'off',
  // Texts (messages, problem types, breakdown labels) are checked by the HTTP
  // tests; the rules' numbers, comparisons and conditions are what this
  // measures, as the issue that introduced it did.
  mutator: { excludedMutations: ['StringLiteral'] },
  concurrency: Number(env.MUTATION_CONCURRENCY ?? 1),
  // Git-ignored: the previous result per source file, so a re-run tests only
  // the mutants in changed code (run.mjs re-tests the survivors when the
  // tests changed; --force re-tests everything).
  incremental: true,
  incrementalFile: `${out}/incremental.json`,
  force: env.MUTATION_FORCE === '1',
  reporters: ['progress-append-only', 'clear-text', 'json', 'html'],
  jsonReporter: { fileName: `${out}/report.json` },
  htmlReporter: { fileName: `${out}/report.html` },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // openapi/ stays in the sandbox: the document builder imports its response
  // examples (openapi/response-examples.json), which HTTP tests (--tests) need.
  ignorePatterns: ['/dist', '/.data', '/coverage', '/.scratch', '/reports', '/bench', '/.ci'],
  timeoutMS: 10000,
  timeoutFactor: 2,
  logLevel: 'info',
  fileLogLevel: 'off',
}
