// Swagger UI as a person meets it: headless Chromium opens /docs, expands
// POST /v1/attacks, tries it out with the first example and sees the 200
// rendered. Chromium is Debian's package (.ci/run installs it); where it is
// missing the test fails under CI=true and is skipped elsewhere.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { statelessApp } from '../helpers/app.js'

// Overridable only to check the missing-browser paths (CHROMIUM_PATH=/nowhere, with and without CI=true).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const installed = existsSync(CHROMIUM)
const inCi = process.env.CI === 'true'
const skip = !installed && !inCi
  ? `Chromium is not installed at ${CHROMIUM} (apt-get install chromium); under CI=true this test fails instead`
  : false

interface Document { paths: Record<string, Record<string, { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } }>> }

test('Swagger UI: POST /v1/attacks, "Try it out" with the first example, Execute, and the 200 response is shown', { skip, timeout: 60_000 }, async () => {
  assert.ok(installed, `CI=true and no Chromium at ${CHROMIUM}: .ci/run installs Debian's chromium package before the tests`)
  const app = await statelessApp()
  const userDataDir = mkdtempSync(join(tmpdir(), 'd20-chromium-'))
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>()
    const examples = document.paths['/v1/attacks']?.post?.requestBody.content['application/json']?.examples ?? {}
    const first = Object.values(examples)[0]
    assert.ok(first, 'POST /v1/attacks documents at least one example')

    const browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      chromiumSandbox: false, // --no-sandbox: the CI container runs as root
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: 20_000
    })
    try {
      const page = browser.pages()[0] ?? await browser.newPage()
      page.setDefaultTimeout(15_000)
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
    rmSync(userDataDir, { recursive: true, force: true })
  }
})
