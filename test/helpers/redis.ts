import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'

/** The Redis the tests share: TEST_REDIS_URL, else the machine's (127.0.0.1:6379, as in CI). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'

/**
 * Whether that Redis answers. Off CI a machine without Redis skips the Redis
 * tests (saying why); on CI (CI set) a missing Redis fails them instead.
 */
export async function redisAvailable (): Promise<string | false> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.ping()
    return TEST_REDIS_URL
  } catch (error) {
    if (process.env.CI) throw new Error(`Redis at ${TEST_REDIS_URL} does not answer: ${(error as Error).message}`)
    return false
  } finally {
    client.disconnect()
  }
}

/** A key prefix no other test run shares, and a way to delete what was written under it. */
export function redisNamespace (): { prefix: string, clear: () => Promise<void> } {
  const prefix = `d20-test:${process.pid}:${randomBytes(4).toString('hex')}:`
  return {
    prefix,
    async clear () {
      const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0, retryStrategy: () => null })
      client.on('error', () => undefined)
      try {
        const keys = await client.keys(`${prefix}*`)
        if (keys.length > 0) await client.del(...keys)
      } finally {
        client.disconnect()
      }
    }
  }
}
