// Swagger UI reached as another machine reaches it: over plain HTTP through a
// host name that is not loopback (the Docker image published on a LAN). A
// browser treats such an origin as not secure, so anything in /docs that
// assumes HTTPS or relies on a blocked inline style shows here and not on
// 127.0.0.1. Chromium maps d20.test to the loopback listener itself
// (--host-resolver-rules), so no DNS or /etc/hosts entry is needed.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { statelessApp } from '../helpers/app.js'
import { launchBrowser, skipWithoutBrowser } from '../helpers/browser.js'

const HOST = 'd20.test'

test('Swagger UI over plain HTTP on a non-loopback host name renders the operations with no CSP violation', { skip: await skipWithoutBrowser(), timeout: 90_000 }, async () => {
  const app = await statelessApp()
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`])
    try {
      const page = await browser.newPage()
      page.setDefaultTimeout(20_000)
      const console: string[] = []
      const pageErrors: string[] = []
      const failed: string[] = []
      const requested: string[] = []
      page.on('console', (message) => { console.push(`${message.type()}: ${message.text()}`) })
      page.on('pageerror', (error) => { pageErrors.push(error.message) })
      page.on('request', (request) => { requested.push(request.url()) })
      page.on('requestfailed', (request) => { failed.push(`${request.url()}: ${request.failure()?.errorText ?? ''}`) })

      const origin = `http://${HOST}:${port}`
      const response = await page.goto(`${origin}/docs`)
      assert.equal(response?.status(), 200)
      // Operations of several tags are rendered from the document.
      await page.locator('.opblock-summary-path[data-path="/v1/attacks"]').first().waitFor()
      await page.locator('.opblock-summary-path[data-path="/v1/encounters/{id}"]').first().waitFor()
      assert.ok(await page.locator('.opblock').count() > 20, 'every operation has its block')
      // Give a late style or script violation time to be reported.
      await page.waitForLoadState('networkidle')

      assert.deepEqual(failed, [], 'no request failed')
      assert.deepEqual(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')), [],
        'every request stays on the page\'s own origin, over plain HTTP (nothing upgraded to https)')
      assert.deepEqual(pageErrors, [], 'no uncaught error in the page')
      assert.deepEqual(console.filter((line) => /content security policy|content-security-policy|refused to/i.test(line)), [], 'no CSP violation in the console')
      // Chromium says it ignores Cross-Origin-Opener-Policy on an origin that is
      // not secure (plain HTTP, not loopback): the header only takes effect over
      // HTTPS, where it is wanted, so that one line is expected here.
      const errors = console.filter((line) => line.startsWith('error') && !/^error: The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy/.test(line))
      assert.deepEqual(errors, [], 'no other error in the console')
    } finally {
      await browser.close()
    }
  } finally {
    await app.close()
  }
})
