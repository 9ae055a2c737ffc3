import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'

/** `src/server.ts` in a child process, stateless unless `env` says otherwise, on a free port, logging JSON at info. */
export function startServer (env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, ENCOUNTERS: 'off', PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env }
  })
}

/** Collects the child's JSON log lines; `waitFor` resolves once a line matches (already seen or yet to come). */
export function logCollector (child: ChildProcessWithoutNullStreams): { lines: Array<Record<string, unknown>>, waitFor: (match: (line: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = []
  const waiters: Array<{ match: (line: Record<string, unknown>) => boolean, resolve: (line: Record<string, unknown>) => void }> = []
  let buffer = ''
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    let newline
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      let line: Record<string, unknown>
      try { line = JSON.parse(text) as Record<string, unknown> } catch { continue }
      lines.push(line)
      for (const w of [...waiters]) {
        if (w.match(line)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(line) }
      }
    }
  })
  const waitFor = async (match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> => {
    const seen = lines.find(match)
    if (seen) return seen
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a log line')), 20_000)
      waiters.push({ match, resolve: (line) => { clearTimeout(timer); resolve(line) } })
    })
  }
  return { lines, waitFor }
}
