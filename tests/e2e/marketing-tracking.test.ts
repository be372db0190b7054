import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { publishReleaseCli } from '#tests/support/release-cli.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createConfirmedAccount, expectPath, newClientPage, signInInBrowser, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'

// Its own server on PostgreSQL, so the test can read what the pages stored.
let database: TestDatabase
let server: RunningServer
let browser: Browser
let releaseFolder: string
const releaseBytes = randomBytes(4096)

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1', PROJECTION_POLL_MS: '200' })
  teardown.add(() => server.stop())
  releaseFolder = await mkdtemp(path.join(tmpdir(), 'release-files-'))
  teardown.add(() => rm(releaseFolder, { recursive: true, force: true }))
  await writeFile(path.join(releaseFolder, 'InterviewHelper-1.0.0-win-x64-portable.zip'), releaseBytes)
  const published = await publishReleaseCli(
    ['--platform', 'windows', '--file', path.join(releaseFolder, 'InterviewHelper-1.0.0-win-x64-portable.zip')],
    { DATABASE_URL: database.url ?? '', DATA_DIR: server.dataDir },
  )
  if (published.code !== 0) throw new Error(`release:publish failed: ${published.stderr}`)
  browser = await launchChromium()
  teardown.add(() => browser.close())
}, 120_000)

type Recorded = { name: string; category: string; params: Record<string, unknown> }

/** Events of the first-party sink that match, once at least `count` of them are there. */
async function recorded(match: (event: Recorded) => boolean, count = 1, timeoutMs = 10_000): Promise<Recorded[]> {
  return vi.waitFor(
    async () => {
      const rows = await database.db
        .selectFrom('analytics_events')
        .select(['name', 'category', 'params'])
        .orderBy('created_at')
        .execute()
      const found = rows.map((row) => ({ name: row.name, category: row.category, params: row.params })).filter(match)
      if (found.length < count)
        throw new Error(`expected ${count} matching analytics events, found ${JSON.stringify(found)}`)
      return found
    },
    { timeout: timeoutMs, interval: 100 },
  )
}

async function open(path: string): Promise<Page> {
  const page = await newClientPage(browser, server.url)
  await page.goto(`${server.url}${path}`)
  await waitForHydration(page)
  return page
}

describe('analytics of the marketing pages', () => {
  it('records a page view with its title 100 ms after each navigation', async () => {
    const page = await open('/download')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click()
    await expectPath(page, '/contact')
    const views = await recorded(
      (event) => event.name === 'page_view' && ['/download', '/contact'].includes(String(event.params.page_path)),
      2,
    )
    expect(views.map((event) => [event.category, event.params.page_title])).toEqual([
      ['Navigation', 'Download'],
      ['Navigation', 'Contact Us'],
    ])
    expect(views[0]?.params).toMatchObject({ user_type: 'visitor', subscription_plan: 'none', interview_count: 0 })
    await page.close()
  })

  it('records the hero CTA click with its button id and a CTA conversion', async () => {
    const page = await open('/')
    await page.getByRole('link', { name: 'Get Instant Access – Sign Up Now!' }).click()
    await expectPath(page, '/signup')
    const [click] = await recorded((event) => event.name === 'cta_click' && event.params.button_id === 'hero_signup')
    expect(click?.category).toBe('User Interaction')
    const [conversion] = await recorded(
      (event) => event.name === 'conversion' && event.params.button_id === 'hero_signup',
    )
    expect(conversion).toMatchObject({ category: 'Conversion', params: { conversion_type: 'CTA' } })
    await page.close()
  })

  it('records navigation clicks to the pricing and features sections', async () => {
    const page = await open('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Pricing', exact: true }).click()
    await nav.getByRole('link', { name: 'Features', exact: true }).click()
    const clicks = await recorded((event) => event.name === 'navigation_click', 2)
    expect(clicks.map((event) => [event.category, event.params.target])).toEqual([
      ['Navigation', 'pricing_section'],
      ['Navigation', 'features_section'],
    ])
    await page.close()
  })

  it('records footer link clicks', async () => {
    const page = await open('/download')
    await page.locator('footer [data-footer-link="Blog"]').click()
    await expectPath(page, '/blog')
    const [click] = await recorded((event) => event.name === 'footer_link' && event.params.link === 'Blog')
    expect(click).toMatchObject({ category: 'Navigation', params: { section: 'Company', href: '/blog' } })
    await page.close()
  })

  it('shows the published release with its size and checksum, downloads its bytes in a new tab, and records the click and a conversion', async () => {
    const page = await open('/download')
    const panel = page.getByRole('tabpanel')
    await panel.getByText('v1.0.0', { exact: true }).waitFor()
    await panel.getByText('4.1 KB', { exact: true }).waitFor()
    expect(await panel.locator('[data-checksum]').textContent()).toBe(
      createHash('sha256').update(releaseBytes).digest('hex'),
    )
    await page.getByRole('tab', { name: 'Linux' }).click()
    await page.getByRole('tab', { name: 'Windows' }).click()
    const link = panel.getByRole('link', { name: 'Download', exact: true })
    expect(await link.getAttribute('target')).toBe('_blank')
    const href = '/downloads/windows/1.0.0/InterviewHelper-1.0.0-win-x64-portable.zip'
    expect(await link.getAttribute('href')).toBe(href)
    const popup = page.waitForEvent('popup')
    await link.click()
    await (await popup).close()
    const fetched = await page.request.get(`${server.url}${href}`)
    expect(Buffer.from(await fetched.body()).equals(releaseBytes)).toBe(true)
    const tabs = await recorded((event) => event.name === 'os_selection', 2)
    expect(tabs.map((event) => event.params.os)).toEqual(['linux', 'windows'])
    const [download] = await recorded((event) => event.name === 'download_click')
    expect(download).toMatchObject({ category: 'User Interaction', params: { platform: 'windows', version: 'v1.0.0' } })
    await recorded((event) => event.name === 'conversion' && event.params.conversion_type === 'download')
    await page.close()
  })
})

