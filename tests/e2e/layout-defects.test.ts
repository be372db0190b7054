import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, signUpInBrowser, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import { confirmedAccount, signInToDashboard, type TestAccount } from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')

async function pageAt(browser: Browser, width: number): Promise<Page> {
  const page = await newClientPage(browser, baseUrl)
  await page.setViewportSize({ width, height: 844 })
  return page
}

const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

describe('layout and dead-end defects', () => {
  let browser: Browser
  let longName: TestAccount
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    longName = await confirmedAccount(baseUrl, 'layout-long', { firstName: 'Q'.repeat(50), lastName: 'Rao' })
  }, 60_000)

  it('keeps the dashboard of a person with a 50-character first name within a 390 px screen', async () => {
    const page = await pageAt(browser, 390)
    await signInToDashboard(page, baseUrl, longName.email)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.getByRole('region', { name: 'Account Info' }).waitFor()
    expect(await documentWidth(page)).toBeLessThanOrEqual(390)
    await page.close()
  })

  it('keeps the signed-out header on one line at 768 px', async () => {
    const page = await pageAt(browser, 768)
    await page.goto(`${baseUrl}/`)
    await waitForHydration(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Sign Up' }).waitFor()
    const lines = await nav.evaluate((element) => {
      const items = [...element.querySelectorAll('a, button')].filter((item) => item.getClientRects().length > 0)
      return {
        height: element.getBoundingClientRect().height,
        wrapped: items.filter((item) => item.getClientRects().length > 1 || item.getBoundingClientRect().height > 44)
          .length,
      }
    })
    expect(lines).toEqual({ height: 64, wrapped: 0 })
    expect(await documentWidth(page)).toBeLessThanOrEqual(768)
    await page.close()
  })

  it('never breaks the e-mail address mid-word on the mobile Check Your Email card', async () => {
    const page = await pageAt(browser, 390)
    const email = `e2e.${randomUUID().slice(0, 8)}@example.com`
    await signUpInBrowser(page, baseUrl, { firstName: 'Nila', lastName: 'Das', email })
    const address = page.getByText(email, { exact: true })
    await expect(address.evaluate((element) => element.getClientRects().length)).resolves.toBe(1)
    await page.close()
  })

  it('sends a signed-in person from /login and /signup to the dashboard', async () => {
    const page = await pageAt(browser, 1280)
    await signInToDashboard(page, baseUrl, longName.email)
    for (const path of ['/login', '/signup']) {
      await page.goto(`${baseUrl}${path}`)
      await expectPath(page, '/dashboard')
    }
    await page.close()
  })

  it('does not flash the signed-out links on reload for a signed-in person', async () => {
    const page = await pageAt(browser, 1280)
    await signInToDashboard(page, baseUrl, longName.email)
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as { signedOutLinksSeen?: string[] }).signedOutLinksSeen = seen
      const look = () => {
        for (const link of document.querySelectorAll('header a')) {
          const text = link.textContent.trim()
          if (['Pricing', 'Contact Us', 'Sign In', 'Sign Up'].includes(text) && link.getClientRects().length > 0)
            seen.push(text)
        }
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
    await page.reload()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor()
    await page.getByRole('button', { name: /Account menu for/ }).waitFor()
    const seen = await page.evaluate(() => (window as { signedOutLinksSeen?: string[] }).signedOutLinksSeen)
    expect(seen).toEqual([])
    await page.close()
  })

  it('ends the contact error with a full stop before "You can also email us"', async () => {
    const page = await pageAt(browser, 1280)
    await page.goto(`${baseUrl}/contact`)
    await waitForHydration(page)
    // An empty form only names its fields; a message that cannot be sent gets the sending error.
    await page.route('**/api/trpc/site.sendContactMessage**', (route) => route.abort())
    await page.getByLabel('First Name').fill('Lakshmi')
    await page.getByLabel('Last Name').fill('Menon')
    await page.getByLabel('Email').fill('lakshmi@example.com')
    await page.getByLabel('Subject').fill('Plans')
    await page.getByLabel('Message').fill('Can I switch plans mid-month?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    const error = page.locator('#contact-error')
    await error.getByText('You can also email us', { exact: false }).waitFor()
    expect(await error.textContent()).toMatch(/\. You can also email us directly at /)
    await page.close()
  })

  it("titles the 404 tab 'Page Not Found'", async () => {
    const page = await pageAt(browser, 1280)
    const answer = await page.goto(`${baseUrl}/no-such-page-${randomUUID().slice(0, 8)}`)
    expect(answer?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
    expect(await page.title()).toBe('Page Not Found | Interview Helper')
    await page.close()
  })

  it('lets a person show and hide what they typed in a password field', async () => {
    const page = await pageAt(browser, 1280)
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    const field = page.getByLabel('Password', { exact: true })
    await field.fill('Secret123')
    const toggle = page.getByRole('button', { name: 'Show password' })
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false')
    await expect(field.getAttribute('type')).resolves.toBe('password')
    await toggle.click()
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true')
    await expect(field.getAttribute('type')).resolves.toBe('text')
    await expect(field.inputValue()).resolves.toBe('Secret123')
    await toggle.click()
    await expect(field.getAttribute('type')).resolves.toBe('password')
    await page.close()
  })
})
