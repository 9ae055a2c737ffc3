import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { isRulesetId, rulesetIds, type RulesetId } from './rules/rulesets/index.js'

/** One API key: its name is the tenant its encounters belong to; only a hash of the secret is kept. */
export interface ApiKey {
  name: string
  /** SHA-256 of the secret, compared in constant time (src/plugins/app/access.ts). */
  secretHash: Buffer
  /** The secret itself, kept only to keep it out of log lines (a client that put it in a URL). */
  secret: string
}

export interface Config {
  port: number
  host: string
  defaultRuleset: RulesetId
  /** Unset: an embedded PostgreSQL is started (unless encounters are off). */
  databaseUrl: string | undefined
  /** `ENCOUNTERS=off` runs the stateless service with no database at all. */
  encounters: boolean
  /** Where the embedded PostgreSQL keeps its data. */
  embeddedDataDir: string
  /** EMBEDDED_PG_DATA_DIR was set: the directory is used as given, never relocated. */
  embeddedDataDirSet: boolean
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  prettyLogs: boolean
  /** Requests per minute per client address; 0 turns rate limiting off. */
  rateLimitPerMinute: number
  /** A request's headers and body must arrive within this; else 408 and the connection is closed. */
  requestTimeoutMs: number
  /** The headers alone must arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number
  /** After SIGTERM, /readyz answers 503 for this long before the listener closes. */
  shutdownDelayMs: number
  /** Fastify's `trustProxy`: which proxies' X-Forwarded-For to believe for the client address. */
  trustProxy: boolean | number | string[]
  /** Milliseconds between the keep-alive comments of an event stream. */
  streamHeartbeatMs: number
  /** Event streams one instance holds open at once; beyond, a 503. */
  maxStreams: number
  /** SIMULATION_THREADS: worker threads that run simulations (README › Operations), so requests keep their latency. */
  simulationThreads: number
  /** API_KEYS: every /v1 route needs one of these as a Bearer token; null is open mode (one tenant, `public`). */
  apiKeys: ApiKey[] | null
  /** CORS_ORIGINS: the origins browser apps may call from, `*` for any; null sends no CORS headers. */
  corsOrigins: string[] | '*' | null
  /** REDIS_URL: rate-limit counters shared by every instance; unset, each instance counts alone. */
  redisUrl: string | undefined
  /** Prefix of every key this service writes to Redis (several deployments or test runs on one Redis). */
  redisKeyPrefix: string
}

export class ConfigError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

function integer (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
  }
  return Number(raw)
}

// proxy-addr's names for address ranges, besides addresses and CIDRs.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal']

function isAddressOrCidr (entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/** Off, `true` (every hop: only behind a proxy that overwrites the header), a hop count, or a list of addresses/CIDRs. */
function trustProxy (raw: string | undefined): Config['trustProxy'] {
  const value = (raw ?? '').trim()
  if (value === '' || value === 'false' || value === 'off') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100) return Number(value)
  const entries = value.split(',').map((e) => e.trim())
  const bad = entries.find((e) => !isAddressOrCidr(e))
  if (bad !== undefined) {
    throw new ConfigError(`TRUST_PROXY must be false, true, a hop count from 1 to 100, or a comma-separated list of addresses or CIDRs, got "${bad}"`)
  }
  return entries
}

const KEY_NAME = /^[A-Za-z0-9._-]{1,64}$/
// Bearer tokens are token68 (RFC 7235); 16 characters at least, so no one runs on a guessable secret.
const KEY_SECRET = /^[A-Za-z0-9._~+/=-]{16,200}$/

/**
 * `name:secret` entries, from the variable (comma-separated) or, when it names
 * a file, one per line (blank lines and `#` comments skipped). The messages
 * name an entry by its position or name, never by its secret.
 */
