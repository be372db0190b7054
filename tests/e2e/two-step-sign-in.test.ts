/**
 * Two-step sign-in in the browser (decision 0092): enrol from /profile with the key the page shows,
 * keep the recovery codes, sign out, then sign in with a code from the app and with a recovery code.
 * Then a new set of recovery codes for a current code. With TWO_STEP_SHOTS_DIR set, the enrolment
 * and challenge screens are saved there (docs/screenshots/mfa-enrol.png and mfa-challenge.png).
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { Secret, TOTP } from 'otpauth'
import type { Browser, Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, signInInBrowser, uniqueEmail, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import { confirmedAccount, signInToDashboard, type TestAccount } from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')
const shots = process.env.TWO_STEP_SHOTS_DIR

/** The whole page, or only `part` of it (a full page of a long form catches the sticky header midway). */
async function shot(page: Page, name: string, part?: Locator) {
  if (!shots) return
  await mkdir(shots, { recursive: true })
  const file = path.join(shots, `${name}.png`)
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }))
}

async function signOut(page: Page, firstName: string) {
  await page.getByRole('button', { name: `Account menu for ${firstName}` }).click()
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
  await expectPath(page, '/')
  // The home page shows first; the session is gone once the navigation offers Sign In again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor()
}

async function passwordStep(page: Page, email: string) {
  await page.goto(`${baseUrl}/login`)
  await waitForHydration(page)
  await signInInBrowser(page, email)
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor()
}

describe('two-step sign-in in the browser', () => {
  let browser: Browser
  let account: TestAccount

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    account = await confirmedAccount(baseUrl, 'two-step', { firstName: 'Nila', lastName: 'Das' })
  }, 60_000)

  it('enrols with the shown key, then signs in with a code and with a recovery code', async () => {
    const page = await newClientPage(browser, baseUrl)
    await signInToDashboard(page, baseUrl, account.email)
    await page.goto(`${baseUrl}/profile`)
    await waitForHydration(page)
    const section = page.getByRole('region', { name: 'Two-step sign-in', exact: true })
    await section.getByRole('button', { name: 'Add authenticator app' }).click()
    const secret = (await section.getByTestId('authenticator-secret').textContent()) ?? ''
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    await shot(page, 'mfa-enrol', section)
    const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
    await section.getByLabel('6-digit code from the app').fill(app.generate())
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    const list = section.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    const codes = await list.getByRole('listitem').allTextContents()
    expect(codes).toHaveLength(10)
    await shot(page, 'mfa-recovery-codes', section)
    await section.getByRole('button', { name: 'I have saved them' }).click()
    await section.getByText('Authenticator app', { exact: true }).waitFor()
    await signOut(page, 'Nila')

    await passwordStep(page, account.email)
    await shot(page, 'mfa-challenge')
    // The code that confirmed the app is spent: the app's next one (one step of skew is allowed).
    const signInAt = Date.now() + 30_000
    await page.getByLabel('Authentication code').fill(app.generate({ timestamp: signInAt }))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expectPath(page, '/dashboard')
    await signOut(page, 'Nila')

    await passwordStep(page, account.email)
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await page.getByLabel('Recovery code').fill('wrong-code1')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('alert').getByText('That code is not valid', { exact: false }).waitFor()
    await page.getByLabel('Recovery code').fill(codes[0] ?? '')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expectPath(page, '/dashboard')

    // A new set for a code later than the one that signed in (it is spent): wait for the clock to pass its step.
    const spentStep = Math.floor(signInAt / 30_000)
    await expect
      .poll(() => Math.floor(Date.now() / 30_000), { timeout: 35_000, interval: 500 })
      .toBeGreaterThanOrEqual(spentStep)
    await page.goto(`${baseUrl}/profile`)
    await waitForHydration(page)
    await section.getByText('Recovery codes left: 9', { exact: false }).waitFor()
    await section.getByRole('button', { name: 'New recovery codes' }).click()
    const renewal = section.getByRole('form', { name: 'New recovery codes' })
    await renewal.getByLabel('Current 6-digit code').fill(app.generate({ timestamp: Date.now() + 30_000 }))
    await renewal.getByRole('button', { name: 'Make new codes' }).click()
    await list.waitFor()
    const renewed = await list.getByRole('listitem').allTextContents()
    expect(renewed).toHaveLength(10)
    expect(renewed).not.toContain(codes[1])
    await section.getByRole('button', { name: 'I have saved them' }).click()
    await section.getByText('Recovery codes left: 10', { exact: false }).waitFor()
  }, 180_000)

  it('asks for the code after Google sign-in too', async () => {
    const email = uniqueEmail('google-two-step')
    const google = async (page: Page) => {
      await page.goto(`${baseUrl}/login`)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Continue with Google' }).click()
      await expectPath(page, '/auth/google-sandbox')
      await waitForHydration(page)
      await page.getByLabel('Test Google account e-mail').fill(email)
      await page.getByLabel('Name').fill('Kavya Menon')
      await page.getByRole('button', { name: 'Continue as this test account' }).click()
    }
    const first = await newClientPage(browser, baseUrl)
    await google(first)
    await expectPath(first, '/dashboard')
    const token = await first.evaluate(() => localStorage.getItem('jwt_token'))
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}` },
        body: JSON.stringify(body),
      })
      return ((await response.json()) as { data: { authenticatorId: string; secret: string } }).data
    }
    const enrolment = await call('/account/authenticators', { name: 'Phone' })
    const app = new TOTP({ secret: Secret.fromBase32(enrolment.secret), algorithm: 'SHA1', digits: 6, period: 30 })
    await call('/account/authenticators/confirm', { authenticatorId: enrolment.authenticatorId, code: app.generate() })
    await first.close()

    const page = await newClientPage(browser, baseUrl)
    await google(page)
    await expectPath(page, '/auth/callback')
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor()
    await page.getByLabel('Authentication code').fill(app.generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expectPath(page, '/dashboard')
  }, 120_000)
})
