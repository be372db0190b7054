import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

const baseUrl = inject('baseUrl')

/** What each public page must say. */
const keyTexts: Record<string, string[]> = {
  '/': [
    'Crush Interviews. No Sweat.',
    'Your real-time AI wingman for video interviews. It will listen, think, and respond—so you can focus on being you.',
    'Get Instant Access – Sign Up Now!',
    'Trusted by candidates at',
    'Your Invisible Interview Copilot',
    'Launch the App: Runs quietly in the background, ready when you are',
    'Context-aware AI processing',
    "Why We're Different",
    'Prices that makes sense!',
    'You pay. You win. They wonder how.',
    'Start Now',
    'Sign up Now!',
  ],
  // The shared server's release catalogue is empty: the published state is checked in tests/http/releases.test.ts
  // and, in the browser, in marketing-tracking.test.ts.
  '/download': [
    'Windows 11/10',
    'This build is being prepared',
    'Windows 10 (64-bit) or later',
    'What You Get',
    '4 GB RAM',
    '100 MB free disk space',
    'An audio input device',
    'Installation FAQ',
    'Still stuck? Talk to us',
    'Download Now',
  ],
  '/contact': ['Contact Us', 'First Name', 'Last Name', 'Email', 'Subject', 'Message', 'Send Message'],
  '/blog': [
    'Blog',
    'A two-week plan for your next technical interview',
    'The STAR method: behavioural answers that land',
    'Using an AI interview assistant honestly',
  ],
  '/blog/using-ai-assistant-honestly': [
    'Using an AI interview assistant honestly',
    'Know the rules of the room',
    'All articles',
  ],
  '/about': ['About Interview Helper', 'What we make', 'Talk to us'],
  '/docs': ['Docs', 'Getting started', 'Choose a plan', 'Common questions', 'For developers', 'API reference'],
  '/terms': ['Terms and Conditions', 'It does not renew automatically', 'Cancellation and Refund Policy'],
  '/privacy': ['Privacy Policy', 'What we collect and why', 'Razorpay'],
  '/refunds': ['Cancellation and Refund Policy', 'nothing is charged automatically', 'How to ask'],
}

