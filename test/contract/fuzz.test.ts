// OpenAPI › Errors: "a body the published schema accepts is never a 400";
// an invalid one is never a 2xx, nothing is ever a 5xx, and every answer
// matches the document for its status. Bodies come from the document itself.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { statelessApp } from '../helpers/app.js'
import { createEncounter, encounterApp } from '../helpers/encounters.js'
import { bodyOperations, Fuzzer, MUTATIONS, mutate, random, type Operation } from './fuzz-harness.js'

/** Per stateless operation: generated bodies, each also sent once mutated. */
const STATELESS_BODIES = 150
/** Per encounter operation: a bounded sample (each is a database write). */
const ENCOUNTER_BODIES = 40
/** Stop generating new bodies past this, so a slow shared machine cannot hold CI. */
const BUDGET_MS = 40_000

type Body = Record<string, unknown>

interface Shape { cast?: (body: Body, rand: () => number) => Body, optionals?: number }

async function run (fuzzer: Fuzzer, op: Operation, url: () => string, count: number, seedBase: number, deadline: number, shape: Shape = {}): Promise<void> {
  const rand = random(seedBase)
  const cast = shape.cast ?? ((b: Body) => b)
  for (let i = 0; i < count && Date.now() < deadline; i++) {
    const body = cast(fuzzer.generate(op, seedBase + i, shape.optionals) as Body, rand)
    await fuzzer.send(op, url(), JSON.stringify(body), 'valid')
    await fuzzer.send(op, url(), mutate(body, op.request, MUTATIONS[i % MUTATIONS.length]!, rand), 'invalid')
  }
}

function report (fuzzer: Fuzzer, diagnostic: (message: string) => void): string[] {
  const failures: string[] = []
  let sent = 0
  let validBad = 0
  let serverErrors = 0
  for (const [key, t] of fuzzer.tallies) {
    sent += t.sent
    validBad += t.valid['400'] ?? 0
    serverErrors += Object.entries({ ...t.valid }).concat(Object.entries(t.invalid)).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0)
    diagnostic(`${key}: sent ${t.sent}; schema-valid → ${JSON.stringify(t.valid)} (${JSON.stringify(t.refusals)}); schema-invalid → ${JSON.stringify(t.invalid)}`)
    failures.push(...t.failures)
  }
  diagnostic(`total sent ${sent}; schema-valid answered 400: ${validBad}; 5xx: ${serverErrors}`)
  return failures
}

test('fuzz: every stateless operation with a body, from its published schema', async (t) => {
  const app = await statelessApp()
  try {
    const doc = app.swagger() as never
    const fuzzer = new Fuzzer(app, doc)
    const ops = bodyOperations(doc).filter((op) => !op.path.startsWith('/v1/encounters'))
    assert.ok(ops.length >= 10, `expected the ten resolution operations, found ${ops.length}`)
    const deadline = Date.now() + BUDGET_MS
    for (const [n, op] of ops.entries()) await run(fuzzer, op, () => op.path, STATELESS_BODIES, 1000 * (n + 1), deadline)
    const failures = report(fuzzer, (m) => t.diagnostic(m))
    assert.deepEqual(failures, [], failures.join('\n'))
  } finally {
    await app.close()
  }
})

test('fuzz: the encounter operations with a body, a bounded sample', async (t) => {
  const h = await encounterApp()
  try {
    const doc = h.app.swagger() as never
    const fuzzer = new Fuzzer(h.app, doc)
    const ops = bodyOperations(doc).filter((op) => op.path.startsWith('/v1/encounters'))
    assert.ok(ops.length >= 5, `expected the five encounter operations with a body, found ${ops.length}`)
    const roster = [{ id: 'a', baseAttackBonus: 2, abilities: { con: 12 }, hitPoints: { max: 10 } }, { id: 'b', baseAttackBonus: 1, abilities: { con: 10 }, hitPoints: { max: 8 } }]
    // Random ids name nobody (a 422 unknown-combatant every time): most actions get the roster's ids, so the
    // turn order, the action budget and the rules behind them are reached too. Still schema-valid: ids are strings.
    const cast = (body: Body, rand: () => number): Body => {
      if (rand() < 0.25) return body
      const [actor, target] = rand() < 0.5 ? ['a', 'b'] : ['b', 'a']
      return {
        ...body,
        ...(typeof body.actor === 'string' ? { actor } : {}),
        ...(typeof body.target === 'string' ? { target } : {}),
        ...(Array.isArray(body.targets) ? { targets: body.targets.map((t) => typeof t === 'string' ? target : { ...(t as Body), id: target }) } : {}),
        ...(typeof body.after === 'string' ? { after: target } : {})
      }
    }
    let encounter = ''
    let written = 0
    // A fresh encounter every few writes, half of them started, so actions meet both states.
    const url = (op: Operation) => () => op.path.replace('{id}', encounter).replace('{combatantId}', 'a')
    const deadline = Date.now() + BUDGET_MS / 2
    for (const [n, op] of ops.entries()) {
      for (let i = 0; i < ENCOUNTER_BODIES && Date.now() < deadline; i += 5) {
        encounter = (await createEncounter(h, { name: 'fuzz', ruleset: ['dnd35', 'pf1e', 'variant'][written++ % 3], combatants: roster })).id
        if (written % 2 === 0) await h.http.post(`/v1/encounters/${encounter}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
        // An action carries the fields of its type only; with half of some thirty optional fields it never would.
        await run(fuzzer, op, url(op), 5, 50_000 + 1000 * n + i, deadline, { cast, optionals: op.path.endsWith('/actions') ? 0.1 : 0.5 })
      }
    }
    const failures = report(fuzzer, (m) => t.diagnostic(m))
    assert.deepEqual(failures, [], failures.join('\n'))
  } finally {
    await h.close()
  }
})
