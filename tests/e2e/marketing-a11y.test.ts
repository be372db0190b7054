import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { waitForHydration } from './auth-helpers.ts'
import { seriousViolations } from './axe.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

const pages = [
  '/',
  '/download',
  '/contact',
  '/login',
  '/signup',
  '/reset-password',
  '/pricing',
  '/blog',
  '/blog/star-method-behavioural-answers',
  '/about',
  '/docs',
  '/docs/api',
  '/terms',
  '/privacy',
  '/refunds',
  '/this-page-does-not-exist',
]

describe('accessibility of the public pages (axe-core)', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it.each(pages)('%s has no serious or critical violations', async (path) => {
      // Animations finished, so colour contrast is measured on the final colours.
      const page = await browser.newPage({ reducedMotion: 'reduce' })
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme)
      await page.goto(`${baseUrl}${path}`)
      await waitForHydration(page)
      // The API reference's renderer adds its own mode class beside the theme's, in step with it,
      // once its code (loaded on that page only) has arrived and mounted: a busy machine takes longer.
      const expected = path === '/docs/api' ? `${theme} ${theme}-mode` : theme
      await page.waitForFunction((className) => document.body.className === className, expected, {
        timeout: 15_000,
        polling: 100,
      })
      // Colour contrast is measured on the final colours. A control waiting for the session or a quote
      // is dimmed until the answer arrives and then fades in, so the page's requests must have
      // settled first; then every transition and finite animation has ended.
      await page.waitForLoadState('networkidle', { timeout: 15_000 })
      await page.waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
            ),
        undefined,
        { timeout: 15_000, polling: 100 },
      )
      expect(await seriousViolations(page)).toEqual([])
      await page.close()
    })
  })
})
