// The Chromium inside the devDependency @sparticuz/chromium, unpacked once
// into node_modules/.cache/d20-chromium-<version>/ and reused.
//
// The package's own executablePath() unpacks into the shared temporary
// directory (/tmp/chromium, /tmp/fonts, /tmp/libGLESv2.so …) and returns
// /tmp/chromium whenever that name exists: whoever put a file there first
// (another user, or another test file still writing it) would be launched,
// as root in CI. So it runs here in a child process whose TMPDIR is a fresh
// directory of ours, which is then renamed into place in one step: a
// concurrent unpack (two test files, or the runner and a test) loses the
// rename and uses the winner's copy, and nobody ever sees half a binary.
import { spawn } from 'node:child_process'
import { chmod, lchown, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function me (): number {
  return process.getuid?.() ?? -1
}

/** Everything under `dir` is ours and writable by us alone; no symlinks. */
async function ownedByUsAlone (dir: string): Promise<boolean> {
  const walk = async (path: string): Promise<boolean> => {
    const info = await lstat(path)
    if (info.isSymbolicLink() || info.uid !== me() || (info.mode & 0o022) !== 0) return false
    if (!info.isDirectory()) return info.isFile()
    for (const entry of await readdir(path)) {
      if (!(await walk(join(path, entry)))) return false
    }
    return true
  }
  try {
    return (await lstat(join(dir, 'chromium'))).isFile() && await walk(dir)
  } catch {
    return false
  }
}

// The fonts archive keeps its builder's uid (1001), which tar-fs restores
// when run as root: a local user with that uid could change the fonts the
// browser parses. Unpacked in a directory no one else can enter (mkdtemp:
// mode 700), everything is made ours and writable by us alone before use.
async function makeOurs (path: string): Promise<void> {
  const info = await lstat(path)
  if (info.isSymbolicLink()) throw new Error(`${path}: unexpected symlink in the unpacked Chromium`)
  if (info.uid !== me() && me() >= 0) await lchown(path, me(), process.getgid?.() ?? info.gid)
  if ((info.mode & 0o022) !== 0) await chmod(path, info.mode & 0o7755)
  if (info.isDirectory()) {
    for (const entry of await readdir(path)) await makeOurs(join(path, entry))
  }
}

async function unpackInto (dir: string, packageEntry: string): Promise<string> {
  const child = spawn(process.execPath, [
    '--input-type=module', '-e',
    'const { default: chromium } = await import(process.argv[1]); process.stdout.write(await chromium.executablePath())',
    packageEntry
  ], { env: { ...process.env, TMPDIR: dir, TMP: dir, TEMP: dir }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString() })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  if (code !== 0 || out !== join(dir, 'chromium')) {
    throw new Error(`unpacking @sparticuz/chromium failed (exit ${code}, printed ${JSON.stringify(out)}): ${err.trim().split('\n').slice(-3).join(' | ')}`)
  }
  return out
}

let unpacked: Promise<string> | undefined

/** The path of the unpacked Chromium executable (unpacking it on first use, ~5 s). */
export function bundledChromium (): Promise<string> {
  unpacked ??= (async () => {
    const packageEntry = import.meta.resolve('@sparticuz/chromium')
    // node_modules/@sparticuz/chromium/build/index.js → node_modules
    const nodeModules = dirname(dirname(dirname(dirname(fileURLToPath(packageEntry)))))
    const { version } = JSON.parse(await readFile(join(nodeModules, '@sparticuz', 'chromium', 'package.json'), 'utf8')) as { version: string }
    const cache = join(nodeModules, '.cache')
    const final = join(cache, `d20-chromium-${version}`)
    if (await ownedByUsAlone(final)) return join(final, 'chromium')
    await mkdir(cache, { recursive: true, mode: 0o755 })
    const fresh = await mkdtemp(join(cache, `d20-chromium-${version}.`))
    try {
      await unpackInto(fresh, packageEntry)
      await makeOurs(fresh)
    } catch (error) {
      await rm(fresh, { recursive: true, force: true })
      throw error
    }
    const moved = await rename(fresh, final).then(() => true, () => false)
    if (!moved) {
      await rm(fresh, { recursive: true, force: true })
      if (!(await ownedByUsAlone(final))) throw new Error(`${final} is not an unpacked Chromium of this user's: remove it`)
    }
    return join(final, 'chromium')
  })()
  return unpacked
}
