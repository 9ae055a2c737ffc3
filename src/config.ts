import { isRulesetId, rulesetIds, type RulesetId } from './rules/rulesets/index.js'

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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  prettyLogs: boolean
  /** Requests per minute per client address; 0 turns rate limiting off. */
  rateLimitPerMinute: number
  /** Milliseconds between the keep-alive comments of an event stream. */
  streamHeartbeatMs: number
  /** Event streams one instance holds open at once; beyond, a 503. */
  maxStreams: number
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

  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host,
    defaultRuleset: ruleset,
    databaseUrl,
    encounters: encountersRaw === 'on',
    embeddedDataDir: env.EMBEDDED_PG_DATA_DIR || './.data/postgres',
    logLevel: logLevel as Config['logLevel'],
    prettyLogs: env.NODE_ENV === 'development',
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 6000, 0, 10_000_000),
    streamHeartbeatMs: integer(env, 'STREAM_HEARTBEAT_MS', 15_000, 10, 600_000),
    maxStreams: integer(env, 'MAX_STREAMS', 1000, 1, 100_000)
  }
}
