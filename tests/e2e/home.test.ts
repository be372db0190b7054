import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')
const planNames = ['Starter', 'Professional', 'Pro']

describe('home page', () => {
  let browser: Browser

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('is server-rendered with the three plans (no JavaScript needed)', async () => {
    const response = await fetch(`${baseUrl}/`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<title>Interview Helper</title>')
    for (const name of planNames) expect(html).toContain(`>${name}</h3>`)
    expect(html).toContain('₹99')
  })

  it('hydrates the plans in the browser as they come into view, with no console errors and no refetch', async () => {
    const page = await browser.newPage()
    const problems: string[] = []
    const trpcRequests: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
    })
    page.on('request', (request) => {
      // Page views go to the analytics sink by design; nothing else should be fetched again.
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/trpc') && !url.pathname.includes('site.trackEvent'))
        trpcRequests.push(request.url())
    })

    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    // React marks the elements it has hydrated with its fiber; server HTML alone has none. The plans
    // are below the first screen: their server HTML stays as it is until they come near it.
    const hydrated = () =>
      page.evaluate(() => {
        const card = document.querySelector('[data-plan="pro"]')
        return card !== null && Object.keys(card).some((key) => key.startsWith('__reactFiber$'))
      })
    expect(await hydrated()).toBe(false)
    await expect(page.locator('[data-plan="pro"] h3').textContent()).resolves.toBe('Pro')
    await page.locator('[data-plan="pro"]').scrollIntoViewIfNeeded()
    await page.waitForFunction(() => {
      const card = document.querySelector('[data-plan="pro"]')
      return card !== null && Object.keys(card).some((key) => key.startsWith('__reactFiber$'))
    })

    const names = await page.locator('[data-plan] h3').allTextContents()
    expect(names).toEqual(planNames)
    await expect(page.locator('[data-plan="professional"]').textContent()).resolves.toContain('₹299')
    expect(problems).toEqual([])
    // The SSR'd query is reused after hydration: no immediate refetch over HTTP.
    expect(trpcRequests).toEqual([])
    await page.close()
  })
})
