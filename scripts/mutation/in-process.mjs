// The test command StrykerJS runs for every mutant (`npm run test:mutation`):
// the selected test files, imported into ONE node:test process (run with
// `node --import tsx`), instead of `node --test`, which starts a process per
// file. A mutant then costs one start-up of tsx and the tests, a few seconds.
// The files come from MUTATION_TEST_FILES (a JSON array of paths relative to
// the working directory, Stryker's sandbox). The first failing test ends the
// process with exit code 1 (all Stryker's command runner reads: killed), so a
// killed mutant does not wait for the remaining tests.
import { afterEach } from 'node:test'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const files = JSON.parse(process.env.MUTATION_TEST_FILES ?? '[]')
if (!Array.isArray(files) || files.length === 0) {
  console.error('MUTATION_TEST_FILES names no test file')
  process.exit(2)
}
afterEach((t) => {
  if (t.passed === false) {
    console.error(`failed: ${t.name}`)
    process.exit(1)
  }
})
for (const file of files) await import(pathToFileURL(resolve(file)).href)
