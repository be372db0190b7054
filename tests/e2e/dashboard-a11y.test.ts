import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { waitForHydration } from './auth-helpers.ts'
import { seriousViolations } from './axe.ts'
import { launchChromium } from './browser.ts'
import { buyPlan, confirmedAccount, countedSessions, password, trpcClient } from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')

/** Each signed-in page with what shows it has finished loading. */
const pages: [string, string][] = [
  ['/dashboard', 'Interview Usage'],
  ['/history', 'Counted against your allowance'],
  ['/interview', 'Session'],
  ['/profile', 'Delete account'],
  ['/support', 'Support staff only'],
]

describe('accessibility and narrow screens of the signed-in pages', () => {
  let browser: Browser
  let tokens: { accessToken: string; refreshToken: string }

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    const account = await confirmedAccount(baseUrl, 'a11y', { firstName: 'Nila', lastName: 'Menon' })
    await buyPlan(baseUrl, account.token, 'pro')
    await countedSessions(baseUrl, account.token, 1)
    tokens = (
      await trpcClient(baseUrl).mutate<{ tokens: typeof tokens }>('accounts.login', { email: account.email, password })
    ).tokens
  }, 60_000)

  async function open(path: string, ready: string, options: { theme: 'light' | 'dark'; width: number }) {
    const page = await browser.newPage({ reducedMotion: 'reduce', viewport: { width: options.width, height: 800 } })
    await page.addInitScript(
      ({ theme, access, refresh }) => {
        window.localStorage.setItem('theme', theme)
        // Only the first load: a refresh rotates the tokens, and the page keeps the new ones.
        if (!window.localStorage.getItem('refresh_token')) {
          window.localStorage.setItem('jwt_token', access)
          window.localStorage.setItem('refresh_token', refresh)
        }
      },
      { theme: options.theme, access: tokens.accessToken, refresh: tokens.refreshToken },
    )
    await page.goto(`${baseUrl}${path}`)
    await waitForHydration(page)
    await page.getByText(ready, { exact: true }).first().waitFor()
    return page
  }

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it.each(pages)('%s has no serious or critical violations', async (path, ready) => {
      const page = await open(path, ready, { theme, width: 1280 })
      expect(await page.evaluate(() => document.body.className)).toBe(theme)
      expect(await seriousViolations(page)).toEqual([])
      await page.close()
    })
  })

  it.each(pages)('%s fits a 360 px wide screen without sideways scrolling', async (path, ready) => {
    const page = await open(path, ready, { theme: 'light', width: 360 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await page.close()
  })
})
