import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import { confirmedAccount, signInToDashboard } from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')

const publicPages = [
  '/',
  '/about',
  '/blog',
  '/blog/star-method-behavioural-answers',
  '/contact',
  '/docs',
  '/docs/api',
  '/download',
  '/pricing',
  '/login',
  '/signup',
  '/reset-password',
  '/email-confirmed',
  '/dev/mailbox',
  '/no-such-page',
]
const signedInPages = ['/dashboard', '/interview', '/history', '/profile', '/subscription']

/**
 * Every report the page's Content-Security-Policy makes, from the DOM event (installed before any
 * script runs) and from the console, where Chromium also reports what it blocked and any
 * Permissions-Policy feature it does not know.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const reports: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) reports.push(`console: ${message.text()}`)
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.documentURI}`)
    })
  })
  // The console's reports are taken once; the DOM's list starts afresh with each document.
  return async () => [
    ...reports.splice(0),
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ]
}

describe('the pages under their Content-Security-Policy', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('loads and hydrates every public page with no violation', async () => {
    const page = await newClientPage(browser, baseUrl)
    const violations = await watchPolicy(page)
    const found: string[] = []
    for (const path of publicPages) {
      const response = await page.goto(`${baseUrl}${path}`)
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/)
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      found.push(...(await violations()))
    }
    expect(found).toEqual([])
    await page.close()
  })

  it('renders the landing page after a client-side navigation with no violation', async () => {
    const page = await newClientPage(browser, baseUrl)
    const violations = await watchPolicy(page)
    await page.goto(`${baseUrl}/pricing`)
    await waitForHydration(page)
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Interview Helper/ })
      .first()
      .click()
    await expectPath(page, '/')
    await page.locator('[data-marquee] .tm-track').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await violations()).toEqual([])
    await page.close()
  })

  it('signs in and opens every signed-in page with no violation', async () => {
    const account = await confirmedAccount(baseUrl, 'csp')
    const page = await newClientPage(browser, baseUrl)
    const violations = await watchPolicy(page)
    await signInToDashboard(page, baseUrl, account.email)
    const found: string[] = []
    for (const path of signedInPages) {
      await page.goto(`${baseUrl}${path}`)
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      found.push(...(await violations()))
    }
    expect(found).toEqual([])
    await page.close()
  })
})
