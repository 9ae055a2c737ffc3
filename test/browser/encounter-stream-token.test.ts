// An encounter followed live from a browser while API_KEYS is set, as a web
// app on another origin does it: the page asks for a stream token with its
// key (fetch can send the header), opens `new EventSource(url)` with the
// token (EventSource cannot), and receives the events of writes made through
// HTTP. A wrong token or none: EventSource gets the 401 and gives up.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, skipWithoutBrowser } from '../helpers/browser.js'
import { encounterApp, type EncounterHarness } from '../helpers/encounters.js'

const KEY = 'webapp-secret-0123456789'
const skip = await skipWithoutBrowser()

interface Received { listener: string, id: string, type: string, seq: number, version: number }
interface PageState { received: Received[], errors: number, readyState: number }

// The page a web app would serve: nothing but the page, on its own origin.
const PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>d20 stream</title></head><body><ul id="log"></ul></body></html>'

let pageServer: http.Server
let pageOrigin: string
let h: EncounterHarness | undefined
let api: string
let browser: Browser | undefined

before(async () => {
  if (skip !== false) return
  pageServer = http.createServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE) })
  pageServer.listen(0, '127.0.0.1')
  await once(pageServer, 'listening')
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`
  h = await encounterApp({ API_KEYS: `webapp:${KEY}`, CORS_ORIGINS: pageOrigin })
  api = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await h?.close()
  if (pageServer?.listening) { pageServer.close(); await once(pageServer, 'close') }
})

async function post (path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000)
  })
  const json = await res.json() as Record<string, unknown>
  assert.ok(res.ok, `POST ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

// In-page code goes as source text: the test's own functions are compiled
// with helpers (esbuild's __name) that the page does not have.
const FOLLOW = `(streamUrl) => {
  const state = { received: [], errors: 0, readyState: 0 }
  window.streamState = state
  const source = new EventSource(streamUrl)
  const record = (listener) => (event) => {
    const data = JSON.parse(event.data)
    state.received.push({ listener, id: event.lastEventId, type: data.type, seq: data.seq, version: data.version })
  }
  for (const type of ['created', 'started', 'damage', 'end-turn']) source.addEventListener(type, record(type))
  source.onmessage = record('message')
  source.onerror = () => { state.errors++; state.readyState = source.readyState }
  source.onopen = () => { state.readyState = source.readyState }
}`

/**
 * Opens an EventSource in the page on `url` and records every event: one
 * listener per event type this fight writes, and \`onmessage\` for any
 * unnamed one; each keeps the id, the listener that caught it and the data.
 */
async function follow (page: Page, url: string): Promise<void> {
  await page.evaluate(`(${FOLLOW})(${JSON.stringify(url)})`)
}

const stateOf = async (page: Page): Promise<PageState> => await page.evaluate('window.streamState') as PageState
const until = async (page: Page, condition: string): Promise<void> => { await page.waitForFunction(`(() => { const state = window.streamState; return ${condition} })()`) }

test('with API_KEYS set, a page on another origin follows an encounter through EventSource with a stream token', { skip, timeout: 90_000 }, async () => {
  assert.ok(browser, 'a browser was launched')
  const created = await post('/v1/encounters', {
    name: 'Bridge ambush',
    ruleset: 'dnd35',
    combatants: [
      { id: 'hero', name: 'hero', hitPoints: { max: 30, current: 30 }, abilities: { con: 12 } },
      { id: 'orc', name: 'orc', hitPoints: { max: 20, current: 20 }, abilities: { con: 12 } }
    ]
  })
  const id = String(created.id)
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const consoleErrors: string[] = []
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()) })
    await page.goto(`${pageOrigin}/`)

    // The page asks for the token itself, with its key in the header (a CORS request, preflight included).
    const token = await page.evaluate(`(async () => {
      const res = await fetch(${JSON.stringify(`${api}/v1/encounters/${id}/stream-tokens`)}, { method: 'POST', headers: { authorization: ${JSON.stringify(`Bearer ${KEY}`)} } })
      return { status: res.status, body: await res.json() }
    })()`) as { status: number, body: { token: string, url: string, expiresIn: number } }
    assert.equal(token.status, 200, JSON.stringify(token.body))
    assert.equal(token.body.expiresIn, 300)
    assert.equal(token.body.url, `/v1/encounters/${id}/stream?token=${token.body.token}`)

    await follow(page, `${api}${token.body.url}`)
    // The backlog: the creation, before anything else is written.
    await until(page, 'state.received.length >= 1')

    // A fight through HTTP, with the key, as another client would write it.
    await post(`/v1/encounters/${id}/start`, { dice: { sequence: [15, 5] } })
    await post(`/v1/encounters/${id}/actions`, { type: 'damage', target: 'orc', damage: { amount: 4 } })
    await post(`/v1/encounters/${id}/actions`, { type: 'end-turn', actor: 'hero' })
    await post(`/v1/encounters/${id}/actions`, { type: 'damage', target: 'hero', damage: { amount: 2 } })
    await until(page, 'state.received.length >= 5')

    const state = await stateOf(page)
    assert.deepEqual(state.received.map((r) => [r.id, r.type, r.seq, r.version]), [
      ['1', 'created', 1, 1],
      ['2', 'started', 2, 2],
      ['3', 'damage', 3, 3],
      ['4', 'end-turn', 4, 4],
      ['5', 'damage', 5, 5]
    ])
    // Each caught by the listener named after its type, once.
    assert.deepEqual(state.received.map((r) => r.listener), ['created', 'started', 'damage', 'end-turn', 'damage'])
    assert.equal(state.errors, 0)
    assert.equal(state.readyState, 1, 'OPEN')
    const encounter = await (await fetch(`${api}/v1/encounters/${id}`, { headers: { authorization: `Bearer ${KEY}` } })).json() as { version: number }
    assert.equal(encounter.version, 5)
    assert.deepEqual(consoleErrors, [])
  } finally {
    await context.close()
  }
})

test('a page whose token is wrong, or that has none, gets the 401 and EventSource gives up (CLOSED), receiving nothing', { skip, timeout: 60_000 }, async () => {
  assert.ok(browser, 'a browser was launched')
  const id = String((await post('/v1/encounters', { name: 'Closed door', ruleset: 'dnd35' })).id)
  const { token } = await post(`/v1/encounters/${id}/stream-tokens`, {}) as { token: string }
  const other = String((await post('/v1/encounters', { name: 'Elsewhere', ruleset: 'dnd35' })).id)
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(`${pageOrigin}/`)
    for (const url of [`/v1/encounters/${other}/stream?token=${token}`, `/v1/encounters/${id}/stream?token=${token.slice(0, -2)}`, `/v1/encounters/${id}/stream`]) {
      await follow(page, `${api}${url}`)
      await until(page, 'state.readyState === 2')
      const state = await stateOf(page)
      assert.equal(state.errors, 1, url)
      assert.deepEqual(state.received, [], url)
    }
  } finally {
    await context.close()
  }
})
