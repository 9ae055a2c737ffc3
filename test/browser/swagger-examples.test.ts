// Every example of the document, as a person would try them from Swagger UI:
// the page is the service's /docs, and the page itself reads /openapi.json
// and sends each operation's examples with fetch (the request Swagger UI's
// "Try it out" makes: the example body, the path parameters' examples), in
// the order a person plays them, on a fresh encounter whose id replaces the
// encounter id's example. Each must answer the success status its
// operation documents. The stream answers 200 and is closed at its headers.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { encounterApp } from '../helpers/encounters.js'
import { launchBrowser, skipWithoutBrowser } from '../helpers/browser.js'

const skip = await skipWithoutBrowser()

/** The encounter operations in the order a person plays them; the stateless ones come first, in the document's order. */
const ENCOUNTER_ORDER = ['createEncounter', 'listEncounters', 'getEncounter', 'addCombatant', 'updateCombatant', 'startEncounter', 'encounterAction',
  'simulateEncounter', 'listEncounterEvents', 'streamEncounterEvents', 'createStreamToken', 'removeCombatant', 'deleteEncounter']

test('Swagger UI\'s examples: every operation, body and path parameter example answers its documented success, in order, on a fresh encounter', { skip, timeout: 240_000 }, async () => {
  const h = await encounterApp()
  try {
    const { port } = h.app.server.address() as { port: number }
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      page.setDefaultTimeout(60_000)
      await page.goto(`http://127.0.0.1:${port}/docs`)
      const results = await page.evaluate(async (order) => {
        type Op = { operationId: string, parameters?: Array<{ $ref?: string, in?: string, name?: string, example?: string }>, requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> }, responses: Record<string, unknown> }
        const doc = await (await fetch('/openapi.json')).json() as { paths: Record<string, Record<string, Op>>, components: { parameters: Record<string, { in: string, name: string, example?: string }> } }
        const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })))
        // No named inner functions: tsx would wrap them in a helper the page does not have.
        ops.sort((a, b) => order.indexOf(a.op.operationId) - order.indexOf(b.op.operationId))
        const out: Array<{ operationId: string, example: string, status: number, documented: string[], detail: string }> = []
        let encounter = ''
        for (const { path, method, op } of ops) {
          const parameters = (op.parameters ?? []).map((p) => p.$ref ? doc.components.parameters[p.$ref.split('/').pop() ?? ''] : p)
          let url = path
          for (const p of parameters) {
            if (p?.in !== 'path') continue
            const value = p.name === 'id' && path.startsWith('/v1/encounters/') ? encounter : (p.example ?? '')
            url = url.replace(`{${p.name}}`, encodeURIComponent(value))
          }
          const examples = Object.entries(op.requestBody?.content['application/json']?.examples ?? {}).map(([name, example]): [string, unknown] => [name, example.value])
          const bodies: Array<[string, unknown]> = op.requestBody ? examples : [['(no body)', undefined]]
          for (const [name, value] of bodies) {
            // A second start example on an encounter already started would be its 409: it gets a fresh encounter of its own.
            if (op.operationId === 'startEncounter' && name !== bodies[0]?.[0]) {
              const created = await (await fetch('/v1/encounters', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc.paths['/v1/encounters']?.post?.requestBody?.content['application/json']?.examples?.['goblin-ambush']?.value) })).json() as { id: string }
              url = path.replace('{id}', created.id)
            }
            const controller = new AbortController()
            const res = await fetch(url, { method, signal: controller.signal, ...(value === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) }) })
            if (res.headers.get('content-type')?.startsWith('text/event-stream')) controller.abort()
            else if (op.operationId === 'createEncounter' && res.ok) encounter = (await res.clone().json() as { id: string }).id
            const detail = res.status >= 400 ? (await res.text()).slice(0, 300) : (controller.signal.aborted ? '' : String((await res.arrayBuffer()).byteLength))
            out.push({ operationId: op.operationId, example: name, status: res.status, documented: Object.keys(op.responses), detail })
          }
        }
        return out
      }, ENCOUNTER_ORDER)
      const failures = results.filter((r) => !(r.status >= 200 && r.status < 300 && r.documented.includes(String(r.status))))
      assert.deepEqual(failures, [], JSON.stringify(failures, null, 1))
      const tried = new Set(results.map((r) => r.operationId))
      const all = Object.values((h.app.swagger() as unknown as { paths: Record<string, Record<string, { operationId: string }>> }).paths).flatMap((item) => Object.values(item).map((op) => op.operationId))
      assert.deepEqual(all.filter((id) => !tried.has(id)), [], 'every operation was tried')
    } finally {
      await browser.close()
    }
  } finally {
    await h.close()
  }
})
