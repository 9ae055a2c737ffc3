import fp from 'fastify-plugin'
import compress from '@fastify/compress'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'

/**
 * Responses from this size on are compressed. A response that fits TCP's
 * initial congestion window (10 segments, about 14 KiB) arrives in the same
 * round trip compressed or not, so compressing it would only trade bytes on
 * the wire for CPU: 50-100 µs of gzip or brotli for a few KiB, half or more
 * of what a whole request costs the server (about 100 µs for a full attack,
 * whose answer is about 4 KiB, the service's most common size). Larger answers (the OpenAPI document, a
 * thousand dice, an encounter with its roster) shrink 5-10 times and save
 * whole round trips.
 */
export const COMPRESSION_THRESHOLD = 16 * 1024

/**
 * gzip or brotli by Accept-Encoding for large JSON responses. Request bodies
 * are never inflated: the 256 KiB body limit counts the bytes as sent, and an
 * inflated body could be a thousand times larger. The event stream opts out
 * (its route sets `compress: false`): a compressor holds events back until
 * its buffer fills.
 */
async function compression (fastify: FastifyInstance): Promise<void> {
  await fastify.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false
  })
  // The plugin's onSend hook reads three headers, tests the type against
  // its list, negotiates Accept-Encoding and measures the body's bytes
  // before it finds that a body of a few KiB stays as it is: most answers.
  // Its onRoute hook, registered just above, has put that hook last on the
  // route; this one, running after it, puts in front of it the one test
  // that settles those answers: a body that cannot reach the threshold
  // (a string of n UTF-16 units is at most 3n bytes) is passed on untouched,
  // as the plugin would pass it.
  fastify.addHook('onRoute', (route) => {
    const hooks = route.onSend
    if (route.compress === false || !Array.isArray(hooks)) return
    const plugins = hooks.at(-1) as onSendHookHandler | undefined
    if (plugins?.name !== 'onSend') return
    hooks[hooks.length - 1] = function onSendLarge (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown, done: Parameters<onSendHookHandler>[3]): void {
      if (typeof payload === 'string' ? payload.length * 3 < COMPRESSION_THRESHOLD : Buffer.isBuffer(payload) && payload.length < COMPRESSION_THRESHOLD) {
        done(null, payload)
        return
      }
      void plugins.call(this, request, reply, payload, done)
    } as onSendHookHandler
  })
}

export default fp(compression, { name: 'compression' })
