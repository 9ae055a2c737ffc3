// Loaded into every test file's process by scripts/run-tests.mjs (`--import`).
// Each file reports its results to the runner over a pipe, and Node writes
// to a pipe asynchronously; with --test-force-exit the process exits as soon
// as its tests are done, and on Linux the reports still queued in the pipe
// were lost: the runner counted fewer tests than ran, said nothing and
// exited 0, and a failing test's name and error could vanish with them
// (nodejs/node#64833). Blocking writes put every report in the pipe before
// the process can exit.
for (const stream of [process.stdout, process.stderr]) {
  // A pipe's handle can block; a terminal's and a file's write synchronously already.
  const handle = stream._handle
  if (typeof handle?.setBlocking === 'function') handle.setBlocking(true)
}
