// The event types are one list in the code (the roster's events and the
// registered action types), published as the EncounterEventType enum and used as the
// stream's `event:` names; `?eventName=message` drops the `event:` line so a
// generic listener gets every event (test/browser/event-stream-listen.test.ts
// shows both in Chromium's EventSource).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createEncounter, encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { openStream } from '../helpers/sse.js'
import { assertProblem } from '../helpers/problems.js'
import { ROSTER_EVENT_TYPES } from '../../src/schemas/encounters.js'
import { registeredActions } from '../../src/encounters/actions/index.js'
import { eventTypes } from '../../src/encounters/actions/schema.js'

const ACTION_TYPES = registeredActions().map((a) => a.type)
const EVENT_TYPES = eventTypes()
import { sseFrame } from '../../src/encounters/event-stream.js'

interface Document { components: { schemas: Record<string, { enum?: string[], properties?: Record<string, { $ref?: string, enum?: string[] }>, discriminator?: { mapping: Record<string, string> } }> } }

let h: EncounterHarness
let base: string
before(async () => {
  h = await encounterApp()
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`
})
after(async () => { await h.close() })

test('the document lists every event type as the EncounterEventType enum, from the code\'s lists', async () => {
  const document = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>()
  const schemas = document.components.schemas
  assert.deepEqual(schemas.EncounterEventType?.enum, [...ROSTER_EVENT_TYPES, ...ACTION_TYPES])
  assert.deepEqual(EVENT_TYPES, [...ROSTER_EVENT_TYPES, ...ACTION_TYPES])
  assert.ok(ACTION_TYPES.includes('attack') && ACTION_TYPES.includes('end-turn'), 'the built-in actions are registered')
  // Every action is an event type: the action body's and its result's branches are the same list, and the log's
  // branches every event type, each branch's `type` a constant.
  assert.deepEqual(Object.keys(schemas.EncounterAction?.discriminator?.mapping ?? {}), [...ACTION_TYPES])
  assert.deepEqual(Object.keys(schemas.EncounterActionResult?.discriminator?.mapping ?? {}), [...ACTION_TYPES])
  assert.deepEqual(Object.keys(schemas.EncounterEvent?.discriminator?.mapping ?? {}), [...ROSTER_EVENT_TYPES, ...ACTION_TYPES])
  assert.deepEqual(schemas.AttackEvent?.properties?.type?.enum, ['attack'])
  assert.equal(schemas.EncounterEventSummary?.properties?.type?.$ref, '#/components/schemas/EncounterEventType')
})

test('a logged fight uses only listed types', async () => {
  const { id } = await createEncounter(h, { name: 'Listed', ruleset: 'dnd35', combatants: [{ id: 'a', hitPoints: { max: 9 } }, { id: 'b', hitPoints: { max: 9 } }] }) as { id: string }
  await h.http.patch(`/v1/encounters/${id}/combatants/b`).send({ name: 'B' }).expect(200)
  await h.http.post(`/v1/encounters/${id}/combatants`).send({ id: 'c' }).expect(201)
  await h.http.delete(`/v1/encounters/${id}/combatants/c`).expect(200)
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [10, 5] } }).expect(200)
  await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'end', actor: 'a' }).expect(200)
  const log = await h.http.get(`/v1/encounters/${id}/events`).expect(200)
  const types = (log.body.items as Array<{ type: string }>).map((e) => e.type)
  assert.deepEqual(types, ['created', 'combatant-updated', 'combatant-added', 'combatant-removed', 'started', 'end'])
  for (const type of types) assert.ok((EVENT_TYPES as readonly string[]).includes(type), type)
})

test('?eventName=message: the same ids and data without an event: line, so every message is a plain message event', { timeout: 20_000 }, async () => {
  const { id } = await createEncounter(h, { name: 'Plain', ruleset: 'dnd35', combatants: [{ id: 'a', hitPoints: { max: 9 } }] }) as { id: string }
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [10] } }).expect(200)
  const typed = await openStream(`${base}/v1/encounters/${id}/stream`)
  const plain = await openStream(`${base}/v1/encounters/${id}/stream?eventName=message`)
  const explicit = await openStream(`${base}/v1/encounters/${id}/stream?eventName=type`)
  try {
    const [t, p, e] = await Promise.all([typed.waitForMessages(2), plain.waitForMessages(2), explicit.waitForMessages(2)])
    assert.deepEqual(t.map((m) => m.event), ['created', 'started'])
    assert.deepEqual(e, t)
    assert.deepEqual(p.map((m) => m.event), ['message', 'message'])
    assert.deepEqual(p.map((m) => m.id), t.map((m) => m.id))
    assert.deepEqual(p.map((m) => m.data), t.map((m) => m.data))
    assert.deepEqual(p.map((m) => (JSON.parse(m.data) as { type: string }).type), ['created', 'started'])
  } finally {
    typed.close()
    plain.close()
    explicit.close()
  }
  const event = { seq: 3, type: 'attack', actor: 'a', round: 1, initiativeCount: 10, createdAt: '2026-12-01T00:00:00.000Z', request: {}, rolls: [], result: null, applied: [] }
  assert.doesNotMatch(sseFrame(event as never, false), /^event:/m)
  assert.match(sseFrame(event as never), /^event: attack$/m)
})

test('an unknown eventName is a 400 naming ?eventName before any event', async () => {
  const { id } = await createEncounter(h, { name: 'Bad', ruleset: 'dnd35' }) as { id: string }
  const stream = await openStream(`${base}/v1/encounters/${id}/stream?eventName=all`)
  assert.equal(stream.status, 400)
  assertProblem(stream.problem, { type: '/problems/validation-failed', path: '?eventName' })
})
