import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import {
  createConfirmedAccount,
  expectPath,
  newClientPage,
  password,
  signInInBrowser,
  waitForHydration,
} from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')
const invalidCredentials =
  "Invalid email or password. If you signed up using 'Continue with Google', please use that option to sign in, or click 'Forgot Password' to set up a password for email login."

describe('sign-in', () => {
  let browser: Browser
  let email: string

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    const page = await newClientPage(browser, baseUrl)
    email = (await createConfirmedAccount(page, baseUrl, 'signin')).email
    await page.close()
  })

  it('checks the form before sending it', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please enter both email and password.')
    await signInInBrowser(page, 'not-an-email', 'x')
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please enter a valid email address.')
    await page.close()
  })

  it('shows the exact invalid-credentials message for a wrong password', async () => {
    const page = await newClientPage(browser, baseUrl)
    const tracked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('site.trackEvent')) tracked.push(request.postData() ?? '')
    })
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, email, 'Wrong-password-1')
    await page.getByText(invalidCredentials, { exact: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    // The failure is recorded for analytics.
    await expect.poll(() => tracked.join('\n')).toContain('sign_in_failed')
    await page.close()
  })

  it('offers Google, sign-up and password reset from the sign-in page', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await expect(page.getByRole('link', { name: "Sign up, it's free!" }).getAttribute('href')).resolves.toBe('/signup')
    await expect(page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).resolves.toBe(
      '/reset-password',
    )
    await expect(page.getByRole('button', { name: 'Continue with Google' }).isVisible()).resolves.toBe(true)
    await page.close()
  })

  it('sends a signed-out visitor of /dashboard to /login and back after signing in', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/dashboard`)
    await expectPath(page, '/login')
    await waitForHydration(page)
    await signInInBrowser(page, email, password)
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Welcome back, Asha!' }).waitFor()
    await page.close()
  })
})
