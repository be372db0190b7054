import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { pdfText } from '#tests/support/invoices.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { waitForHydration } from './auth-helpers.ts'
import { seriousViolations } from './axe.ts'
import { launchChromium } from './browser.ts'
import { buyPlan, confirmedAccount, password, trpcClient, watchForProblems } from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')
const slow = 120_000
/** With REVIEW_SHOTS_DIR set, each page checked below is saved there as it was checked. */
const shots = process.env.REVIEW_SHOTS_DIR
type Tokens = { accessToken: string; refreshToken: string }

/** A person with a plan and one ended session of two questions; the second rated 1 (a weak spot) on Pro. */
async function personWithInterview(tag: string, plan: 'pro' | 'starter') {
  const trpc = trpcClient(baseUrl)
  const account = await confirmedAccount(baseUrl, tag, { firstName: 'Ravi', lastName: 'Iyer' })
  await buyPlan(baseUrl, account.token, plan)
  const { id } = await trpc.mutate<{ id: string }>('interviews.sessionStart', { mode: 'text' }, account.token)
  await trpc.mutate(
    'interviews.question',
    { question: 'How does a hash map handle collisions?', sessionId: id },
    account.token,
  )
  const second = await trpc.mutate<{ questionId: string }>(
    'interviews.question',
    { question: 'What are your salary expectations?', sessionId: id },
    account.token,
  )
  await trpc.mutate('interviews.sessionEnd', { sessionId: id }, account.token)
  if (plan === 'pro')
    await trpc.mutate('interviews.rateAnswer', { id, questionId: second.questionId, rating: 1 }, account.token)
  const { tokens } = await trpc.mutate<{ tokens: Tokens }>('accounts.login', { email: account.email, password })
  return { sessionId: id, tokens, email: account.email }
}

