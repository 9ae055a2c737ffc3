// Swagger UI as a person meets it: headless Chromium opens /docs, expands
// POST /v1/attacks, tries it out with the first example and sees the 200
// rendered. Chromium comes with `npm ci` (test/helpers/browser.ts); where
// there is none the test fails under CI=true and is skipped elsewhere.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { statelessApp } from '../helpers/app.js'
import { launchBrowser, skipWithoutBrowser } from '../helpers/browser.js'

const skip = await skipWithoutBrowser()

interface Document { paths: Record<string, Record<string, { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } }>> }

test('Swagger UI: POST /v1/attacks, "Try it out" with the first example, Execute, and the 200 response is shown', { skip, timeout: 180_000 }, async () => {
  const app = await statelessApp()
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>()
    const examples = document.paths['/v1/attacks']?.post?.requestBody.content['application/json']?.examples ?? {}
    const first = Object.values(examples)[0]
    assert.ok(first, 'POST /v1/attacks documents at least one example')

    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      page.setDefaultTimeout(60_000) // Swagger UI renders a 200 KB document: ~6 s of CPU, several times that on a shared machine
      await page.goto(`${base}/docs`)
      const operation = page.locator('.opblock-post', { has: page.locator('[data-path="/v1/attacks"]') }).first()
      await operation.locator('.opblock-summary').first().click()

      // uiConfig.tryItOutEnabled may have opened it in try-it-out mode already ("Cancel").
      const tryOut = operation.locator('button.try-out__btn')
      if ((await tryOut.innerText()).trim() === 'Try it out') await tryOut.click()

      // The first entry of the examples list, whatever it is named.
      const select = operation.locator('.opblock-section-request-body select').first()
      const firstOption = await select.locator('option').first().getAttribute('value')
      assert.ok(firstOption !== null, 'the request body offers its examples')
      await select.selectOption(firstOption)
      const body = operation.locator('.opblock-section-request-body textarea')
      assert.deepEqual(JSON.parse(await body.inputValue()) as unknown, first.value, 'the editor holds the first example')

      await operation.locator('button.execute').click()
      const response = operation.locator('.live-responses-table .response').first()
      await response.locator('.response-col_status').filter({ hasText: '200' }).waitFor()
      const rendered = await response.locator('.response-col_description').innerText()
      assert.match(rendered, /"attacks"/)
      assert.match(rendered, /"rolls"/)
      assert.match(rendered, /"seed"/)
    } finally {
      await browser.close()
    }
  } finally {
    await app.close()
  }
})
