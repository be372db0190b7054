import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { newClientPage } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  buyPlan,
  confirmedAccount,
  countedSessions,
  longUsDate,
  signInToDashboard,
  watchForProblems,
  type TestAccount,
} from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')

const usageCard = (page: Page) => page.getByRole('region', { name: 'Interview Usage' })
const usageBar = (page: Page) => usageCard(page).getByRole('progressbar', { name: 'Interviews used this period' })
const planName = (page: Page) => page.getByRole('region', { name: 'Current Plan' }).getByTestId('plan-name')

async function featureStates(page: Page): Promise<Record<string, string | null>> {
  const rows = page.getByRole('region', { name: 'Plan Features' }).locator('[data-feature]')
  const entries = await rows.evaluateAll((items) =>
    items.map((item): [string, string | null] => [
      item.getAttribute('data-feature') ?? '',
      item.getAttribute('data-included'),
    ]),
  )
  return Object.fromEntries(entries)
}

async function accountInfo(page: Page): Promise<Record<string, string>> {
  const rows = page.getByRole('region', { name: 'Account Info' }).locator('dl > div')
  const pairs = await rows.evaluateAll((items) =>
    items.map((item): [string, string] => [
      item.querySelector('dt')?.textContent ?? '',
      item.querySelector('dd')?.textContent ?? '',
    ]),
  )
  return Object.fromEntries(pairs)
}

