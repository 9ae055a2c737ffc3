// The rate limiter's counters in Redis, so that every instance enforces one
// limit; while Redis cannot be reached, each instance counts on its own
// (the local limit) rather than refusing or waving traffic through, and the
// log says when that starts and ends.
import { createRequire } from 'node:module'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { Redis } from 'ioredis'

type Counted = { current: number, ttl: number }
type IncrCallback = (error: Error | null, result?: Counted) => void
interface CountingStore {
  incr: (key: string, callback: IncrCallback, timeWindow: number, max: number) => void
  child: (routeOptions: unknown) => CountingStore
}
interface StoreParams { continueExceeding: boolean, exponentialBackoff: boolean }

// @fastify/rate-limit's own two stores (its Lua script for Redis, its LRU in
// memory): reused rather than rewritten, so counting is the plugin's either way.
const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => CountingStore
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => CountingStore

/** After a failed Redis call, count locally this long before trying Redis again (a hung Redis costs one timeout per interval, not per request). */
export const RETRY_REDIS_AFTER_MS = 2_000
/** A Redis call slower than this counts as failed: a rate-limit check must not hold a request up. */
export const REDIS_COMMAND_TIMEOUT_MS = 250

export interface SharedCounters {
  store: FastifyRateLimitStoreCtor
  redis: Redis
  /** Whether the last Redis call succeeded (false: counting per instance). */
  shared: () => boolean
  close: () => void
}

export function sharedCounters (url: string, keyPrefix: string, log: FastifyBaseLogger): SharedCounters {
  const redis = new Redis(url, {
    // Fail a command at once while disconnected instead of queueing it behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever, at most every 2 s: the limit becomes shared again by itself.
    retryStrategy: (times) => Math.min(times * 100, 2_000)
  })
  let shared = true
  let closing = false
  let skipUntil = 0
  let lastError = 'connection closed'

  const failed = (reason: string): void => {
    skipUntil = Date.now() + RETRY_REDIS_AFTER_MS
    if (!shared || closing) return
    shared = false
    log.warn({ reason }, 'Redis unavailable: rate limits fall back to this instance\'s own count until it is back')
  }
  const succeeded = (): void => {
    skipUntil = 0
    if (shared) return
    shared = true
    log.info('Redis is back: rate limits are shared across instances again')
  }
  // The error comes before the close that reports it; without a listener ioredis would print it.
  redis.on('error', (error: Error) => { lastError = error.message })
  redis.on('close', () => failed(lastError))
  redis.on('ready', succeeded)

  class SharedOrLocalStore implements CountingStore {
    constructor (private readonly remote: CountingStore, private readonly local: CountingStore) {}

    static create (params: StoreParams): SharedOrLocalStore {
      return new SharedOrLocalStore(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, `${keyPrefix}rate-limit:`),
        new LocalStore(params.continueExceeding, params.exponentialBackoff)
      )
    }

    incr (key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      if (redis.status !== 'ready' || Date.now() < skipUntil) {
        this.local.incr(key, callback, timeWindow, max)
        return
      }
      this.remote.incr(key, (error, result) => {
        if (error) {
          failed(error.message)
          this.local.incr(key, callback, timeWindow, max)
        } else {
          succeeded()
          callback(null, result)
        }
      }, timeWindow, max)
    }

    child (routeOptions: unknown): CountingStore {
      return new SharedOrLocalStore(this.remote.child(routeOptions), this.local.child(routeOptions))
    }
  }

  // @fastify/rate-limit calls `new store(params)`.
  const store = function (params: StoreParams) { return SharedOrLocalStore.create(params) } as unknown as FastifyRateLimitStoreCtor
  return {
    store,
    redis,
    shared: () => shared && redis.status === 'ready',
    close: () => {
      closing = true
      redis.disconnect()
    }
  }
}