describe('the contact form', () => {
  it('validates, sends, confirms with the service, clears the form, stores the message and mails support', async () => {
    const page = await open('/contact')
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor()
    await page.getByRole('button', { name: 'Send Message' }).click()
    // An empty form was never sent: it names the fields to fill in and marks them.
    await expect
      .poll(() => page.locator('#contact-error').textContent())
      .toBe('Please fill in First Name, Last Name, Email, Subject and Message.')
    for (const label of ['First Name', 'Last Name', 'Email', 'Subject', 'Message'])
      expect(await page.getByLabel(label).getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('First Name').fill('Lakshmi')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect
      .poll(() => page.locator('#contact-error').textContent())
      .toBe('Please fill in Last Name, Email, Subject and Message.')
    expect(await page.getByLabel('First Name').getAttribute('aria-invalid')).toBeNull()

    const subject = `Plan question ${randomUUID().slice(0, 8)}`
    await page.getByLabel('First Name').fill('Lakshmi')
    await page.getByLabel('Last Name').fill('Menon')
    await page.getByLabel('Email').fill('lakshmi@example')
    await page.getByLabel('Subject').fill(subject)
    await page.getByLabel('Message').fill('Can I switch from Starter to Pro mid-month?')
    expect(await page.getByLabel('Message').getAttribute('rows')).toBe('5')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('alert').getByText('Invalid email format').waitFor()

    await page.getByLabel('Email').fill('lakshmi@example.com')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText('Sent via Development mailbox').waitFor()
    for (const label of ['First Name', 'Last Name', 'Email', 'Subject', 'Message'])
      expect(await page.getByLabel(label).inputValue()).toBe('')

    const stored = await database.db
      .selectFrom('events')
      .select(['stream_id', 'data'])
      .where('type', '=', 'ContactMessageReceived')
      .execute()
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored[0]?.data)).not.toContain('lakshmi@example.com')

    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/dev/mailbox`)
          await page.getByRole('heading', { name: 'Development mailbox' }).waitFor()
          // The list loads after hydration: wait for its answer before counting.
          await page.locator('main article').or(page.getByText('No messages yet.')).first().waitFor()
          return page.getByRole('heading', { name: `[Contact] ${subject}` }).count()
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBeGreaterThan(0)
    const mail = page.locator('article[data-to="support@interviewhelper.local"]', { hasText: subject })
    await mail.waitFor()
    expect(await mail.innerText()).toContain('Can I switch from Starter to Pro mid-month?')
    await page.close()
  }, 120_000)

  it('shows the error with a mailto fallback when the server refuses', async () => {
    const page = await open('/contact')
    await page.route('**/api/trpc/site.sendContactMessage**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'Too many messages from your network. Please wait an hour and try again.',
              code: -32029,
              data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
            },
          },
        ]),
      }),
    )
    await page.getByLabel('First Name').fill('A')
    await page.getByLabel('Last Name').fill('B')
    await page.getByLabel('Email').fill('a@example.com')
    await page.getByLabel('Subject').fill('S')
    await page.getByLabel('Message').fill('M')
    await page.getByRole('button', { name: 'Send Message' }).click()
    const alert = page.getByRole('alert')
    await alert
      .getByText('Sorry, there was an error sending your message. Too many messages from your network.')
      .waitFor()
    expect(await alert.getByRole('link', { name: 'support@interviewhelper.local' }).getAttribute('href')).toBe(
      'mailto:support@interviewhelper.local',
    )

    await page.unroute('**/api/trpc/site.sendContactMessage**')
    await page.route('**/api/trpc/site.sendContactMessage**', (route) => route.abort('connectionrefused'))
    await page.getByRole('button', { name: 'Send Message' }).click()
    await alert.getByText('Sorry, there was an error sending your message. An unexpected error occurred').waitFor()
    await page.close()
  })

  it('is labelled Support for a signed-in user, whose calls to action lead to the dashboard', async () => {
    const page = await newClientPage(browser, server.url)
    const user = await createConfirmedAccount(page, server.url, 'marketing')
    await page.goto(`${server.url}/login`)
    await waitForHydration(page)
    await signInInBrowser(page, user.email)
    await expectPath(page, '/dashboard')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click()
    await expectPath(page, '/contact')
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor()
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email)
    await page.goto(`${server.url}/`)
    await waitForHydration(page)
    await page.locator('[data-cta="hero_signup"][href="/dashboard"]').waitFor()
    await page.close()
  })
})
