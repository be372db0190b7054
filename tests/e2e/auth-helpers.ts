import { randomInt, randomUUID } from 'node:crypto'
import { expect, vi } from 'vitest'
import type { Browser, Page } from 'playwright-core'

export const password = 'Interview123'

/**
 * A page posing as its own client address towards the app (the test server trusts
 * X-Forwarded-For), so the per-network abuse limits on sign-up and sign-in never mix this test up
 * with the others. Only the app's requests get the header: on a cross-origin call (Supabase) it
 * would fail the CORS preflight.
 */
export async function newClientPage(browser: Browser, appUrl: string): Promise<Page> {
  const address = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`
  const page = await browser.newPage()
  await page.route(`${appUrl}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  )
  return page
}

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`
}

/** The same path on the server under test: mailed links carry PUBLIC_URL, which tests leave unset. */
function onServer(baseUrl: string, link: string): string {
  const url = new URL(link)
  return `${baseUrl}${url.pathname}${url.search}${url.hash}`
}

/**
 * Opens /dev/mailbox until a message to `email` with a link containing `linkPart` shows up (mail is
 * delivered by a background job), and returns that link.
 */
export async function linkFromMailbox(
  page: Page,
  baseUrl: string,
  email: string,
  linkPart: string,
  timeoutMs = 30_000,
): Promise<string> {
  return vi.waitFor(
    async () => {
      await page.goto(`${baseUrl}/dev/mailbox`)
      await page.getByRole('heading', { name: 'Development mailbox' }).waitFor()
      // The list loads after hydration: wait for its answer (messages, none, or an error), not just the heading.
      await page
        .locator('main article')
        .or(page.getByText('No messages yet.'))
        .or(page.getByRole('alert'))
        .first()
        .waitFor()
      const link = page.locator(`article[data-to="${email}"]`).first().locator(`a[href*="${linkPart}"]`).first()
      const href = (await link.count()) ? await link.getAttribute('href') : null
      if (!href) throw new Error(`no mail to ${email} with a link to ${linkPart}`)
      return onServer(baseUrl, href)
    },
    { timeout: timeoutMs, interval: 500 },
  )
}

/** The confirmation links mailed to `email`, newest first, once there are at least `count`, on the server under test. */
export async function confirmationLinks(page: Page, baseUrl: string, email: string, count: number): Promise<string[]> {
  const links = page.locator(`article[data-to="${email}"] a[href*="/email-confirmed"]`)
  await expect
    .poll(
      async () => {
        await page.goto(`${baseUrl}/dev/mailbox`)
        await page.locator('main article').or(page.getByText('No messages yet.')).first().waitFor()
        return links.count()
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBeGreaterThanOrEqual(count)
  const hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''))
  return hrefs.map((href) => onServer(baseUrl, href))
}

export async function signUpInBrowser(
  page: Page,
  baseUrl: string,
  user: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await page.goto(`${baseUrl}/signup`)
  await waitForHydration(page)
  await page.getByLabel('First name').fill(user.firstName)
  await page.getByLabel('Last name').fill(user.lastName)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor()
}

/** Signs up and follows the confirmation link of the dev mailbox, as a new user would. */
export async function createConfirmedAccount(page: Page, baseUrl: string, tag: string) {
  const user = { firstName: 'Asha', lastName: 'Rao', email: uniqueEmail(tag) }
  await signUpInBrowser(page, baseUrl, user)
  await page.goto(await linkFromMailbox(page, baseUrl, user.email, '/email-confirmed'))
  await page.getByRole('heading', { name: 'Email Confirmed!' }).waitFor({ timeout: 15_000 })
  return user
}

export async function signInInBrowser(page: Page, email: string, secret = password): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(secret)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** Waits until the app has hydrated, so clicks reach React rather than the server-rendered HTML. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector('header')
    return header !== null && Object.keys(header).some((key) => key.startsWith('__reactFiber$'))
  })
}

export async function expectPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout })
  expect(new URL(page.url()).pathname).toBe(pathname)
}
