// The browser the browser tests drive, found without any system package:
// on Linux x64/arm64 the Chromium that the devDependency @sparticuz/chromium
// ships inside the npm package (unpacked once into node_modules/.cache, see
// bundled-chromium.ts; scripts/run-tests.mjs does it before starting the test
// files and passes CHROME_PATH); elsewhere an installed Chrome or Chromium
// named by CHROME_PATH. Only when neither exists is a browser test skipped,
// and under CI=true it fails.
import { existsSync } from 'node:fs'
import { arch, platform } from 'node:os'
import { chromium, type Browser, type LaunchOptions } from 'playwright-core'
import { bundledChromium } from './bundled-chromium.js'

export interface BrowserChoice {
  /** The executable to launch, or undefined when none was found. */
  executablePath: string | undefined
  /** Where it came from, for messages. */
  source: string
}

let choice: Promise<BrowserChoice> | undefined

async function findBrowser (): Promise<BrowserChoice> {
  const given = process.env.CHROME_PATH
  if (given !== undefined && given !== '') {
    return { executablePath: existsSync(given) ? given : undefined, source: `CHROME_PATH=${given}` }
  }
  if (platform() === 'linux' && (arch() === 'x64' || arch() === 'arm64')) {
    return { executablePath: await bundledChromium(), source: '@sparticuz/chromium' }
  }
  return { executablePath: undefined, source: `no bundled Chromium for ${platform()}/${arch()} and CHROME_PATH is unset` }
}

export function browserChoice (): Promise<BrowserChoice> {
  choice ??= findBrowser()
  return choice
}

/**
 * The `skip` option of a browser test: false when a browser is there or CI=true
 * (where a missing browser must fail the test, not hide it), else the reason.
 */
export async function skipWithoutBrowser (): Promise<string | false> {
  const found = await browserChoice()
  if (found.executablePath !== undefined || process.env.CI === 'true') return false
  return `no Chromium (${found.source}): set CHROME_PATH to a Chrome or Chromium; under CI=true this test fails instead`
}

/** Flags every browser test needs: no sandbox (tests run as root in CI), nothing fetched from outside. */
export const BROWSER_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--no-zygote',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'
]

/** Launch the chosen browser headless; `extraArgs` are added to BROWSER_ARGS. */
export async function launchBrowser (extraArgs: string[] = [], options: LaunchOptions = {}): Promise<Browser> {
  const found = await browserChoice()
  if (found.executablePath === undefined) throw new Error(`no Chromium to launch (${found.source})`)
  return chromium.launch({
    executablePath: found.executablePath,
    headless: true,
    chromiumSandbox: false,
    args: [...BROWSER_ARGS, ...extraArgs],
    timeout: 30_000,
    ...options
  })
}
