/**
 * A paying customer's first week: results brought to the person on a phone, dialogs that cannot pay
 * by a stray Enter and give focus back, plan buttons reachable by Tab, a user menu that works with
 * arrow keys, and a console that says what to do when the interviews are used up.
 */
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { newClientPage, password, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  buyPlan,
  confirmedAccount,
  countedSessions,
  longUsDate,
  signInToDashboard,
  trpcClient,
  type TestAccount,
} from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')
// Purchases wait for the sandbox webhook; the shared two-core machine adds the rest.
const slow = 150_000

const card = (page: Page, planId: string) => page.locator(`[data-plan="${planId}"]`)
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Interview Helper checkout' })
const confirmDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('#plan-change-title') })

async function signedInAt(browser: Browser, width: number, account: TestAccount): Promise<Page> {
  const page = await newClientPage(browser, baseUrl)
  await page.setViewportSize({ width, height: 812 })
  await signInToDashboard(page, baseUrl, account.email)
  return page
}

async function openPricing(page: Page) {
  await page.goto(`${baseUrl}/pricing`)
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'Prices that makes sense!', level: 1 }).waitFor()
}

/** The focused element's text, and whether all of it is on the screen. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return { text: '', onScreen: false }
    const box = element.getBoundingClientRect()
    return {
      text: element.textContent,
      onScreen: box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight,
    }
  })

describe('a paying customer’s first week', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  }, 60_000)

  it.each([375, 1280])(
    'at %i px a declined or closed checkout brings Payment Failed on screen and focuses it',
    async (width) => {
      const account = await confirmedAccount(baseUrl, `declined-${width}`)
      const page = await signedInAt(browser, width, account)
      await openPricing(page)
      await card(page, 'pro').getByRole('button', { name: 'Go Pro' }).click()
      await checkoutDialog(page).getByRole('button', { name: 'Decline payment' }).click()
      await page.getByText('Payment Failed', { exact: true }).waitFor()
      await expect.poll(() => focused(page)).toMatchObject({ onScreen: true })
      expect((await focused(page)).text).toContain('Payment Failed')

      // Closed with Escape: the same, with the cancellation's reason.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await card(page, 'starter').getByRole('button').click()
      await checkoutDialog(page).waitFor()
      await page.keyboard.press('Escape')
      await expect.poll(async () => (await focused(page)).text).toContain('Payment cancelled by user')
      await expect.poll(() => focused(page)).toMatchObject({ onScreen: true })
      await page.close()
    },
    slow,
  )

  it.each([375, 1280])(
    'at %i px a checkout closed unpaid shows as Abandoned in the billing history at once, saying so',
    async (width) => {
      const account = await confirmedAccount(baseUrl, `abandoned-${width}`)
      const page = await signedInAt(browser, width, account)
      await openPricing(page)
      await card(page, 'professional').getByRole('button', { name: 'Buy Now' }).click()
      await checkoutDialog(page).waitFor()
      await page.keyboard.press('Escape')
      await expect.poll(async () => (await focused(page)).text).toContain('Payment cancelled by user')
      await page.goto(`${baseUrl}/subscription`)
      await waitForHydration(page)
      const order = page.locator('[data-order-id]:visible').first()
      await expect.poll(() => order.textContent(), { timeout: 15_000 }).toContain('Abandoned')
      await expect(order.textContent()).resolves.toContain(
        'You closed the checkout without paying. A payment that still goes through shows here.',
      )
      await expect(order.textContent()).resolves.not.toContain('Pending')
      await page.close()
    },
    slow,
  )

  it(
    'at 375 px scheduling a switch and cancelling it each bring the result on screen, in the lifecycle’s words',
    async () => {
      const account = await confirmedAccount(baseUrl, 'switch-notice')
      await buyPlan(baseUrl, account.token, 'pro')
      const { subscription } = await trpcClient(baseUrl).query<{ subscription: { currentPeriodEnd: string } }>(
        'payments.subscription',
        undefined,
        account.token,
      )
      const switchDate = longUsDate(subscription.currentPeriodEnd)
      const page = await signedInAt(browser, 375, account)
      await openPricing(page)
      const starter = card(page, 'starter').getByRole('button')
      await expect.poll(() => starter.textContent(), { timeout: 15_000 }).toBe(`Switch to Starter on ${switchDate}`)
      await starter.click()
      const dialog = confirmDialog(page)
      await expect(dialog.textContent()).resolves.toContain(
        `You keep Pro and its interviews until ${switchDate}, when it ends. Nothing renews and nothing is charged automatically`,
      )
      await dialog.getByRole('button', { name: 'Schedule the switch' }).click()
      await expect
        .poll(() => focused(page), { timeout: 15_000 })
        .toEqual({ text: `Your plan switches to Starter on ${switchDate}. Nothing is charged now.`, onScreen: true })

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await card(page, 'starter').getByRole('button', { name: 'Keep Pro instead' }).click()
      await expect(dialog.textContent()).resolves.toContain(
        `If you cancel the switch to Starter, you keep Pro until ${switchDate}`,
      )
      await dialog.getByRole('button', { name: 'Cancel the switch' }).click()
      await expect
        .poll(() => focused(page), { timeout: 15_000 })
        .toEqual({
          text: `The switch to Starter is cancelled. You keep Pro until ${switchDate}, when it ends. Nothing renews and nothing is charged automatically.`,
          onScreen: true,
        })
      await page.close()
    },
    slow,
  )

  it(
    'at 1280 px a plan-change dialog opens on "Not now", so Enter pays nothing, and gives focus back on Escape',
    async () => {
      const account = await confirmedAccount(baseUrl, 'dialog-focus')
      await buyPlan(baseUrl, account.token, 'starter')
      const page = await signedInAt(browser, 1280, account)
      await openPricing(page)
      const pro = card(page, 'pro').getByRole('button')
      await expect.poll(() => pro.textContent(), { timeout: 15_000 }).toBe('Upgrade now — pay ₹400 today')

      await pro.click()
      await confirmDialog(page).waitFor()
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Not now')
      await page.keyboard.press('Enter')
      await confirmDialog(page).waitFor({ state: 'detached' })
      await expect(checkoutDialog(page).count()).resolves.toBe(0)
      await expect(pro.evaluate((button) => button === document.activeElement)).resolves.toBe(true)

      await pro.click()
      await confirmDialog(page).waitFor()
      await page.keyboard.press('Escape')
      await confirmDialog(page).waitFor({ state: 'detached' })
      await expect(pro.evaluate((button) => button === document.activeElement)).resolves.toBe(true)
      await page.close()
    },
    slow,
  )

  it('on the landing page the plan buttons are in the Tab order before the pricing section is scrolled to', async () => {
    const account = await confirmedAccount(baseUrl, 'landing-tab')
    const page = await signedInAt(browser, 1280, account)
    await page.goto(`${baseUrl}/`)
    await waitForHydration(page)
    const goPro = card(page, 'pro').getByRole('button')
    // What Tab does on reaching it: focus it (a disabled button is skipped and cannot take focus).
    await expect(
      goPro.evaluate((button: HTMLElement) => (button.focus(), button === document.activeElement)),
    ).resolves.toBe(true)
    await expect.poll(() => goPro.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull()
    await page.keyboard.press('Enter')
    await checkoutDialog(page).waitFor()
    await page.close()
  })

  it('the user menu moves with arrow keys and shows where the focus is', async () => {
    const account = await confirmedAccount(baseUrl, 'user-menu', { firstName: 'Ravi', lastName: 'Kumar' })
    const page = await signedInAt(browser, 1280, account)
    await page.getByRole('button', { name: /^Account menu for Ravi/ }).focus()
    await page.keyboard.press('ArrowDown')
    const menu = page.getByRole('group', { name: 'Account menu' })
    await menu.waitFor()
    const items = await menu.locator('a, button').allTextContents()
    const activeText = () => page.evaluate(() => document.activeElement?.textContent)
    await expect(activeText()).resolves.toBe(items[0])
    await page.keyboard.press('ArrowDown')
    await expect(activeText()).resolves.toBe(items[1])
    await page.keyboard.press('End')
    await expect(activeText()).resolves.toBe('Sign Out')
    await page.keyboard.press('ArrowDown')
    await expect(activeText()).resolves.toBe(items[0])
    await page.keyboard.press('ArrowUp')
    await expect(activeText()).resolves.toBe('Sign Out')
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement ?? document.body)
      return { style: style.outlineStyle, width: style.outlineWidth }
    })
    expect(outline.style).not.toBe('none')
    expect(Number.parseFloat(outline.width)).toBeGreaterThanOrEqual(2)
    await page.close()
  })

  it(
    'with no interviews left, Start session is off and the console says what to do, with a link',
    async () => {
      const account = await confirmedAccount(baseUrl, 'used-up')
      await buyPlan(baseUrl, account.token, 'starter')
      await countedSessions(baseUrl, account.token, 5)
      const page = await signedInAt(browser, 375, account)
      await page.goto(`${baseUrl}/interview`)
      await page.getByRole('heading', { name: 'Practice Console', level: 1 }).waitFor()
      const session = page.getByRole('region', { name: 'Session', exact: true })
      await expect
        .poll(() => session.getByTestId('console-usage').textContent(), { timeout: 15_000 })
        .toBe('5 of 5 interviews used · 0 remaining')
      await expect(session.getByRole('button', { name: 'Start session' }).isDisabled()).resolves.toBe(true)
      const note = session.getByTestId('interviews-used-up')
      await expect(note.textContent()).resolves.toMatch(
        /^You have used all 5 interviews of your Starter plan for this period, which ends on [A-Z][a-z]+ \d{1,2}, \d{4}\. For more interviews now, choose a higher plan or add a month on the pricing page\. Nothing renews and nothing is charged automatically\.$/,
      )
      await expect(note.getByRole('link', { name: 'the pricing page' }).getAttribute('href')).resolves.toBe('/pricing')
      await page.close()
    },
    slow,
  )

  it(
    'at 375 px deleting the account of a Pro customer says the plan ends now with no refund, then says it is done and mails a goodbye',
    async () => {
      const account = await confirmedAccount(baseUrl, 'delete-pro')
      await buyPlan(baseUrl, account.token, 'pro')
      const page = await signedInAt(browser, 375, account)
      await page.goto(`${baseUrl}/profile`)
      await waitForHydration(page)
      await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
      await dialog.waitFor()
      await expect(dialog.textContent()).resolves.toContain(
        'Your Pro plan ends now, with the account. The unused part of its period is not refunded, as our Cancellation and Refund Policy says.',
      )
      await expect(dialog.getByRole('link', { name: 'Read the policy' }).getAttribute('href')).resolves.toBe('/refunds')
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
      await dialog.getByLabel('Your password').fill(password)
      await dialog.getByRole('button', { name: 'Delete my account' }).click()
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/')
      // The person is told on screen what happened, where they are looking.
      await expect
        .poll(() => focused(page), { timeout: 15_000 })
        .toEqual({
          text: `Your account is deleted. A last e-mail to ${account.email} confirms it.`,
          onScreen: true,
        })
      await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted.' }).count()).resolves.toBe(1)
      await expect
        .poll(
          async () => {
            const { messages } = await trpcClient(baseUrl).query<{ messages: { to: string; subject: string }[] }>(
              'site.devMailbox',
              undefined,
            )
            return messages.filter((mail) => mail.to === account.email).map((mail) => mail.subject)
          },
          { timeout: 15_000 },
        )
        .toContain('Your Interview Helper account is deleted')
      await page.close()
    },
    slow,
  )
  it(
    'at 375, 768 and 1280 px the plan card’s labels keep to one line, and a Pro customer is not asked to upgrade',
    async () => {
      const account = await confirmedAccount(baseUrl, 'pro-card')
      await buyPlan(baseUrl, account.token, 'pro')
      const page = await signedInAt(browser, 768, account)
      const planCard = page.getByRole('region', { name: 'Current Plan' })
      await expect.poll(() => planCard.getByTestId('plan-name').textContent(), { timeout: 15_000 }).toBe('Pro')
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        const wrapped = await planCard.locator('dt').evaluateAll((labels) =>
          labels
            // A label's text on more than one line box: it wrapped.
            .filter((label) => {
              const range = document.createRange()
              range.selectNodeContents(label)
              return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1
            })
            .map((label) => label.textContent),
        )
        expect({ width, wrapped }).toEqual({ width, wrapped: [] })
      }
      await expect(planCard.getByRole('link', { name: 'Upgrade Plan' }).count()).resolves.toBe(0)
      await expect(planCard.getByRole('link', { name: 'Extend or Change Plan' }).getAttribute('href')).resolves.toBe(
        '/pricing',
      )
      await page.close()
    },
    slow,
  )

  it('titles the tab of an unknown blog article Page Not Found', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/blog/no-such-article`)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
    expect(await page.title()).toBe('Page Not Found | Interview Helper')
    await page.close()
  })
})
