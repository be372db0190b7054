/**
 * /docs/api: the API reference rendered by Scalar from the document the server serves, with
 * everything loaded from this origin, under the page's own policy however the visitor arrives;
 * the people's docs at /docs lead to it, and no other page carries its code.
 */
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

type Watched = { page: Page; foreignRequests: string[]; scripts: string[]; problems: string[] }

async function watchedPage(browser: Browser): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const watched: Watched = { page, foreignRequests: [], scripts: [], problems: [] }
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(baseUrl) && !/^(data|blob):/.test(url)) watched.foreignRequests.push(url)
    if (request.resourceType() === 'script') watched.scripts.push(url)
  })
  page.on('console', (message) => {
    if (message.type() === 'error') watched.problems.push(message.text())
  })
  page.on('pageerror', (error) => watched.problems.push(error.message))
  return watched
}

const referenceReady = (page: Page) =>
  page.getByRole('heading', { name: 'Interview Helper API' }).waitFor({ timeout: 30_000 })

describe('the API reference', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('renders the served document: the guide, the codes, the operations and their examples, all from this origin', async () => {
    const { page, foreignRequests, problems } = await watchedPage(browser)
    await page.goto(`${baseUrl}/docs/api`)
    await referenceReady(page)
    expect(await page.title()).toBe('API reference | Interview Helper')
    for (const heading of [
      'Authentication',
      'Answers and errors',
      'Rate limits',
      'Idempotency',
      'Streaming',
      'Versioning',
    ])
      await expect(page.getByRole('heading', { name: heading, exact: true }).count()).resolves.toBeGreaterThan(0)
    await page.getByText('session_active', { exact: true }).first().waitFor({ state: 'attached' })
    await page.getByText('Sign in with e-mail and password').first().click()
    await page.getByText('accessToken').first().waitFor({ state: 'attached', timeout: 15_000 })
    // The operation's own examples: the example person in its request, its refusals in the server's words.
    await page.getByText('asha.rao@example.com').first().waitFor({ state: 'attached', timeout: 15_000 })
    expect(foreignRequests).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })

  it('is reached from the people docs inside the app, and runs in a document of its own', async () => {
    const { page, problems } = await watchedPage(browser)
    await page.goto(`${baseUrl}/docs`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'API reference' }).click()
    await expectPath(page, '/docs/api')
    await referenceReady(page)
    // Arrived by a client-side navigation, the page loads itself afresh to run under its own policy.
    const documentPath = await page.evaluate(
      () => new URL(performance.getEntriesByType('navigation')[0]?.name ?? location.href).pathname,
    )
    expect(documentPath).toBe('/docs/api')
    await page.goBack()
    await expectPath(page, '/docs')
    await page.goForward()
    await expectPath(page, '/docs/api')
    await referenceReady(page)
    expect(problems).toEqual([])
    await page.close()
  })

  it("keeps the reference's code off every other page", async () => {
    const { page, scripts } = await watchedPage(browser)
    for (const path of ['/', '/docs']) {
      await page.goto(`${baseUrl}${path}`)
      await waitForHydration(page)
    }
    expect(scripts.filter((url) => url.includes('api-reference-view'))).toEqual([])
    await page.close()
  })
})
