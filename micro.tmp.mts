import Fastify from 'fastify'
import compress from '@fastify/compress'
const big = JSON.stringify({ x: 'é'.repeat(10) + 'a'.repeat(4000) })
const small = '{"status":"ok"}'
async function make (withCompress: boolean, payload: string, noAE = false) {
  const app = Fastify()
  if (withCompress) await app.register(compress, { threshold: 16384, encodings: ['br', 'gzip'], globalDecompression: false })
  app.addHook('onSend', (_q, _r, p, done) => { done(null, p) })
  app.get('/', (_q, r) => { r.type('application/json; charset=utf-8').send(payload) })
  await app.ready(); return { app, headers: noAE ? {} : { 'accept-encoding': 'gzip, deflate, br' } }
}
const apps: Record<string, Awaited<ReturnType<typeof make>>> = { plainBig: await make(false, big), compBig: await make(true, big), plainSmall: await make(false, small), compSmall: await make(true, small), compBigNoAE: await make(true, big, true) }
const res: Record<string, number[]> = {}
for (let round = 0; round < 10; round++) {
  for (const k of Object.keys(apps)) {
    const n = 3000; const t = process.cpuUsage()
    for (let i = 0; i < n; i++) await apps[k]!.app.inject({ method: 'GET', url: '/', headers: apps[k]!.headers })
    const u = process.cpuUsage(t); if (round > 1) (res[k] ??= []).push((u.user + u.system) / n)
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!
for (const k of Object.keys(res)) console.log(k, med(res[k]!).toFixed(1))