function apiKeys (raw: string | undefined): ApiKey[] | null {
  const value = (raw ?? '').trim()
  if (value === '') return null
  const looksLikePath = /^[./]/.test(value)
  const isPath = looksLikePath || !value.includes(':') || existsSync(value)
  let entries: Array<{ text: string, where: string }>
  if (isPath) {
    let text: string
    try {
      text = readFileSync(value, 'utf8')
    } catch {
      // Echoed only when it looks like a path: a bare word may be a secret given without its name.
      throw new ConfigError(looksLikePath ? `API_KEYS names a file that cannot be read: ${value}` : 'API_KEYS must be name:secret entries separated by commas, or the path of a readable file')
    }
    entries = text.split(/\r?\n/).map((l, i) => ({ text: l.trim(), where: `line ${i + 1} of ${value}` })).filter((e) => e.text !== '' && !e.text.startsWith('#'))
  } else {
    entries = value.split(',').map((e, i) => ({ text: e.trim(), where: `entry ${i + 1}` })).filter((e) => e.text !== '')
  }
  if (entries.length === 0) throw new ConfigError('API_KEYS holds no key: give name:secret entries, or leave it unset for an open service')
  const keys: ApiKey[] = []
  for (const entry of entries) {
    const colon = entry.text.indexOf(':')
    const name = colon < 0 ? '' : entry.text.slice(0, colon)
    const secret = colon < 0 ? '' : entry.text.slice(colon + 1)
    if (!KEY_NAME.test(name)) throw new ConfigError(`API_KEYS ${entry.where} must be name:secret with a name of 1 to 64 letters, digits, ".", "_" or "-"`)
    if (!KEY_SECRET.test(secret)) throw new ConfigError(`API_KEYS key "${name}" needs a secret of 16 to 200 characters from A-Z a-z 0-9 . _ ~ + / = -`)
    if (keys.some((k) => k.name === name)) throw new ConfigError(`API_KEYS names "${name}" twice`)
    if (keys.some((k) => k.secret === secret)) throw new ConfigError(`API_KEYS key "${name}" has the secret of another key`)
    keys.push({ name, secret, secretHash: createHash('sha256').update(secret).digest() })
  }
  return keys
}

function corsOrigins (raw: string | undefined): Config['corsOrigins'] {
  const value = (raw ?? '').trim()
  if (value === '') return null
  if (value === '*') return '*'
  const origins = value.split(',').map((o) => o.trim()).filter((o) => o !== '')
  for (const origin of origins) {
    // An origin is scheme://host[:port]: what a browser sends in Origin, nothing after it.
    let parsed: URL | undefined
    try { parsed = new URL(origin) } catch { parsed = undefined }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(`CORS_ORIGINS must be * or a comma-separated list of origins like https://app.example.com, got "${origin}"`)
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''))
}

/** Read and validate the configuration; a bad value throws a one-line message naming the variable. */
export function loadConfig (env: NodeJS.ProcessEnv = process.env): Config {
  const ruleset = env.DEFAULT_RULESET || 'dnd35'
  if (!isRulesetId(ruleset)) throw new ConfigError(`DEFAULT_RULESET must be one of ${rulesetIds().join(', ')}, got "${ruleset}"`)

  const logLevel = env.LOG_LEVEL || 'info'
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  }

  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgresql:// connection string')
  }

  const encountersRaw = (env.ENCOUNTERS || 'on').toLowerCase()
  if (!['on', 'off'].includes(encountersRaw)) throw new ConfigError(`ENCOUNTERS must be "on" or "off", got "${env.ENCOUNTERS}"`)

  const host = env.HOST || '127.0.0.1'
  if (/\s/.test(host)) throw new ConfigError(`HOST must be a host name or address, got "${host}"`)

  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000)
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', Math.min(10_000, requestTimeoutMs), 100, 3_600_000)
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs}), got "${headersTimeoutMs}"`)
  }

  const redisUrl = env.REDIS_URL || undefined
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL')
  }

  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host,
    defaultRuleset: ruleset,
    databaseUrl,
    encounters: encountersRaw === 'on',
    embeddedDataDir: env.EMBEDDED_PG_DATA_DIR || './.data/postgres',
    embeddedDataDirSet: Boolean(env.EMBEDDED_PG_DATA_DIR),
    logLevel: logLevel as Config['logLevel'],
    prettyLogs: env.NODE_ENV === 'development',
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 6000, 0, 10_000_000),
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1_000, 3_600_000),
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 5_000, 0, 120_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    streamHeartbeatMs: integer(env, 'STREAM_HEARTBEAT_MS', 15_000, 10, 600_000),
    maxStreams: integer(env, 'MAX_STREAMS', 1000, 1, 100_000),
    simulationThreads: integer(env, 'SIMULATION_THREADS', Math.max(1, availableParallelism() - 1), 1, 256),
    apiKeys: apiKeys(env.API_KEYS),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    redisUrl,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'd20:'
  }
}
