import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createConfirmedAccount, expectPath, newClientPage, signInInBrowser, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

describe('links to the policies', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('the footer leads to each policy page, whose tab title names it', async () => {
    const page = await newClientPage(browser, baseUrl)
    for (const [label, path, title] of [
      ['Terms', '/terms', 'Terms and Conditions | Interview Helper'],
      ['Privacy', '/privacy', 'Privacy Policy | Interview Helper'],
      ['Refunds', '/refunds', 'Cancellation and Refund Policy | Interview Helper'],
    ] as const) {
      await page.goto(`${baseUrl}/download`)
      await waitForHydration(page)
      await page.locator(`footer [data-footer-link="${label}"]`).click()
      await expectPath(page, path)
      await page.waitForFunction((expected) => document.title === expected, title)
      await page.getByRole('heading', { level: 1, name: title.replace(' | Interview Helper', '') }).waitFor()
    }
    await page.close()
  })

  it('the sign-up form links the Terms and the Privacy Policy', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/signup`)
    await waitForHydration(page)
    const line = page.locator('[data-policy-agreement="sign-up"]')
    await line.getByRole('link', { name: 'Privacy Policy' }).click()
    await expectPath(page, '/privacy')
    await page.close()
  })

  it('the checkout dialog says paying accepts the Terms and the Refund policy, opening them in a new tab', async () => {
    const page = await newClientPage(browser, baseUrl)
    const { email } = await createConfirmedAccount(page, baseUrl, 'policy-checkout')
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, email)
    await expectPath(page, '/dashboard')
    await page.goto(`${baseUrl}/pricing`)
    await waitForHydration(page)
    expect(await page.locator('section [data-policy-agreement="payment"]').first().textContent()).toBe(
      'By paying you agree to the Terms and the Refund policy.',
    )
    await page.getByRole('button', { name: 'Get your starter pack now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Interview Helper checkout' })
    await dialog.waitFor()
    const line = dialog.locator('[data-policy-agreement="payment"]')
    expect(await line.textContent()).toBe('By paying you agree to the Terms and the Refund policy.')
    const refunds = line.getByRole('link', { name: 'Refund policy' })
    expect(await refunds.getAttribute('target')).toBe('_blank')
    const popup = page.waitForEvent('popup')
    await refunds.click()
    const opened = await popup
    await opened.waitForURL((url) => url.pathname === '/refunds')
    await opened.close()
    expect(await dialog.isVisible()).toBe(true)
    await page.close()
  })
})
