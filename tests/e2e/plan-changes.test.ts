import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  buyPlan,
  confirmedAccount,
  longUsDate,
  signInToDashboard,
  trpcClient,
  watchForProblems,
  type TestAccount,
} from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')
// A purchase waits 2 s for the webhook and 2 s before leaving; the shared two-core machine adds the rest.
const slow = 150_000

type Subscription = {
  subscription: { planType: string; currentPeriodEnd: string | null; interviewsIncluded: number }
  features: { maxInterviews: number }
}
type Billing = { entries: { planType: string; amount: number; status: string }[] }

const currentPlanCard = (page: Page) => page.getByRole('region', { name: 'Current Plan' })
const card = (page: Page, planId: string) => page.locator(`[data-plan="${planId}"]`)
const confirmDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('#plan-change-title') })
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Interview Helper checkout' })

async function openPricing(page: Page) {
  await page.goto(`${baseUrl}/pricing`)
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'Prices that makes sense!', level: 1 }).waitFor()
}

const subscriptionOf = (account: TestAccount) =>
  trpcClient(baseUrl).query<Subscription>('payments.subscription', undefined, account.token)
const billingOf = (account: TestAccount) =>
  trpcClient(baseUrl).query<Billing>('payments.billingHistory', undefined, account.token)

/** "Interviews included" on the plan card, "N interviews this period" in Plan Features, "of N" in usage. */
async function interviewCounts(page: Page) {
  const planCard = (await currentPlanCard(page).textContent()) ?? ''
  const included = /Interviews included(\d+)/.exec(planCard)?.[1]
  const featuresCard = page.getByRole('region', { name: 'Plan Features' })
  const features = (await featuresCard.count()) > 0 ? ((await featuresCard.textContent()) ?? '') : ''
  const perPeriod = /(\d+) interviews this period/.exec(features)?.[1]
  const usageCard = page.getByRole('region', { name: 'Interview Usage' })
  const usage = (await usageCard.count()) > 0 ? ((await usageCard.textContent()) ?? '') : ''
  const total = /of (\d+) interviews used/.exec(usage)?.[1]
  return { included, perPeriod, total }
}

describe('changing plans on the pricing page', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  }, 60_000)

  it(
    'a Pro user choosing Starter sees the switch scheduled for the end of the period and pays nothing now',
    async () => {
      const account = await confirmedAccount(baseUrl, 'downgrade')
      await buyPlan(baseUrl, account.token, 'pro')
      const periodEnd = (await subscriptionOf(account)).subscription.currentPeriodEnd
      if (!periodEnd) throw new Error('no period')
      const switchDate = longUsDate(periodEnd)

      const page = await newClientPage(browser, baseUrl)
      const problems = watchForProblems(page, baseUrl)
      await signInToDashboard(page, baseUrl, account.email)
      await openPricing(page)

      await card(page, 'pro').getByText('Current plan').waitFor()
      await expect(card(page, 'starter').getByText('Current plan').count()).resolves.toBe(0)
      const starterButton = card(page, 'starter').getByRole('button')
      await expect
        .poll(() => starterButton.textContent(), { timeout: 15_000 })
        .toBe(`Switch to Starter on ${switchDate}`)
      await expect(card(page, 'starter').textContent()).resolves.toContain('Nothing to pay now.')

      await starterButton.click()
      const dialog = confirmDialog(page)
      await dialog.waitFor()
      const asked = (await dialog.textContent()) ?? ''
      expect(asked).toContain(`Switch to Starter on ${switchDate}?`)
      expect(asked).toContain('Nothing is charged now')
      await dialog.getByRole('button', { name: 'Schedule the switch' }).click()
      await dialog.waitFor({ state: 'detached' })

      await page
        .getByText(`Your plan switches to Starter on ${switchDate}. Nothing is charged now.`)
        .waitFor({ timeout: 15_000 })
      await expect(checkoutDialog(page).count()).resolves.toBe(0)
      await expect(card(page, 'starter').getByRole('button').textContent()).resolves.toBe('Keep Pro instead')
      // Nothing was ordered: the only order is the Pro one.
      const billing = await billingOf(account)
      expect(billing.entries.map((entry) => [entry.planType, entry.amount, entry.status])).toEqual([
        ['pro', 49900, 'paid'],
      ])

      await page.goto(`${baseUrl}/dashboard`)
      await waitForHydration(page)
      const planCard = currentPlanCard(page)
      await expect
        .poll(() => planCard.textContent(), { timeout: 15_000 })
        .toContain(`Next planStarter from ${switchDate}`)
      expect(await planCard.getByTestId('plan-name').textContent()).toBe('Pro')
      await expect.poll(() => interviewCounts(page)).toEqual({ included: '25', perPeriod: '25', total: '25' })
      expect(problems).toEqual([])
      await page.close()
    },
    slow,
  )

  it(
    'a Starter user upgrading to Pro sees the prorated price, confirms it, and pays exactly that',
    async () => {
      const account = await confirmedAccount(baseUrl, 'upgrade')
      await buyPlan(baseUrl, account.token, 'starter')

      const page = await newClientPage(browser, baseUrl)
      const problems = watchForProblems(page, baseUrl)
      await signInToDashboard(page, baseUrl, account.email)
      await openPricing(page)

      await card(page, 'starter').getByText('Current plan').waitFor()
      // Bought moments ago, so the whole ₹99 period is unused: ₹499 − ₹99.
      const proButton = card(page, 'pro').getByRole('button')
      await expect.poll(() => proButton.textContent(), { timeout: 15_000 }).toBe('Upgrade now — pay ₹400 today')
      await expect(card(page, 'pro').textContent()).resolves.toContain(
        '₹499 less ₹99 for the unused part of your Starter period.',
      )

      await proButton.click()
      const dialog = confirmDialog(page)
      await dialog.waitFor()
      const asked = (await dialog.textContent()) ?? ''
      expect(asked).toContain('Upgrade to Pro now?')
      expect(asked).toContain('you pay ₹400 today')
      await dialog.getByRole('button', { name: 'Pay ₹400' }).click()

      const checkout = checkoutDialog(page)
      await checkout.waitFor()
      const shown = (await checkout.textContent()) ?? ''
      expect(shown).toContain('₹400 today')
      expect(shown).toContain('₹499 less ₹99 unused from your Starter period')
      await checkout.getByRole('button', { name: 'Pay ₹400' }).click()
      await page.getByText('Payment Successful!').waitFor({ timeout: 15_000 })
      await expectPath(page, '/dashboard', 15_000)
      await expect
        .poll(() => currentPlanCard(page).getByTestId('plan-name').textContent(), { timeout: 15_000 })
        .toBe('Pro')

      const billing = await billingOf(account)
      expect(billing.entries[0]).toMatchObject({ planType: 'pro', amount: 40000, status: 'paid' })

      // The dashboard and the subscription page tell the same number of interviews.
      await expect
        .poll(() => interviewCounts(page), { timeout: 15_000 })
        .toEqual({ included: '25', perPeriod: '25', total: '25' })
      await page.goto(`${baseUrl}/subscription`)
      await waitForHydration(page)
      await expect.poll(() => interviewCounts(page), { timeout: 15_000 }).toMatchObject({ included: '25' })
      const { subscription, features } = await subscriptionOf(account)
      expect([subscription.interviewsIncluded, features.maxInterviews]).toEqual([25, 25])
      expect(problems).toEqual([])
      await page.close()
    },
    slow,
  )
})