describe('the dashboard', () => {
  let browser: Browser
  let professional: TestAccount
  let noPlan: TestAccount

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    professional = await confirmedAccount(baseUrl, 'dash-pro', { firstName: 'Priya', lastName: 'Nair' })
    await buyPlan(baseUrl, professional.token, 'professional')
    await countedSessions(baseUrl, professional.token, 11)
    noPlan = await confirmedAccount(baseUrl, 'dash-none', { firstName: 'Dev', lastName: 'Shah' })
  }, 120_000)

  it('shows a Professional user their plan, usage (yellow at 73 %, red at 93 %), the guide, features and account', async () => {
    const page = await newClientPage(browser, baseUrl)
    const problems = watchForProblems(page, baseUrl)
    await signInToDashboard(page, baseUrl, professional.email)
    await page.getByRole('heading', { name: 'Welcome back, Priya!' }).waitFor()
    await expect(planName(page).textContent()).resolves.toBe('Professional')

    await expect(usageCard(page).getByTestId('usage-used').textContent()).resolves.toBe('11')
    await expect(usageCard(page).getByTestId('usage-remaining').textContent()).resolves.toBe('4')
    await expect(usageCard(page).getByTestId('usage-summary').textContent()).resolves.toBe('11 of 15 interviews used')
    await expect(usageBar(page).getAttribute('aria-valuenow')).resolves.toBe('73')
    await expect(usageBar(page).getAttribute('data-color')).resolves.toBe('yellow')

    // The 5-step desktop guide, in the product's words.
    const guide = page.getByRole('region', { name: 'Get started with the desktop app' })
    const steps = await guide.locator('ol > li h3').allTextContents()
    expect(steps).toEqual([
      'Step 1: Download',
      'Step 2: Install',
      'Step 3: Settings and shortcuts',
      'Step 4: Start an interview',
      'Step 5: Review and improvePro only',
    ])
    await expect(guide.getByRole('link', { name: 'Go to the download page' }).getAttribute('href')).resolves.toBe(
      '/download',
    )
    await expect(guide.textContent()).resolves.toContain('Install by extracting the zip and running the exe.')
    await expect(guide.textContent()).resolves.toContain('Start an interview in voice or text mode.')
    expect(await guide.getByRole('list', { name: 'Keyboard shortcuts' }).locator('li').allTextContents()).toEqual([
      'Ctrl+Shift+H toggles visibility',
      'Ctrl+arrow keys move the window to half of the screen',
      'Ctrl+Shift+Del closes',
      'Ctrl++, Ctrl+- and Ctrl+0 zoom',
      'Ctrl+1 and Ctrl+2 decrease and increase opacity',
    ])
    await page.getByRole('region', { name: 'Pro tips' }).waitFor()

    expect(await featureStates(page)).toEqual({
      maxInterviews: 'true',
      chat: 'true',
      screenAnalysis: 'true',
      microphone: 'true',
      advancedAI: 'false',
      contextConfiguration: 'false',
      prioritySupport: 'false',
      teamFeatures: 'false',
      interviewAnalytics: 'false',
    })
    await expect(page.getByRole('region', { name: 'Plan Features' }).textContent()).resolves.toContain(
      '15 interviews this period',
    )

    const info = await accountInfo(page)
    expect(info).toMatchObject({
      Email: professional.email,
      'First name': 'Priya',
      'Last name': 'Nair',
      'Member since': longUsDate(professional.createdAt),
    })
    expect(info['Last login']).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)

    const tools = page.getByRole('navigation', { name: 'Interview tools' })
    await expect(tools.getByRole('link', { name: /Interview history/ }).getAttribute('href')).resolves.toBe('/history')
    await expect(tools.getByRole('link', { name: /Practice console/ }).getAttribute('href')).resolves.toBe('/interview')

    // Three more interviews: 14 of 15 is 93 %, red.
    await countedSessions(baseUrl, professional.token, 3)
    await page.reload()
    await page.getByRole('heading', { name: 'Welcome back, Priya!' }).waitFor()
    await expect(usageCard(page).getByTestId('usage-used').textContent()).resolves.toBe('14')
    await expect(usageCard(page).getByTestId('usage-remaining').textContent()).resolves.toBe('1')
    await expect(usageBar(page).getAttribute('aria-valuenow')).resolves.toBe('93')
    await expect(usageBar(page).getAttribute('data-color')).resolves.toBe('red')

    // History pages its 14 sessions ten at a time, newest first.
    await page
      .getByRole('navigation', { name: 'Interview tools' })
      .getByRole('link', { name: /Interview history/ })
      .click()
    await page.getByText('14 sessions in all.').waitFor()
    const sessions = page.locator('article[data-session-id]')
    await expect(sessions.count()).resolves.toBe(10)
    const pages = page.getByRole('navigation', { name: 'Session pages' })
    await expect(pages.textContent()).resolves.toContain('Page 1 of 2')
    await pages.getByRole('button', { name: 'Older' }).click()
    await pages.getByText('Page 2 of 2').waitFor()
    expect(new URL(page.url()).searchParams.get('page')).toBe('2')
    await expect(sessions.count()).resolves.toBe(4)
    const starts = await sessions
      .locator('h3 time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
    expect(starts).toEqual([...starts].sort().reverse())
    expect(problems).toEqual([])
    await page.close()
  })

  it("shows a user without a plan 'No plan', no interviews, every feature crossed, and the way to upgrade", async () => {
    const page = await newClientPage(browser, baseUrl)
    const problems = watchForProblems(page, baseUrl)
    await signInToDashboard(page, baseUrl, noPlan.email)
    await page.getByRole('heading', { name: 'Welcome back, Dev!' }).waitFor()
    await expect(planName(page).textContent()).resolves.toBe('No plan')
    // Neither the raw value 'none' nor a "None" status badge beside the name.
    expect(await page.getByRole('region', { name: 'Current Plan' }).innerText()).not.toMatch(/\bnone\b/i)
    await expect(usageCard(page).getByTestId('usage-summary').textContent()).resolves.toBe('0 of 0 interviews used')
    await expect(usageBar(page).getAttribute('data-color')).resolves.toBe('green')
    await expect(usageCard(page).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).resolves.toBe(
      '/pricing',
    )
    await expect(
      page
        .getByRole('region', { name: 'Current Plan' })
        .getByRole('link', { name: 'Upgrade Plan' })
        .getAttribute('href'),
    ).resolves.toBe('/pricing')
    expect(Object.values(await featureStates(page)).every((included) => included === 'false')).toBe(true)
    const info = await accountInfo(page)
    expect(info['Member since']).toBe(longUsDate(noPlan.createdAt))

    await usageCard(page).getByRole('link', { name: 'Choose a plan' }).click()
    await page.waitForURL((url) => url.pathname === '/pricing')
    expect(problems).toEqual([])
    await page.close()
  })

  it('shows a spinner while loading, and a failed usage load as an error with Retry, never a blank page', async () => {
    const page = await newClientPage(browser, baseUrl)
    await signInToDashboard(page, baseUrl, noPlan.email)
    await page.getByRole('heading', { name: 'Welcome back, Dev!' }).waitFor()

    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/trpc/*interviews.usageLimits*', async (route) => {
      await held
      await route.abort('failed')
    })
    await page.reload()
    await page.getByRole('status').filter({ hasText: 'Loading your dashboard' }).waitFor()
    release()
    const alert = usageCard(page).getByRole('alert')
    await alert.waitFor({ timeout: 20_000 })
    await expect(alert.textContent()).resolves.toContain('Could not load your interview usage')
    await page.getByRole('heading', { name: 'Welcome back, Dev!' }).waitFor()

    await page.unroute('**/api/trpc/*interviews.usageLimits*')
    await alert.getByRole('button', { name: 'Retry' }).click()
    await usageCard(page).getByTestId('usage-summary').waitFor()
    await page.close()
  })
})
