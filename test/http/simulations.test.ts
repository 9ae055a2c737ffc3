// POST /v1/simulations (docs/rules.md §83, §84, §130–§134): sampled outcomes
// with fixed seeds, checked against what is certain, what symmetry gives and
// what the dice give exactly (enumerated here, not by the service).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { getPriority } from 'node:os'
import supertest from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { assertProblem } from '../helpers/problems.js'
import { SIMULATION_NICE_INCREMENT } from '../../src/encounters/simulation/worker.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (body: unknown) => supertest(app.server).post('/v1/simulations').send(body as object)

function fighter (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, baseAttackBonus: 5, abilities: { str: 16, dex: 12, con: 14 }, armorClass: { armor: 5, shield: 2 }, hitPoints: { max: 40 }, weapons: [{ name: 'longsword', damage: '1d8', critRange: 19 }], ...extra }
}

function inside (value: number, interval: [number, number]): boolean {
  return interval[0] <= value && value <= interval[1]
}

test('docs/rules.md §83, §131: a side that cannot be hurt within the round cap wins every run', async () => {
  // 100,000 hit points: two goblins' 1d4 for 50 rounds cannot reach them; the giant's 2d6+7 drops a goblin in one hit.
  const giant = { id: 'giant', size: 'large', baseAttackBonus: 10, abilities: { str: 24 }, armorClass: { natural: 9 }, hitPoints: { max: 100000 }, weapons: [{ name: 'greatclub', damage: '2d8', category: 'two-handed' }] }
  const goblin = (id: string) => ({ id, size: 'small', baseAttackBonus: 1, armorClass: { armor: 2 }, hitPoints: { max: 5 }, weapons: [{ name: 'dagger', damage: '1d4' }] })
  const res = await post({ ruleset: 'dnd35', seed: 'giant', runs: 300, sides: { giant: [giant], goblins: [goblin('g1'), goblin('g2')] } }).expect(200)
  assert.equal(res.body.runs, 300)
  assert.equal(res.body.winners.giant.probability, 1)
  assert.equal(res.body.winners.goblins.probability, 0)
  assert.equal(res.body.winners.draw.probability, 0)
  // Wilson at 300 of 300: [300 / (300 + z²), 1].
  const z2 = 1.959963984540054 ** 2
  assert.ok(Math.abs(res.body.winners.giant.interval[0] - 300 / (300 + z2)) < 1e-12)
  assert.equal(res.body.winners.giant.interval[1], 1)
  const giantRow = res.body.combatants.find((c: { id: string }) => c.id === 'giant')
  assert.equal(giantRow.survival.probability, 1)
  assert.ok(res.body.rounds.histogram.every((h: { rounds: number }) => h.rounds <= 50))
  assert.equal(res.body.sampleSeeds.giant, 'giant:0')
  assert.equal(res.body.sampleSeeds.goblins, null)
})

test('docs/rules.md §83: a mirror match (same stat blocks, initiative ties rolled off) has each win interval around 0.5', async () => {
  const res = await post({ ruleset: 'pf1e', seed: 'mirror', runs: 2000, sides: { red: [fighter('red')], blue: [fighter('blue')] } }).expect(200)
  for (const side of ['red', 'blue']) assert.ok(inside(0.5, res.body.winners[side].interval), `${side}: ${JSON.stringify(res.body.winners[side])}`)
  assert.equal(res.body.winners.red.probability + res.body.winners.blue.probability + res.body.winners.draw.probability, 1)
})

test('docs/rules.md §83, SRD 3.5 › Attack Roll: a one-attack duel wins with the exact odds the dice give', async () => {
  // One hit drops either (2 damage on 1 hit point: dying, out of the fight). Dex 10 both: no flat-footed
  // difference, and initiative is a fair coin (equal modifiers, ties rolled off). BAB 1 and 3: one attack a turn.
  const ace = { id: 'ace', baseAttackBonus: 3, armorClass: { armor: 2 }, hitPoints: { max: 1 }, weapons: [{ name: 'club', damage: '2d1' }] }
  const brute = { id: 'brute', baseAttackBonus: 1, armorClass: { armor: 5 }, hitPoints: { max: 1 }, weapons: [{ name: 'club', damage: '2d1' }] }
  const hitChance = (bonus: number, ac: number): number => {
    let hits = 0
    for (let natural = 1; natural <= 20; natural++) if (natural === 20 || (natural !== 1 && natural + bonus >= ac)) hits++
    return hits / 20
  }
  const pa = hitChance(3, 15) // ace against the brute's AC 15
  const pb = hitChance(1, 12) // brute against the ace's AC 12
  assert.equal(pa, 9 / 20)
  assert.equal(pb, 10 / 20)
  // Enumerate the 50 rounds: the first to act swings, then the other, until one hits.
  let aceFirst = 0
  let bruteFirst = 0
  let bothMiss = 1
  for (let round = 1; round <= 50; round++) {
    aceFirst += bothMiss * pa
    bruteFirst += bothMiss * (1 - pb) * pa
    bothMiss *= (1 - pa) * (1 - pb)
  }
  const exact = (aceFirst + bruteFirst) / 2
  const res = await post({ ruleset: 'dnd35', seed: 'duel', runs: 4000, tactic: { fullAttack: false }, sides: { ace: [ace], brute: [brute] } }).expect(200)
  assert.ok(inside(exact, res.body.winners.ace.interval), `exact ${exact}, simulated ${JSON.stringify(res.body.winners.ace)}`)
  assert.ok(inside(1 - exact, res.body.winners.brute.interval))
})

