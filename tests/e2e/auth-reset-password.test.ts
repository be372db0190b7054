import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import {
  createConfirmedAccount,
  expectPath,
  linkFromMailbox,
  newClientPage,
  signInInBrowser,
  waitForHydration,
} from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')
const newPassword = 'Changed456'

describe('password reset', () => {
  let browser: Browser

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('requests a link, sets a new password from the mailed link and signs in with it', async () => {
    const page = await newClientPage(browser, baseUrl)
    const { email } = await createConfirmedAccount(page, baseUrl, 'reset')

    await page.goto(`${baseUrl}/reset-password`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please enter your email address.')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.getByRole('button', { name: 'Try again' }).waitFor()

    const link = await linkFromMailbox(page, baseUrl, email, '/reset-password#access_token=')
    await page.goto(link)
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor()
    // The tokens leave the address bar as soon as they are read.
    expect(page.url()).toBe(`${baseUrl}/reset-password`)

    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password').fill('Different456')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Passwords do not match.')
    await page.getByLabel('Confirm new password').fill(newPassword)
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByRole('heading', { name: 'Password Updated!' }).waitFor()
    await expectPath(page, '/login')

    await waitForHydration(page)
    await signInInBrowser(page, email, newPassword)
    await expectPath(page, '/dashboard')
    await page.close()
  })

  it('keeps the form it hydrated, and what is typed into it, when no reset link is opened', async () => {
    const page = await newClientPage(browser, baseUrl)
    const { email } = await createConfirmedAccount(page, baseUrl, 'reset-early')
    await page.goto(`${baseUrl}/reset-password`)
    await waitForHydration(page)
    const field = page.getByLabel('Email')
    await field.evaluate((input) => input.setAttribute('data-typed-in', 'yes'))
    await field.fill(email)
    // Two frames on, by when the page used to start its flow over in the browser with a new form.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await expect(field.getAttribute('data-typed-in')).resolves.toBe('yes')
    await expect(field.inputValue()).resolves.toBe(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.getByRole('button', { name: 'Try again' }).waitFor()
    await page.close()
  })

  it("checks a used or made-up link first and shows the product's message, never the new-password form", async () => {
    const page = await newClientPage(browser, baseUrl)
    const { email } = await createConfirmedAccount(page, baseUrl, 'reset-used')
    await requestResetLink(page, email)
    const link = await linkFromMailbox(page, baseUrl, email, '/reset-password#access_token=')
    await page.goto(link)
    await setNewPassword(page)
    await page.getByRole('heading', { name: 'Password Updated!' }).waitFor()

    await recordPasswordFormSightings(page)
    await page.goto(`${baseUrl}/`)
    for (const badLink of [
      link,
      `${baseUrl}/reset-password#access_token=made-up&refresh_token=made-up&type=recovery`,
    ]) {
      await page.goto(badLink)
      await page.getByText('Invalid or expired reset link. Please request a new one.', { exact: true }).waitFor()
      await expect(page.getByRole('button', { name: 'Send Reset Link' }).count()).resolves.toBe(1)
      await expect(page.evaluate(() => (window as { sawPasswordForm?: boolean }).sawPasswordForm)).resolves.toBe(false)
    }
    await page.close()
  })

  it('follows a reset link opened in the tab that is already on /reset-password', async () => {
    const page = await newClientPage(browser, baseUrl)
    const mailbox = await newClientPage(browser, baseUrl)
    const { email } = await createConfirmedAccount(mailbox, baseUrl, 'reset-same-tab')
    // This tab asks for the link and stays on the page that says it was sent.
    await requestResetLink(page, email)
    const link = await linkFromMailbox(mailbox, baseUrl, email, '/reset-password#access_token=')
    // Same path, new hash: the browser does not reload, as when the link is pasted into this tab.
    await page.evaluate((href) => {
      window.location.href = href
    }, link)
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor()
    expect(page.url()).toBe(`${baseUrl}/reset-password`)
    await mailbox.close()
    await page.close()
  })
})

async function requestResetLink(page: Page, email: string) {
  await page.goto(`${baseUrl}/reset-password`)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await page.getByRole('button', { name: 'Try again' }).waitFor()
}

async function setNewPassword(page: Page) {
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Update Password' }).click()
}

/** From every next document on: notes whether a new-password field was ever in the page. */
async function recordPasswordFormSightings(page: Page) {
  await page.addInitScript(() => {
    const state = window as { sawPasswordForm?: boolean }
    state.sawPasswordForm = false
    new MutationObserver(() => {
      if (document.querySelector('input[autocomplete="new-password"]')) state.sawPasswordForm = true
    }).observe(document, { childList: true, subtree: true })
  })
}
