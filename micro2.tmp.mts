import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const { Negotiator } = require('@fastify/accept-negotiator')
const neg = new Negotiator({ supportedValues: ['br', 'gzip', 'deflate', 'identity'] })
const big = JSON.stringify({ x: 'é'.repeat(10) + 'a'.repeat(4000) })
function time (name: string, fn: () => unknown) {
  for (let i = 0; i < 1e5; i++) fn()
  const n = 1e6; const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) fn()
  console.log(name, (Number(process.hrtime.bigint() - t) / n).toFixed(0), 'ns')
}
time('byteLength 4KB', () => Buffer.byteLength(big))
time('negotiate', () => neg.negotiate('gzip, deflate, br'.toLowerCase().replace(/x-gzip|\*/g, 'gzip')))
