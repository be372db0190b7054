import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, uniqueEmail, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

describe('Google sign-in on the embedded default (sandbox provider)', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('goes from Continue with Google through the TEST MODE consent screen to the dashboard', async () => {
    const page = await newClientPage(browser, baseUrl)
    const email = uniqueEmail('google')
    const seen: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname)
    })
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await expectPath(page, '/auth/google-sandbox')
    await page.getByText('TEST MODE', { exact: true }).waitFor()
    await waitForHydration(page)
    await page.getByLabel('Test Google account e-mail').fill(email)
    await page.getByLabel('Name').fill('Kavya Menon')
    await page.getByRole('button', { name: 'Continue as this test account' }).click()
    await page.getByRole('heading', { name: 'Welcome!' }).waitFor()
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Welcome back, Kavya!' }).waitFor()
    expect(seen).toContain('/auth/callback')
    // The one-time code left the address bar at once.
    expect(page.url()).not.toContain('code=')
    await page.close()
  })

  it('shows the specification’s callback error and returns to sign-in when the person cancels', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/signup`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await expectPath(page, '/auth/google-sandbox')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('heading', { name: 'Authentication Failed' }).waitFor()
    await expect(page.getByRole('alert').textContent()).resolves.toBe('OAuth authentication failed')
    await expectPath(page, '/login')
    await page.close()
  })

  it('refuses a code this browser did not ask for', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/auth/callback?code=${'a'.repeat(43)}&state=forged`)
    await page.getByRole('heading', { name: 'Authentication Failed' }).waitFor()
    await expect(page.getByRole('alert').textContent()).resolves.toBe('No session found')
    await page.close()
  })
})
