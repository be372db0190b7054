import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

/** The navigation under 768 px: the disclosure menu of the UI kit, by keyboard. */
describe('the small-screen navigation menu', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  it('opens with ArrowDown at its first link, moves with arrow keys and closes with Escape back on its button', async () => {
    const page = await newClientPage(browser, baseUrl)
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto(`${baseUrl}/`)
    await waitForHydration(page)
    const button = page.getByRole('button', { name: /^(Open|Close) menu$/ })
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
    await button.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true')
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
    const items = await panel.locator('a[href], button').allTextContents()
    const activeText = () => page.evaluate(() => document.activeElement?.textContent)
    await expect(activeText()).resolves.toBe(items[0])
    await page.keyboard.press('ArrowDown')
    await expect(activeText()).resolves.toBe(items[1])
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect(activeText()).resolves.toBe(items.at(-1))
    await page.keyboard.press('Escape')
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false')
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Open menu')
    // A press outside closes it too.
    await button.click()
    await panel.waitFor()
    await page.mouse.click(10, 600)
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false')
    await page.close()
  })
})