describe('marketing pages', () => {
  let browser: Browser
  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
  })

  async function open(path: string, options: { width?: number; reducedMotion?: boolean } = {}): Promise<Page> {
    const page = await browser.newPage({
      viewport: { width: options.width ?? 1280, height: 900 },
      reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    })
    await page.goto(`${baseUrl}${path}`)
    await waitForHydration(page)
    return page
  }

  it.each(Object.entries(keyTexts))('%s renders its key texts without errors', async (path, texts) => {
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    const response = await page.goto(`${baseUrl}${path}`)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    const text = await page.locator('body').innerText()
    for (const expected of texts) expect(text.replace(/\s+/g, ' ')).toContain(expected)
    expect(problems).toEqual([])
    await page.close()
  })

  it('shows the GET, POST, PUT and DELETE badges of the diagram', async () => {
    const page = await open('/')
    for (const badge of ['GET', 'POST', 'PUT', 'DELETE'])
      await expect(page.locator('figure svg text', { hasText: new RegExp(`^${badge}$`) }).count()).resolves.toBe(1)
    await page.close()
  })

  it('answers an unknown path with the 404 page, whose buttons go back and home', async () => {
    const page = await open('/download')
    await page.goto(`${baseUrl}/no-such-page`)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
    await waitForHydration(page)
    const animation = await page
      .locator('[data-not-found]')
      .evaluate((element) => getComputedStyle(element).animationDuration)
    expect(animation).toBe('1.2s')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await expectPath(page, '/download')
    await page.goto(`${baseUrl}/still/missing`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Go Home' }).click()
    await expectPath(page, '/')
    const status = await fetch(`${baseUrl}/no-such-page`)
    expect(status.status).toBe(404)
    await page.close()
  })

  it('sends every signed-out nav link where it should go', async () => {
    const expected: [string, string, string][] = [
      ['Features', '/', '#features'],
      ['Pricing', '/', '#pricing'],
      ['Download', '/download', ''],
      ['Contact Us', '/contact', ''],
      ['Sign In', '/login', ''],
      ['Sign Up', '/signup', ''],
    ]
    const page = await open('/about')
    for (const [label, pathname, hash] of expected) {
      await page.goto(`${baseUrl}/about`)
      await waitForHydration(page)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click()
      await page.waitForURL((url) => url.pathname === pathname && url.hash === hash)
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Interview Helper' }).click()
    await expectPath(page, '/')
    await page.close()
  })

  it("marks the current page's nav link in the brand colour, in light and dark", async () => {
    const page = await open('/download')
    const bar = page.getByRole('navigation', { name: 'Main' })
    const colourOf = (name: string) =>
      bar.getByRole('link', { name, exact: true }).evaluate((element) => getComputedStyle(element).color)
    await expect(bar.getByRole('link', { name: 'Download', exact: true }).getAttribute('aria-current')).resolves.toBe(
      'page',
    )
    const brandOfTheme = () =>
      page.evaluate(() => {
        const probe = document.createElement('span')
        probe.className = 'text-brand'
        document.body.append(probe)
        const colour = getComputedStyle(probe).color
        probe.remove()
        return colour
      })
    for (const next of ['Switch to dark theme', 'Switch to light theme']) {
      const brand = await brandOfTheme()
      // The links' colours ease into a new theme.
      await expect.poll(() => colourOf('Download')).toBe(brand)
      expect(await colourOf('Contact Us')).not.toBe(brand)
      await page.getByRole('button', { name: next }).click()
    }
    await page.close()
  })

  it('sends every footer link where it should go', async () => {
    const expected: [string, string][] = [
      ['Features', '/#features'],
      ['Download', '/download'],
      ['Pricing', '/#pricing'],
      ['Blog', '/blog'],
      ['About', '/about'],
      ['Docs', '/docs'],
      ['Email', '/contact'],
      ['FAQ', '/download'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Refunds', '/refunds'],
    ]
    const page = await open('/blog')
    for (const [label, href] of expected) {
      await page.goto(`${baseUrl}/blog`)
      await waitForHydration(page)
      await page.locator(`footer [data-footer-link="${label}"]`).click()
      const url = new URL(href, baseUrl)
      await page.waitForURL((current) => current.pathname === url.pathname && current.hash === url.hash)
    }
    await page.close()
  })

  it('scrolls to #pricing or #features shortly after loading such an address', async () => {
    for (const section of ['pricing', 'features']) {
      const page = await open(`/#${section}`)
      await page.waitForFunction((id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top
        return top !== undefined && Math.abs(top) < 120 && window.scrollY > 200
      }, section)
      await page.close()
    }
  })

  it('scrolls smoothly to a section from the nav on the landing page, without leaving it', async () => {
    const page = await open('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing', exact: true }).click()
    await page.waitForFunction(
      () => Math.abs(document.getElementById('pricing')?.getBoundingClientRect().top ?? 999) < 120,
    )
    expect(new URL(page.url()).hash).toBe('#pricing')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features', exact: true }).click()
    await page.waitForFunction(
      () => Math.abs(document.getElementById('features')?.getBoundingClientRect().top ?? 999) < 120,
    )
    await page.close()
  })

  it('starts light, toggles to dark on the body, and keeps the choice across a reload', async () => {
    const page = await open('/')
    expect(await page.evaluate(() => document.body.className)).toBe('light')
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    expect(await page.evaluate(() => document.body.className)).toBe('dark')
    await page.reload()
    // Set before hydration by the head script: no light flash.
    expect(await page.evaluate(() => document.body.className)).toBe('dark')
    await waitForHydration(page)
    expect(await page.evaluate(() => getComputedStyle(document.body).colorScheme)).toBe('dark')
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await page.reload()
    expect(await page.evaluate(() => document.body.className)).toBe('light')
    await page.close()
  })

  it('has a single, collapsible FAQ accordion of 8 questions', async () => {
    const page = await open('/download')
    const questions = page.locator('[data-faq] button[aria-expanded]')
    expect(await questions.count()).toBe(8)
    const expanded = () => page.locator('[data-faq] button[aria-expanded="true"]').count()
    expect(await expanded()).toBe(0)
    await questions.nth(0).click()
    await page.getByText('Only Windows is supported for now').waitFor()
    await questions.nth(1).click()
    expect(await expanded()).toBe(1)
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true')
    await page.getByText('The app is free to download. A subscription is needed for premium features').waitFor()
    expect(await page.getByText('Only Windows is supported for now').isVisible()).toBe(false)
    await questions.nth(1).click()
    expect(await expanded()).toBe(0)
    expect(await page.getByRole('link', { name: 'Still stuck? Talk to us' }).getAttribute('href')).toMatch(
      /^mailto:support@interviewhelper\.local/,
    )
    await page.close()
  })

  it('says the Windows build is being prepared while none is published, and marks macOS and Linux as coming soon', async () => {
    const page = await open('/download')
    expect(await page.getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true')
    const panel = page.getByRole('tabpanel')
    expect(await panel.getByRole('link', { name: 'Download', exact: true }).count()).toBe(0)
    expect(await panel.getByRole('button', { name: 'Being Prepared' }).isDisabled()).toBe(true)
    await panel.getByRole('status').getByText('This build is being prepared').waitFor()
    await page.getByRole('tab', { name: 'macOS' }).click()
    for (const text of ['macOS (Intel)', 'macOS 10.15+', 'macOS (Apple Silicon)', 'macOS 11.0+'])
      await page.getByText(text, { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Coming Soon' }).count()).toBe(2)
    expect(await page.getByRole('button', { name: 'Coming Soon' }).first().isDisabled()).toBe(true)
    await page.getByRole('tab', { name: 'macOS' }).press('ArrowRight')
    expect(await page.getByRole('tab', { name: 'Linux' }).getAttribute('aria-selected')).toBe('true')
    for (const text of ['Ubuntu/Debian', 'Ubuntu 18.04+ / Debian 10+', 'AppImage', 'Any distro'])
      await page.getByText(text, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Download Now' }).click()
    await page.waitForFunction(
      () => Math.abs(document.getElementById('downloads')?.getBoundingClientRect().top ?? 999) < 120,
    )
    await page.close()
  })

  it('sends the signed-out calls to action to /signup', async () => {
    const page = await open('/')
    for (const id of ['hero_signup', 'closing_start_now', 'closing_signup'])
      expect(await page.locator(`[data-cta="${id}"]`).getAttribute('href')).toBe('/signup')
    await page.getByRole('link', { name: 'Get Instant Access – Sign Up Now!' }).click()
    await expectPath(page, '/signup')
    await page.close()
  })

  it('pauses the testimonial marquee on hover and does not scroll it with reduced motion', async () => {
    const page = await open('/')
    const track = page.locator('[data-marquee] .tm-track')
    expect(await track.evaluate((element) => getComputedStyle(element).animationDuration)).toBe('30s')
    await page.locator('[data-marquee]').hover()
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused')
    await page.close()
    const still = await open('/', { reducedMotion: true })
    expect(
      await still.locator('[data-marquee] .tm-track').evaluate((element) => getComputedStyle(element).animationName),
    ).toBe('none')
    await still.close()
  })

  it("runs the landing page's animations only while their figure is on screen", async () => {
    const page = await open('/')
    const figures = {
      walkthrough: page.getByRole('img', { name: /^Animation:/ }),
      diagram: page.locator('svg:has(.cd-flow)'),
      marquee: page.locator('[data-marquee]'),
    }
    const playStates = (figure: keyof typeof figures) =>
      figures[figure].evaluate((element) =>
        [
          ...new Set(
            element
              .getAnimations({ subtree: true })
              .filter((animation) => animation instanceof CSSAnimation)
              .map((animation) => animation.playState),
          ),
        ].join(','),
      )
    // At the top of the page none of them is in sight, so nothing animates (CSS transitions aside).
    const running = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSAnimation && animation.playState === 'running')
          .map((animation) => (animation as CSSAnimation).animationName),
      )
    expect(await running()).toEqual([])
    for (const figure of ['walkthrough', 'diagram', 'marquee'] as const) {
      await figures[figure].scrollIntoViewIfNeeded()
      await expect.poll(() => playStates(figure)).toBe('running')
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    for (const figure of ['walkthrough', 'diagram', 'marquee'] as const)
      await expect.poll(() => playStates(figure)).toBe('paused')
    await page.close()
  })

  it('sparkles on mouse moves without blocking clicks, and not at all with reduced motion', async () => {
    const page = await open('/download')
    for (let step = 0; step < 40; step += 1) await page.mouse.move(100 + step * 5, 300)
    expect(await page.locator('[data-sparkle]').count()).toBeGreaterThan(0)
    expect(
      await page.locator('[data-sparkle-layer]').evaluate((element) => getComputedStyle(element).pointerEvents),
    ).toBe('none')
    await page.getByRole('tab', { name: 'Linux' }).click()
    expect(await page.getByRole('tab', { name: 'Linux' }).getAttribute('aria-selected')).toBe('true')
    await page.close()

    const calm = await open('/download', { reducedMotion: true })
    for (let step = 0; step < 40; step += 1) await calm.mouse.move(100 + step * 5, 300)
    expect(await calm.locator('[data-sparkle]').count()).toBe(0)
    await calm.close()
  })

  it('fits a 360 px wide screen without sideways scrolling', async () => {
    for (const path of ['/', '/download', '/contact', '/blog', '/about', '/docs']) {
      const page = await open(path, { width: 360 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      await page.close()
    }
  })
})
