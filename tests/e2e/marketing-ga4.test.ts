import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

let server: RunningServer
let browser: Browser

const teardown = suiteTeardown()
beforeAll(async () => {
  server = await startBuiltServer({ GA_MEASUREMENT_ID: 'G-TEST12345' })
  teardown.add(() => server.stop())
  browser = await launchChromium()
  teardown.add(() => browser.close())
}, 120_000)

describe('analytics with a GA4 measurement id', () => {
  it('loads gtag, sends events with the custom dimensions to GA4, and nothing to the first-party log', async () => {
    const page = await browser.newPage()
    const gtagRequests: string[] = []
    const firstParty: string[] = []
    // No outside network here: answer gtag.js with an empty script, as a blocked or slow CDN would.
    await page.route('https://www.googletagmanager.com/**', (route) => {
      gtagRequests.push(route.request().url())
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' })
    })
    page.on('request', (request) => {
      if (request.url().includes('site.trackEvent')) firstParty.push(request.url())
    })
    await page.goto(`${server.url}/`)
    await waitForHydration(page)
    await page.waitForFunction(() =>
      (window.dataLayer ?? []).some((entry) => Array.from(entry as ArrayLike<unknown>)[1] === 'page_view'),
    )
    await page.locator('[data-cta="hero_signup"]').click()
    await page.waitForURL((url) => url.pathname === '/signup')
    const layer = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
    )
    expect(gtagRequests).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST12345'])
    expect(layer).toContainEqual(['config', 'G-TEST12345', { send_page_view: false }])
    expect(layer).toContainEqual([
      'set',
      'user_properties',
      { user_type: 'visitor', subscription_plan: 'none', interview_count: 0 },
    ])
    const events = layer.filter((entry) => entry[0] === 'event')
    expect(events).toContainEqual([
      'event',
      'cta_click',
      expect.objectContaining({ event_category: 'User Interaction', button_id: 'hero_signup' }),
    ])
    expect(events).toContainEqual([
      'event',
      'conversion',
      expect.objectContaining({ event_category: 'Conversion', conversion_type: 'CTA' }),
    ])
    expect(events).toContainEqual([
      'event',
      'page_view',
      expect.objectContaining({ page_path: '/', page_title: 'Home' }),
    ])
    expect(firstParty).toEqual([])
    await page.close()
  })
})
