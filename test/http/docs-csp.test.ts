// The /docs pages' Content-Security-Policy works over plain HTTP on any host:
// no `upgrade-insecure-requests` (a browser would fetch /docs/static/* over
// https and Swagger UI would stay blank), and Swagger UI's one inline style
// is allowed by its hash, computed here from the installed Swagger UI so that
// an upgrade that changes it fails this test rather than the browser's console.
// test/browser/swagger-ui-remote-host.test.ts checks the same in Chromium.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'
import { DOCS_CSP, SWAGGER_LOGO_STYLE_HASH } from '../../src/plugins/external/swagger.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

test('every /docs page carries the policy, without upgrade-insecure-requests and without a scheme-wide source', async () => {
  for (const url of ['/docs', '/docs/', '/docs/static/swagger-ui.css', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-initializer.js', '/docs/json']) {
    const res = await app.inject({ method: 'GET', url })
    assert.equal(res.statusCode, 200, url)
    assert.equal(res.headers['content-security-policy'], DOCS_CSP, url)
  }
  assert.doesNotMatch(DOCS_CSP, /upgrade-insecure-requests|block-all-mixed-content/)
  // Everything Swagger UI loads is on this origin (its CSS uses data: URLs only).
  assert.doesNotMatch(DOCS_CSP, /https?:|'unsafe-inline'|'unsafe-eval'/)
})

test('API responses carry no Content-Security-Policy at all (helmet\'s is off: JSON is never rendered as a page)', async () => {
  const res = await app.inject({ method: 'POST', url: '/v1/dice', payload: { notation: '1d20' } })
  assert.equal(res.statusCode, 200)
  assert.equal(res.headers['content-security-policy'], undefined)
})

test('the style hash in the policy is the hash of every inline <style> Swagger UI renders', () => {
  const require = createRequire(import.meta.url)
  const staticDir = join(dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static')
  const hashes = new Set<string>()
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
    const source = readFileSync(join(staticDir, file), 'utf8')
    // React renders `createElement("style", null, "<css>")` as a <style> element with that text.
    for (const m of source.matchAll(/createElement\("style",null,"((?:[^"\\]|\\.)*)"\)/g)) {
      const css = JSON.parse(`"${m[1] ?? ''}"`) as string
      hashes.add(`sha256-${createHash('sha256').update(css).digest('base64')}`)
    }
  }
  assert.deepEqual([...hashes], [SWAGGER_LOGO_STYLE_HASH])
  assert.match(DOCS_CSP, new RegExp(`style-src 'self' '${SWAGGER_LOGO_STYLE_HASH.replace(/[+/=]/g, '\\$&')}'`))
})

test('a /docs static file revalidated with its ETag or date is a 304 without body headers (as the encounter\'s)', async () => {
  const first = await app.inject({ method: 'GET', url: '/docs/static/index.css' })
  assert.equal(first.statusCode, 200)
  const etag = String(first.headers.etag)
  const lastModified = String(first.headers['last-modified'])
  for (const headers of [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }]) {
    const res = await app.inject({ method: 'GET', url: '/docs/static/index.css', headers })
    assert.equal(res.statusCode, 304, JSON.stringify(headers))
    assert.equal(res.rawPayload.length, 0)
    assert.equal(res.headers.etag, etag)
    for (const name of ['content-length', 'content-type', 'transfer-encoding', 'content-encoding']) assert.equal(res.headers[name], undefined, name)
  }
})
