import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { messages } from '#rules/auth-rules.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import {
  confirmationLinks,
  expectPath,
  newClientPage,
  signInInBrowser,
  signUpInBrowser,
  uniqueEmail,
  waitForHydration,
} from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

describe('sign-up, e-mail confirmation, sign-in and sign-out', () => {
  let browser: Browser

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('shows the validation rules in order, before anything is sent', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/signup`)
    await waitForHydration(page)
    const alert = page.getByRole('alert')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(alert.textContent()).resolves.toBe('Please fill in all fields.')
    await page.getByLabel('First name').fill('A')
    await page.getByLabel('Last name').fill('Rao')
    await page.getByLabel('Email').fill('asha@example')
    await page.getByLabel('Password', { exact: true }).fill('weak')
    await page.getByLabel('Confirm password').fill('weak')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(alert.textContent()).resolves.toBe('First name must be between 2 and 50 characters.')
    await page.getByLabel('First name').fill('Asha')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(alert.textContent()).resolves.toBe('Please enter a valid email address.')
    await page.getByLabel('Email').fill('asha@example.com')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(alert.textContent()).resolves.toBe(
      'Password must be at least 8 characters with 1 uppercase, 1 lowercase, and 1 number.',
    )
    await page.getByLabel('Password', { exact: true }).fill('Interview123')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(alert.textContent()).resolves.toBe('Passwords do not match.')
    await page.close()
  })

  it('signs up, confirms from the dev mailbox, signs in to the dashboard and signs out', async () => {
    const page = await newClientPage(browser, baseUrl)
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    const user = { firstName: 'Meera', lastName: 'Iyer', email: uniqueEmail('signup') }

    await signUpInBrowser(page, baseUrl, user)
    const checkEmail = await page.locator('main').textContent()
    expect(checkEmail).toContain(user.email)
    expect(checkEmail).toContain('Account created! Please check your email to confirm your account.')
    await page.getByRole('button', { name: 'Resend confirmation' }).click()
    await page.getByText(messages.confirmationResent, { exact: true }).waitFor()
    const waiting = page.getByRole('button', { name: 'Resend confirmation: you can ask again in a minute' })
    await expect(waiting.isDisabled()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Go to Sign In' }).count()).resolves.toBe(1)

    // The resent link replaces the first: wait until both mails are in, then open the newest.
    const [link] = await confirmationLinks(page, baseUrl, user.email, 2)
    if (!link) throw new Error('no confirmation link')
    await page.goto(link)
    await page.getByRole('heading', { name: 'Confirming Email' }).waitFor()
    await page.getByRole('heading', { name: 'Email Confirmed!' }).waitFor({ timeout: 10_000 })
    await expectPath(page, '/login')

    await waitForHydration(page)
    await signInInBrowser(page, user.email)
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: `Welcome back, ${user.firstName}!` }).waitFor()
    await expect(page.getByRole('heading', { name: 'Account Info' }).count()).resolves.toBe(1)

    // Signed in, the bar offers Dashboard and Support instead of Pricing and Contact Us.
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Support' }).count()).resolves.toBe(1)
    await expect(nav.getByRole('link', { name: 'Sign In' }).count()).resolves.toBe(0)

    const menuButton = page.getByRole('button', { name: `Account menu for ${user.firstName}` })
    await expect(menuButton.textContent()).resolves.toBe('M')
    await menuButton.click()
    const menu = page.getByRole('group', { name: 'Account menu' })
    await expect(menu.textContent()).resolves.toContain(user.email)
    await expect(menu.textContent()).resolves.toContain(user.firstName)
    const menuLinks = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]))
    expect(menuLinks).toEqual([
      ['Dashboard', '/dashboard'],
      ['Interview', '/interview'],
      ['History', '/history'],
      ['Profile Settings', '/profile'],
      ['Subscription', '/subscription'],
    ])
    // The menu closes on Escape and on a click outside.
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Sign Out' }).count()).resolves.toBe(0)
    await menuButton.click()
    await page.getByRole('heading', { name: 'Account Info' }).click()
    await expect(page.getByRole('button', { name: 'Sign Out' }).count()).resolves.toBe(0)

    await menuButton.click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expectPath(page, '/')
    await nav.getByRole('link', { name: 'Sign In' }).waitFor()
    expect(
      await page.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('refresh_token')]),
    ).toEqual([null, null])
    expect(problems).toEqual([])
    await page.close()
  })
})
