// How a web page follows an encounter, as GET /v1/encounters/{id}/stream
// documents it, in Chromium's own EventSource: by default each message's
// `event:` is its type, so `onmessage` gets nothing and one listener per
// type from the document's EncounterEventType enum gets everything; with
// `?eventName=message` one `onmessage` handler gets every event, its type in
// the data.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { createEncounter, encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { launchBrowser, skipWithoutBrowser } from '../helpers/browser.js'

interface Received { listener: string, type: string, seq: number, lastEventId: string }
interface Document { components: { schemas: Record<string, { enum?: string[] }> } }

const skip = await skipWithoutBrowser()
let h: EncounterHarness
let browser: Browser
let base: string
before(async () => {
  if (skip !== false) return
  h = await encounterApp()
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`
  browser = await launchBrowser()
})
after(async () => {
  await browser?.close()
  await h?.close()
})

/** A created and started fight with three more events: damage, a condition and the end of a turn. */
async function fight (): Promise<{ id: string, expected: string[] }> {
  const { id } = await createEncounter(h, {
    name: 'Watched', ruleset: 'dnd35',
    combatants: [{ id: 'fighter', hitPoints: { max: 20 }, abilities: { dex: 14 } }, { id: 'ogre', hitPoints: { max: 30 } }]
  }) as { id: string }
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [18, 3] } }).expect(200)
  await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'damage', target: 'ogre', damage: { amount: 4 } }).expect(200)
  await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'condition', target: 'ogre', add: 'shaken', durationRounds: 2 }).expect(200)
  await h.http.post(`/v1/encounters/${id}/actions`).send({ type: 'end-turn', actor: 'fighter' }).expect(200)
  return { id, expected: ['created', 'started', 'damage', 'condition', 'end-turn'] }
}

/** Opens `path` with EventSource in the page, with an onmessage handler and a listener for each name in `types`; resolves with what arrived once `count` messages have. */
async function listen (page: Page, path: string, types: string[], count: number): Promise<Received[]> {
  // Plain JavaScript text: the test runner's transform would wrap a function passed in with helpers the page lacks.
  const script = `new Promise((resolve, reject) => {
    const received = []
    const source = new EventSource(${JSON.stringify(path)})
    const record = (listener) => (event) => {
      const data = JSON.parse(event.data)
      received.push({ listener, type: data.type, seq: data.seq, lastEventId: event.lastEventId })
      if (received.length >= ${count}) { source.close(); resolve(received) }
    }
    source.onmessage = record('onmessage')
    for (const type of ${JSON.stringify(types)}) source.addEventListener(type, record(type))
    source.onerror = () => { source.close(); reject(new Error('the stream failed after ' + received.length + ' messages')) }
    setTimeout(() => { source.close(); resolve(received) }, 8000)
  })`
  return await page.evaluate(script) as Received[]
}

test('EventSource: one listener per EncounterEventType catches every event; onmessage none of them', { skip, timeout: 60_000 }, async () => {
  const document = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>()
  const types = document.components.schemas.EncounterEventType?.enum ?? assert.fail('the document has no EncounterEventType enum')
  const { id, expected } = await fight()
  const page = await browser.newPage()
  try {
    await page.goto(`${base}/healthz`)
    const received = await listen(page, `/v1/encounters/${id}/stream`, types, expected.length)
    assert.deepEqual(received.map((r) => r.listener), expected, 'each event reached the listener named after its type, and onmessage got nothing')
    assert.deepEqual(received.map((r) => r.type), expected)
    assert.deepEqual(received.map((r) => r.lastEventId), ['1', '2', '3', '4', '5'])
  } finally {
    await page.close()
  }
})

test('EventSource with ?eventName=message: every event arrives at onmessage, its type in the data', { skip, timeout: 60_000 }, async () => {
  const { id, expected } = await fight()
  const page = await browser.newPage()
  try {
    await page.goto(`${base}/healthz`)
    // The typed listeners are registered too: with eventName=message none of them fires.
    const received = await listen(page, `/v1/encounters/${id}/stream?eventName=message`, expected, expected.length)
    assert.deepEqual(received.map((r) => r.listener), expected.map(() => 'onmessage'))
    assert.deepEqual(received.map((r) => r.type), expected)
    assert.deepEqual(received.map((r) => r.seq), [1, 2, 3, 4, 5])
    assert.deepEqual(received.map((r) => r.lastEventId), ['1', '2', '3', '4', '5'])
  } finally {
    await page.close()
  }
})
