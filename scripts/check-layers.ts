// The layering check of `npm run lint`: dependency-cruiser's API with the
// rules of .dependency-cruiser.cjs, over src/. The API rather than the
// `depcruise` command because dependency-cruiser's command refuses to start on
// Node 20, which this project still supports (README › Set-up).
//
//   tsx scripts/check-layers.ts             check; violations recorded in
//                                             .dependency-cruiser-known-violations.json
//                                             are reported as known, not as errors
//   tsx scripts/check-layers.ts --baseline  record today's violations in that file
//   tsx scripts/check-layers.ts --no-ignore-known   report known violations as errors too
//
// The known-violations file exists only while a refactoring is under way; an
// empty array (or no file) means every rule holds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cruise, format, type ICruiseResult, type IViolation, type OutputType } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const CONFIG = join(ROOT, '.dependency-cruiser.cjs')
export const KNOWN_VIOLATIONS = join(ROOT, '.dependency-cruiser-known-violations.json')

/**
 * Cruises `src` under `baseDir` (the project root by default) with the
 * project's rules. `knownViolations` (dependency-cruiser's baseline format)
 * are reported as ignored. Returns the violations found, the text report and
 * the number of errors.
 */
export async function checkLayers ({ baseDir = ROOT, knownViolations = [], outputType = 'err' }: {
  baseDir?: string
  knownViolations?: IViolation[]
  outputType?: OutputType
} = {}): Promise<{ output: string, exitCode: number, violations: IViolation[] }> {
  const options = await extractDepcruiseOptions(CONFIG)
  const { output } = await cruise(['src'], { ...options, baseDir, knownViolations, outputType: 'json' })
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult
  const report = await format(result, { outputType })
  return { output: String(report.output), exitCode: report.exitCode, violations: result.summary.violations }
}

async function main (): Promise<void> {
  if (process.argv.includes('--baseline')) {
    const { output } = await checkLayers({ outputType: 'baseline' })
    writeFileSync(KNOWN_VIOLATIONS, output.endsWith('\n') ? output : `${output}\n`)
    console.log(`wrote ${KNOWN_VIOLATIONS}`)
    return
  }
  const ignoreKnown = !process.argv.includes('--no-ignore-known')
  const known = ignoreKnown && existsSync(KNOWN_VIOLATIONS) ? JSON.parse(readFileSync(KNOWN_VIOLATIONS, 'utf8')) as IViolation[] : []
  const { output, exitCode } = await checkLayers({ knownViolations: known })
  process.stdout.write(output)
  process.exitCode = exitCode === 0 ? 0 : 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