test('the same seed gives the same body; another seed another', async () => {
  const body = { ruleset: 'dnd35', seed: 42, runs: 200, tactic: { target: 'random' }, sides: { a: [fighter('a1'), fighter('a2')], b: [fighter('b1'), fighter('b2', { weapons: [{ name: 'rapier', damage: '1d6', critRange: 18, offHand: { name: 'dagger', damage: '1d4', category: 'light' } }], feats: ['two-weapon-fighting'] })] } }
  const one = await post(body).expect(200)
  const two = await post(body).expect(200)
  assert.deepEqual(two.body, one.body)
  assert.equal(one.body.seed, 42)
  const other = await post({ ...body, seed: 43 }).expect(200)
  assert.notDeepEqual(other.body.combatants, one.body.combatants)
})

test('docs/rules.md §134: work beyond the limit is refused before anything runs, naming /runs', async () => {
  const many = (side: string) => Array.from({ length: 50 }, (_, i) => ({ id: `${side}${i}`, hitPoints: { max: 5 }, weapons: [{ damage: '1d4' }] }))
  const before = app.simulations.runsCompleted()
  const res = await post({ ruleset: 'dnd35', runs: 10_000, sides: { a: many('a'), b: many('b') } })
  assertProblem(res, { type: '/problems/out-of-range', path: '/runs' })
  assert.equal(app.simulations.runsCompleted(), before)
})

test('a combatant without weapons or hit points is a 422 naming each; too few sides a 400', async () => {
  const res = await post({ ruleset: 'dnd35', runs: 10, sides: { a: [{ id: 'x', hitPoints: { max: 5 } }], b: [{ id: 'y', weapons: [{ damage: '1d4' }] }] } })
  assertProblem(res, { type: '/problems/missing-field', path: ['/sides/a/0/weapons', '/sides/b/0/hitPoints'] })
  const one = await post({ ruleset: 'dnd35', runs: 10, sides: { a: [fighter('a')] } })
  assert.equal(one.status, 400)
  assert.equal(one.body.type, '/problems/validation-failed')
  assert.ok(one.body.errors.some((e: { path: string }) => e.path === '/sides'), JSON.stringify(one.body.errors))
  const draw = await post({ ruleset: 'dnd35', runs: 10, sides: { draw: [fighter('a')], b: [fighter('b')] } })
  assert.equal(draw.status, 400)
})

test('a stat block the rules cannot resolve is a 422 at its path in the request, never a silent loss of turns', async () => {
  // The variant defines no composite bows (OpenAPI › Weapon): the attacker's weapon is at fault.
  const bow = await post({ ruleset: 'variant', runs: 5, sides: { a: [fighter('a', { baseSaves: { death: 2 }, weapons: [{ name: 'bow', type: 'ranged', damage: '1d8', compositeRating: 2 }] })], b: [fighter('b', { baseSaves: { death: 2 } })] } })
  assertProblem(bow, { type: '/problems/rule-not-defined', path: '/sides/a/0/weapons/0/compositeRating' })
  // The variant's Death save on a heavy hit needs the target's base death save (docs/rules.md §P6.3).
  const save = await post({ ruleset: 'variant', seed: 1, runs: 5, sides: { a: [fighter('a', { baseAttackBonus: 20, weapons: [{ name: 'maul', damage: '10d10' }] })], b: [fighter('b', { hitPoints: { max: 10 } })] } })
  assertProblem(save, { type: '/problems/missing-field', path: '/sides/b/0/baseSaves/death' })
})

test('docs/rules.md §134: a client that disconnects cancels its simulation (the runs counter stops)', async () => {
  const listening = await statelessApp({ SIMULATION_THREADS: '2' })
  await listening.listen({ port: 0, host: '127.0.0.1' })
  try {
    const port = (listening.server.address() as { port: number }).port
    const side = (s: string) => [1, 2, 3, 4].map((i) => fighter(`${s}${i}`, { hitPoints: { max: 200 } }))
    const body = JSON.stringify({ ruleset: 'dnd35', runs: 20_000, sides: { a: side('a'), b: side('b') } })
    const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/v1/simulations', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } })
    req.on('error', () => undefined)
    req.end(body)
    while (listening.simulations.runsCompleted() === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    req.destroy()
    while (listening.simulations.cancelled() === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    const stoppedAt = listening.simulations.runsCompleted()
    assert.ok(stoppedAt < 20_000, `${stoppedAt} runs`)
    // The pool still works, and only the new simulation's runs are counted: the cancelled one adds nothing more.
    const small = await supertest(listening.server).post('/v1/simulations').send({ ruleset: 'dnd35', runs: 10, sides: { a: [fighter('a')], b: [fighter('b')] } }).expect(200)
    assert.equal(small.body.runs, 10)
    assert.equal(listening.simulations.runsCompleted(), stoppedAt + 10)
  } finally {
    await listening.close()
  }
})

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues (): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

test('README › Operations: simulation threads run at a lower priority than the event loop, so requests come first', { skip: !existsSync('/proc/thread-self') && 'needs Linux /proc' }, async () => {
  const own = getPriority()
  const lowered = Math.min(19, own + SIMULATION_NICE_INCREMENT)
  const pooled = await statelessApp({ SIMULATION_THREADS: '1' })
  try {
    await supertest(pooled.server).post('/v1/simulations').send({ ruleset: 'dnd35', runs: 10, sides: { a: [fighter('a')], b: [fighter('b')] } }).expect(200)
    // The worker that just ran stays in the pool (30 s idle) at its lowered priority; the main thread keeps the
    // process's. (Counted as at least one: another app's idle worker in this process may come or go meanwhile.)
    assert.ok(threadNiceValues().filter((nice) => nice === lowered).length >= 1, 'a simulation thread at the lowered priority')
    assert.equal(getPriority(), own)
  } finally {
    await pooled.close()
  }
})
