import type { Browser } from 'playwright-core'
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

  it("sends a used or made-up link back to request mode with the product's message", async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/reset-password#access_token=made-up&refresh_token=made-up&type=recovery`)
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor()
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password').fill(newPassword)
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Invalid or expired reset link. Please request a new one.', { exact: true }).waitFor()
    await expect(page.getByRole('button', { name: 'Send Reset Link' }).count()).resolves.toBe(1)
    await page.close()
  })
})
