import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createConfirmedAccount, expectPath, newClientPage, signInInBrowser, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

describe('session tokens', () => {
  let browser: Browser

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('refreshes an unusable access token without the user noticing', async () => {
    const page = await newClientPage(browser, baseUrl)
    const { email, firstName } = await createConfirmedAccount(page, baseUrl, 'refresh')
    await page.goto(`${baseUrl}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, email)
    await page.getByRole('heading', { name: `Welcome back, ${firstName}!` }).waitFor()
    const before = await page.evaluate(() => localStorage.getItem('refresh_token'))

    // What an expired 15-minute token looks like to the server: a token it no longer accepts.
    await page.evaluate(() => localStorage.setItem('jwt_token', 'corrupt.access.token'))
    await page.reload()
    await page.getByRole('heading', { name: `Welcome back, ${firstName}!` }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    const [access, refresh] = await page.evaluate(() => [
      localStorage.getItem('jwt_token'),
      localStorage.getItem('refresh_token'),
    ])
    expect(access).not.toBe('corrupt.access.token')
    expect(access).toBeTruthy()
    expect(refresh).not.toBe(before)
    await page.close()
  })

  it('signs out when neither token is accepted any more', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.goto(`${baseUrl}/login`)
    await page.evaluate(() => {
      localStorage.setItem('jwt_token', 'corrupt.access.token')
      localStorage.setItem('refresh_token', 'revoked-refresh-token')
    })
    await page.goto(`${baseUrl}/dashboard`)
    await expectPath(page, '/login')
    expect(
      await page.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('refresh_token')]),
    ).toEqual([null, null])
    await page.close()
  })
})
