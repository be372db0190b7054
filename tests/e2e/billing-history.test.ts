import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { pdfText } from '#tests/support/invoices.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  buyPlan,
  confirmedAccount,
  signInToDashboard,
  trpcClient,
  watchForProblems,
  type TestAccount,
} from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')

type Entry = { orderId: string; paymentId: string | null; status: string; invoiceNumber: string | null }

describe('billing history with invoices', () => {
  let browser: Browser
  let account: TestAccount
  let entries: Entry[]

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    account = await confirmedAccount(baseUrl, 'invoices')
    await buyPlan(baseUrl, account.token, 'starter')
    // An order left unpaid: pending, no payment, no invoice.
    await trpcClient(baseUrl).mutate(
      'payments.createOrder',
      { planType: 'pro', billingCycle: 'monthly' },
      account.token,
    )
    entries = await vi.waitFor(
      async () => {
        const { entries: listed } = await trpcClient(baseUrl).query<{ entries: Entry[] }>(
          'payments.billingHistory',
          undefined,
          account.token,
        )
        if (listed.length !== 2 || !listed.some((entry) => entry.invoiceNumber))
          throw new Error('the paid order and the pending one are not both listed yet')
        return listed
      },
      { timeout: 10_000, interval: 100 },
    )
  }, 120_000)

  async function openHistory(width: number): Promise<{ page: Page; problems: string[] }> {
    const page = await newClientPage(browser, baseUrl)
    await page.setViewportSize({ width, height: 900 })
    const problems = watchForProblems(page, baseUrl)
    await signInToDashboard(page, baseUrl, account.email)
    await page.goto(`${baseUrl}/subscription`)
    await waitForHydration(page)
    await page.getByRole('heading', { name: 'Billing History' }).waitFor()
    await page.locator('[data-order-id]:visible').first().waitFor()
    return { page, problems }
  }

  /**
   * Each id on screen (the table from 768 px, cards below): its text, its full id, and how many
   * line boxes it takes (2 or more: it wrapped).
   */
  const shownIds = (page: Page) =>
    page.locator('[data-full-id]:visible').evaluateAll((spans) =>
      spans.map((span) => ({
        text: span.textContent,
        full: span.getAttribute('data-full-id') ?? '',
        lines: span.getClientRects().length,
      })),
    )

  for (const width of [390, 1280]) {
    it(`at ${width} px shows every order on one line per id, with status, and downloads the invoice`, async () => {
      const { page, problems } = await openHistory(width)
      const paid = entries.find((entry) => entry.status === 'paid')
      const pending = entries.find((entry) => entry.status === 'created')
      if (!paid?.invoiceNumber || !pending) throw new Error('expected a paid and a pending order')

      const ids = await shownIds(page)
      expect(ids.map((id) => id.full).toSorted()).toEqual(
        [paid.orderId, paid.paymentId ?? '', pending.orderId].toSorted(),
      )
      for (const id of ids) {
        expect(id.lines).toBe(1)
        expect(id.text.length).toBeLessThan(id.full.length)
        expect(id.text.endsWith(id.full.slice(-6))).toBe(true)
      }
      // Nothing scrolls sideways: every order, its invoice and its ids are on screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      const overflowing = await page
        .locator('[data-order-id]:visible')
        .evaluateAll((rows) => rows.filter((row) => row.getBoundingClientRect().right > window.innerWidth).length)
      expect(overflowing).toBe(0)

      const pendingRow = page.locator(`[data-order-id="${pending.orderId}"]:visible`)
      expect(await pendingRow.locator('[data-color]').textContent()).toBe('Pending')
      const paidRow = page.locator(`[data-order-id="${paid.orderId}"]:visible`)
      expect(await paidRow.locator('[data-color]').textContent()).toBe('Paid')

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        paidRow.getByRole('button', { name: `Download invoice ${paid.invoiceNumber} (PDF)` }).click(),
      ])
      expect(download.suggestedFilename()).toBe(`${paid.invoiceNumber.replaceAll('/', '-')}.pdf`)
      const text = await pdfText(new Uint8Array(await readFile(await download.path())))
      expect(text).toContain(paid.invoiceNumber)
      expect(text).toContain('INR 99.00')

      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
      await paidRow.getByRole('button', { name: `Copy order ID ${paid.orderId}` }).click()
      await paidRow
        .getByRole('button', { name: `Copy order ID ${paid.orderId}` })
        .getByText('Copied')
        .waitFor()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(paid.orderId)
      expect(problems).toEqual([])
      await page.close()
    })
  }

  it('opens the page the receipt links to and downloads the invoice there', async () => {
    const paid = entries.find((entry) => entry.status === 'paid')
    if (!paid?.invoiceNumber) throw new Error('expected a paid order')
    const { page, problems } = await openHistory(390)
    await page.goto(`${baseUrl}/invoice/${paid.orderId}`)
    await waitForHydration(page)
    await page.getByRole('heading', { name: 'Your invoice' }).waitFor()
    await page.getByText(paid.invoiceNumber).waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download invoice ${paid.invoiceNumber} (PDF)` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`${paid.invoiceNumber.replaceAll('/', '-')}.pdf`)
    expect(problems).toEqual([])
    await page.close()
  })
})
