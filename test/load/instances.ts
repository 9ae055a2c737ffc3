// Instances of the service for the load and fault suite: `src/server.ts` in
// child processes on loopback ports, as a deployment runs them.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'

export interface Instance {
  name: string
  url: string
  /** Log lines at warn and above (the instances log at warn: per-request lines would cost the load its CPU). */
  warnings: Array<Record<string, unknown>>
  /** Null while it runs; else how it ended and its last words (stderr). */
  exited: () => string | null
  stop: () => Promise<void>
}

async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Starts one instance and resolves once its /readyz is 200 with every dependency up. */
export async function startInstance (name: string, env: Record<string, string>, readyWithinMs = 60_000): Promise<Instance> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const warnings: Array<Record<string, unknown>> = []
  let buffer = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    let newline
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      try { warnings.push(JSON.parse(text) as Record<string, unknown>) } catch { /* not JSON */ }
    }
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const exited = once(child, 'exit')
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + readyWithinMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${stderr}`)
    try {
      const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) })
      const body = await ready.json() as { checks?: Array<{ ok: boolean }> }
      if (ready.status === 200 && (body.checks ?? []).every((c) => c.ok)) break
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${name} was not ready within ${readyWithinMs} ms: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    name,
    url,
    warnings,
    exited: () => child.exitCode === null && child.signalCode === null ? null : `exit ${child.exitCode ?? child.signalCode}: ${stderr.slice(-2000)}`,
    async stop () {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
  }
}
