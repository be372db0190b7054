import { Secret, TOTP } from 'otpauth'
import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { startFakeSupabase, type FakeSupabase } from '#tests/fakes/supabase-auth-server.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import {
  expectPath,
  newClientPage,
  password,
  signInInBrowser,
  signUpInBrowser,
  uniqueEmail,
  waitForHydration,
} from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

/**
 * The same pages with Supabase configured: a second server pointed at the local fake of Supabase
 * Auth (and its fake Google), driven through the real supabase-js in the browser.
 */
describe('sign-in through Supabase', () => {
  let fake: FakeSupabase
  let server: RunningServer
  let browser: Browser

  const teardown = suiteTeardown()
  beforeAll(async () => {
    fake = await startFakeSupabase()
    teardown.add(() => fake.stop())
    server = await startBuiltServer({ SUPABASE_URL: fake.url, SUPABASE_ANON_KEY: fake.anonKey, TRUST_PROXY: '1' })
    teardown.add(() => server.stop())
    fake.config.siteUrl = server.url
    fake.config.additionalRedirectUrls = [`${server.url}/**`]
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('signs up at Supabase, confirms from its mail and signs in to the dashboard', async () => {
    const page = await newClientPage(browser, server.url)
    const user = { firstName: 'Priya', lastName: 'Nair', email: uniqueEmail('supabase') }
    await signUpInBrowser(page, server.url, user)
    await expect(page.locator('main').textContent()).resolves.toContain(
      'Account created! Please check your email to confirm your account.',
    )

    const mail = fake.mailbox.latest(user.email, 'signup')
    expect(mail.redirectTo).toBe(`${server.url}/email-confirmed`)
    await page.goto(mail.link)
    await page.getByRole('heading', { name: 'Email Confirmed!' }).waitFor({ timeout: 15_000 })
    // The confirmation link's Supabase session signed the person in here too: /login, where the
    // page sends them, passes a signed-in person on to the dashboard.
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: `Welcome back, ${user.firstName}!` }).waitFor()
    await page.getByRole('button', { name: /Account menu for/ }).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor()

    await page.goto(`${server.url}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, user.email)
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: `Welcome back, ${user.firstName}!` }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeTruthy()
    await page.close()
  })

  it('shows the exact invalid-credentials message for a wrong password', async () => {
    const page = await newClientPage(browser, server.url)
    const { email } = fake.createUser({ email: uniqueEmail('supabase-wrong'), password })
    await page.goto(`${server.url}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, email, 'Wrong-password-1')
    await page
      .getByText(
        "Invalid email or password. If you signed up using 'Continue with Google', please use that option to sign in, or click 'Forgot Password' to set up a password for email login.",
        { exact: true },
      )
      .waitFor()
    await page.close()
  })

  it('signs in with Google: consent, callback, Welcome!, dashboard', async () => {
    const page = await newClientPage(browser, server.url)
    fake.google.account = {
      sub: '100000000000000000777',
      email: uniqueEmail('google'),
      emailVerified: true,
      name: 'Kavya Menon',
      givenName: 'Kavya',
      familyName: 'Menon',
    }
    await page.goto(`${server.url}/login`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.getByRole('heading', { name: 'Welcome!' }).waitFor({ timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe('/auth/callback')
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Welcome back, Kavya!' }).waitFor()

    const authorize = fake.google.authorizeRequests.at(-1)
    expect(authorize?.get('redirect_to')).toBe(`${server.url}/auth/callback`)
    expect(authorize?.get('access_type')).toBe('offline')
    expect(authorize?.get('prompt')).toBe('consent')
    await page.close()
  })

  it('resets the password through Supabase and signs in with the new one', async () => {
    const page = await newClientPage(browser, server.url)
    const { email } = fake.createUser({
      email: uniqueEmail('supabase-reset'),
      password,
      userMetadata: { first_name: 'Ravi', last_name: 'Kumar' },
    })
    await page.goto(`${server.url}/reset-password`)
    await waitForHydration(page)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    // The link is sent, or the form says why not: a refusal fails here with its words, not a timeout.
    const refusal = page.getByRole('alert').filter({ hasText: /\S/ })
    await page.getByRole('button', { name: 'Try again' }).or(refusal).first().waitFor()
    expect(await refusal.allTextContents()).toEqual([])

    const mail = fake.mailbox.latest(email, 'recovery')
    expect(mail.redirectTo).toBe(`${server.url}/reset-password`)
    await page.goto(mail.link)
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor({ timeout: 15_000 })
    expect(page.url()).toBe(`${server.url}/reset-password`)
    await page.getByLabel('New password', { exact: true }).fill('Changed456')
    await page.getByLabel('Confirm new password').fill('Changed456')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByRole('heading', { name: 'Password Updated!' }).waitFor()
    await expectPath(page, '/login')

    await waitForHydration(page)
    await signInInBrowser(page, email, 'Changed456')
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Welcome back, Ravi!' }).waitFor()
    await page.close()
  })

  it('enrols an authenticator at Supabase from /profile, then asks for its code at sign-in', async () => {
    const page = await newClientPage(browser, server.url)
    const { email } = fake.createUser({
      email: uniqueEmail('supabase-mfa'),
      password,
      userMetadata: { first_name: 'Meera', last_name: 'Iyer' },
    })
    await page.goto(`${server.url}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, email)
    await expectPath(page, '/dashboard')
    await page.goto(`${server.url}/profile`)
    await waitForHydration(page)
    const section = page.getByRole('region', { name: 'Two-step sign-in', exact: true })
    await section.getByRole('button', { name: 'Add authenticator app' }).click()
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const secret = (await section.getByTestId('authenticator-secret').textContent()) ?? ''
    const app = new TOTP({ secret: Secret.fromBase32(secret) })
    await section.getByLabel('6-digit code from the app').fill(app.generate())
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    await section.getByText('On. Signing in asks for a code', { exact: false }).waitFor()
    expect(fake.requests.some((request) => request.method === 'POST' && request.path === '/auth/v1/factors')).toBe(true)

    await page.getByRole('button', { name: /Account menu for/ }).click()
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor()
    await page.goto(`${server.url}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, email)
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor()
    // Recovery codes are the embedded mode's own: Supabase's factors have none to offer.
    await expect(page.getByRole('button', { name: 'Use a recovery code' }).count()).resolves.toBe(0)
    await page.getByLabel('Authentication code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('alert').getByText('That code is not right', { exact: false }).waitFor()
    await page.getByLabel('Authentication code').fill(app.generate())
    await page.getByRole('button', { name: 'Verify' }).click()
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Welcome back, Meera!' }).waitFor()
    await page.close()
  })
})
