// npm run bench: POST /v1/attacks (a realistic full attack) against a bare
// Fastify route that validates and echoes a body of the same size, in one
// child process on loopback ports (bench/servers.ts), the load from this one. Targets: attacks ≥ 70% of the bare route's
// requests per second, p99 < 10 ms.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50

const body = {
  ruleset: 'dnd35',
  mode: 'full',
  attacker: {
    id: 'fighter', name: 'Fighter 12', size: 'medium', baseAttackBonus: 12,
    abilities: { str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8 },
    feats: ['two-weapon-fighting', 'improved-two-weapon-fighting', 'weapon-finesse'],
    conditions: []
  },
  target: {
    id: 'ogre', name: 'Ogre', size: 'large', abilities: { str: 21, dex: 8, con: 15 },
    armorClass: { armor: 3, natural: 5, modifiers: [{ value: 1, type: 'deflection', source: 'ring' }] },
    hitPoints: { max: 29, current: 29 }, conditions: ['prone']
  },
  weapon: { name: 'longsword', type: 'melee', damage: '1d8', critRange: 19, critMultiplier: 2, enhancement: 1, extraDamage: [{ dice: '1d6', type: 'fire' }] },
  offHand: { name: 'short sword', type: 'melee', damage: '1d6', category: 'light', critRange: 19 },
  options: { flanking: true, concealment: 'concealment', attackModifiers: [{ value: 1, type: 'morale', source: 'bless' }], damageModifiers: [{ value: 2, type: 'morale', source: 'rage' }] }
}
const payload = JSON.stringify(body)

interface Totals { requests: number, seconds: number, p99: number[], bad: number }

/**
 * Alternate the two targets in 2-second slices, so that a change in the
 * machine's load during the run weighs on both alike.
 */
async function slice (url: string, seconds: number, totals: Totals): Promise<void> {
  const result = await autocannon({ url, method: 'POST', connections: CONNECTIONS, duration: seconds, headers: { 'content-type': 'application/json' }, body: payload })
  totals.requests += result.requests.total
  totals.seconds += seconds
  totals.p99.push(result.latency.p99)
  totals.bad += result.errors + result.non2xx + result.timeouts
}

function report (name: string, t: Totals): number {
  const rps = t.requests / t.seconds
  const p99 = [...t.p99].sort((a, b) => a - b)[Math.floor(t.p99.length / 2)]
  console.log(`${name.padEnd(16)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${p99} ms (median of slices)   errors/non-2xx ${t.bad}`)
  if (t.bad > 0) throw new Error(`${name}: ${t.bad} failed requests`)
  return rps
}

// The servers run in a child process: autocannon in the same event loop
// would steal the servers' time and inflate their latency.
const servers = spawn(process.execPath, ['--import', 'tsx', 'bench/servers.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
const [line] = await once(createInterface({ input: servers.stdout }), 'line') as [string]
const { serviceUrl, bareUrl } = JSON.parse(line) as { serviceUrl: string, bareUrl: string }

try {
  // Warm up both (JIT, schema compilation is done at ready()).
  await autocannon({ url: `${serviceUrl}/v1/attacks`, method: 'POST', connections: 10, duration: 2, headers: { 'content-type': 'application/json' }, body: payload })
  await autocannon({ url: `${bareUrl}/echo`, method: 'POST', connections: 10, duration: 2, headers: { 'content-type': 'application/json' }, body: payload })
  console.log(`body ${payload.length} bytes, ${CONNECTIONS} connections, ${DURATION} s each in 2-s alternating slices`)
  const attacks: Totals = { requests: 0, seconds: 0, p99: [], bad: 0 }
  const echo: Totals = { requests: 0, seconds: 0, p99: [], bad: 0 }
  for (let done = 0; done < DURATION; done += 2) {
    await slice(`${serviceUrl}/v1/attacks`, 2, attacks)
    await slice(`${bareUrl}/echo`, 2, echo)
  }
  const a = report('POST /v1/attacks', attacks)
  const e = report('bare echo route', echo)
  const p99 = [...attacks.p99].sort((x, y) => x - y)[Math.floor(attacks.p99.length / 2)]
  console.log(`ratio ${(100 * a / e).toFixed(1)}% of the bare route (target ≥ 70%); attacks p99 ${p99} ms (target < 10 ms)`)
} finally {
  servers.kill('SIGTERM')
  await once(servers, 'exit')
}
