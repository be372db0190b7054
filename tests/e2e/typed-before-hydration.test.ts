import type { Browser, Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createConfirmedAccount, newClientPage, password, uniqueEmail, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

/**
 * A slow phone: the server's HTML is shown and can be typed into, but the page's scripts are held
 * back until `release` is called. Every script of the app is a .js module under the app's origin;
 * a held request goes on to the routes registered before (newClientPage's) once released.
 */
async function openWithScriptsHeld(page: Page, path: string): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = []
  let released = false
  await page.route(
    (url) => url.origin === new URL(baseUrl).origin && /\.m?js$/.test(url.pathname),
    async (route) => {
      if (released) await route.fallback()
      else held.push(route)
    },
  )
  // Not 'load' nor 'domcontentloaded': both wait for the module scripts this page holds back.
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' })
  return {
    release: async () => {
      expect(held.length).toBeGreaterThan(0)
      released = true
      await Promise.all(held.splice(0).map((route) => route.fallback()))
    },
  }
}

/** Whether React has taken over the page yet: the header carries its fiber once hydrated. */
function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const header = document.querySelector('header')
    return header !== null && Object.keys(header).some((key) => key.startsWith('__reactFiber$'))
  })
}

/** Hydration, and the renders its effects start, are over: two frames after the app has taken over. */
async function settled(page: Page): Promise<void> {
  await waitForHydration(page)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** Fills the fields by label while the scripts are held back, and checks React had not hydrated yet. */
async function typeBeforeHydration(page: Page, fields: [label: string, value: string][]): Promise<void> {
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value)
  expect(await hydrated(page)).toBe(false)
}

async function expectFieldsHold(page: Page, fields: [label: string, value: string][]): Promise<void> {
  for (const [label, value] of fields) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value)
}

describe('what a user types before the page hydrates', () => {
  let browser: Browser

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('signs in with the e-mail and password typed before hydration', async () => {
    const signUp = await newClientPage(browser, baseUrl)
    const { email } = await createConfirmedAccount(signUp, baseUrl, 'early-login')
    await signUp.close()
    // A page of its own (a new browser context): no session from the sign-up.
    const page = await newClientPage(browser, baseUrl)

    const scripts = await openWithScriptsHeld(page, '/login')
    const fields: [string, string][] = [
      ['Email', email],
      ['Password', password],
    ]
    await typeBeforeHydration(page, fields)
    await scripts.release()
    await settled(page)
    await expectFieldsHold(page, fields)

    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    // The error the form shows, if it had none of what was typed, says more than a timeout.
    await expect
      .poll(async () =>
        new URL(page.url()).pathname === '/dashboard' ? 'signed in' : await page.locator('#login-error').textContent(),
      )
      .toBe('signed in')
    await page.close()
  })

  it('sends the contact message typed before hydration', async () => {
    const page = await newClientPage(browser, baseUrl)
    const subject = `Typed early ${uniqueEmail('subject')}`
    const fields: [string, string][] = [
      ['First Name', 'Kavya'],
      ['Last Name', 'Iyer'],
      ['Email', 'kavya@example.com'],
      ['Subject', subject],
      ['Message', 'Typed while the page was still loading.'],
    ]
    const scripts = await openWithScriptsHeld(page, '/contact')
    await typeBeforeHydration(page, fields)
    await scripts.release()
    await settled(page)
    await expectFieldsHold(page, fields)

    const sent = page.waitForRequest((request) => request.url().includes('site.sendContactMessage'))
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect
      .poll(async () =>
        (await page.getByText('Sent via Development mailbox').count())
          ? 'sent'
          : await page.locator('#contact-error').textContent(),
      )
      .toBe('sent')
    expect((await sent).postData()).toContain(subject)
    await page.close()
  })

  it('asks for a reset link for the address typed before hydration', async () => {
    const page = await newClientPage(browser, baseUrl)
    const fields: [string, string][] = [['Email', uniqueEmail('early-reset')]]
    const scripts = await openWithScriptsHeld(page, '/reset-password')
    await typeBeforeHydration(page, fields)
    await scripts.release()
    await settled(page)
    await expectFieldsHold(page, fields)

    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect
      .poll(async () =>
        (await page.getByRole('button', { name: 'Try again' }).count())
          ? 'sent'
          : await page.getByRole('alert').first().textContent(),
      )
      .toBe('sent')
    await page.close()
  })
})
