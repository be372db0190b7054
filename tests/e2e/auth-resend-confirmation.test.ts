import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { testClientIp } from '#tests/support/rest-client.ts'
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
const notConfirmed = 'Please confirm your email address first. We sent you a link when you signed up.'
const neutralAnswer = 'If this address has an account waiting for confirmation, a new confirmation link is on its way.'

describe('a person whose confirmation e-mail was lost', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('is offered a new link at sign-in, confirms with it and gets in', async () => {
    const page = await newClientPage(browser, baseUrl)
    const user = { firstName: 'Farah', lastName: 'Khan', email: uniqueEmail('resend') }
    await signUpInBrowser(page, baseUrl, user)
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, user.email)
    await page.getByRole('alert').getByText(notConfirmed, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Send the link again' }).click()
    await page.getByText(neutralAnswer, { exact: true }).waitFor()
    // One link a minute: the button waits, and the server refuses a second one all the same.
    const waiting = page.getByRole('button', { name: 'Link sent: you can ask again in a minute' })
    await expect(waiting.isDisabled()).resolves.toBe(true)
    const again = await fetch(`${baseUrl}/api/auth/resend-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientIp() },
      body: JSON.stringify({ email: user.email }),
    })
    expect(again.status).toBe(429)

    const [newest] = await confirmationLinks(page, baseUrl, user.email, 2)
    if (!newest) throw new Error('no confirmation link')
    await page.goto(newest)
    await page.getByRole('heading', { name: 'Email Confirmed!' }).waitFor({ timeout: 15_000 })
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, user.email)
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Welcome back, Farah!' }).waitFor()
    await page.close()
  })
})
