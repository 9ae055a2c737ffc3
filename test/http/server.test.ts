import { test } from 'node:test'
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { connect } from 'node:net'
import { logCollector, startServer } from '../helpers/server.js'

test('the server logs JSON, one line per request carrying its id, and exits 0 on SIGTERM', async () => {
  const child = startServer({ SHUTDOWN_DELAY_MS: '0' })
  const { lines, waitFor } = logCollector(child)
  const listening = await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'))
  const url = String(listening.msg).replace('Server listening at ', '')
  const response = await fetch(`${url}/v1/dice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'trace-42' },
    body: JSON.stringify({ notation: '1d20', seed: 1 })
  })
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('x-request-id'), 'trace-42')
  await waitFor((l) => l.msg === 'request')
  const requestLines = lines.filter((l) => l.requestId !== undefined)
  assert.equal(requestLines.length, 1, JSON.stringify(requestLines))
  assert.equal(requestLines[0]?.requestId, 'trace-42')
  assert.equal(requestLines[0]?.statusCode, 200)
  assert.ok(!JSON.stringify(lines).includes('1d20'), 'bodies are not logged')

  child.kill('SIGTERM')
  const [code] = await once(child, 'exit')
  assert.equal(code, 0)
})

test('a bad configuration value stops the process with one line naming the variable', async () => {
  const child = startServer({ PORT: 'not-a-port' })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString() })
  const [code] = await once(child, 'exit')
  assert.equal(code, 1)
  const lines = stderr.trim().split('\n')
  assert.equal(lines.length, 1)
  assert.match(lines[0] ?? '', /PORT/)
})

// README › Operations: /readyz is 503 while draining after SIGTERM, so a load balancer stops sending before the listener closes.
test('SIGTERM under load: /readyz turns 503 first, requests keep being served through the delay, an in-flight request completes, exit 0', async () => {
  const child = startServer({ SHUTDOWN_DELAY_MS: '1500', RATE_LIMIT_PER_MINUTE: '0' })
  const { waitFor } = logCollector(child)
  const listening = await waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'))
  const url = String(listening.msg).replace('Server listening at ', '')
  const { port } = new URL(url)
  assert.equal((await fetch(`${url}/readyz`)).status, 200)

  // An upload that is half sent when SIGTERM arrives and finished only after the listener has closed.
  const body = JSON.stringify({ notation: '2d6', dice: { sequence: [3, 4] } })
  const inFlight = connect(Number(port), '127.0.0.1')
  let inFlightResponse = ''
  inFlight.on('data', (chunk: Buffer) => { inFlightResponse += chunk.toString() })
  inFlight.on('error', () => undefined)
  inFlight.write(`POST /v1/dice HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`)

  // Load: four clients in a loop until the listener refuses them.
  const statuses: number[] = []
  let refusedAt = 0
  const client = async (): Promise<void> => {
    for (;;) {
      try {
        const r = await fetch(`${url}/v1/dice`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notation: '1d20' }) })
        statuses.push(r.status)
        await r.arrayBuffer()
      } catch {
        refusedAt = Date.now()
        return
      }
    }
  }
  const load = Promise.all([client(), client(), client(), client()])
  await new Promise((r) => setTimeout(r, 300))

  const signalledAt = Date.now()
  child.kill('SIGTERM')
  let readyStatus = 200
  let notReady: { type?: string } = {}
  while (readyStatus === 200 && Date.now() - signalledAt < 1_000) {
    const r = await fetch(`${url}/readyz`)
    readyStatus = r.status
    notReady = await r.json() as { type?: string }
  }
  const drainingAfter = Date.now() - signalledAt
  assert.equal(readyStatus, 503)
  assert.equal(notReady.type, '/problems/not-ready')
  assert.ok(drainingAfter < 500, `/readyz 503 ${drainingAfter} ms after SIGTERM`)

  await load
  assert.ok(statuses.length > 10, `${statuses.length} requests under load`)
  assert.ok(statuses.every((s) => s === 200), `every request answered during the drain was served: ${statuses.filter((s) => s !== 200).join(',')}`)
  assert.ok(refusedAt - signalledAt >= 1_400, `the listener closed ${refusedAt - signalledAt} ms after SIGTERM, before SHUTDOWN_DELAY_MS`)

  inFlight.write(body.slice(10))
  const [code] = await once(child, 'exit')
  assert.equal(code, 0)
  assert.match(inFlightResponse, /^HTTP\/1\.1 200 /)
  assert.match(inFlightResponse, /connection: close/i)
  assert.match(inFlightResponse, /"total":7/)
})