describe('the interview review (/review/…)', () => {
  let browser: Browser
  let pro: Awaited<ReturnType<typeof personWithInterview>>
  let starter: Awaited<ReturnType<typeof personWithInterview>>
  const teardown = suiteTeardown()

  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    ;[pro, starter] = await Promise.all([
      personWithInterview('review-pro', 'pro'),
      personWithInterview('review-starter', 'starter'),
    ])
  }, slow)

  async function open(
    path: string,
    tokens: Tokens,
    options: { theme: 'light' | 'dark'; width: number },
  ): Promise<Page> {
    const page = await browser.newPage({ reducedMotion: 'reduce', viewport: { width: options.width, height: 800 } })
    await page.addInitScript(
      ({ theme, access, refresh }) => {
        window.localStorage.setItem('theme', theme)
        if (!window.localStorage.getItem('refresh_token')) {
          window.localStorage.setItem('jwt_token', access)
          window.localStorage.setItem('refresh_token', refresh)
        }
      },
      { theme: options.theme, access: tokens.accessToken, refresh: tokens.refreshToken },
    )
    await page.goto(`${baseUrl}${path}`)
    await waitForHydration(page)
    return page
  }

  it(
    'opens from history, shows every question with its trust and timing, and takes a rating by keyboard alone',
    async () => {
      const page = await open('/history', pro.tokens, { theme: 'light', width: 1280 })
      const problems = watchForProblems(page, baseUrl)
      await page.getByRole('link', { name: 'Open the review' }).first().click()
      await page.getByRole('heading', { name: 'Interview review', level: 1 }).waitFor()
      expect(page.url()).toBe(`${baseUrl}/review/${pro.sessionId}`)
      const questions = page.getByRole('region', { name: 'Questions and answers' }).locator('ol > li')
      // The review loads after the page's heading shows: wait for its questions before counting them.
      await questions.nth(1).waitFor()
      await expect(questions.count()).resolves.toBe(2)
      await expect(questions.nth(0).getByRole('heading').textContent()).resolves.toBe(
        '1. How does a hash map handle collisions?',
      )
      await expect(questions.nth(0).textContent()).resolves.toMatch(/Typed · Technical topics/)
      await expect(questions.nth(0).textContent()).resolves.toMatch(/Answered in [\d,]+ ms/)
      await expect(questions.nth(1).textContent()).resolves.toMatch(/HR and salary/)
      await expect(page.getByTestId('review-summary').textContent()).resolves.toContain('Questions2')

      const first = page.getByRole('form', { name: 'Rate answer 1' })
      await first.getByRole('radio', { name: '4 of 5' }).focus()
      await page.keyboard.press('Space')
      await page.keyboard.press('Tab')
      await page.keyboard.type('Give an example next time')
      await page.keyboard.press('Enter')
      await first.getByRole('button', { name: 'Update rating' }).waitFor()
      await expect(first.getByLabel('Note (optional)').inputValue()).resolves.toBe('Give an example next time')
      await expect(page.getByTestId('review-summary').textContent()).resolves.toContain('2.5 of 5')
      expect(problems).toEqual([])
      await page.close()
    },
    slow,
  )

  it(
    'downloads the review as a PDF and its questions as CSV',
    async () => {
      const page = await open(`/review/${pro.sessionId}`, pro.tokens, { theme: 'light', width: 1280 })
      const downloads = page.getByTestId('review-downloads')
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        downloads.getByRole('button', { name: 'Download the review (PDF)' }).click(),
      ])
      expect(pdf.suggestedFilename()).toMatch(/^interview-review-\d{4}-\d{2}-\d{2}-[\w-]{8}\.pdf$/)
      const text = await pdfText(new Uint8Array(await readFile(await pdf.path())))
      expect(text).toContain('How does a hash map handle collisions?')
      expect(text).toContain('What are your salary expectations?')
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        downloads.getByRole('button', { name: 'Download the questions (CSV)' }).click(),
      ])
      expect(csv.suggestedFilename()).toMatch(/\.csv$/)
      // Answers keep their line breaks inside quoted fields, so the file is read whole, not by lines.
      const questions = await readFile(await csv.path(), 'utf8')
      expect(questions).toContain('How does a hash map handle collisions?')
      expect(questions).toContain('What are your salary expectations?')
      await page.close()
    },
    slow,
  )

  it(
    'hands a weak spot to the practice console, which generates questions on it',
    async () => {
      const page = await open(`/review/${pro.sessionId}`, pro.tokens, { theme: 'light', width: 1280 })
      const practice = page.getByTestId('practice-list')
      await practice.getByRole('link', { name: /What are your salary expectations\?/ }).click()
      await page.getByRole('heading', { name: 'Practice Console', level: 1 }).waitFor()
      await expect(page.getByLabel('Topic').inputValue()).resolves.toBe('What are your salary expectations?')
      await page.getByTestId('generated-questions').waitFor()
      await expect(page.getByTestId('generated-questions').locator('li').count()).resolves.toBeGreaterThan(0)
      const firstGenerated = await page.getByTestId('generated-questions').locator('li p').first().textContent()

      // Practising them asks each in a session as a generated question, and the session's review says so.
      await page
        .getByRole('region', { name: 'Session', exact: true })
        .getByRole('button', { name: 'Start session' })
        .click()
      await page.getByTestId('active-session').waitFor()
      await page.getByRole('button', { name: 'Practise these in your session' }).click()
      const practised = page.getByRole('region', { name: 'Practice answer' })
      await practised.getByText(/Answered in/).waitFor()
      await expect(practised.getByRole('heading').textContent()).resolves.toBe(`1. ${firstGenerated ?? ''}`)
      await page.getByRole('button', { name: 'End session' }).click()
      await page.getByRole('link', { name: 'Review this interview' }).click()
      const questions = page.getByRole('region', { name: 'Questions and answers' }).locator('ol > li')
      await questions.first().waitFor()
      await expect(questions.count()).resolves.toBe(1)
      await expect(questions.nth(0).getByRole('heading').textContent()).resolves.toBe(`1. ${firstGenerated ?? ''}`)
      await expect(questions.nth(0).textContent()).resolves.toMatch(/Generated practice question ·/)
      await page.close()
    },
    slow,
  )

  it(
    'links the review from the practice console once a session ends',
    async () => {
      const page = await open('/interview', pro.tokens, { theme: 'light', width: 1280 })
      await page
        .getByRole('region', { name: 'Session', exact: true })
        .getByRole('button', { name: 'Start session' })
        .click()
      await page.getByTestId('active-session').waitFor()
      await page.getByRole('button', { name: 'End session' }).click()
      await page.getByRole('link', { name: 'Review this interview' }).click()
      await page.getByRole('heading', { name: 'Interview review', level: 1 }).waitFor()
      await page.getByText('No questions were asked in this interview.').waitFor()
      await page.close()
    },
    slow,
  )

  it(
    'shows a Starter plan the counts only, with the way to upgrade',
    async () => {
      const page = await open(`/review/${starter.sessionId}`, starter.tokens, { theme: 'light', width: 1280 })
      await page.getByTestId('review-upgrade').waitFor()
      await expect(page.getByTestId('review-summary').textContent()).resolves.toContain('Questions2')
      await expect(
        page.getByTestId('review-upgrade').getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href'),
      ).resolves.toBe('/pricing')
      await expect(page.locator('main').textContent()).resolves.not.toContain('hash map')
      await page.close()
    },
    slow,
  )

  it(
    'shows progress week by week, each chart with its table, reachable by keyboard',
    async () => {
      const page = await open('/history', pro.tokens, { theme: 'light', width: 1280 })
      await page.getByRole('link', { name: 'See your progress' }).click()
      await page.getByRole('heading', { name: 'Your progress', level: 1 }).waitFor()
      await expect(page.getByTestId('progress-totals').textContent()).resolves.toMatch(/Interviews\d+Questions\d+/)
      for (const table of ['sessions-per-week', 'questions-by-category', 'confident-share', 'ratings'])
        await expect(page.getByTestId(`${table}-table`).locator('tbody tr').count()).resolves.toBeGreaterThan(0)
      await expect(page.getByTestId('ratings-table').textContent()).resolves.toContain('of 5')
      for (const [id, title] of [
        ['sessions-per-week', 'Interviews per week'],
        ['questions-by-category', 'Questions by category'],
        ['confident-share', 'Share answered confidently'],
        ['ratings', 'Your ratings of the answers'],
      ] as const) {
        // The drawing is named by its title; the arrow keys step through it (Recharts' accessibility layer).
        await page.getByTestId(`${id}-chart`).getByRole('application', { name: title }).waitFor()
      }
      await expect(
        page.getByTestId('sessions-per-week-chart').locator('.recharts-bar-rectangle').count(),
      ).resolves.toBeGreaterThan(0)
      await expect(page.getByTestId('ratings-chart').locator('.recharts-dot').count()).resolves.toBeGreaterThan(0)
      const table = page.getByRole('region', { name: 'Interviews per week, week by week' })
      await table.focus()
      await expect(table.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
      // The keyboard reaches the drawing too: focused, the arrow keys step through the weeks in its tooltip.
      const chart = page.getByTestId('sessions-per-week-chart').getByRole('application')
      await chart.focus()
      await page.keyboard.press('ArrowRight')
      await page
        .getByTestId('sessions-per-week-chart')
        .locator('.recharts-tooltip-wrapper')
        .getByText(/Interviews/)
        .waitFor()
      await page.close()
    },
    slow,
  )

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it.each([
      ['/review', 375],
      ['/review', 1280],
      ['/progress', 375],
      ['/progress', 1280],
    ] as const)(
      'has no serious accessibility violation and no sideways scrolling on %s at %i px',
      async (path, width) => {
        const page = await open(path === '/review' ? `/review/${pro.sessionId}` : path, pro.tokens, { theme, width })
        await page.getByTestId(path === '/review' ? 'practice-list' : 'ratings-table').waitFor()
        if (path === '/progress') await page.getByTestId('ratings-chart').getByRole('application').waitFor()
        expect(await page.evaluate(() => document.body.className)).toBe(theme)
        expect(await seriousViolations(page)).toEqual([])
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).toBe(0)
        if (shots)
          await page.screenshot({ path: join(shots, `${path.slice(1)}-${theme}-${width}.png`), fullPage: true })
        await page.close()
      },
      slow,
    )
  })
})
