import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createConfirmedAccount, expectPath, newClientPage, signInInBrowser, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')
// A purchase waits 2 s for the webhook and 2 s before leaving; the shared two-core machine adds the rest.
const slow = 150_000
const declined = 'Your payment was declined by the bank (sandbox test card).'

/** Console errors, uncaught exceptions and failed app requests of a page: each test expects none. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(baseUrl))
      problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  return problems
}

const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Interview Helper checkout' })
const planName = (page: Page) => page.getByRole('region', { name: 'Current Plan' }).getByTestId('plan-name')

async function openPricing(page: Page) {
  await page.goto(`${baseUrl}/pricing`)
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'Prices that makes sense!', level: 1 }).waitFor()
}

async function signIn(page: Page, email: string) {
  await page.goto(`${baseUrl}/login`)
  await waitForHydration(page)
  await signInInBrowser(page, email)
  await expectPath(page, '/dashboard')
}

describe('buying a plan in TEST MODE (sandbox checkout)', () => {
  let browser: Browser
  let buyer: { email: string }
  let hesitant: { email: string }

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    for (const tag of ['buyer', 'hesitant'] as const) {
      const page = await newClientPage(browser, baseUrl)
      const account = await createConfirmedAccount(page, baseUrl, `pay-${tag}`)
      if (tag === 'buyer') buyer = account
      else hesitant = account
      await page.close()
    }
  }, 120_000)

  it('shows the three plans with prices, struck prices and savings', async () => {
    const page = await newClientPage(browser, baseUrl)
    const problems = watchForProblems(page)
    await openPricing(page)
    await page.getByText('You pay. You win. They wonder how.').waitFor()
    const cards = page.locator('[data-plan]')
    await expect(cards.locator('h3').allTextContents()).resolves.toEqual(['Starter', 'Professional', 'Pro'])
    const starter = (await page.locator('[data-plan="starter"]').textContent()) ?? ''
    for (const text of ['₹99', '/mo', '₹1,200', 'Save 92%', 'Get your starter pack now'])
      expect(starter).toContain(text)
    const professional = (await page.locator('[data-plan="professional"]').textContent()) ?? ''
    for (const text of ['Most Popular', '₹299', '₹2,320', 'Save 87%', '15 interviews per month', 'Buy Now'])
      expect(professional).toContain(text)
    const pro = (await page.locator('[data-plan="pro"]').textContent()) ?? ''
    for (const text of ['₹499', '₹3,920', 'Save 87%', 'Go Pro']) expect(pro).toContain(text)
    expect(problems).toEqual([])
    await page.close()
  })

  it(
    'signed out: Buy Now → sign in → the payment continues by itself → pay → Professional on the dashboard',
    async () => {
      const page = await newClientPage(browser, baseUrl)
      const problems = watchForProblems(page)
      await openPricing(page)
      await page.getByRole('button', { name: 'Buy Now' }).click()

      await expectPath(page, '/login')
      await page.getByText('Please sign in to continue with your purchase').waitFor()
      await page.getByText('Selected plan: Professional').waitFor()
      await waitForHydration(page)
      await signInInBrowser(page, buyer.email)

      await expectPath(page, '/pricing')
      const dialog = checkoutDialog(page)
      await dialog.waitFor()
      const shown = (await dialog.textContent()) ?? ''
      for (const text of ['TEST MODE — no real money', 'Professional', '₹299', 'Asha Rao', buyer.email])
        expect(shown).toContain(text)
      // The resume request left history: a reload or Back cannot start a second payment.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const state = window.history.state as { planType?: unknown; continuePayment?: unknown } | null
            return { planType: state?.planType, continuePayment: state?.continuePayment }
          }),
        )
        .toEqual({})
      await expect(page.locator('[data-plan] button').allTextContents()).resolves.toEqual([
        'Processing...',
        'Processing...',
        'Processing...',
      ])
      await expect(page.locator('[data-plan] button:disabled').count()).resolves.toBe(3)

      await dialog.getByRole('button', { name: 'Pay ₹299' }).click()
      await page.getByText('Payment Successful!').waitFor({ timeout: 15_000 })
      await expectPath(page, '/dashboard', 15_000)
      await expect.poll(() => planName(page).textContent(), { timeout: 15_000 }).toBe('Professional')
      const card = (await page.getByRole('region', { name: 'Current Plan' }).textContent()) ?? ''
      expect(card).toContain('Active')
      expect(card).toContain('Interviews included15')
      await expect(page.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).resolves.toBe('/pricing')

      await page.goto(`${baseUrl}/subscription`)
      const rows = page.locator('tr[data-order-id]')
      await rows.first().waitFor()
      await expect(rows.count()).resolves.toBe(1)
      const row = (await rows.first().textContent()) ?? ''
      for (const text of ['Professional', '₹299', 'Paid', 'TEST', 'pay_']) expect(row).toContain(text)
      await expect(planName(page).textContent()).resolves.toBe('Professional')
      expect(problems).toEqual([])
      await page.close()
    },
    slow,
  )

  it(
    'a declined card shows Payment Failed and the reason; closing the checkout cancels; the plan stays none',
    async () => {
      const page = await newClientPage(browser, baseUrl)
      const problems = watchForProblems(page)
      await signIn(page, hesitant.email)
      await openPricing(page)

      await page.getByRole('button', { name: 'Go Pro' }).click()
      const dialog = checkoutDialog(page)
      await dialog.waitFor()
      await expect(dialog.textContent()).resolves.toContain('₹499')
      // Focus stays inside the dialog.
      for (let press = 0; press < 5; press += 1) {
        await page.keyboard.press('Tab')
        await expect(page.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true)
      }
      await dialog.getByRole('button', { name: 'Decline payment' }).click()
      await page.getByText('Payment Failed', { exact: true }).waitFor()
      await page.getByText('Please try again!', { exact: true }).waitFor()
      await expect(page.getByTestId('payment-error').textContent()).resolves.toBe(`✕${declined}`)
      await expect(dialog.count()).resolves.toBe(0)

      // Escape closes the checkout; a new attempt first clears the earlier error.
      await page.getByRole('button', { name: 'Get your starter pack now' }).click()
      await dialog.waitFor()
      await expect(page.getByTestId('payment-error').count()).resolves.toBe(0)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByTestId('payment-error').textContent()).toBe('✕Payment cancelled by user')
      await page.getByText('Payment Failed', { exact: true }).waitFor()

      await page.getByRole('button', { name: 'Buy Now' }).click()
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect.poll(() => page.getByTestId('payment-error').textContent()).toBe('✕Payment cancelled by user')
      await expect(page.locator('[data-plan] button:disabled').count()).resolves.toBe(0)

      await page.goto(`${baseUrl}/dashboard`)
      await expect.poll(() => planName(page).textContent(), { timeout: 15_000 }).toBe('No plan')
      await page.goto(`${baseUrl}/subscription`)
      const failed = page.locator('tr[data-order-id]', { hasText: 'Failed' })
      await failed.waitFor()
      await expect(failed.textContent()).resolves.toContain(declined)
      await expect(page.locator('tr[data-order-id]').count()).resolves.toBe(3)
      expect(problems).toEqual([])
      await page.close()
    },
    slow,
  )
})
