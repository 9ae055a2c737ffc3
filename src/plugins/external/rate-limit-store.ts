// The rate limiter's counters in Redis, so that every instance enforces one
// limit; while Redis cannot be reached, each instance counts on its own
// (the local limit) rather than refusing or waving traffic through, and the
// log says when that starts and ends.
import { createRequire } from 'node:module'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/** A key's count in the current window and the milliseconds left of it. */
export type Counted = { current: number, ttl: number }
type IncrCallback = (error: Error | null, result?: Counted) => void
/** @fastify/rate-limit's store interface: counts one request of a key, calling back with the count (at once for the local store). */
export interface CountingStore {
  incr: (key: string, callback: IncrCallback, timeWindow: number, max: number) => void
}

// @fastify/rate-limit's own two stores (its Lua script for Redis, its LRU in
// memory): reused rather than rewritten, so counting is the plugin's either
// way. Neither resets on exceeding nor backs off (the plugin's defaults).
const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => CountingStore
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => CountingStore

/** After a failed Redis call, count locally this long before trying Redis again (a hung Redis costs one timeout per interval, not per request). */
export const RETRY_REDIS_AFTER_MS = 2_000
/** A Redis call slower than this counts as failed: a rate-limit check must not hold a request up. */
export const REDIS_COMMAND_TIMEOUT_MS = 250

/** This instance's own counts: @fastify/rate-limit's in-memory store (an LRU of 5,000 keys). */
export function localCounters (): CountingStore {
  return new LocalStore(false, false)
}

export interface SharedCounters {
  store: CountingStore
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

  const remote = new RedisStore(false, false, redis, `${keyPrefix}rate-limit:`)
  const local = localCounters()
  const store: CountingStore = {
    incr (key, callback, timeWindow, max) {
      if (redis.status !== 'ready' || Date.now() < skipUntil) {
        local.incr(key, callback, timeWindow, max)
        return
      }
      remote.incr(key, (error, result) => {
        if (error) {
          failed(error.message)
          local.incr(key, callback, timeWindow, max)
        } else {
          succeeded()
          callback(null, result)
        }
      }, timeWindow, max)
    }
  }

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
